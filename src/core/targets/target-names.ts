/**
 * The names of the export targets and the body each one produces, without their code: an element
 * that lists the targets (tabs, pickers) does not carry every renderer (export-targets.ts does).
 */
import type { AnthropicRequest } from './anthropic/export.js';
import type { GeminiRequest } from './gemini/export.js';
import type { OpenAIChatRequest } from './openai/export.js';
import type { OpenAIResponsesRequest } from './openai-responses/export.js';
import type { OTelGenAIRecord } from './otel/export.js';

/** The request body each export target produces. */
export interface ExportBodies {
  openai: OpenAIChatRequest;
  'openai-responses': OpenAIResponsesRequest;
  anthropic: AnthropicRequest;
  gemini: GeminiRequest;
  otel: OTelGenAIRecord;
}

export type ExportTarget = keyof ExportBodies;

/** Every export target, in the order tabs and pickers show them. */
export const EXPORT_TARGETS: readonly ExportTarget[] = Object.freeze([
  'openai',
  'openai-responses',
  'anthropic',
  'gemini',
  'otel',
] as const);

export function isExportTarget(value: unknown): value is ExportTarget {
  return typeof value === 'string' && (EXPORT_TARGETS as readonly string[]).includes(value);
}
