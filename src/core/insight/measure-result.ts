import type { EnvelopeError } from '../protocol/issues.js';
import type { Message, SegmentKind } from '../protocol/types.js';
import type { ExportTarget } from '../targets/export-targets.js';
import type { ImageTokenRule } from './image-tokens.js';

/*
 * What measureEnvelope gives, apart from measuring: the elements show a measurement (and the
 * chat decides whether to make one) with this module alone, and load the measuring itself,
 * with the export it runs, when it is needed.
 */

/** The categories of context size, in the order the meter draws them. */
export type MeasureBucket =
  | 'system_prompt'
  | 'memory'
  | 'skills'
  | 'tools'
  | 'history'
  | 'tool_traffic'
  | 'documents'
  | 'long_text'
  | 'media';

export const MEASURE_BUCKETS: readonly MeasureBucket[] = [
  'system_prompt',
  'memory',
  'skills',
  'tools',
  'history',
  'tool_traffic',
  'documents',
  'long_text',
  'media',
];

export interface ContextSize {
  characters: number;
  tokens: number;
}

export interface SegmentSize extends ContextSize {
  /** The segment's index in its message. */
  index: number;
  kind: SegmentKind;
  bucket: MeasureBucket;
}

export interface MessageSize extends ContextSize {
  id: string;
  role: Message['role'];
  segments: SegmentSize[];
  /** Text of this message's exported parts that no segment wrote (blank-line joins, headers). */
  overhead: ContextSize;
}

/** How the images the request sends as images were counted. */
export interface ImageMeasure {
  /** Images the request sends as images. */
  count: number;
  /** Of them, those whose size the envelope does not give (only a `data:` URL's header does). */
  unsized: number;
  /** Of them, those OpenAI looks at in the resolution it chooses (`detail: "auto"`, or none). */
  auto: number;
  /** The provider's rule they were counted by (absent when there are none). */
  rule?: ImageTokenRule;
}

export interface MeasureWarning {
  code: string;
  message: string;
}

export interface MeasureResult {
  target: ExportTarget;
  /** The name of the tokenizer that counted (`estimate` for the built-in estimator). */
  tokenizer: string;
  /** Everything: the sum of `byKind` and `overhead`, and of `byMessage` and the envelope's own overhead. */
  total: ContextSize;
  byKind: Record<MeasureBucket, ContextSize>;
  /** One entry per envelope message, in order; each is the sum of its segments and its overhead. */
  byMessage: MessageSize[];
  /** Exported text that no segment wrote: joins, host headers, `Error: ` prefixes and the like. */
  overhead: ContextSize;
  /**
   * How images were counted. A count with `unsized` or `auto` images is an estimate: the meter
   * marks it so.
   */
  images: ImageMeasure;
  /** Why nothing was measured: validation errors or an unknown target. */
  errors: EnvelopeError[];
  warnings: MeasureWarning[];
}

/** A size of nothing, to add to. */
export const size = (): ContextSize => ({ characters: 0, tokens: 0 });

/** A measurement of nothing: zero everywhere, no messages (what an invalid input measures). */
export function emptyMeasurement(target: ExportTarget, tokenizer: string): MeasureResult {
  const byKind = Object.fromEntries(
    MEASURE_BUCKETS.map((b) => [b, size()]),
  ) as MeasureResult['byKind'];
  return {
    target,
    tokenizer,
    total: size(),
    byKind,
    byMessage: [],
    overhead: size(),
    images: { count: 0, unsized: 0, auto: 0 },
    errors: [],
    warnings: [],
  };
}
