/**
 * What only some providers' streams bring, as functions over a {@link StreamBuilder}: text
 * sources that take their place before their first text, refusals, thinking and its signatures,
 * citations, segments the provider sends whole or the reader builds whole, tool calls the
 * provider completes, and stop reasons given before the final event. Each reader imports the
 * ones its provider needs, so that a one-provider reader (prompt-envelope/core/streams/openai-chat
 * …) carries no other provider's steps; as methods of the class, every reader carried them all.
 */
import type {
  Segment,
  ThinkingSegment,
  ToolCallRequestSegment,
  ToolCallResultSegment,
} from '../../protocol/types.js';
import { findNonJsonValue } from '../../protocol/json-value.js';
import { isJsonObject } from '../request-check.js';
import { label, type StreamBuilder } from './stream-builder.js';
import type { StreamEndReason } from './stream-updates.js';

/**
 * A text source starts (a content block, an output item): it takes its place in the message
 * now, so that segments keep the provider's order even when deltas interleave.
 */
export function textStart(builder: StreamBuilder, source: string) {
  if (!builder.live() || builder.textSources.has(source)) return;
  builder.begin();
  builder.claim(source, builder.newTextSegment(true));
}

/** The model refused: its refusal is shown as text (the protocol has no refusal kind). */
export function refusalText(builder: StreamBuilder, source: string, delta: string) {
  if (!builder.live() || delta === '') return;
  builder.refused = true;
  builder.warn(
    'refusal',
    'The model refused; its refusal is the message text (the protocol has no refusal kind).',
    'refusal',
  );
  builder.text(source, delta);
}

/**
 * Adds thinking from one source (1.1: kept as a thinking segment, in its place): a Gemini
 * thought part, an OpenAI-compatible reasoning field, a Mistral thinking part. A source with no
 * text yet makes its segment when its signature comes. `field`: the Chat message field it came
 * in, so that a later request can send it back there.
 */
export function thinkingText(
  builder: StreamBuilder,
  source: string,
  delta: string,
  field?: ThinkingSegment['field'],
) {
  if (!builder.live() || delta === '') return;
  const segment = thinkingSegment(builder, source);
  if (field !== undefined) segment.field ??= field;
  segment.content += delta;
  builder.changed();
}

/** Keeps the signature of a source's thinking byte for byte (Gemini's thoughtSignature). */
export function signThinking(builder: StreamBuilder, source: string, signature: string) {
  if (!builder.live()) return;
  thinkingSegment(builder, source).thoughtSignature = signature;
  builder.changed();
}

function thinkingSegment(builder: StreamBuilder, source: string): ThinkingSegment {
  let index = builder.thinkingSources.get(source);
  if (index === undefined) {
    index = builder.place({ kind: 'thinking', content: '', collapsed: true });
    builder.thinkingSources.set(source, index);
  }
  return builder.segments[index] as ThinkingSegment;
}

/** Keeps Gemini's thought signature with the text of a source that has some. */
export function signText(builder: StreamBuilder, source: string, signature: string) {
  const index = builder.textSources.get(source);
  const segment = index === undefined ? undefined : builder.segments[index];
  if (!builder.live() || segment?.kind !== 'text') return;
  segment.thoughtSignature = signature;
  builder.changed();
}

/**
 * A segment the provider sent whole: a call it ran itself, or that call's result (1.1,
 * `runBy: provider`), in its place.
 */
export function addSegment(
  builder: StreamBuilder,
  segment: ToolCallRequestSegment | ToolCallResultSegment,
) {
  if (!builder.live()) return;
  builder.place(segment);
  builder.changed();
}

/**
 * The sources the provider cited, as it wrote them, for the message's last text; false when
 * the message has no text to cite them for.
 */
export function citeLastText(
  builder: StreamBuilder,
  citations: Record<string, unknown>[],
): boolean {
  const text = builder.segments.findLast((s) => s.kind === 'text' && s.content !== '');
  if (!text || text.kind !== 'text' || citations.length === 0) return false;
  text.citations = [...(text.citations ?? []), ...citations];
  builder.changed();
  return true;
}

/**
 * A segment the reader builds whole from what the provider sent so far (1.1: thinking,
 * provider-run calls and results): a new key takes its place at the end, a known one is
 * replaced where it is.
 */
