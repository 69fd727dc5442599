import { measureEnvelope } from '../../../core/insight/measure.js';
import type { Measuring, MeasuringPart } from './measuring.js';

/** measuring.ts in the one-file bundles, which hold measureEnvelope anyway: there from the start. */
const inside: Measuring = { measureEnvelope };
const part: MeasuringPart = { get: () => inside, load: () => Promise.resolve(inside) };
/** Every target's measuring is the one inside. */
export const measuring = (): MeasuringPart => part;
/** Nothing to hold: everything is inside. */
export const holdMeasuring = (): void => undefined;
