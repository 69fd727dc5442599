/**
 * prompt-envelope/core/otel: the OpenTelemetry GenAI record export alone, for an app that exports
 * to this one target. It bundles this target's renderer and the shared pipeline, not the other
 * targets nor Prompt Studio's composition (components go through `exportEnvelope`).
 */
import {
  exportWith,
  type ExportResult,
  type TargetExportOptions,
} from './targets/export-pipeline.js';
import { otel, type OTelGenAIRecord } from './targets/otel/export.js';

export type { ExportResult, TargetExportOptions } from './targets/export-pipeline.js';
export {
  checkOTelRecord,
  type OTelGenAIRecord,
  type OTelMessage,
  type OTelPart,
  type OTelToolDefinition,
} from './targets/otel/export.js';

/**
 * Exports an envelope as the OpenTelemetry GenAI record record, exactly as `exportEnvelope` with
 * `target: 'otel'` does: validated, assembled, rendered and checked. Never throws: an invalid
 * envelope gives `body: null` and its errors. Components are refused with an error (compose with
 * `exportEnvelope`).
 *
 * @example
 * ```ts
 * const { body: record } = exportToOTel(envelope);
 * ```
 */
export function exportToOTel(
  envelope: unknown,
  options?: TargetExportOptions,
): ExportResult<OTelGenAIRecord> {
  return exportWith(otel, envelope, options);
}
