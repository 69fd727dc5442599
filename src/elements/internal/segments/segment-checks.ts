/** What a standalone segment element checks its input with (segment-checks-load.ts). */
export { parseJson } from '../../../core/protocol/parse.js';
export { validateSegment } from '../../../core/protocol/validate.js';
