import * as code from './trace-table.js';

/** trace-table-load.ts in the one-file bundles, which hold the table anyway. */
export const traceTable = { get: () => code, load: () => Promise.resolve(code) };

/** The table is here from the start. */
export const traceTableLoads = (): boolean => false;
