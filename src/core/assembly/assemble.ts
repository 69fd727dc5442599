/**
 * Prompt assembly (SPEC §3.6, ADR 0041 §3): every request is made of segments. Text segments
 * (kinds `system` … `scene`) make the system text; message segments (`user`, `tool`,
 * `assistant`, `state`) make the message sequence. Built-in segments derive everything from the
 * envelope; hosts register their own. Every export target renders the same assembly.
 */
import type { Envelope, Message } from '../protocol/types.js';
import { validateMessage } from '../protocol/validate.js';
import { deepNestingMessage, findDeepFreeFormValues } from '../protocol/semantic-checks.js';
import type {
  Conversation,
  ExportWarning,
  MidConversationSystem,
  SystemBlock,
} from './conversation.js';
import { createTurnConverter, NO_CHANGES, toEntries, UNCONVERTED, type Sent } from './entries.js';
import { deriveFromEnvelope, type Derived } from './envelope-segments.js';
import {
  isTextKind,
  MESSAGE_SEGMENT_KINDS,
  type MessageSegmentKind,
  type PromptSegment,
  type SegmentInput,
  type SegmentRegistry,
  type TraceRow,
} from './registry.js';
import { renderEntries, turnCharacters } from './render-turns.js';
import { announceChangedFacts, mergeEvents, moveEventsAfterToolResults } from './state-changes.js';
import { keptSystemParts, type SystemPart } from './system-text.js';

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

export interface Assembly extends Conversation {
  trace: TraceRow[];
  /** The parts of the system text in order, by segment id (what `system` joins with blank lines). */
  systemParts: SystemPart[];
  /** Where events went: decided by the target's capability. */
  midConversationSystem: MidConversationSystem;
}

/** Which stream a message came from, and where it sorts. */
interface Queued extends Sent {
  /** Rank at one timestamp: the kind's tie order, after everything when the event came late. */
  rank: number;
  weight: number;
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
  const participants = hasParticipants(envelope);
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
  let entries = toEntries(
    hostStreams.length === 0
      ? derived.sent
      : mergeStreams([builtinStream(derived), ...hostStreams]),
    createTurnConverter(warnings),
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
  for (const deep of findDeepFreeFormValues(envelope)) {
    const message = deepNestingMessage(deep);
    warnings.push({ code: 'deep-nesting', message, messageIds: [deep.messageId] });
  }
  return {
    ...(model === undefined ? {} : { model }),
    system,
    systemSourceIds: derived.systemSourceIds,
    ...(derived.systemHints ? { systemHints: derived.systemHints } : {}),
    ...systemBlocks(systemParts, derived),
    ...(envelope.request ? { request: envelope.request } : {}),
    turns,
    tools: derived.tools,
    warnings,
    trace,
    systemParts,
    midConversationSystem: mode,
  };
}

/**
 * The system text's parts as blocks, when the first system message asked for a list or a part
 * carries a cache marker (protocol 1.1); nothing otherwise.
 */
function systemBlocks(
  parts: readonly SystemPart[],
  derived: Derived,
): { systemBlocks?: SystemBlock[] } {
  if (derived.systemHints?.contentForm !== 'parts' && derived.systemCache.size === 0) return {};
  return {
    systemBlocks: parts.map((part) => {
      const cacheControl = derived.systemCache.get(part.id);
      return cacheControl ? { text: part.text, cacheControl } : { text: part.text };
    }),
  };
}

/**
 * Whether the envelope is a multi-party chat (SPEC §2.2): version 1.1 with a scene, an actor, a
 * reply or an event. A 1.1 envelope that uses only the fields kept from provider requests
 * (`name`, `detail`, `callId` …) is sent as a 1.0 one: no aliases, no state-change note.
 */
function hasParticipants(envelope: Envelope): boolean {
  if (envelope.version !== '1.1') return false;
  if (envelope.scene !== undefined) return true;
  for (const m of envelope.messages) {
    if (m.actor !== undefined || m.replyTo !== undefined || m.role === 'event') return true;
    for (const s of m.segments) if (s.kind === 'state_change') return true;
  }
  return false;
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
