import { runOffloadJob } from './offload-jobs.js';
import type { OffloadJobs } from './offload-jobs-load.js';

/** offload-jobs-load.ts in the one-file bundles, which hold the jobs anyway. */
const inside: OffloadJobs = { runOffloadJob };
export const loadOffloadJobs = () => Promise.resolve(inside);
