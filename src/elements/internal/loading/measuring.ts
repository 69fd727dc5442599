import { onDemand } from './on-demand.js';

/**
 * `measureEnvelope`, loaded the first time an element measures: it exports the envelope for
 * every target to measure it (about 12 kB gzip the chat no longer loads up front). The chat measures after its first
 * paint anyway; `<context-meter>` shows its busy state for the moment it takes, and its
 * `updateComplete` waits for it. Server rendering loads it before rendering (ssr/render.ts).
 */
export const measuring = onDemand(async (): Promise<Measuring> => {
  const { measureEnvelope } = await import('../../../core/insight/measure.js');
  return { measureEnvelope };
});

/** What the elements take from the measuring (measuring.bundle.ts gives the same). */
export interface Measuring {
  measureEnvelope: typeof import('../../../core/insight/measure.js').measureEnvelope;
}
