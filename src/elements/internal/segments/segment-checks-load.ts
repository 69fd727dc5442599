/**
 * The JSON reader and validator of a standalone `<segment-*>` element, loaded before its first
 * draw: a page that shows one segment does not carry them in its first load (a message or a chat
 * holds them anyway). The one-file bundles hold them (segment-checks-load.bundle.ts).
 */
export const loadSegmentChecks = (): Promise<SegmentChecks> => import('./segment-checks.js');

export type SegmentChecks = typeof import('./segment-checks.js');
