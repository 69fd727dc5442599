import { exportToAnthropic } from '../../core/anthropic.js';
import { exportToGemini } from '../../core/gemini.js';
import { exportToOpenAI } from '../../core/openai.js';
import { exportToOpenAIResponses } from '../../core/openai-responses.js';
import { exportToOTel } from '../../core/otel.js';
import { exportEnvelope } from '../../core/targets/export.js';
import type { OnDemandPart } from './target-exporters.js';

/** target-exporters.ts in the one-file bundles, which hold every target anyway. */
const inside = <T>(part: T): OnDemandPart<T> => ({
  get: () => part,
  load: () => Promise.resolve(part),
});

export const targetExporters = {
  openai: inside(exportToOpenAI),
  'openai-responses': inside(exportToOpenAIResponses),
  anthropic: inside(exportToAnthropic),
  gemini: inside(exportToGemini),
  otel: inside(exportToOTel),
};

export const composedExport = inside(exportEnvelope);
