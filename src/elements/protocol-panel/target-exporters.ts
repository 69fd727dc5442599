import type { ExportResult } from '../../core/targets/export-pipeline.js';
import type { ExportOptions } from '../../core/targets/target.js';
import type { ExportTarget } from '../../core/targets/target-names.js';
import { onDemand } from '../internal/loading/on-demand.js';

/**
 * An export as the panel calls it, with exportEnvelope's options: a target's own function
 * (`exportToOpenAI` …, which `target` says nothing to and which is never given components), or
 * exportEnvelope itself.
 */
export type PanelExporter = (
  envelope: unknown,
  options: ExportOptions & { target: ExportTarget },
) => ExportResult;

/** A part loaded on demand (on-demand.ts), or already inside (the bundles' twin). */
export interface OnDemandPart<T> {
  get(): T | undefined;
  load(): Promise<T>;
}

/**
 * Each provider tab's export, the target's own entry point (`prompt-envelope/core/openai` …),
 * loaded the first time the tab (or its Trace) is shown: a panel that shows the OpenAI request
 * does not download the Anthropic, Gemini, Responses and OTel renderers. The one-file bundles
 * hold them all (target-exporters.bundle.ts); server rendering loads them before rendering
 * (ssr/render.ts).
 */
export const targetExporters: Record<ExportTarget, OnDemandPart<PanelExporter>> = {
  openai: onDemand(async () => (await import('../../core/openai.js')).exportToOpenAI),
  'openai-responses': onDemand(
    async () => (await import('../../core/openai-responses.js')).exportToOpenAIResponses,
  ),
  anthropic: onDemand(async () => (await import('../../core/anthropic.js')).exportToAnthropic),
  gemini: onDemand(async () => (await import('../../core/gemini.js')).exportToGemini),
  otel: onDemand(async () => (await import('../../core/otel.js')).exportToOTel),
};

/**
 * `exportEnvelope`, which carries every target and Prompt Studio's composer: loaded the first
 * time the panel is given components.
 */
export const composedExport: OnDemandPart<PanelExporter> = onDemand(
  async () => (await import('../../core/targets/export.js')).exportEnvelope,
);
