/**
 * The code-split build's chunk of segment views (scripts/split-build.mjs): every view but the
 * text view (which comes with <envelope-message>), in one request, not one a kind. Its twin
 * segment-view-loaders.split.ts loads it.
 */
export { viewLoaders } from './segment-view-loaders.bundle.js';
