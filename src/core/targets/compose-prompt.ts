/** Prompt Studio's composition (SPEC §3.7) for a target: events go where that target sends them. */
import {
  composeValid,
  nativeComponents,
  type ComposeResult,
  type NativeComponent,
  type PromptComponent,
} from '../assembly/compose.js';
import type { SegmentRegistry } from '../assembly/registry.js';
import type { Envelope } from '../protocol/types.js';
import { validateEnvelope } from '../protocol/validate.js';
import { assembleOptionsFor, type ExportTarget } from './export-targets.js';

export interface ComposeOptions {
  /** Decides how events are sent (default `openai`). */
  target?: ExportTarget;
  timeZone?: string;
  model?: string;
  registry?: SegmentRegistry;
}

/**
 * Applies components to the envelope's assembled prompt (SPEC §3.7) and gives the final system
 * text, the message sequence and a plain-text preview of exactly what the model gets. Invalid
 * components are left out with a warning each; an invalid envelope gives its errors and nothing
 * else. Never throws.
 *
 * @example
 * ```ts
 * const { preview } = composePrompt(envelope, [
 *   { id: 'tone', kind: 'supplement', role: 'system', order: 0, enabled: true, template: 'Be brief.' },
 * ]);
 * ```
 */
export function composePrompt(
  envelope: unknown,
  components: readonly PromptComponent[],
  options: ComposeOptions = {},
): ComposeResult {
  const validation = validateEnvelope(envelope);
  if (!validation.valid)
    return { system: null, messages: [], preview: '', warnings: [], errors: validation.errors };
  const valid = envelope as Envelope;
  return composeValid(
    valid,
    components,
    assembleOptionsFor(options.target ?? 'openai', options, valid.model),
  );
}

/**
 * The native components of an envelope's assembled prompt, found automatically: each part of the
 * system text (`native:system_prompt:0` …, order = 10 × its place) and each context segment
 * injected into a message (documents and long texts, `native:document:0` …). `[]` when the
 * envelope is invalid.
 *
 * @example
 * ```ts
 * const overridable = listNativeComponents(envelope).map((native) => native.id);
 * ```
 */
export function listNativeComponents(
  envelope: unknown,
  options: ComposeOptions = {},
): NativeComponent[] {
  if (!validateEnvelope(envelope).valid) return [];
  const valid = envelope as Envelope;
  return nativeComponents(
    valid,
    assembleOptionsFor(options.target ?? 'openai', options, valid.model),
  );
}
