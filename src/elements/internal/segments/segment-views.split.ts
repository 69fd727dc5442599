/**
 * The code-split build's chunk of segment views (scripts/split-build.mjs): every view and the
 * segment styles, which a message loads with its first view, in one request, not one a kind.
 * Its twins segment-view-loaders.split.ts and segment-styles-load.split.ts load it.
 */
export { viewLoaders } from './segment-view-loaders.bundle.js';
export { loadSegmentStyles } from './segment-styles-load.bundle.js';
