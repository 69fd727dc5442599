import { EXPORT_TARGETS, isExportTarget, TARGETS } from '../targets/export-targets.js';
import { jsonPreview } from '../protocol/json-value.js';
import { emptyMeasurement, type MeasureResult } from './measure-result.js';
import { measureForTarget, tokenizerName, type MeasureOptions } from './measure-target.js';

export {
  MEASURE_BUCKETS,
  type ContextSize,
  type ImageMeasure,
  type MeasureBucket,
  type MeasureResult,
  type MeasureWarning,
  type MessageSize,
  type SegmentSize,
} from './measure-result.js';
export type { MeasureOptions } from './measure-target.js';

/**
 * Characters and estimated tokens of what the model really receives (SPEC §3.4): the envelope
 * is exported for `target` and every string the model reads is measured (the system text, each
 * tool declaration as serialized JSON, message texts, each tool call's name and JSON arguments,
 * each tool result as sent), then traced back to the segment that wrote it.
 *
 * - A segment's size is the text it adds to the request. `static_var` segments write nothing
 *   themselves: their values are counted in the system prompts they fill in. A `tool_overview`
 *   counts its lines in the system text and its declarations in `tools`.
 * - Buckets follow the segment kind; `text` in a system message counts as system prompt.
 * - Images sent as images count no characters (the URL is not what the model reads) and the
 *   tokens of the provider's documented rule (`imageTokens`): OpenAI's by `detail` and model,
 *   Anthropic's pixel formula, Gemini's tiles; OTel records follow the model's name. The size
 *   comes from a `data:` URL's header; without one the image counts as 1024 × 1024 pixels, and
 *   `images` says how many were estimated. Audio, video and images outside user messages are
 *   sent as a text line, which is what is counted.
 * - The model's thinking (1.1) counts as its message's history whether or not the target sends
 *   it back: its text and summary where the body carries them, else as the segment holds them;
 *   redacted or encrypted thinking by the length of its data (`estimateOpaqueTokens`).
 *   Provider-run calls and results count their name and arguments, and their result, the same
 *   way: only the API they came from carries them, in blocks of its own.
 * - Role markers and the providers' own chat templates are not counted: they are a few tokens per
 *   message and differ by model.
 *
 * Never throws: an invalid envelope gives zero sizes and `errors`; a tokenizer that throws or
 * returns nonsense is replaced by the estimate, with a warning.
 *
 * @example
 * ```ts
 * const size = measureEnvelope(envelope, { target: 'anthropic' });
 * console.log(size.total.tokens, size.byKind.memory.tokens);
 * ```
 */
export function measureEnvelope(envelope: unknown, options?: MeasureOptions | null): MeasureResult {
  options ??= {};
  const target = options.target ?? 'openai';
  if (!isExportTarget(target)) {
    const result = emptyMeasurement(target, tokenizerName(options.tokenizer));
    const message = `Unknown target ${jsonPreview(target)}; use one of ${EXPORT_TARGETS.join(', ')}.`;
    result.errors.push({ path: '', keyword: 'input', message });
    return result;
  }
  return measureForTarget(TARGETS[target], envelope, options);
}
