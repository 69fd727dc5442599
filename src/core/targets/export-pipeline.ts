/**
 * The export pipeline every target shares: validate → compose (when components are given) →
 * assemble for the target's capabilities → render → check. A target's own entry point
 * (`prompt-envelope/core/openai` …) runs it with that target alone and no composer, so an app
 * that exports to one provider bundles one renderer and not Prompt Studio's composition;
 * `exportEnvelope` runs it with the table of every target and the composer.
 */
import { assemble, type AssembleOptions, type Assembly } from '../assembly/assemble.js';
import type { PromptComponent } from '../assembly/compose.js';
import type { ExportWarning, Turn } from '../assembly/conversation.js';
import type { TraceRow } from '../assembly/registry.js';
import { isKnownTimeZone } from '../assembly/time.js';
import type { EnvelopeError } from '../protocol/issues.js';
import type { Envelope } from '../protocol/types.js';
import { validateEnvelope } from '../protocol/validate.js';
import type { RequestViolation } from './request-check.js';
import { addRequestFields } from './request-fields.js';
import type { ExportOptions, Target } from './target.js';

export interface ExportResult<Body = unknown> {
  /** The request body, or null when the envelope is invalid (see `errors`). */
  body: Body | null;
  /** Everything that makes the body differ from what the envelope says, or that the API would refuse. */
  warnings: ExportWarning[];
  /** Why there is no body: the envelope's validation errors, or an unknown target. */
  errors: EnvelopeError[];
  /** One row per prompt segment (empty when there is no body). */
  trace: TraceRow[];
}

/** The options of one target's export function: those of `exportEnvelope` but `components`. */
export type TargetExportOptions = Omit<ExportOptions, 'components'>;

/** Applies Prompt Studio components to the assembled prompt (compose.ts's composeAssembly). */
export type Composer = (
  envelope: Envelope,
  components: readonly PromptComponent[],
  options: AssembleOptions,
) => { conversation: Assembly };

/** The assembly options of a target: the export options plus the target's capability. */
export function assembleOptionsOf(
  target: Target<unknown>,
  options: ExportOptions,
  envelopeModel: string | undefined,
): AssembleOptions {
  return {
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
    ...(options.registry === undefined ? {} : { registry: options.registry }),
    ...(options.maxSystemChars === undefined ? {} : { maxSystemChars: options.maxSystemChars }),
    midConversationSystem: target.midConversationSystem(options, options.model ?? envelopeModel),
  };
}

/**
 * Exports a (not yet validated) envelope with one target. Never throws on envelope content.
 * Components without a composer are refused rather than left out: the body would silently not
 * be the composed prompt the caller asked for.
 */
export function exportWith<Body>(
  target: Target<Body>,
  envelope: unknown,
  options: ExportOptions | undefined,
  compose?: Composer,
): ExportResult<Body> {
  const given: ExportOptions = options ?? {};
  const components = given.components?.length ? given.components : undefined;
  if (components && !compose) {
    return exportFailure(
      'Components are applied by exportEnvelope (prompt-envelope/core), not by one target.',
    );
  }
  const validation = validateEnvelope(envelope);
  if (!validation.valid) return { body: null, warnings: [], errors: validation.errors, trace: [] };
  const valid = envelope as Envelope;
  try {
    const assembleOptions = assembleOptionsOf(target, given, valid.model);
    const conversation =
      components && compose
        ? compose(valid, components, assembleOptions).conversation
        : assemble(valid, assembleOptions);
    const rendered = target.render(conversation, given);
    const warnings = conversation.warnings.filter(
      (w) => target.carriesModel || w.code !== 'model-missing',
    );
    if (given.timeZone !== undefined && !isKnownTimeZone(given.timeZone)) {
      warnings.push({
        code: 'time-zone-unknown',
        message: `Unknown time zone '${given.timeZone}'; times are given in UTC.`,
        messageIds: [],
      });
    }
    warnings.push(...(rendered.warnings ?? []));
    warnings.push(...addRequestFields(valid.request, target.name, rendered.body));
    warnings.push(...passThroughLeftOut(target, conversation.turns));
    for (const violation of target.check(rendered.body)) {
      // The conversation has already said that the model is missing.
      if (violation.rule === 'model-missing') continue;
      warnings.push(violationWarning(violation, rendered.sourcesAt(violation.path)));
    }
    return { body: rendered.body, warnings, errors: [], trace: conversation.trace };
  } catch (cause) {
    // A valid envelope that still cannot be built: a request longer than a JavaScript string
    // can hold, or an object that changed (a getter) since it was validated.
    const reason = cause instanceof Error ? cause.message : String(cause);
    return exportFailure(`The request could not be built (${reason}).`);
  }
}

/** Names each thinking or provider-run segment the target cannot send (one warning per message). */
function passThroughLeftOut(target: Target<unknown>, turns: readonly Turn[]): ExportWarning[] {
  const warnings: ExportWarning[] = [];
  for (const turn of turns) {
    const left = (turn.passThrough ?? []).filter((p) => !target.sends?.(p.segment));
    if (left.length === 0) continue;
    const thinking = left.filter((p) => p.segment.kind === 'thinking').length;
    const tools = left.length - thinking;
    const what = [
      thinking ? `${thinking} thinking segment${thinking > 1 ? 's' : ''}` : '',
      tools ? `${tools} provider-run tool segment${tools > 1 ? 's' : ''}` : '',
    ].filter(Boolean);
    warnings.push({
      code: thinking ? 'thinking-omitted' : 'provider-tool-omitted',
      message: `A ${target.name} body cannot carry the ${what.join(' and ')} of message '${turn.sourceId}'; ${left.length > 1 ? 'they are' : 'it is'} left out.`,
      messageIds: [turn.sourceId],
    });
  }
  return warnings;
}

/** A result without a body, for a reason that is not the envelope's validation. */
export function exportFailure(message: string): ExportResult<never> {
  return { body: null, warnings: [], errors: [{ path: '', keyword: 'input', message }], trace: [] };
}

/** Names the envelope messages behind a body path, so the warning says where to look. */
function violationWarning(v: RequestViolation, ids: string[]): ExportWarning {
  const where =
    ids.length > 0
      ? ` (from message${ids.length > 1 ? 's' : ''} ${ids.map((id) => `'${id}'`).join(', ')})`
      : '';
  const message = `${v.message.replace(/\.$/, '')}${where}. The API would reject this request.`;
  return { code: v.rule, message, messageIds: ids };
}
