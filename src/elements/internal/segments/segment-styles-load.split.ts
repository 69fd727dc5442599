/** segment-styles-load.ts in the code-split build: the styles come with the views' chunk. */
export const loadSegmentStyles = () =>
  import('./segment-views.split.js').then((chunk) => chunk.loadSegmentStyles());
