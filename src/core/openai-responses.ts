/**
 * prompt-envelope/core/openai-responses: the OpenAI Responses export alone, for an app that exports
 * to this one target. It bundles this target's renderer and the shared pipeline, not the other
 * targets nor Prompt Studio's composition (components go through `exportEnvelope`).
 */
import {
  exportWith,
  type ExportResult,
  type TargetExportOptions,
} from './targets/export-pipeline.js';
import { openAIResponses, type OpenAIResponsesRequest } from './targets/openai-responses/export.js';

export type { ExportResult, TargetExportOptions } from './targets/export-pipeline.js';
export {
  checkOpenAIResponsesRequest,
  type ItemBookkeeping,
  type OpenAIResponsesBuiltInItem,
  type OpenAIResponsesFunctionCall,
  type OpenAIResponsesFunctionCallOutput,
  type OpenAIResponsesFunctionTool,
  type OpenAIResponsesInputPart,
  type OpenAIResponsesItem,
  type OpenAIResponsesMessage,
  type OpenAIResponsesOutputPart,
  type OpenAIResponsesOutputText,
  type OpenAIResponsesReasoning,
  type OpenAIResponsesRequest,
  type OpenAIResponsesTool,
} from './targets/openai-responses/export.js';

/**
 * Exports an envelope as the OpenAI Responses request body, exactly as `exportEnvelope` with
 * `target: 'openai-responses'` does: validated, assembled, rendered and checked. Never throws: an invalid
 * envelope gives `body: null` and its errors. Components are refused with an error (compose with
 * `exportEnvelope`).
 *
 * @example
 * ```ts
 * const { body } = exportToOpenAIResponses(envelope, { model: 'gpt-4.1' });
 * ```
 */
export function exportToOpenAIResponses(
  envelope: unknown,
  options?: TargetExportOptions,
): ExportResult<OpenAIResponsesRequest> {
  return exportWith(openAIResponses, envelope, options);
}
