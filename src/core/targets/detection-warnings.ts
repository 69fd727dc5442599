/**
 * The codes of the warnings format detection gives (import-detect.ts): they say what a body was
 * read as, not what changed in it. A module of its own, so that comparing an export with its
 * log (insight/log-compare.ts) does not carry the detection.
 */
export const DETECTION_WARNINGS = ['format-guessed', 'format-mixed'] as const;
export type DetectionWarningCode = (typeof DETECTION_WARNINGS)[number];
