/**
 * prompt-envelope/core/anthropic: the Anthropic Messages export alone, for an app that exports
 * to this one target. It bundles this target's renderer and the shared pipeline, not the other
 * targets nor Prompt Studio's composition (components go through `exportEnvelope`).
 */
import {
  exportWith,
  type ExportResult,
  type TargetExportOptions,
} from './targets/export-pipeline.js';
import { anthropic, type AnthropicRequest } from './targets/anthropic/export.js';

export type { ExportResult, TargetExportOptions } from './targets/export-pipeline.js';
export {
  checkAnthropicRequest,
  type AnthropicBlock,
  type AnthropicCacheControl,
  type AnthropicImageType,
  type AnthropicMessage,
  type AnthropicRequest,
  type AnthropicTextBlock,
  type AnthropicTool,
  type AnthropicVerbatimBlock,
} from './targets/anthropic/export.js';

/**
 * Exports an envelope as the Anthropic Messages request body, exactly as `exportEnvelope` with
 * `target: 'anthropic'` does: validated, assembled, rendered and checked. Never throws: an invalid
 * envelope gives `body: null` and its errors. Components are refused with an error (compose with
 * `exportEnvelope`).
 *
 * @example
 * ```ts
 * const { body, warnings } = exportToAnthropic(envelope, { maxTokens: 2048 });
 * ```
 */
export function exportToAnthropic(
  envelope: unknown,
  options?: TargetExportOptions,
): ExportResult<AnthropicRequest> {
  return exportWith(anthropic, envelope, options);
}
