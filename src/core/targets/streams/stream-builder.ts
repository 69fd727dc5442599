/**
 * The message a stream builds, and the updates that tell a host about it. The provider readers
 * turn their events into the few operations here (text, tool calls, end), so every provider
 * streams into messages the same way.
 */
import type { Message, Segment, ToolCallRequestSegment } from '../../protocol/types.js';
import { isJsonObject, type JsonObject } from '../request-check.js';
import type { StreamEndReason, StreamUpdate, StreamWarning } from './stream-updates.js';

/** More warnings than this end in one that counts them: a hostile stream cannot grow the list. */
const MAX_WARNINGS = 1_000;

/** Shown in a tool call whose name never arrived (the protocol needs one). */
const UNNAMED_TOOL = 'unknown';

interface ToolCall {
  segment: ToolCallRequestSegment;
  index: number;
  /** The arguments' JSON text so far. */
  raw: string;
  named: boolean;
  done: boolean;
  /** Arguments given whole when the call started (Anthropic's `input`), used when no text came. */
  initial?: JsonObject;
}

/**
 * A value from an event as warnings show it: text cut to `max` characters (an event may carry
 * megabytes where a name belongs), anything else by its type.
 */
export function label(value: unknown, max = 64): string {
  if (typeof value !== 'string') return value === null ? 'null' : typeof value;
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

/**
 * The message a stream builds, and what every provider's stream needs: text, tool calls,
 * warnings, the end. What only some providers bring is in stream-builder-extras.ts; the members
 * those functions work on are public for them (the class is the core's own, not exported).
 */
export class StreamBuilder {
  readonly warnings: StreamWarning[] = [];
  /** The event being read (its position), or null while `end()` runs. */
  event: number | null = null;
  /** Set when the current event changed nothing because it could not be used. */
  ignoredEvent = false;
  model: string | undefined;
  /** The token usage as the provider last reported it, in its own words. */
  usage: JsonObject | undefined;
  ended = false;
  private appended = false;
  segments: Segment[] = [{ kind: 'text', content: '' }];
  /** Text source (a content block, an output item's part) → the index of its text segment. */
  textSources = new Map<string, number>();
  /** Thinking source (Gemini's thought parts of one run) → the index of its thinking segment. */
  thinkingSources = new Map<string, number>();
  /** Source of a segment placed whole (thinking, a provider-run result) → its index. */
  placedSources = new Map<string, number>();
  /** The indices in `textSources`: asked at each new source, so never a scan of them all. */
  private claimedSegments = new Set<number>();
  tools = new Map<string, ToolCall>();
  /** Segments a reader builds whole (1.1: thinking, provider-run calls), by key → index. */
  placed = new Map<string, number>();
  private updates: StreamUpdate[] = [];
  private warned = new Set<string>();
  /** Warnings past MAX_WARNINGS, counted in the last one. */
  private unlisted = 0;
  refused = false;
  /** Set when a segment changed and no update has sent it yet (`amend` without announcing). */
  unannounced = false;
  /** The reason the provider gave before its final event (Anthropic's `message_delta`). */
  pending: { reason: StreamEndReason; stopReason: string | null } | undefined;

  constructor(
    readonly messageId: string,
    readonly timestamp: number,
  ) {}

  /** A copy of the message as it stands: valid under the protocol at every point. */
  message(): Message {
    return {
      id: this.messageId,
      role: 'assistant',
      timestamp: this.timestamp,
      segments: this.segments.map((s) => ({ ...s })),
    };
  }

  /** The updates since the last call. */
  take(): StreamUpdate[] {
    const updates = this.updates;
    this.updates = [];
    return updates;
  }

  /** Announces the message (once), before anything else about it. */
  begin() {
    if (this.appended) return;
    this.appended = true;
    this.updates.push({ type: 'append', message: this.message() });
  }

  /** Records a warning; with `once`, only the first warning under that key. */
  warn(code: string, message: string, once?: string) {
    if (once !== undefined) {
      if (this.warned.has(once)) return;
      this.warned.add(once);
    }
    if (this.warnings.length < MAX_WARNINGS) {
      this.warnings.push({ code, message, event: this.event });
      return;
    }
    this.unlisted++;
    const last = {
      code: 'too-many-warnings',
      message: `${this.unlisted.toLocaleString('en')} more warnings are not listed.`,
      event: this.event,
    };
    if (this.unlisted === 1) this.warnings.push(last);
    else this.warnings[MAX_WARNINGS] = last;
  }

  /** Something the protocol has no place for was left out (warned once per key). */
  omit(what: string, once: string) {
    this.warn('item-omitted', `${what} was left out: the protocol has no place for it.`, once);
  }

  /** Events of a type the reader does not read: ignored, warned once per type. */
  unknown(kind: string, type: unknown) {
    this.ignore(
      'unknown-event',
      `${kind} of type ${label(type)} are not read; they were ignored.`,
      `${kind} ${label(type)}`,
    );
  }

  /** The current event is not used: counted, and warned about once per key. */
  ignore(code: string, message: string, once: string) {
    this.ignoredEvent = true;
    this.warn(code, message, once);
  }

  /** Whether content may still change; content after the end is ignored, with one warning. */
  live(): boolean {
    if (!this.ended) return true;
    this.ignore(
      'event-after-end',
      'Events that came after the end of the stream were ignored.',
      'event-after-end',
    );
    return false;
  }

  /** Adds text from one source (a content block, an output item, the choice's delta). */
  text(source: string, delta: string) {
    if (!this.live() || delta === '') return;
    this.begin();
    let index = this.textSources.get(source);
    if (index === undefined) {
      index = this.newTextSegment(false);
      this.claim(source, index);
    }
    const segment = this.segments[index];
    if (segment.kind !== 'text') return;
    segment.content += delta;
    if (index === this.segments.length - 1)
      this.updates.push({ type: 'text', messageId: this.messageId, delta });
    // Interleaved sources: the text went into an earlier segment, sent whole.
    else this.changed(index);
  }

  /**
   * The segment of a new text source: the empty text segment a message starts with, else a new
   * one at the end. Each source keeps its own segment, as the SDKs keep each block apart: text
   * after a left-out block does not run on into the text before it. A new segment after a text
   * segment is sent at once (a `text` update would continue the last one); after another kind,
   * with `announce`, else the `text` update that follows creates it.
   */
  newTextSegment(announce: boolean): number {
    const last = this.segments.length - 1;
    const segment = this.segments[last];
    if (segment.kind === 'text' && segment.content === '' && !this.claimed(last)) return last;
    this.segments.push({ kind: 'text', content: '' });
    if (announce || segment.kind === 'text') this.changed(last + 1);
    return last + 1;
  }

  claim(source: string, index: number) {
    this.textSources.set(source, index);
    this.claimedSegments.add(index);
  }

  claimed(index: number): boolean {
    return this.claimedSegments.has(index);
  }

  /** Puts a new segment at the end, in place of the empty text a message starts with. */
  place(segment: Segment): number {
    this.begin();
    if (this.isEmpty() && !this.claimed(0)) {
      this.segments = [segment];
      return 0;
    }
    return this.segments.push(segment) - 1;
  }

  /** Starts a tool call, or names one that started without a name. */
  startTool(
    key: string,
    name: string | undefined,
    /** What the call carries besides its name (a call the provider runs: `runBy`, `callId` …). */
    fields?: Partial<ToolCallRequestSegment>,
  ) {
    if (!this.live()) return;
    this.begin();
    const named = typeof name === 'string' && name !== '';
    const known = this.tools.get(key);
    if (known) {
      if (named && !known.named && !known.done) {
        known.named = true;
        known.segment.toolName = name;
        this.changed(known.index);
      }
      return;
    }
    const segment: ToolCallRequestSegment = {
      kind: 'tool_call_request',
      toolName: named ? name : UNNAMED_TOOL,
      arguments: {},
      collapsed: false,
      ...fields,
    };
    // A tool call first replaces the empty text segment a message starts with, unless a text
    // source has started in it.
    const empty = this.isEmpty() && !this.claimed(0);
    if (empty) this.segments = [segment];
    const index = empty ? 0 : this.segments.push(segment) - 1;
    this.tools.set(key, { segment, index, raw: '', named, done: false });
    this.changed(index);
  }

  /** Adds the next piece of a tool call's arguments (JSON text). */
  toolArguments(key: string, delta: string) {
    if (!this.live()) return;
    if (!this.tools.has(key)) this.startTool(key, undefined);
    const call = this.tools.get(key)!;
    if (call.done) {
      this.ignore(
        'malformed-event',
        `Arguments for the ${label(call.segment.toolName)} call (segment ${call.index}) came after it was complete; they were ignored.`,
        `late-arguments ${key}`,
      );
      return;
    }
    if (delta === '') return;
    call.raw += delta;
    this.updates.push({
      type: 'tool-arguments',
      messageId: this.messageId,
      segmentIndex: call.index,
      delta,
    });
  }

  /** The provider reported an error: the stream ends with what it has (after its end: named). */
  fail(message: string, stopReason: string | null = null) {
    if (this.ended) return this.warn('stream-error', message);
    this.warn('stream-error', message);
    this.end('error', stopReason);
  }

  /**
   * Ends the stream: open tool calls are completed with what they have, the final message is
   * sent when anything changed, then `end`. With no reason, the one the provider gave earlier,
   * else the stream was cut off.
   */
  end(reason?: StreamEndReason, stopReason?: string | null) {
    if (this.ended) return;
    this.begin();
    if (reason === undefined && this.pending) ({ reason, stopReason } = this.pending);
    if (reason === undefined) {
      reason = 'cut-off';
      this.warn(
        'cut-off',
        'The stream stopped before the provider said it was complete; the message may be unfinished.',
      );
    }
    let changed = false;
    // Text sources that started and never said anything leave no empty segments behind.
    const kept = this.segments.filter((s) => s.kind !== 'text' || s.content !== '');
    if (kept.length > 0 && kept.length < this.segments.length) {
      this.segments = kept;
      changed = true;
      const position = new Map(kept.map((segment, index) => [segment, index]));
      for (const call of this.tools.values()) call.index = position.get(call.segment)!;
    }
    for (const call of this.tools.values()) {
      if (call.done) continue;
      this.complete(call);
      changed = true;
    }
    if (reason === 'stop' && this.refused) reason = 'refusal';
    if (reason === 'refusal' && !this.refused)
      this.warn('refusal', 'The model refused to answer.', 'refusal');
    if (reason === 'length')
      this.warn(
        'length',
        'The model stopped at its output token limit; the message may be cut short.',
      );
    if (reason === 'content-filter')
      this.warn('content-filter', "The provider's content filter stopped the message.");
    if (this.isEmpty())
      this.warn('no-content', 'The stream ended without text or tool calls; the message is empty.');
    for (const call of this.tools.values())
      if (!call.named)
        this.warn(
          'tool-name-missing',
          `The tool call in segment ${call.index} never got a name; it is shown as "${UNNAMED_TOOL}".`,
        );
    if (changed || this.unannounced) this.changed();
    this.ended = true;
    this.updates.push({
      type: 'end',
      messageId: this.messageId,
      reason,
      stopReason: stopReason ?? null,
      warnings: [...this.warnings],
    });
  }

  isEmpty(): boolean {
    return (
      this.segments.length === 1 &&
      this.segments[0].kind === 'text' &&
      this.segments[0].content === ''
    );
  }

  complete(call: ToolCall) {
    call.done = true;
    call.segment.arguments = this.parseArguments(call);
  }

  /**
   * The arguments as an object. Empty text is `{}` (a call without arguments); text that is not
   * a JSON object is kept as `{ "value": text }`, as importEnvelope does.
   */
  private parseArguments(call: ToolCall): Record<string, unknown> {
    if (call.raw.trim() === '') return call.initial ?? {};
    try {
      const value: unknown = JSON.parse(call.raw);
      if (isJsonObject(value)) return value;
    } catch {
      // reported below
    }
    this.warn(
      'arguments-not-object',
      `The arguments of the ${label(call.segment.toolName)} call (segment ${call.index}) are not a JSON object; they are kept as { "value": … }.`,
    );
    return { value: call.raw };
  }

  /**
   * Sends what changed: the segment at `index` (new at the end, or replacing one), else the
   * whole message. Folded into an `append` or `update` just before, if any, so that a message
   * is sent whole at most once per event: one segment per change keeps a stream of many tool
   * calls linear.
   */
  changed(index?: number) {
    // A change not sent yet (`amend` without announcing) goes out with this one: the whole message.
    if (this.unannounced) index = undefined;
    this.unannounced = false;
    this.begin();
    const last = this.updates.at(-1);
    if (last?.type === 'append' || last?.type === 'update') last.message = this.message();
    else if (index === undefined)
      this.updates.push({ type: 'update', messageId: this.messageId, message: this.message() });
    else if (last?.type === 'segment' && last.segmentIndex === index)
      last.segment = { ...this.segments[index] };
    else
      this.updates.push({
        type: 'segment',
        messageId: this.messageId,
        segmentIndex: index,
        segment: { ...this.segments[index] },
      });
  }
}
