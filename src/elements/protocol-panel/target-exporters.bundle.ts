import { exportEnvelope } from '../../core/targets/export.js';
import type { ExportTarget } from '../../core/targets/target-names.js';
import type { OnDemandPart, TargetExporter } from './target-exporters.js';

/**
 * target-exporters.ts in the one-file bundles, which hold every target and the composer
 * anyway: each target's export is exportEnvelope's (the same result, test/core/target-entries).
 */
const inside = <T>(part: T): OnDemandPart<T> => ({
  get: () => part,
  load: () => Promise.resolve(part),
});

const exporter = (target: ExportTarget) =>
  inside<TargetExporter>((envelope, options) => exportEnvelope(envelope, { ...options, target }));

export const targetExporters = {
  openai: exporter('openai'),
  'openai-responses': exporter('openai-responses'),
  anthropic: exporter('anthropic'),
  gemini: exporter('gemini'),
  otel: exporter('otel'),
};

export const composedExport = inside(exportEnvelope);
