import { SEGMENT_KINDS, type SegmentKind } from '../../../core/protocol/types.js';
import type { ViewClass } from './segment-view-loaders.js';

/**
 * segment-view-loaders.ts in the code-split build: the text view comes with <envelope-message>'s
 * module (scripts/split-build.mjs), so a chat of text loads no other view; every other view comes
 * in one chunk, with the first message that draws one of them.
 */
export const viewLoaders = Object.fromEntries(
  SEGMENT_KINDS.map((kind) => [
    kind,
    kind === 'text'
      ? () => import('../../segment-text/segment-text.view.js').then((m) => m.TextView as ViewClass)
      : () => import('./segment-views.split.js').then((chunk) => chunk.viewLoaders[kind]()),
  ]),
) as Record<SegmentKind, () => Promise<ViewClass>>;
