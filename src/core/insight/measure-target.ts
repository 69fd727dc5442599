import { documentText, renderStructural, type Conversation } from '../assembly/conversation.js';
import { stateChangeLine } from '../assembly/headers.js';
import { assemble } from '../assembly/assemble.js';
import { assembleOptionsOf } from '../targets/export-pipeline.js';
import type { ExportTarget } from '../targets/target-names.js';
import type { Envelope, Message, Segment } from '../protocol/types.js';
import { clockTime } from '../assembly/time.js';
import { staticVariables } from '../protocol/template.js';
import type { ExportOptions, Target } from '../targets/target.js';
import { bodySlots } from './body-slots.js';
import { imagePixelSize, imageProvider, imageTokens as countImage } from './image-tokens.js';
import { estimateOpaqueTokens, estimateTokenizer, type Tokenizer } from './token-estimate.js';
import { validateEnvelope } from '../protocol/validate.js';
import {
  emptyMeasurement,
  MEASURE_BUCKETS,
  size,
  type ContextSize,
  type MeasureBucket,
  type MeasureResult,
  type MeasureWarning,
} from './measure-result.js';

export interface MeasureOptions {
  /** The request to measure (default `openai`): each provider's body carries the text differently. */
  target?: ExportTarget;
  /** Counts tokens; default the built-in estimate (`estimateTokenizer`). */
  tokenizer?: Tokenizer;
  /** Passed to the export (model, time zone, where later system messages go). */
  exportOptions?: ExportOptions;
  /**
   * Tokens charged per image sent as an image, instead of the provider's rule (`imageTokens`).
   */
  imageTokens?: number;
}

/**
 * measureEnvelope for one target, given as its definition: the elements load only the targets they
 * measure for (measure.ts holds the table of every target, and the documentation).
 */
export function measureForTarget(
  target: Target<unknown>,
  envelope: unknown,
  options: MeasureOptions,
): MeasureResult {
  const name = target.name as ExportTarget;
  const custom = options.tokenizer;
  const result = emptyMeasurement(name, tokenizerName(custom));
  const validation = validateEnvelope(envelope);
  if (!validation.valid) {
    result.errors.push(...validation.errors);
    return result;
  }
  const valid = envelope as Envelope;
  const exportOptions = options.exportOptions ?? {};
  const conversation = assemble(valid, assembleOptionsOf(target, exportOptions, valid.model));
  const rendered = target.render(conversation, exportOptions);
  const count = safeCounter(custom, result.warnings);
  const fixedImageTokens =
    options.imageTokens === undefined ? undefined : Math.max(0, Number(options.imageTokens)) || 0;
  const model = exportOptions.model ?? valid.model ?? '';
  const provider = imageProvider(name, model);
  const images = result.images;
  const imageCost = (ref: SegmentRef | undefined): number => {
    images.count++;
    if (fixedImageTokens !== undefined) {
      images.rule = 'fixed';
      return fixedImageTokens;
    }
    const segment = ref && valid.messages[ref.message].segments[ref.segment];
    const media = segment?.kind === 'media' ? segment : undefined;
    const size = media ? imagePixelSize(media.url) : undefined;
    const count = countImage(provider, size, media?.detail, model);
    images.rule = count.rule;
    if (count.unsized) images.unsized++;
    if (count.auto) images.auto++;
    return count.tokens;
  };

  result.byMessage = valid.messages.map((message) => ({
    id: message.id,
    role: message.role,
    characters: 0,
    tokens: 0,
    overhead: size(),
    segments: message.segments.map((segment, index) => ({
      index,
      kind: segment.kind,
      bucket: bucketOf(segment, message),
      characters: 0,
      tokens: 0,
    })),
  }));
  const trace = traceSegments(valid, conversation, exportOptions.timeZone);
  const envelopeOverhead = size();

  const addTo = (into: ContextSize, characters: number, tokens: number) => {
    into.characters += characters;
    into.tokens += tokens;
  };
  const charge = (ref: SegmentRef | undefined, text: string, tokens = count(text)) => {
    if (!ref) return chargeOverhead(undefined, text);
    addTo(result.byMessage[ref.message].segments[ref.segment], text.length, tokens);
  };
  const chargeOverhead = (messageIndex: number | undefined, text: string) => {
    if (text === '') return;
    const where =
      messageIndex === undefined ? envelopeOverhead : result.byMessage[messageIndex].overhead;
    addTo(where, text.length, count(text));
  };

  const [nextCall, nextResult, nextTool, nextImage] = [
    trace.calls,
    trace.results,
    trace.tools,
    trace.images,
  ].map(queue);
  for (const slot of bodySlots(name, rendered, conversation)) {
    switch (slot.type) {
      case 'call':
        charge(nextCall(), slot.text);
        break;
      case 'result':
        charge(nextResult(), slot.text);
        break;
      case 'tool':
        charge(nextTool(), slot.text);
        break;
      case 'image': {
        const ref = nextImage();
        charge(ref, '', imageCost(ref));
        break;
      }
      case 'text': {
        const pending = slot.system ? trace.systemTexts : trace.turnTexts;
        const sources = [
          ...new Set(
            rendered.sourcesAt(slot.path).flatMap((id) => trace.messageIndex.get(id) ?? []),
          ),
        ].sort((a, b) => a - b);
        const { claimed, leftover } = claim(slot.text, pending, sources);
        for (const piece of claimed) charge(piece.ref, piece.text);
        const owners = new Set(claimed.map((p) => p.ref.message));
        const owner =
          owners.size === 1 ? [...owners][0] : sources.length === 1 ? sources[0] : undefined;
        chargeOverhead(owner, leftover);
        break;
      }
    }
  }

  // What the body did not carry as text of its own: thinking and provider-run tools (see above).
  for (const pending of [...trace.turnTexts.values(), ...trace.systemTexts.values()])
    for (const piece of pending) if (piece.direct) charge(piece.ref, piece.text);
  for (const { ref, length } of trace.opaque)
    addTo(
      result.byMessage[ref.message].segments[ref.segment],
      length,
      estimateOpaqueTokens(length),
    );

  for (const message of result.byMessage) {
    for (const segment of message.segments) {
      addTo(message, segment.characters, segment.tokens);
      addTo(result.byKind[segment.bucket], segment.characters, segment.tokens);
    }
    addTo(message, message.overhead.characters, message.overhead.tokens);
    addTo(result.overhead, message.overhead.characters, message.overhead.tokens);
  }
  addTo(result.overhead, envelopeOverhead.characters, envelopeOverhead.tokens);
  for (const bucket of MEASURE_BUCKETS)
    addTo(result.total, result.byKind[bucket].characters, result.byKind[bucket].tokens);
  addTo(result.total, result.overhead.characters, result.overhead.tokens);
  return result;
}

