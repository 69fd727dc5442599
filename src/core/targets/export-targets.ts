/** The table of export targets, and the assembly each one renders. */
import { assemble, type Assembly } from '../assembly/assemble.js';
import type { Envelope } from '../protocol/types.js';
import { anthropic } from './anthropic/export.js';
import { assembleOptionsOf } from './export-pipeline.js';
import { gemini } from './gemini/export.js';
import { openAI } from './openai/export.js';
import { openAIResponses } from './openai-responses/export.js';
import { otel } from './otel/export.js';
import type { ExportBodies, ExportTarget } from './target-names.js';
import type { ExportOptions, Target } from './target.js';

export {
  EXPORT_TARGETS,
  isExportTarget,
  type ExportBodies,
  type ExportTarget,
} from './target-names.js';

export const TARGETS: { readonly [T in ExportTarget]: Target<ExportBodies[T]> } = {
  openai: openAI,
  'openai-responses': openAIResponses,
  anthropic,
  gemini,
  otel,
};

/** The assembly options of a target: the export options plus the target's capability. */
export const assembleOptionsFor = (
  target: ExportTarget,
  options: ExportOptions,
  envelopeModel: string | undefined,
) => assembleOptionsOf(TARGETS[target], options, envelopeModel);

/** The assembly a target renders. The envelope must be valid. */
export function assembleFor(
  envelope: Envelope,
  target: ExportTarget,
  options: ExportOptions = {},
): Assembly {
  return assemble(envelope, assembleOptionsFor(target, options, envelope.model));
}
