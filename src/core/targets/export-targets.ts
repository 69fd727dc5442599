/** The table of export targets, and the assembly each one renders. */
import { assemble, type AssembleOptions, type Assembly } from '../assembly/assemble.js';
import type { Envelope } from '../protocol/types.js';
import { anthropic, type AnthropicRequest } from './anthropic.js';
import { gemini, type GeminiRequest } from './gemini.js';
import { openAI, type OpenAIChatRequest } from './openai.js';
import { openAIResponses, type OpenAIResponsesRequest } from './openai-responses.js';
import { otel, type OTelGenAIRecord } from './otel.js';
import type { ExportOptions, Target } from './target.js';

/** The request body each export target produces. */
export interface ExportBodies {
  openai: OpenAIChatRequest;
  'openai-responses': OpenAIResponsesRequest;
  anthropic: AnthropicRequest;
  gemini: GeminiRequest;
  otel: OTelGenAIRecord;
}

export type ExportTarget = keyof ExportBodies;

export const TARGETS: { readonly [T in ExportTarget]: Target<ExportBodies[T]> } = {
  openai: openAI,
  'openai-responses': openAIResponses,
  anthropic,
  gemini,
  otel,
};

export const EXPORT_TARGETS = Object.keys(TARGETS) as readonly ExportTarget[];

export function isExportTarget(value: unknown): value is ExportTarget {
  return typeof value === 'string' && Object.hasOwn(TARGETS, value);
}

/** The assembly options of a target: the export options plus the target's capability. */
export function assembleOptionsFor(
  target: ExportTarget,
  options: ExportOptions,
  envelopeModel: string | undefined,
): AssembleOptions {
  return {
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
    ...(options.registry === undefined ? {} : { registry: options.registry }),
    ...(options.maxSystemChars === undefined ? {} : { maxSystemChars: options.maxSystemChars }),
    midConversationSystem: TARGETS[target].midConversationSystem(
      options,
      options.model ?? envelopeModel,
    ),
  };
}

/** The assembly a target renders. The envelope must be valid. */
export function assembleFor(
  envelope: Envelope,
  target: ExportTarget,
  options: ExportOptions = {},
): Assembly {
  return assemble(envelope, assembleOptionsFor(target, options, envelope.model));
}
