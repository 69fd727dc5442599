/**
 * Prompt assembly (SPEC §3.6, ADR 0041 §3): every request is made of segments. Text segments
 * (kinds `system` … `scene`) make the system text; message segments (`user`, `tool`,
 * `assistant`, `state`) make the message sequence. Built-in segments derive everything from the
 * envelope; hosts register their own. Every export target renders the same assembly.
 */
import {
  documentText,
  partsText,
  renderStructural,
  type ContentPart,
  type Conversation,
  type ExportWarning,
  type ToolCall,
  type ToolDeclaration,
  type Turn,
  type TurnRole,
} from './conversation.js';
import {
  carriesHeader,
  FactTracker,
  hostMessageHeader,
  messageHeader,
  sceneLine,
  STATE_CHANGE_NOTE,
  stateChangeLine,
} from './headers.js';
import type { Envelope, Message, SegmentOfKind, StateChangeSegment } from './protocol.js';
import {
  calendarDate,
  clockTime,
  hostHeader,
  type MidConversationSystem,
} from './render-common.js';
import { validateMessage } from './validate.js';

// ---------------------------------------------------------------------------------------------
// Segments and the registry.

/** Kinds that render into the system text, in this fixed order. */
export const TEXT_SEGMENT_KINDS = [
  'system',
  'environment',
  'role_rules',
  'platform',
  'scene',
] as const;
/** Kinds that add messages; ties at one timestamp go in this order. */
export const MESSAGE_SEGMENT_KINDS = ['state', 'user', 'tool', 'assistant'] as const;

export type TextSegmentKind = (typeof TEXT_SEGMENT_KINDS)[number];
export type MessageSegmentKind = (typeof MESSAGE_SEGMENT_KINDS)[number];
export type PromptSegmentKind = TextSegmentKind | MessageSegmentKind;

/** What a segment's `inject` sees. */
export interface SegmentInput {
  /** The envelope being assembled (valid). */
  readonly envelope: Envelope;
  /** The model the request goes to, if known. */
  readonly model?: string;
  /** IANA time zone of times in headers. */
  readonly timeZone: string;
}

/**
 * A piece of the prompt. Text kinds return a string for the system text; message kinds return
 * protocol messages (user or assistant messages, events with `state_change` segments …), which
 * are merged into the conversation by timestamp. `null`, `undefined` or `''` add nothing.
 */
export interface PromptSegment<K extends PromptSegmentKind = PromptSegmentKind> {
  readonly id: string;
  readonly kind: K;
  /** Order among segments of one kind: larger first. The envelope's own segments weigh 0. */
  readonly weight: number;
  /** Text kinds only: `preferred` segments may be dropped to fit `maxSystemChars`. Default `required`. */
  readonly retention?: 'required' | 'preferred';
  inject(
    input: SegmentInput,
  ): (K extends TextSegmentKind ? string : readonly Message[]) | null | undefined;
}

