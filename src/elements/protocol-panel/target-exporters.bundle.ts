import { exportEnvelope } from '../../core/targets/export.js';
import type { OnDemandPart, PanelExporter } from './target-exporters.js';

/**
 * target-exporters.ts in the one-file bundles, which hold every target and the composer anyway:
 * each tab's export is exportEnvelope (the same result, test/core/target-entries).
 */
const inside: OnDemandPart<PanelExporter> = {
  get: () => exportEnvelope,
  load: () => Promise.resolve(exportEnvelope),
};

export const targetExporters = {
  openai: inside,
  'openai-responses': inside,
  anthropic: inside,
  gemini: inside,
  otel: inside,
};

export const composedExport = inside;
