import { measureEnvelope } from '../../../core/insight/measure.js';
import type { Measuring } from './measuring.js';

/** measuring.ts in the one-file bundles, which hold measureEnvelope anyway: there from the start. */
const inside: Measuring = { measureEnvelope };
export const measuring = { get: () => inside, load: () => Promise.resolve(inside) };