export interface SegmentRegistry {
  /** Adds a segment; returns the function that removes it again. A duplicate id throws. */
  register(segment: PromptSegment): () => void;
  /** The registered segments, in registration order. */
  list(): readonly PromptSegment[];
  /** Calls `listener` after every register and dispose; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

const KIND_ORDER = new Map<string, number>(
  [...TEXT_SEGMENT_KINDS, ...MESSAGE_SEGMENT_KINDS].map((kind, i) => [kind, i]),
);
const isTextKind = (kind: PromptSegmentKind): kind is TextSegmentKind =>
  (TEXT_SEGMENT_KINDS as readonly string[]).includes(kind);

/** Ids the built-in segments use; hosts cannot take them. */
const RESERVED_ID = /^(builtin|envelope):/;

export function createSegmentRegistry(): SegmentRegistry {
  const segments: PromptSegment[] = [];
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    register(segment) {
      // Mistakes here are the host's code, not user data: fail loudly and at once.
      if (typeof segment?.id !== 'string' || segment.id === '')
        throw new TypeError('A prompt segment needs a non-empty string id.');
      if (RESERVED_ID.test(segment.id))
        throw new Error(`Segment id '${segment.id}' is reserved for built-in segments.`);
      if (segments.some((s) => s.id === segment.id))
        throw new Error(`A segment with id '${segment.id}' is already registered.`);
      if (!KIND_ORDER.has(segment.kind))
        throw new TypeError(
          `Segment '${segment.id}' has unknown kind ${JSON.stringify(segment.kind)}; use one of ${[...KIND_ORDER.keys()].join(', ')}.`,
        );
      if (typeof segment.weight !== 'number' || !Number.isFinite(segment.weight))
        throw new TypeError(`Segment '${segment.id}' needs a finite number as weight.`);
      if (typeof segment.inject !== 'function')
        throw new TypeError(`Segment '${segment.id}' needs an inject function.`);
      segments.push(segment);
      changed();
      let disposed = false;
      return () => {
        if (disposed) return;
        disposed = true;
        const index = segments.indexOf(segment);
        if (index >= 0) segments.splice(index, 1);
        changed();
      };
    },
    list: () => [...segments],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The assembly.

export interface AssembleOptions {
  /** Segments a host adds to the built-in ones. */
  registry?: SegmentRegistry;
  /** Drop `preferred` text segments, lowest weight first, until the system text fits. */
  maxSystemChars?: number;
  /** Where events and later system messages go (the target's capability). Default `system`. */
  midConversationSystem?: MidConversationSystem;
  /** IANA time zone of header times (default UTC). */
  timeZone?: string;
  /** Overrides the envelope's model. */
  model?: string;
}

/** One row per segment: what it added and whether it was cut. */
export interface TraceRow {
  id: string;
  kind: PromptSegmentKind;
  weight: number;
  /** Characters it added: its system text, or the text of its messages with their headers. */
  characters: number;
  /** Dropped to fit `maxSystemChars`. */
  trimmed: boolean;
  source: 'builtin' | 'host';
  /** Message kinds: how many messages it added (events merged with others still count). */
  messages?: number;
  /** `state` kinds: the role its events and host messages were sent in. */
  renderedAs?: 'system' | 'developer' | 'user';
}

export interface Assembly extends Conversation {
  trace: TraceRow[];
  /** The parts of the system text in order, by segment id (what `system` joins with blank lines). */
  systemParts: { id: string; kind: TextSegmentKind; text: string }[];
  /** Where events went: decided by the target's capability. */
  midConversationSystem: MidConversationSystem;
}

/** A message on its way, with its arrival time: it becomes its own entry once converted. */
interface Sent extends Entry {
  time: number;
}

/** Which stream a message came from, and where it sorts. */
interface Queued extends Sent {
  /** Rank at one timestamp: the kind's tie order, after everything when the event came late. */
  rank: number;
  weight: number;
}

/** A message of the assembled sequence before rendering. */
interface Entry {
  kind: MessageSegmentKind;
  message: Message;
  segment: number;
  turns: Turn[];
  /** State changes (events and synthesized ones), each with when it happened. */
  changes: { change: StateChangeSegment; timestamp: number }[];
  /** A later system message: sent the way events are, but not merged with them. */
  host: boolean;
}

/**
 * Assembles the request every target renders: system text from the text segments (trimmed to
 * `maxSystemChars`), the conversation from the message segments, headers and state-change lines
 * (protocol 1.1), and the trace. The envelope must be valid; nothing here throws on its content.
 */
export function assemble(envelope: Envelope, options: AssembleOptions = {}): Assembly {
  const warnings: ExportWarning[] = [];
  const timeZone = options.timeZone ?? 'UTC';
  const mode = options.midConversationSystem ?? 'system';
  const participants = envelope.version === '1.1';
  const model = options.model ?? envelope.model;
  const input: SegmentInput = { envelope, timeZone, ...(model === undefined ? {} : { model }) };

  const derived = deriveFromEnvelope(envelope, participants, warnings);
  const hostSegments = options.registry?.list() ?? [];
  const segments: PromptSegment[] = [...derived.textSegments, ...hostSegments];
  const hostStreams: Queued[][] = [];
  const trace: TraceRow[] = [];
  const texts: { row: TraceRow; text: string; order: number; preferred: boolean }[] = [];

  segments.forEach((segment, order) => {
    const source = hostSegments.includes(segment) ? 'host' : 'builtin';
    const row: TraceRow = {
      id: segment.id,
      kind: segment.kind,
      weight: segment.weight,
      characters: 0,
      trimmed: false,
      source,
    };
    trace.push(row);
    const output = runInject(segment, input, warnings);
    if (isTextKind(segment.kind)) {
      if (typeof output === 'string' && output !== '') {
        row.characters = output.length;
        texts.push({ row, text: output, order, preferred: segment.retention === 'preferred' });
      } else if (output != null && output !== '') {
        warnings.push(
          segmentWarning(segment, 'returned something other than text; it adds nothing.'),
        );
      }
      return;
    }
    if (output == null) return;
    hostStreams.push(hostMessages(segment, output, order + 1, derived.lastTime, warnings));
  });
  // The built-in message segments show up in the trace as four rows.
  const builtinRows = new Map<MessageSegmentKind, TraceRow>();
  for (const kind of ['user', 'tool', 'assistant', 'state'] as const) {
    const row: TraceRow = {
      id: `builtin:${kind}`,
      kind,
      weight: 0,
      characters: 0,
      trimmed: false,
      source: 'builtin',
    };
    builtinRows.set(kind, row);
    trace.push(row);
  }

  const systemParts = keptSystemParts(texts, options.maxSystemChars, warnings);
  const system = systemParts.length > 0 ? systemParts.map((p) => p.text).join('\n\n') : null;
  const converter = new TurnConverter(warnings);
  let entries = toEntries(
    hostStreams.length === 0
      ? derived.sent
      : mergeStreams([builtinStream(derived), ...hostStreams]),
    converter,
  );
  if (participants) entries = announceChangedFacts(entries);
  if (entries.some((e) => e.kind === 'state'))
    entries = mergeEvents(moveEventsAfterToolResults(entries));
  const turns = renderEntries(entries, { participants, mode, timeZone, scene: envelope.scene?.id });

  // Characters and counts per message segment, now that headers are part of the text.
  for (const entry of entries) {
    const row = entry.segment === 0 ? builtinRows.get(entry.kind) : trace[entry.segment - 1];
    if (!row) continue;
    row.messages = (row.messages ?? 0) + 1;
    for (const t of entry.turns) row.characters += turnCharacters(t);
    if (entry.kind === 'state') row.renderedAs = mode === 'none' ? 'user' : mode;
  }

  if (model === undefined || model === '') {
    warnings.push({
      code: 'model-missing',
      message:
        "No model is set: pass the model option or set the envelope's model. Providers require one.",
      messageIds: [],
    });
  }
  return {
    ...(model === undefined ? {} : { model }),
    system,
    systemSourceIds: derived.systemSourceIds,
    turns,
    tools: derived.tools,
    warnings,
    trace,
    systemParts,
    midConversationSystem: mode,
  };
}

/**
 * The target-neutral conversation of an envelope with no host segments: `assemble` with the
 * defaults. Kept for callers that only need the content decisions.
 */
export function buildConversation(
  envelope: Envelope,
  options: {
    model?: string;
    timeZone?: string;
    midConversationSystem?: MidConversationSystem;
  } = {},
): Assembly {
  return assemble(envelope, options);
}

function runInject(
  segment: PromptSegment,
  input: SegmentInput,
  warnings: ExportWarning[],
): unknown {
  try {
    return segment.inject(input);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    warnings.push(segmentWarning(segment, `failed (${reason}); it adds nothing.`));
    return null;
  }
}

function segmentWarning(segment: PromptSegment, what: string): ExportWarning {
  return {
    code: 'segment-failed',
    message: `Segment '${segment.id}' ${what}`,
    messageIds: [],
  };
}

/** A host's messages, checked one by one, in its own order by timestamp. */
function hostMessages(
  segment: PromptSegment,
  output: unknown,
  order: number,
  lastEnvelopeTime: number,
  warnings: ExportWarning[],
): Queued[] {
  if (!Array.isArray(output)) {
    warnings.push(segmentWarning(segment, 'returned something other than a list of messages.'));
    return [];
  }
  const queued: Queued[] = [];
  output.forEach((message: unknown, i) => {
    const check = validateMessage(message);
    if (!check.valid) {
      const first = check.errors[0]!;
      warnings.push(
        segmentWarning(
          segment,
          `returned an invalid message ${i} (${first.path || '/'}: ${first.message}); it is left out.`,
        ),
      );
      return;
    }
    const m = message as Message;
    // Events are only appended: one older than the envelope's last message arrives now.
    const late = segment.kind === 'state' && m.timestamp < lastEnvelopeTime;
    queued.push({
      kind: segment.kind as MessageSegmentKind,
      message: m,
      segment: order,
      turns: UNCONVERTED,
      changes: NO_CHANGES,
      host: false,
      time: late ? lastEnvelopeTime : m.timestamp,
      rank: late
        ? MESSAGE_SEGMENT_KINDS.length
        : MESSAGE_SEGMENT_KINDS.indexOf(segment.kind as MessageSegmentKind),
      weight: segment.weight,
    });
  });
  return queued.sort((a, b) => a.time - b.time);
}

/**
 * Merges the streams by timestamp, stably: each stream keeps its own order (the envelope's is
 * the order things happened), and at one timestamp state → user → tool → assistant, then weight.
 */
function mergeStreams(streams: Queued[][]): Queued[] {
  if (streams.length === 1) return streams[0]!;
  const heads = streams.map(() => 0);
  const merged: Queued[] = [];
  for (;;) {
    let best = -1;
    for (let s = 0; s < streams.length; s++) {
      const candidate = streams[s]![heads[s]!];
      if (!candidate) continue;
      if (best < 0 || before(candidate, streams[best]![heads[best]!]!)) best = s;
    }
    if (best < 0) return merged;
    merged.push(streams[best]![heads[best]!++]!);
  }
}

/** The envelope's messages as a stream of the merge: in their own order, rank 0, weight 0. */
function builtinStream(derived: Derived): Queued[] {
  return derived.sent.map((s) => ({ ...s, rank: 0, weight: 0 }));
}

function before(a: Queued, b: Queued): boolean {
  if (a.time !== b.time) return a.time < b.time;
  if (a.rank !== b.rank) return a.rank < b.rank;
  if (a.weight !== b.weight) return a.weight > b.weight;
  return a.segment < b.segment;
}

// ---------------------------------------------------------------------------------------------
// Built-in segments: what the envelope says.

interface Derived {
  textSegments: PromptSegment<TextSegmentKind>[];
  /** The envelope's messages that are sent, in order, with their kind and arrival time. */
  sent: Sent[];
  systemSourceIds: string[];
  tools: ToolDeclaration[];
  lastTime: number;
}

const STRUCTURAL = new Set(['system_prompt', 'memory', 'skills', 'tool_overview']);
const EMPTY_PARAMETERS = { type: 'object', properties: {} };

function deriveFromEnvelope(
  envelope: Envelope,
  participants: boolean,
  warnings: ExportWarning[],
): Derived {
  const variables = collectVariables(envelope, warnings);
  const textSegments: PromptSegment<TextSegmentKind>[] = [];
  const systemSourceIds = new Set<string>();
  const tools: ToolDeclaration[] = [];
  const sent: Derived['sent'] = [];
  const text = (id: string, value: string, retention: 'required' | 'preferred' = 'required') =>
    textSegments.push({ id, kind: 'system', weight: 0, retention, inject: () => value });
  let started = false;
  let time = 0;

  for (const message of envelope.messages) {
    let wroteToSystem = false;
    for (let s = 0; s < message.segments.length; s++) {
      const segment = message.segments[s]!;
      if (!STRUCTURAL.has(segment.kind)) continue;
      const structural = segment as SegmentOfKind<
        'system_prompt' | 'memory' | 'skills' | 'tool_overview'
      >;
      if (structural.kind === 'tool_overview') tools.push(...declareTools(structural, message));
      const rendered = renderStructural(structural, variables, message, warnings);
      wroteToSystem = true;
      // Memory and skills are context the model can do without; instructions and tools are not.
      const retention =
        structural.kind === 'memory' || structural.kind === 'skills' ? 'preferred' : 'required';
      if (rendered !== '') text(`envelope:${message.id}:${s}`, rendered, retention);
    }
    const leading = message.role === 'system' && !started;
    let sending: Message | null = message;
    if (leading) {
      const own = message.segments.filter(isMessageText);
      let parts: ContentPart[] | undefined;
      for (const segment of own) parts = addContent(parts, segment, message);
      const joined = (parts ?? []).filter((p) => p.type === 'text' && p.text !== '');
      if (parts) wroteToSystem = true;
      if (joined.length > 0)
        text(
          `envelope:${message.id}:text`,
          joined.map((p) => (p as { text: string }).text).join('\n\n'),
        );
      // Tool traffic in a leading system message still has to be sent as messages.
      const traffic = message.segments.filter(
        (s) => s.kind === 'tool_call_request' || s.kind === 'tool_call_result',
      );
      sending = traffic.length > 0 ? { ...message, segments: traffic } : null;
    }
    if (wroteToSystem) systemSourceIds.add(message.id);
    if (sending && sendsSomething(sending)) {
      started = true;
      time = Math.max(time, message.timestamp);
      const kind: MessageSegmentKind =
        message.role === 'system' || message.role === 'event' ? 'state' : message.role;
      sent.push({
        kind,
        message: sending,
        segment: 0,
        turns: UNCONVERTED,
        changes: NO_CHANGES,
        host: false,
        time,
      });
    }
  }
  if (participants) {
    textSegments.push({
      id: 'builtin:state-change-note',
      kind: 'role_rules',
      weight: 0,
      inject: () => STATE_CHANGE_NOTE,
    });
    const scene = envelope.scene;
    if (scene)
      textSegments.push({
        id: 'builtin:scene',
        kind: 'scene',
        weight: 0,
        inject: () => sceneLine(scene),
      });
  }
  return { textSegments, sent, systemSourceIds: [...systemSourceIds], tools, lastTime: time };
}

function isMessageText(segment: Message['segments'][number]): boolean {
  return (
    segment.kind === 'text' ||
    segment.kind === 'long_text' ||
    segment.kind === 'document' ||
    segment.kind === 'media'
  );
}

/** Whether a message adds anything to the conversation (structural segments go to the system text). */
function sendsSomething(message: Message): boolean {
  for (const s of message.segments)
    if (!STRUCTURAL.has(s.kind) && s.kind !== 'static_var') return true;
  return false;
}

function declareTools(
  segment: SegmentOfKind<'tool_overview'>,
  message: Message,
): ToolDeclaration[] {
  return segment.items.map((item) => ({
    name: item.name,
    description: item.description,
    parameters: item.schema ?? EMPTY_PARAMETERS,
    sourceId: message.id,
  }));
}

function collectVariables(envelope: Envelope, warnings: ExportWarning[]): Map<string, string> {
  const values = new Map<string, string>();
  const definedIn = new Map<string, string>();
  for (const message of envelope.messages) {
    for (const segment of message.segments) {
      if (segment.kind !== 'static_var') continue;
      const previous = values.get(segment.name);
      if (previous !== undefined && previous !== segment.value) {
        warnings.push({
          code: 'static-var-redefined',
          message: `static_var '${segment.name}' is defined again in message '${message.id}' with another value; the later value is used.`,
          messageIds: [definedIn.get(segment.name)!, message.id],
        });
      }
      values.set(segment.name, segment.value);
      definedIn.set(segment.name, message.id);
    }
  }
  return values;
}

// ---------------------------------------------------------------------------------------------
// The system text.

function keptSystemParts(
  texts: { row: TraceRow; text: string; order: number; preferred: boolean }[],
  maxChars: number | undefined,
  warnings: ExportWarning[],
): Assembly['systemParts'] {
  const sorted = [...texts].sort(
    (a, b) =>
      KIND_ORDER.get(a.row.kind)! - KIND_ORDER.get(b.row.kind)! ||
      b.row.weight - a.row.weight ||
      a.order - b.order,
  );
  const length = (list: typeof sorted) =>
    list.reduce((sum, t) => sum + t.text.length, 0) + Math.max(0, list.length - 1) * 2;
  let kept = sorted;
  if (maxChars !== undefined && Number.isFinite(maxChars) && length(kept) > maxChars) {
    // Lowest weight first; among equals, the one placed last.
    const droppable = kept
      .filter((t) => t.preferred)
      .sort((a, b) => a.row.weight - b.row.weight || kept.indexOf(b) - kept.indexOf(a));
    for (const victim of droppable) {
      if (length(kept) <= maxChars) break;
      victim.row.trimmed = true;
      kept = kept.filter((t) => t !== victim);
    }
    const dropped = sorted.filter((t) => t.row.trimmed).map((t) => `'${t.row.id}'`);
    if (dropped.length > 0) {
      warnings.push({
        code: 'system-trimmed',
        message: `The system text was over ${maxChars} characters, so segment${dropped.length > 1 ? 's' : ''} ${dropped.join(', ')} ${dropped.length > 1 ? 'were' : 'was'} left out.`,
        messageIds: [],
      });
    }
    if (length(kept) > maxChars) {
      warnings.push({
        code: 'system-over-budget',
        message: `The system text has ${length(kept)} characters, over the budget of ${maxChars}; what remains is required.`,
        messageIds: [],
      });
    }
  }
  return kept.map((t) => ({ id: t.row.id, kind: t.row.kind as TextSegmentKind, text: t.text }));
}

// ---------------------------------------------------------------------------------------------
// Messages → entries with turns.

/**
 * The envelope's own messages need no sort keys when no host adds messages: then they are
 * passed as they are (one object less per message of a long conversation).
 */
function toEntries(sequence: Sent[], converter: TurnConverter): Entry[] {
  const entries: Entry[] = [];
  // Plain loops and no closures: this runs once per message of long conversations.
  for (const item of sequence) {
    const message = item.message;
    let changes: Entry['changes'] | null = null;
    for (const segment of message.segments) {
      if (segment.kind !== 'state_change') continue;
      (changes ??= []).push({ change: segment, timestamp: message.timestamp });
    }
    // A state change outside an event message is sent as an event just before it.
    if (changes !== null || message.role === 'event') {
      entries.push({
        kind: 'state',
        message,
        segment: item.segment,
        turns: [],
        changes: changes ?? [],
        host: false,
      });
    }
    if (message.role === 'event') continue;
    const turns = converter.convert(message);
    if (turns.length === 0) continue;
    // The item becomes the entry (one object less per message of a long conversation).
    item.turns = turns;
    if (message.role === 'system') {
      item.kind = 'state';
      item.host = true;
    }
    entries.push(item);
  }
  return entries;
}

/** The turns of a message not yet converted, and the changes of one with none (shared, so frozen). */
const UNCONVERTED: Turn[] = Object.freeze([]) as never;
const NO_CHANGES: Entry['changes'] = Object.freeze([]) as never;

/** Turns one message into turns; pairs results with calls across messages (first in, first out). */
class TurnConverter {
  private readonly callIds = new CallIds();
  private readonly openCalls = new Map<string, string[]>();

  constructor(private readonly warnings: ExportWarning[]) {}

  convert(message: Message): Turn[] {
    // Arrays start as literals of their first item, not as [] grown by push (V8 gives a grown
    // array room for 17): this runs once per message of long conversations.
    let results: Turn[] | undefined;
    let parts: ContentPart[] | undefined;
    let calls: ToolCall[] | undefined;
    for (const segment of message.segments) {
      if (segment.kind === 'tool_call_request') {
        const id = this.callIds.next(message.id, 'call');
        const call = { id, name: segment.toolName, arguments: segment.arguments };
        if (calls) calls.push(call);
        else calls = [call];
        const queue = this.openCalls.get(segment.toolName);
        if (queue) queue.push(id);
        else this.openCalls.set(segment.toolName, [id]);
      } else if (segment.kind === 'tool_call_result') {
        const callId = this.openCalls.get(segment.toolName)?.shift();
        const result: Turn = {
          role: 'tool',
          sourceId: message.id,
          timestamp: message.timestamp,
          parts: [],
          toolCalls: [],
          toolResult: {
            callId: callId ?? this.callIds.next(message.id, 'orphan'),
            orphan: callId === undefined,
            toolName: segment.toolName,
            result: segment.result,
            success: segment.success,
          },
        };
        if (results) results.push(result);
        else results = [result];
      } else if (isMessageText(segment)) {
        parts = addContent(parts, segment, message);
      }
    }
    if (message.role === 'assistant') {
      // Results recorded in an assistant message can only answer calls made before them.
      if (!parts && !calls) return results ?? [];
      const own = turn('assistant', message, parts ?? [], calls ?? []);
      return results ? [own, ...results] : [own];
    }
    // Results answer earlier calls, so they go first: the message's own text must not come
    // between a call and its answer.
    const turns = results ?? [];
    if (parts) {
      if (message.role === 'tool') {
        this.warnings.push({
          code: 'tool-message-text',
          message: `Message '${message.id}' has role tool, but only tool results can be sent as tool messages; its other content is sent as a user message.`,
          messageIds: [message.id],
        });
      }
      turns.push(turn(message.role === 'system' ? 'system' : 'user', message, parts, []));
    }
    if (calls) {
      this.warnings.push({
        code: 'tool-call-outside-assistant',
        message: `Message '${message.id}' has role ${message.role}, but only the assistant calls tools; its tool calls are sent as an assistant message.`,
        messageIds: [message.id],
      });
      turns.push(turn('assistant', message, [], calls));
    }
    return turns;
  }
}

/**
 * Adds a message segment's content to `parts` (made when first needed): consecutive texts are
 * joined with a blank line, and images split the text into separate parts.
 */
function addContent(
  parts: ContentPart[] | undefined,
  segment: Message['segments'][number],
  message: Message,
): ContentPart[] | undefined {
  switch (segment.kind) {
    case 'text':
    case 'long_text':
      return addText(parts, segment.content);
    case 'document':
      return addText(parts, documentText(segment));
    case 'media': {
      if (segment.mediaType !== 'image' || message.role !== 'user')
        return addText(parts, `[${segment.mediaType}: ${segment.altText || segment.url}]`);
      const image: ContentPart =
        segment.altText === undefined
          ? { type: 'image', url: segment.url }
          : { type: 'image', url: segment.url, altText: segment.altText };
      if (!parts) return [image];
      parts.push(image);
      return parts;
    }
    default:
      return parts;
  }
}

function addText(parts: ContentPart[] | undefined, text: string): ContentPart[] {
  if (!parts) return [{ type: 'text', text }];
  const last = parts[parts.length - 1];
  if (last?.type === 'text') {
    if (text !== '') last.text = last.text === '' ? text : `${last.text}\n\n${text}`;
  } else {
    parts.push({ type: 'text', text });
  }
  return parts;
}

function turn(role: TurnRole, message: Message, parts: ContentPart[], toolCalls: ToolCall[]): Turn {
  return { role, sourceId: message.id, timestamp: message.timestamp, parts, toolCalls };
}

/** Deterministic call ids `call_{messageId}_{n}`, made safe for every provider and unique. */
class CallIds {
  private readonly used = new Set<string>();
  private readonly counters = {
    call: new Map<string, number>(),
    orphan: new Map<string, number>(),
  };

  next(messageId: string, prefix: 'call' | 'orphan'): string {
    const counters = this.counters[prefix];
    let n = counters.get(messageId) ?? 0;
    // Anthropic accepts only [a-zA-Z0-9_-] in tool_use ids, so other characters become '_'.
    const safe = messageId.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 48);
    let id: string;
    do id = `${prefix}_${safe}_${n++}`;
    while (this.used.has(id));
    counters.set(messageId, n);
    this.used.add(id);
    return id;
  }
}

// ---------------------------------------------------------------------------------------------
// State changes: announce changed facts, keep events out of tool groups, merge neighbours.

/**
 * Compares each speaker's facts with what the model was last told; a difference no event
 * announced gets a synthesized state change (operator `system`) right before the message.
 */
function announceChangedFacts(entries: Entry[]): Entry[] {
  const facts = new FactTracker();
  const out: Entry[] = [];
  for (const entry of entries) {
    for (const { change } of entry.changes) facts.heard(change);
    if (entry.kind === 'user' || entry.kind === 'assistant') {
      const changes = facts.spoke(entry.message);
      if (changes.length > 0) {
        const timestamp = entry.message.timestamp;
        out.push({
          kind: 'state',
          message: entry.message,
          segment: 0,
          turns: [],
          changes: changes.map((change) => ({ change, timestamp })),
          host: false,
        });
      }
    }
    out.push(entry);
  }
  return out;
}

/**
 * An event never goes between a tool call and its results: it waits until the last result of
 * that group has been sent (the APIs refuse anything in between).
 */
function moveEventsAfterToolResults(entries: Entry[]): Entry[] {
  const out: Entry[] = [];
  const held: Entry[] = [];
  const open = new Set<string>();
  const flush = () => {
    if (held.length > 0) out.push(...held.splice(0));
  };
  for (const entry of entries) {
    if (entry.kind === 'state' && open.size > 0) {
      held.push(entry);
      continue;
    }
    if (open.size > 0) {
      // A message that answers none of the open calls breaks the group anyway: events go first.
      let answersOpen = false;
      for (const t of entry.turns)
        if (t.role === 'tool' && open.has(t.toolResult!.callId)) answersOpen = true;
      if (!answersOpen) {
        open.clear();
        flush();
      }
    }
    out.push(entry);
    for (const t of entry.turns) {
      if (t.role === 'assistant') for (const call of t.toolCalls) open.add(call.id);
      if (t.role === 'tool') open.delete(t.toolResult!.callId);
    }
    if (open.size === 0) flush();
  }
  flush();
  return out;
}

/** Consecutive events become one message, fewer role switches. */
function mergeEvents(entries: Entry[]): Entry[] {
  const out: Entry[] = [];
  for (const entry of entries) {
    const last = out.at(-1);
    if (last && entry.kind === 'state' && !entry.host && last.kind === 'state' && !last.host) {
      out[out.length - 1] = { ...last, changes: [...last.changes, ...entry.changes] };
      continue;
    }
    out.push(entry);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Headers, aliases and the final turns.

interface RenderContext {
  participants: boolean;
  mode: MidConversationSystem;
  timeZone: string;
  scene?: string;
}

function renderEntries(entries: Entry[], context: RenderContext): Turn[] {
  const { participants, mode, timeZone } = context;
  const aliases = new Map<string, string>();
  const headerShown = new Set<string>();
  let next = 1;
  let lastTime: number | undefined;
  let lastDay: string | undefined;
  const turns: Turn[] = [];

  for (const entry of entries) {
    const message = entry.message;
    const isEvent = entry.kind === 'state' && !entry.host;
    if (isEvent || entry.host) {
      const body = isEvent
        ? entry.changes
            .map((c) => stateChangeLine(c.change, clockTime(c.timestamp, timeZone), context.scene))
            .join('\n')
        : entry.turns
            .filter((t) => t.role === 'system')
            .map((t) => partsText(t.parts))
            .join('\n\n');
      const alias = participants ? `m${next++}` : undefined;
      let text = body;
      let role: TurnRole = 'system';
      if (mode === 'none') {
        role = 'user';
        const time = clockTime(message.timestamp, timeZone);
        text = `${participants ? hostMessageHeader(alias, time) : hostHeader(message.timestamp, timeZone)}\n${body}`;
        lastTime = message.timestamp;
      }
      const hostTurn = turn(role, message, [{ type: 'text', text }], []);
      // A later system message may also carry tool traffic: those turns keep their places.
      entry.turns = isEvent
        ? [hostTurn]
        : entry.turns.map((t) => (t.role === 'system' ? hostTurn : t));
      for (const t of entry.turns) turns.push(t);
      continue;
    }
    const actor = message.actor;
    const content =
      participants && actor
        ? entry.turns.find(
            (t) => (t.role === 'user' || t.role === 'assistant') && t.parts.length > 0,
          )
        : undefined;
    if (actor && content && carriesHeader(message)) {
      const alias = `m${next++}`;
      aliases.set(message.id, alias);
      const full = !headerShown.has(actor.userId);
      headerShown.add(actor.userId);
      const day = calendarDate(message.timestamp, timeZone);
      const newDay = day !== lastDay;
      const showTime =
        full || newDay || lastTime === undefined || message.timestamp - lastTime >= 60_000;
      const replyTo = message.replyTo !== undefined ? aliases.get(message.replyTo) : undefined;
      const header = messageHeader({
        alias,
        actor,
        full,
        ...(replyTo ? { replyTo } : {}),
        ...(newDay ? { date: day } : {}),
        ...(showTime ? { time: clockTime(message.timestamp, timeZone) } : {}),
      });
      if (showTime) lastTime = message.timestamp;
      if (newDay) lastDay = day;
      const first = content.parts[0];
      content.parts =
        first?.type === 'text'
          ? [{ type: 'text', text: `${header}\n${first.text}` }, ...content.parts.slice(1)]
          : [{ type: 'text', text: header }, ...content.parts];
    }
    for (const t of entry.turns) turns.push(t);
  }
  return turns;
}

function turnCharacters(t: Turn): number {
  let n = 0;
  for (const p of t.parts) if (p.type === 'text') n += p.text.length;
  if (t.toolResult) n += t.toolResult.result.length;
  return n;
}
