import { checkOpenAIRequest, type RequestViolation } from './check-openai.js';
import { buildConversation, type ExportWarning } from './conversation.js';
import type { EnvelopeError } from './issues.js';
import { fromPointer } from './issues.js';
import { renderOpenAI, type OpenAIChatRequest } from './openai.js';
import type { Envelope } from './protocol.js';
import { validateEnvelope } from './validate.js';

export type ExportTarget = 'openai';

export const EXPORT_TARGETS: readonly ExportTarget[] = ['openai'];

export interface ExportOptions {
  /** Overrides the envelope's model. */
  model?: string;
  /** OpenAI: role of system text; defaults to `developer` for o-series models, else `system`. */
  systemRole?: 'system' | 'developer';
}

export interface ExportResult<Body = OpenAIChatRequest> {
  /** The request body, or null when the envelope is invalid (see `errors`). */
  body: Body | null;
  /** Everything that makes the body differ from what the envelope says, or that the API would refuse. */
  warnings: ExportWarning[];
  /** Why there is no body: the envelope's validation errors, or an unknown target. */
  errors: EnvelopeError[];
}

/**
 * Exports an envelope as a provider request body. Never throws: an invalid envelope gives
 * `body: null` with the validation errors; a valid one always gives the most faithful body
 * possible, and a warning naming the messages for every API rule the envelope forces it to break.
 */
export function exportEnvelope(
  envelope: unknown,
  options: ExportOptions & { target: ExportTarget },
): ExportResult {
  if (!EXPORT_TARGETS.includes(options?.target)) {
    const message = `Unknown export target ${JSON.stringify(options?.target)}; use one of ${EXPORT_TARGETS.join(', ')}.`;
    return { body: null, warnings: [], errors: [{ path: '', keyword: 'input', message }] };
  }
  const validation = validateEnvelope(envelope);
  if (!validation.valid) return { body: null, warnings: [], errors: validation.errors };

  const conversation = buildConversation(envelope as Envelope, { model: options.model });
  const { body, sourceIds } = renderOpenAI(conversation, { systemRole: options.systemRole });
  const violations = checkOpenAIRequest(body).filter((v) => v.rule !== 'model-missing');
  const toolSources = conversation.tools.map((t) => t.sourceId);
  const warnings = [
    ...conversation.warnings,
    ...violations.map((v) => violationWarning(v, sourceIds, toolSources)),
  ];
  return { body, warnings, errors: [] };
}

/**
 * The OpenAI Chat Completions request body `{ model, messages, tools? }` (SPEC §3.2). For an
 * invalid envelope the body has no messages; use `exportEnvelope` to get the reasons and warnings.
 */
export function exportToOpenAIFormat(
  envelope: Envelope,
  options: ExportOptions = {},
): OpenAIChatRequest {
  return exportEnvelope(envelope, { ...options, target: 'openai' }).body ?? { messages: [] };
}

/** Names the envelope messages behind a body path, so the warning says where to look. */
function violationWarning(
  v: RequestViolation,
  messageSources: string[][],
  toolSources: string[],
): ExportWarning {
  const [collection, index] = fromPointer(v.path);
  const ids =
    collection === 'messages'
      ? (messageSources[Number(index)] ?? [])
      : collection === 'tools'
        ? [toolSources[Number(index)]]
        : [];
  const where =
    ids.length > 0
      ? ` (from message${ids.length > 1 ? 's' : ''} ${ids.map((id) => `'${id}'`).join(', ')})`
      : '';
  const message = `${v.message.replace(/\.$/, '')}${where}. The API would reject this request.`;
  return { code: v.rule, message, messageIds: ids.filter((id) => id !== undefined) };
}
