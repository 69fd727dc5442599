import { onDemand } from '../internal/loading/on-demand.js';

/**
 * `<context-meter>`, defined the first time the chat shows its figures in the header (with the
 * measuring, which loads on first use too): a chat that is never measured does not carry the
 * meter's 2.5 kB gzip. Server rendering draws no figures (the chat measures after its first
 * paint). The one-file bundles define every element anyway (meter-element.bundle.ts).
 */
export const meterElement = onDemand(() => import('../context-meter/context-meter.js'));
