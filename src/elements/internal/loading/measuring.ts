import type { MeasureOptions } from '../../../core/insight/measure-target.js';
import type { ExportTarget } from '../../../core/targets/target-names.js';
import type { Target } from '../../../core/targets/target.js';
import { onDemand } from './on-demand.js';

/** What the elements take from the measuring (measuring.bundle.ts gives the same). */
export interface Measuring {
  measureEnvelope: typeof import('../../../core/insight/measure.js').measureEnvelope;
}

/** A part loaded on demand, or held from the start (the bundles' twin, server rendering). */
export interface MeasuringPart {
  get(): Measuring | undefined;
  load(): Promise<Measuring>;
}

/** Each target's definition, which measuring for it exports the envelope with. */
const TARGET_DEFINITIONS: Record<ExportTarget, () => Promise<Target<unknown>>> = {
  openai: async () => (await import('../../../core/targets/openai/export.js')).openAI,
  'openai-responses': async () =>
    (await import('../../../core/targets/openai-responses/export.js')).openAIResponses,
  anthropic: async () => (await import('../../../core/targets/anthropic/export.js')).anthropic,
  gemini: async () => (await import('../../../core/targets/gemini/export.js')).gemini,
  otel: async () => (await import('../../../core/targets/otel/export.js')).otel,
};

const parts = new Map<string, MeasuringPart>();
let held: Measuring | undefined;

/**
 * `measureEnvelope` for `target`, loaded the first time an element measures for it, with that
 * target's renderer only: the chat's meter (OpenAI's request) does not download the other
 * providers' (about 11 kB gzip). The chat measures after its first paint anyway;
 * `<context-meter>` shows its busy state for the moment it takes, and its `updateComplete` waits
 * for it. An unknown target loads measureEnvelope itself, which says what is wrong.
 */
export function measuring(target: string): MeasuringPart {
  if (held) return { get: () => held, load: () => Promise.resolve(held!) };
  let part = parts.get(target);
  if (!part) {
    part = onDemand(async (): Promise<Measuring> => {
      if (!Object.hasOwn(TARGET_DEFINITIONS, target))
        return import('../../../core/insight/measure.js');
      const [{ measureForTarget }, definition] = await Promise.all([
        import('../../../core/insight/measure-target.js'),
        TARGET_DEFINITIONS[target as ExportTarget](),
      ]);
      return {
        measureEnvelope: (envelope: unknown, options?: MeasureOptions | null) =>
          measureForTarget(definition, envelope, options ?? {}),
      };
    });
    parts.set(target, part);
  }
  return part;
}

/** Server rendering holds the whole measuring from the start (server-parts.ts). */
export function holdMeasuring(measuring: Measuring): void {
  held = measuring;
}
