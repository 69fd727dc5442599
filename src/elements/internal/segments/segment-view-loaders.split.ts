import { SEGMENT_KINDS, type SegmentKind } from '../../../core/protocol/types.js';
import type { ViewClass } from './segment-view-loaders.js';

/** segment-view-loaders.ts in the code-split build: every view comes in one chunk. */
export const viewLoaders = Object.fromEntries(
  SEGMENT_KINDS.map((kind) => [
    kind,
    () => import('./segment-views.split.js').then((chunk) => chunk.viewLoaders[kind]()),
  ]),
) as Record<SegmentKind, () => Promise<ViewClass>>;
