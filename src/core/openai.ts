/**
 * prompt-envelope/core/openai: the OpenAI Chat Completions export alone, for an app that exports
 * to this one target. It bundles this target's renderer and the shared pipeline, not the other
 * targets nor Prompt Studio's composition (components go through `exportEnvelope`).
 */
import {
  exportWith,
  type ExportResult,
  type TargetExportOptions,
} from './targets/export-pipeline.js';
import { openAI, type OpenAIChatRequest } from './targets/openai/export.js';

export type { ExportResult, TargetExportOptions } from './targets/export-pipeline.js';
export {
  checkOpenAIRequest,
  type OpenAIChatRequest,
  type OpenAIContentPart,
  type OpenAIMessage,
  type OpenAITextPart,
  type OpenAITool,
  type OpenAIToolCall,
} from './targets/openai/export.js';

/**
 * Exports an envelope as the OpenAI Chat Completions request body, exactly as `exportEnvelope` with
 * `target: 'openai'` does: validated, assembled, rendered and checked. Never throws: an invalid
 * envelope gives `body: null` and its errors. Components are refused with an error (compose with
 * `exportEnvelope`).
 *
 * @example
 * ```ts
 * const { body, warnings } = exportToOpenAI(envelope, { model: 'gpt-4o' });
 * ```
 */
export function exportToOpenAI(
  envelope: unknown,
  options?: TargetExportOptions,
): ExportResult<OpenAIChatRequest> {
  return exportWith(openAI, envelope, options);
}
