/** `exportEnvelope`: one envelope, validated, assembled and rendered for any target. */
import { composeAssembly } from '../assembly/compose.js';
import { jsonPreview } from '../protocol/json-value.js';
import type { Envelope } from '../protocol/types.js';
import {
  EXPORT_TARGETS,
  isExportTarget,
  TARGETS,
  type ExportBodies,
  type ExportTarget,
} from './export-targets.js';
import { exportFailure, exportWith, type ExportResult } from './export-pipeline.js';
import type { OpenAIChatRequest } from './openai/export.js';
import type { ExportOptions, Target } from './target.js';

export type { ExportResult } from './export-pipeline.js';

/**
 * Exports an envelope as a provider request body: validate → compose (when components are
 * given) → assemble for the target's capabilities → render → check. Never throws: an invalid
 * envelope gives `body: null` with the validation errors; a valid one always gives the most
 * faithful body possible, and a warning naming the messages for every API rule the envelope
 * forces it to break. It carries every target and the composer; an app that exports to one
 * provider imports that target's function instead (`exportToAnthropic` from
 * `prompt-envelope/core/anthropic` …), which gives the same result.
 *
 * @example
 * ```ts
 * const { body, warnings } = exportEnvelope(envelope, { target: 'anthropic', maxTokens: 2048 });
 * ```
 */
export function exportEnvelope<T extends ExportTarget>(
  envelope: unknown,
  options: ExportOptions & { target: T },
): ExportResult<ExportBodies[T]> {
  const name = options?.target;
  if (!isExportTarget(name)) {
    return exportFailure(
      `Unknown export target ${jsonPreview(name)}; use one of ${EXPORT_TARGETS.join(', ')}.`,
    );
  }
  return exportWith(TARGETS[name] as Target<ExportBodies[T]>, envelope, options, composeAssembly);
}

/**
 * The OpenAI Chat Completions request body `{ model, messages, tools? }` (SPEC §3.2). For an
 * invalid envelope the body has no messages; use `exportEnvelope` to get the reasons and warnings.
 *
 * @example
 * ```ts
 * const request = exportToOpenAIFormat(envelope, { model: 'gpt-4o' });
 * await fetch('https://api.openai.com/v1/chat/completions', { method: 'POST', body: JSON.stringify(request) });
 * ```
 */
export function exportToOpenAIFormat(
  envelope: Envelope,
  options: ExportOptions = {},
): OpenAIChatRequest {
  return exportEnvelope(envelope, { ...options, target: 'openai' }).body ?? { messages: [] };
}
