/** `exportEnvelope`: one envelope, validated, assembled and rendered for any target. */
import { assemble } from '../assembly/assemble.js';
import { composeAssembly } from '../assembly/compose.js';
import type { ExportWarning } from '../assembly/conversation.js';
import { isKnownTimeZone } from '../assembly/time.js';
import type { EnvelopeError } from '../protocol/issues.js';
import { jsonPreview } from '../protocol/json-value.js';
import type { Envelope } from '../protocol/types.js';
import { validateEnvelope } from '../protocol/validate.js';
import {
  assembleOptionsFor,
  EXPORT_TARGETS,
  isExportTarget,
  TARGETS,
  type ExportBodies,
  type ExportTarget,
} from './export-targets.js';
import type { OpenAIChatRequest } from './openai.js';
import type { RequestViolation } from './request-check.js';
import type { ExportOptions, Target } from './target.js';
import type { TraceRow } from '../assembly/registry.js';

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

/**
 * Exports an envelope as a provider request body: validate → compose (when components are
 * given) → assemble for the target's capabilities → render → check. Never throws: an invalid
 * envelope gives `body: null` with the validation errors; a valid one always gives the most
 * faithful body possible, and a warning naming the messages for every API rule the envelope
 * forces it to break.
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
    return failure(
      `Unknown export target ${jsonPreview(name)}; use one of ${EXPORT_TARGETS.join(', ')}.`,
    );
  }
  const validation = validateEnvelope(envelope);
  if (!validation.valid) return { body: null, warnings: [], errors: validation.errors, trace: [] };
  const valid = envelope as Envelope;
  const target = TARGETS[name] as Target<ExportBodies[T]>;
  try {
    const assembleOptions = assembleOptionsFor(name, options, valid.model);
    const conversation = options.components?.length
      ? composeAssembly(valid, options.components, assembleOptions).conversation
      : assemble(valid, assembleOptions);
    const rendered = target.render(conversation, options);
    const warnings = conversation.warnings.filter(
      (w) => target.carriesModel || w.code !== 'model-missing',
    );
    if (options.timeZone !== undefined && !isKnownTimeZone(options.timeZone)) {
      warnings.push({
        code: 'time-zone-unknown',
        message: `Unknown time zone '${options.timeZone}'; times are given in UTC.`,
        messageIds: [],
      });
    }
    warnings.push(...(rendered.warnings ?? []));
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
    return failure(`The request could not be built (${reason}).`);
  }
}

function failure(message: string): ExportResult<never> {
  return { body: null, warnings: [], errors: [{ path: '', keyword: 'input', message }], trace: [] };
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

/** Names the envelope messages behind a body path, so the warning says where to look. */
function violationWarning(v: RequestViolation, ids: string[]): ExportWarning {
  const where =
    ids.length > 0
      ? ` (from message${ids.length > 1 ? 's' : ''} ${ids.map((id) => `'${id}'`).join(', ')})`
      : '';
  const message = `${v.message.replace(/\.$/, '')}${where}. The API would reject this request.`;
  return { code: v.rule, message, messageIds: ids };
}