function queue<T>(items: T[]): () => T | undefined {
  let next = 0;
  return () => items[next++];
}

export function tokenizerName(tokenizer: Tokenizer | undefined): string {
  try {
    const name = tokenizer?.name;
    return typeof name === 'string' && name !== '' ? name : estimateTokenizer.name;
  } catch {
    return estimateTokenizer.name;
  }
}

/** The tokenizer's count, or the estimate (once warned) when it throws or returns no count. */
function safeCounter(tokenizer: Tokenizer | undefined, warnings: MeasureWarning[]) {
  if (!tokenizer || typeof tokenizer.count !== 'function')
    return (t: string) => estimateTokenizer.count(t);
  return (text: string): number => {
    let tokens: unknown;
    try {
      tokens = tokenizer.count(text);
    } catch {
      tokens = undefined;
    }
    if (typeof tokens === 'number' && Number.isFinite(tokens) && tokens >= 0)
      return Math.round(tokens);
    if (warnings.length === 0) {
      warnings.push({
        code: 'tokenizer-failed',
        message: `The tokenizer '${tokenizerName(tokenizer)}' failed or returned no count; the built-in estimate is used where it did.`,
      });
    }
    return estimateTokenizer.count(text);
  };
}

function bucketOf(segment: Segment, message: Message): MeasureBucket {
  switch (segment.kind) {
    case 'system_prompt':
    case 'static_var':
      return 'system_prompt';
    case 'memory':
      return 'memory';
    case 'skills':
      return 'skills';
    case 'tool_overview':
      return 'tools';
    case 'tool_call_request':
    case 'tool_call_result':
      return 'tool_traffic';
    case 'document':
      return 'documents';
    case 'long_text':
      return 'long_text';
    case 'media':
      return 'media';
    default:
      return message.role === 'system' ? 'system_prompt' : 'history';
  }
}

interface SegmentRef {
  message: number;
  segment: number;
}

interface PendingText {
  ref: SegmentRef;
  text: string;
  /** Charged from the segment when no body text claims it (thinking, provider-run tools). */
  direct?: boolean;
}

/** What each segment writes and where it goes, in the order the request carries it. */
interface Trace {
  /** Message indexes by id (ids should be unique, but need not be). */
  messageIndex: Map<string, number[]>;
  /** Texts of the leading system text by message, in the order buildConversation joins them. */
  systemTexts: Map<number, PendingText[]>;
  /** Texts of the conversation's turns by message. */
  turnTexts: Map<number, PendingText[]>;
  calls: SegmentRef[];
  results: SegmentRef[];
  tools: SegmentRef[];
  images: SegmentRef[];
  /** Redacted or encrypted thinking: the length of its data. */
  opaque: { ref: SegmentRef; length: number }[];
}