export function put(builder: StreamBuilder, key: string, segment: Segment) {
  if (!builder.live()) return;
  builder.begin();
  const at = builder.placed.get(key);
  if (at !== undefined) builder.segments[at] = segment;
  else builder.placed.set(key, builder.place(segment));
  builder.changed();
}

/** The sources a text source cites, as the provider wrote them (1.1; replaces the list). */
export function citeSource(
  builder: StreamBuilder,
  source: string,
  citations: Record<string, unknown>[],
) {
  if (!builder.live()) return;
  if (!builder.textSources.has(source)) textStart(builder, source);
  const segment = builder.segments[builder.textSources.get(source)!];
  if (segment?.kind !== 'text') return;
  if (citations.length > 0) segment.citations = citations;
  else delete segment.citations;
  builder.changed();
}

/**
 * A segment of another kind than text and tool calls (thinking, the result of a call the
 * provider ran) takes its place at the end, in the provider's order; `amend` changes it later.
 */
export function placeWhole(builder: StreamBuilder, source: string, segment: Segment) {
  if (!builder.live() || builder.placedSources.has(source)) return;
  builder.placedSources.set(source, builder.place(segment));
  builder.changed();
}

/**
 * Changes the segment of a source (placed, a text, a tool call): `change` may set its fields.
 * With `announce`, an `update` sends the message; without, the next one does (thinking is sent
 * when its block is complete, not with each piece).
 */
export function amend(
  builder: StreamBuilder,
  source: string,
  change: (segment: Segment) => void,
  announce: boolean,
) {
  if (!builder.live()) return;
  const index = builder.placedSources.get(source) ?? builder.textSources.get(source);
  const segment =
    index === undefined ? builder.tools.get(source)?.segment : builder.segments[index];
  if (!segment) return;
  change(segment);
  if (announce) builder.changed();
  else builder.unannounced = true;
}

/** Sends the message if a change to it was not sent yet (`amend` without announcing). */
export function announce(builder: StreamBuilder) {
  if (builder.unannounced && builder.live()) builder.changed();
}

/** Keeps Gemini's thought signature with its call: later turns must send it back. */
export function signTool(builder: StreamBuilder, key: string, signature: string) {
  const call = builder.tools.get(key);
  if (!call || call.done) return;
  call.segment.thoughtSignature = signature;
  builder.changed(call.index);
}

/** Completes a tool call; `full` is the provider's complete argument text, when it sends one. */
export function finishTool(builder: StreamBuilder, key: string, full?: string) {
  const call = builder.tools.get(key);
  if (!call || call.done || !builder.live()) return;
  if (typeof full === 'string') call.raw = full;
  builder.complete(call);
  builder.changed(call.index);
}

/** Whether the message has a tool call (Responses says `completed` for both endings). */
export function hasToolCalls(builder: StreamBuilder): boolean {
  return builder.tools.size > 0;
}

/** The provider said why it will stop; its final event follows. */
export function stopping(
  builder: StreamBuilder,
  reason: StreamEndReason,
  stopReason: string | null,
) {
  builder.pending = { reason, stopReason };
}

/** The provider's final event: the stream ends for the reason it gave before, else `stop`. */
export function finish(builder: StreamBuilder) {
  builder.end(builder.pending?.reason ?? 'stop', builder.pending?.stopReason ?? null);
}

/**
 * Starts a tool call whose arguments may come whole with its start (Anthropic's `input`,
 * Gemini's `args`), used when no argument text follows. An SDK object may hold what JSON cannot
 * (undefined in a list, NaN): never in a message, it is left out with a warning.
 */
export function startToolWithInput(
  builder: StreamBuilder,
  key: string,
  name: string | undefined,
  input: unknown,
  fields?: Partial<ToolCallRequestSegment>,
) {
  const known = builder.tools.has(key);
  builder.startTool(key, name, fields);
  const call = builder.tools.get(key);
  if (known || call === undefined || !isJsonObject(input)) return;
  if (findNonJsonValue(input) === null) call.initial = input;
  else
    builder.warn(
      'malformed-event',
      `The input sent with the ${label(call.segment.toolName)} call (segment ${call.index}) holds a value that JSON cannot; it was left out.`,
    );
}
