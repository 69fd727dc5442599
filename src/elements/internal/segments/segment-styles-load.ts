/**
 * The styles of segments inside a message, loaded with the first view (message-segments.ts): the
 * first load of a page that draws messages carries none of them (17 kB, 4 kB gzip). The one-file
 * bundles hold them (segment-styles-load.bundle.ts); the split build has them in
 * <envelope-message>'s module.
 */
export const loadSegmentStyles = () => import('./segment-kind-styles.js');
