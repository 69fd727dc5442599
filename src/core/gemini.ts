/**
 * prompt-envelope/core/gemini: the Gemini generateContent export alone, for an app that exports
 * to this one target. It bundles this target's renderer and the shared pipeline, not the other
 * targets nor Prompt Studio's composition (components go through `exportEnvelope`).
 */
import {
  exportWith,
  type ExportResult,
  type TargetExportOptions,
} from './targets/export-pipeline.js';
import { gemini, type GeminiRequest } from './targets/gemini/export.js';

export type { ExportResult, TargetExportOptions } from './targets/export-pipeline.js';
export {
  checkGeminiRequest,
  type GeminiContent,
  type GeminiFunctionCall,
  type GeminiFunctionDeclaration,
  type GeminiPart,
  type GeminiRequest,
  type GeminiTool,
} from './targets/gemini/export.js';

/**
 * Exports an envelope as the Gemini generateContent request body, exactly as `exportEnvelope` with
 * `target: 'gemini'` does: validated, assembled, rendered and checked. Never throws: an invalid
 * envelope gives `body: null` and its errors. Components are refused with an error (compose with
 * `exportEnvelope`).
 *
 * @example
 * ```ts
 * const { body } = exportToGemini(envelope);
 * ```
 */
export function exportToGemini(
  envelope: unknown,
  options?: TargetExportOptions,
): ExportResult<GeminiRequest> {
  return exportWith(gemini, envelope, options);
}
