import * as checks from './segment-checks.js';
import type { SegmentChecks } from './segment-checks-load.js';

/** segment-checks-load.ts in the one-file bundles, which hold the checks anyway. */
export const loadSegmentChecks = (): Promise<SegmentChecks> => Promise.resolve(checks);
