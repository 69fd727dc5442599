/** What a stream reader gives a host: updates to one envelope message, and how to apply them. */
import type { Message, Segment } from '../../protocol/types.js';

/** The provider streams a reader understands (`createStreamReader` of prompt-envelope/core/streams). */
export type StreamProvider = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';

/**
 * Why a stream ended: the model finished (`stop`), wants its tool calls run (`tool-calls`),
 * reached its output limit (`length`), was stopped by the provider's content filter
 * (`content-filter`) or refused (`refusal`); the provider reported an error (`error`); or the
 * stream stopped before the provider said it was complete (`cut-off`).
 */
export type StreamEndReason =
  'stop' | 'tool-calls' | 'length' | 'content-filter' | 'refusal' | 'error' | 'cut-off';

/** Something in a stream that did not make it into the message as it was, or went wrong. */
export interface StreamWarning {
  /**
   * Stable identifier: `unknown-event`, `unreadable-event`, `malformed-event`,
   * `provider-mismatch`, `event-after-end`, `other-choice`, `thinking-omitted`, `item-omitted`,
   * `refusal`, `length`, `content-filter`, `stream-error`, `cut-off`, `arguments-not-object`,
   * `tool-name-missing`, `no-content`, `finish-reason-unknown`, `too-many-warnings`.
   */
  code: string;
  /** One plain sentence. */
  message: string;
  /** Which event (counted from 0 over every `read`) caused it; null when `end()` did. */
  event: number | null;
}

/**
 * One change to the message being streamed, in the order they must be applied. Each maps to
 * one call of the live chat elements, and `applyStreamUpdate` applies it to a message:
 *
 * - `append`: a new message to add (`appendMessage(message)`). It is valid under the protocol:
 *   until something arrives it holds one empty text segment.
 * - `text`: text to add at the end of the message (`appendText(messageId, delta)`): to its last
 *   segment when that is a text segment, else in a new text segment.
 * - `tool-arguments`: the next piece of a tool call's arguments, raw JSON text
 *   (`appendToolArguments(messageId, segmentIndex, delta)`). The message itself keeps `{}` as
 *   the call's `arguments` until the call is complete; show the pieces joined meanwhile.
 * - `segment`: one segment, added at the end of the message (`segmentIndex` is the number of
 *   segments it has) or replacing the one at `segmentIndex`. Sent when a segment is added other
 *   than by `text` (a tool call starts, a text block starts after another), when a tool call is
 *   named, signed or complete (its `arguments` parsed), and when text goes into a segment
 *   before the last. Only what changed travels, so a stream of many tool calls costs the same
 *   per call at its end as at its start.
 * - `update`: the whole message, replacing the one with its id (`updateMessage(id, message)`).
 *   Sent at the end when that changed it: text blocks that stayed empty removed, tool calls
 *   still open completed.
 * - `end`: the stream is over (`endStream(messageId)`), with why and everything that was
 *   warned about.
 */
export type StreamUpdate =
  | { type: 'append'; message: Message }
  | { type: 'text'; messageId: string; delta: string }
  | { type: 'tool-arguments'; messageId: string; segmentIndex: number; delta: string }
  | { type: 'segment'; messageId: string; segmentIndex: number; segment: Segment }
  | { type: 'update'; messageId: string; message: Message }
  | {
      type: 'end';
      messageId: string;
      reason: StreamEndReason;
      /** The provider's own word: `finish_reason`, `stop_reason`, or the response's status. */
      stopReason: string | null;
      warnings: StreamWarning[];
    };

/**
 * Applies one stream update to the message it names and returns the new message; the one
 * given is not changed. `append` returns its new message and `update` its replacement; `text`
 * and `segment` change the message as {@link StreamUpdate} says; `tool-arguments` and `end`
 * change nothing in the message; an update for another message id returns the message as it
 * was. What a host that keeps its own messages needs, and what the live elements do.
 *
 * @example
 * ```ts
 * let message = envelope.messages[envelope.messages.length - 1];
 * message = applyStreamUpdate(message, { type: 'text', messageId: message.id, delta: ' More' });
 * console.log(message.segments.at(-1)); // { kind: 'text', content: '… More' } (or a new segment)
 * ```
 */
export function applyStreamUpdate(message: Message, update: StreamUpdate): Message {
  switch (update.type) {
    case 'append':
      return update.message;
    case 'update':
      return update.messageId === message.id ? update.message : message;
    case 'text': {
      if (update.messageId !== message.id) return message;
      const segments: Segment[] = [...message.segments];
      const last = segments.at(-1);
      if (last?.kind === 'text')
        segments[segments.length - 1] = { ...last, content: last.content + update.delta };
      else segments.push({ kind: 'text', content: update.delta });
      return { ...message, segments };
    }
    case 'segment': {
      const { segmentIndex: index } = update;
      if (
        update.messageId !== message.id ||
        !(Number.isInteger(index) && index >= 0 && index <= message.segments.length)
      )
        return message;
      const segments: Segment[] = [...message.segments];
      segments[index] = update.segment;
      return { ...message, segments };
    }
    default:
      return message;
  }
}