/**
 * Mirrors buildConversation's decisions on the segment level. Tool calls, results, tool
 * declarations and images keep document order in every request, so they are matched by order;
 * texts are found in the exported strings (see `claim`).
 */
function traceSegments(envelope: Envelope, conversation: Conversation, timeZone = 'UTC'): Trace {
  const variables = new Map(Object.entries(staticVariables(envelope)));
  const trace: Trace = {
    messageIndex: new Map(),
    systemTexts: new Map(),
    turnTexts: new Map(),
    calls: [],
    results: [],
    tools: [],
    images: [],
    opaque: [],
  };
  // A message's texts go to the system text only when it is a leading system message: then no
  // turn of its own carries them.
  const withTurnText = new Set(
    conversation.turns.filter((t) => t.parts.length > 0).map((t) => t.sourceId),
  );
  envelope.messages.forEach((message, m) => {
    trace.messageIndex.set(message.id, [...(trace.messageIndex.get(message.id) ?? []), m]);
    const system: PendingText[] = [];
    const texts: PendingText[] = [];
    message.segments.forEach((segment, s) => {
      const ref = { message: m, segment: s };
      switch (segment.kind) {
        case 'system_prompt':
        case 'memory':
        case 'skills':
        case 'tool_overview':
          if (segment.kind === 'tool_overview') trace.tools.push(...segment.items.map(() => ref));
          system.push({ ref, text: renderStructural(segment, variables, message, []) });
          break;
        case 'text':
        case 'long_text':
          texts.push({ ref, text: segment.content });
          break;
        case 'document':
          texts.push({
            ref,
            text: documentText(segment),
          });
          break;
        case 'media':
          if (segment.mediaType === 'image' && message.role === 'user') trace.images.push(ref);
          else
            texts.push({ ref, text: `[${segment.mediaType}: ${segment.altText || segment.url}]` });
          break;
        case 'tool_call_request':
          if (segment.runBy === 'provider')
            texts.push({ ref, text: segment.toolName + jsonText(segment.arguments), direct: true });
          else trace.calls.push(ref);
          break;
        case 'tool_call_result':
          if (segment.runBy === 'provider')
            texts.push({
              ref,
              text: segment.structured ? jsonText(segment.structured) : segment.result,
              direct: true,
            });
          else trace.results.push(ref);
          break;
        case 'thinking': {
          for (const text of [...(segment.summary ?? []), segment.content])
            if (text !== '') texts.push({ ref, text, direct: true });
          const length =
            (segment.redactedData?.length ?? 0) + (segment.encryptedContent?.length ?? 0);
          if (length > 0) trace.opaque.push({ ref, length });
          break;
        }
        case 'state_change':
          // The line the model gets (headers and synthesized changes stay overhead).
          texts.push({
            ref,
            text: stateChangeLine(
              segment,
              clockTime(message.timestamp, timeZone),
              envelope.scene?.id,
            ),
          });
          break;
      }
    });
    if (withTurnText.has(message.id)) trace.turnTexts.set(m, texts);
    else system.push(...texts);
    trace.systemTexts.set(m, system);
  });
  return trace;
}

/** JSON text of a value the API sent as an object; '' for one that has none. */
function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/**
 * Finds the pending texts of the slot's messages in `text`, in order, and takes them off the
 * list; what remains of `text` is overhead. A text not found stays pending for a later string
 * (providers that split a message into blocks).
 */
function claim(
  text: string,
  pending: Map<number, PendingText[]>,
  sources: number[],
): { claimed: PendingText[]; leftover: string } {
  const claimed: PendingText[] = [];
  const spans: [number, number][] = [];
  let cursor = 0;
  for (const source of sources) {
    const texts = pending.get(source) ?? [];
    for (let i = 0; i < texts.length; i++) {
      const piece = texts[i];
      // Thinking and provider-run tools are only ever a body text of their own (a thought part).
      const at = piece.direct
        ? cursor === 0 && text === piece.text
          ? 0
          : -1
        : piece.text === ''
          ? cursor
          : text.indexOf(piece.text, cursor);
      if (at < 0) continue;
      claimed.push(piece);
      spans.push([at, at + piece.text.length]);
      cursor = at + piece.text.length;
      texts.splice(i--, 1);
    }
  }
  let leftover = '';
  let from = 0;
  for (const [start, end] of spans) {
    leftover += text.slice(from, start);
    from = end;
  }
  return { claimed, leftover: leftover + text.slice(from) };
}
