import { checkAnthropicRequest, renderAnthropic, type AnthropicRequest } from './anthropic.js';
import { checkOpenAIRequest, type RequestViolation } from './check-openai.js';
import type { SegmentRegistry, TraceRow } from './assemble.js';
import { assembleFor } from './assemble-for.js';
import { composeAssembly, type PromptComponent } from './compose.js';
import type { Conversation, ExportWarning } from './conversation.js';
import { checkGeminiRequest, renderGemini, type GeminiRequest } from './gemini.js';
import type { EnvelopeError } from './issues.js';
import { renderOpenAI, type OpenAIChatRequest } from './openai.js';
import { checkOTelRecord, renderOTel, type OTelGenAIRecord } from './otel.js';
import type { Envelope } from './protocol.js';
import { isKnownTimeZone, type MidConversationSystem, type Rendered } from './render-common.js';
export { assembleFor, targetMidConversationSystem } from './assemble-for.js';
import { validateEnvelope } from './validate.js';

/** The request body each export target produces. */
export interface ExportBodies {
  openai: OpenAIChatRequest;
  anthropic: AnthropicRequest;
  gemini: GeminiRequest;
  otel: OTelGenAIRecord;
}

export type ExportTarget = keyof ExportBodies;

export const EXPORT_TARGETS: readonly ExportTarget[] = ['openai', 'anthropic', 'gemini', 'otel'];

export interface ExportOptions {
  /** Overrides the envelope's model (OpenAI and Anthropic bodies; Gemini puts it in the URL). */
  model?: string;
  /** Anthropic's required `max_tokens` (default 1024). */
  maxTokens?: number;
  /** IANA time zone of times in host headers (default UTC). */
  timeZone?: string;
  /**
   * Overrides where events and later system messages go: `system`, `developer` (OpenAI o-series
   * default) or `none` (a user message whose header names the host, as Anthropic and Gemini
   * always do). Only OpenAI has a choice; the others ignore it.
   */
  midConversationSystem?: MidConversationSystem;
  /** A host's own prompt segments, rendered together with the built-in ones (SPEC §3.6). */
  registry?: SegmentRegistry;
  /** Drops `preferred` system-text segments, lowest weight first, until the system text fits. */
  maxSystemChars?: number;
  /** Prompt Studio components applied to the assembled prompt (SPEC §3.7). */
  components?: readonly PromptComponent[];
}

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

interface Target<Body> {
  render(
    conversation: Conversation,
    options: ExportOptions,
  ): Rendered<Body> & { warnings?: ExportWarning[] };
  check(body: unknown): RequestViolation[];
}

/** One pipeline, four renderings: every target gets the same content decisions. */
const TARGETS: { [T in ExportTarget]: Target<ExportBodies[T]> } = {
  openai: { render: (c) => renderOpenAI(c), check: checkOpenAIRequest },
  anthropic: { render: renderAnthropic, check: checkAnthropicRequest },
  gemini: { render: (c) => renderGemini(c), check: checkGeminiRequest },
  otel: { render: (c) => renderOTel(c), check: checkOTelRecord },
};

/** The rule names that say the same as a warning the shared conversation already gave. */
const ALREADY_WARNED = new Set(['model-missing']);

/**
 * Exports an envelope as a provider request body. Never throws: an invalid envelope gives
 * `body: null` with the validation errors; a valid one always gives the most faithful body
 * possible, and a warning naming the messages for every API rule the envelope forces it to break.
 */
export function exportEnvelope<T extends ExportTarget>(
  envelope: unknown,
  options: ExportOptions & { target: T },
): ExportResult<ExportBodies[T]> {
  const target = options?.target;
  if (!EXPORT_TARGETS.includes(target)) {
    const message = `Unknown export target ${JSON.stringify(target)}; use one of ${EXPORT_TARGETS.join(', ')}.`;
    return {
      body: null,
      warnings: [],
      errors: [{ path: '', keyword: 'input', message }],
      trace: [],
    };
  }
  const validation = validateEnvelope(envelope);
  if (!validation.valid) return { body: null, warnings: [], errors: validation.errors, trace: [] };
  try {
    return exportValid(envelope as Envelope, options);
  } catch (cause) {
    // A valid envelope that still cannot be built: a request longer than a JavaScript string
    // can hold, or an object that changed (a getter) since it was validated.
    const reason = cause instanceof Error ? cause.message : String(cause);
    return {
      body: null,
      warnings: [],
      errors: [
        { path: '', keyword: 'input', message: `The request could not be built (${reason}).` },
      ],
      trace: [],
    };
  }
}

function exportValid<T extends ExportTarget>(
  envelope: Envelope,
  options: ExportOptions & { target: T },
): ExportResult<ExportBodies[T]> {
  const target = options.target;

  const conversation =
    options.components && options.components.length > 0
      ? composeAssembly(envelope, options.components, target, options).conversation
      : assembleFor(envelope, target, options);
  const warnings = [...conversation.warnings];
  if (target === 'gemini' || target === 'otel') {
    // Neither body carries a model, so a missing one is no problem of the body.
    const index = warnings.findIndex((w) => w.code === 'model-missing');
    if (index >= 0) warnings.splice(index, 1);
  }
  if (options.timeZone !== undefined && !isKnownTimeZone(options.timeZone)) {
    warnings.push({
      code: 'time-zone-unknown',
      message: `Unknown time zone '${options.timeZone}'; times are given in UTC.`,
      messageIds: [],
    });
  }
  const { render, check } = TARGETS[target] as Target<ExportBodies[T]>;
  const rendered = render(conversation, options);
  warnings.push(...(rendered.warnings ?? []));
  for (const violation of check(rendered.body)) {
    if (ALREADY_WARNED.has(violation.rule)) continue;
    warnings.push(violationWarning(violation, rendered.sourcesAt(violation.path)));
  }
  return { body: rendered.body, warnings, errors: [], trace: conversation.trace };
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
function violationWarning(v: RequestViolation, ids: string[]): ExportWarning {
  const where =
    ids.length > 0
      ? ` (from message${ids.length > 1 ? 's' : ''} ${ids.map((id) => `'${id}'`).join(', ')})`
      : '';
  const message = `${v.message.replace(/\.$/, '')}${where}. The API would reject this request.`;
  return { code: v.rule, message, messageIds: ids };
}
