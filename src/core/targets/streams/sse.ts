/**
 * Server-sent events (the `text/event-stream` format of every provider's streaming API), split
 * into events as the WHATWG HTML standard's event-stream interpretation says: lines end with
 * CRLF, LF or CR (also when a chunk ends between CR and LF), `:` starts a comment, one space
 * after the colon is dropped, `data:` lines join with `\n`, a blank line dispatches the event.
 */

/** One server-sent event. */
export interface SseEvent {
  /** The `event:` field; `message` when the server named none. */
  event: string;
  /** The event's `data:` lines joined by `\n`; OpenAI's end marker is the data `[DONE]`. */
  data: string;
  /** The last `id:` the stream gave (it carries over to later events); `''` when none. */
  id: string;
}

/** Splits one SSE body into events; from {@link createSseParser}. */
export interface SseParser {
  /**
   * Reads the next piece of the body: text, or bytes (UTF-8, decoded here, also when a
   * character is split between two pieces). Returns the events the piece completes.
   */
  push(chunk: string | Uint8Array): SseEvent[];
  /**
   * Ends the body. Returns the last event when the body stopped after its data without the
   * blank line that should follow: unlike `EventSource`, which drops it, because a body cut off
   * there is what a cut-off stream looks like, and its data is still worth reading. The parser
   * can then read a new body.
   */
  end(): SseEvent[];
}

const LINE_END = /\r\n|\r|\n/g;

/**
 * Splits a server-sent event stream (a `fetch` response body, read piece by piece) into events.
 * Pure: no timers, no I/O; the pieces may be cut anywhere. Comments (`: keep-alive`), `retry:`
 * and unknown fields are skipped; `[DONE]` comes out as an event's data, for
 * `createStreamReader` (or a one-provider reader, or you) to recognise.
 *
 * @example
 * ```ts
 * const sse = createSseParser();
 * const events = [...sse.push('event: ping\ndata: {"type":'), ...sse.push('"ping"}\n\n'), ...sse.end()];
 * console.log(events); // [{ event: 'ping', data: '{"type":"ping"}', id: '' }]
 * ```
 */
export function createSseParser(): SseParser {
  let decoder: TextDecoder | undefined;
  /**
   * Text not yet ended by a line break, kept as pieces and joined once the line ends: a long
   * line sent in many pieces is then read in linear time (scanning a growing string again at
   * each piece is quadratic).
   */
  let pending: string[] = [];
  /** The last piece ended with CR: a LF starting the next piece belongs to that line break. */
  let afterCR = false;
  let atStart = true;
  let eventType = '';
  let data: string[] = [];
  let lastId = '';
  let out: SseEvent[] = [];

  const dispatch = () => {
    if (data.length > 0)
      out.push({ event: eventType || 'message', data: data.join('\n'), id: lastId });
    data = [];
    eventType = '';
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') eventType = value;
    else if (field === 'id' && !value.includes('\0')) lastId = value;
  };

  const read = (text: string) => {
    if (atStart && text.length > 0) {
      atStart = false;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    if (afterCR && text.startsWith('\n')) text = text.slice(1);
    if (text.length > 0) afterCR = false;
    // Only the new text can hold a line break.
    LINE_END.lastIndex = 0;
    let start = 0;
    for (let match = LINE_END.exec(text); match; match = LINE_END.exec(text)) {
      // A CR that ends the text may be the first half of a CRLF split between two pieces.
      if (match[0] === '\r' && match.index === text.length - 1) afterCR = true;
      pending.push(text.slice(start, match.index));
      line(pending.join(''));
      pending = [];
      start = match.index + match[0].length;
    }
    if (start < text.length) pending.push(text.slice(start));
  };

  return {
    push(chunk) {
      out = [];
      if (typeof chunk === 'string') read(chunk);
      else if (chunk instanceof Uint8Array) {
        decoder ??= new TextDecoder('utf-8');
        read(decoder.decode(chunk, { stream: true }));
      }
      return out;
    },
    end() {
      out = [];
      if (decoder) read(decoder.decode());
      if (pending.length > 0) line(pending.join(''));
      dispatch();
      decoder = undefined;
      pending = [];
      afterCR = false;
      atStart = true;
      lastId = '';
      return out;
    },
  };
}
