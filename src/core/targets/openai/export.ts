import {
  partsText,
  partText,
  type Conversation,
  type ContentPart,
  type ExportWarning,
  type MessageHints,
  type PassThroughSegment,
  type ToolDeclaration,
  type Turn,
} from '../../assembly/conversation.js';
import { jsonPreview, stringifyJson } from '../../protocol/json-value.js';
import { argumentsJson, pointerIndex, type Rendered } from '../render-common.js';
import {
  callList,
  checkToolName,
  declareToolName,
  isJsonObject as isObject,
  isToolName,
  listOf,
  requiredList,
  requireModel,
  startCheck,
  type AddViolation,
  type JsonObject,
  type RequestViolation,
} from '../request-check.js';
import type { Target } from '../target.js';

/**
 * The request body of OpenAI's Chat Completions API, as far as exports produce it. A tool that
 * a request declared with more than name, description and parameters (`strict`, a custom tool …)
 * comes back as the request wrote it (`ToolItem.declaration`); the request's other fields
 * (`Envelope.request`) are added by the export.
 */
export interface OpenAIChatRequest {
  model?: string;
  messages: OpenAIMessage[];
  tools?: OpenAITool[];
  /** The legacy `functions` list, for tools an imported request declared there. */
  functions?: OpenAITool['function'][];
}

/**
 * A Chat Completions message. `name` is OpenAI's author name, sent only when the envelope
 * message has one (protocol 1.1); on a tool message it is not in OpenAI's schema, but clients
 * send it, so an import keeps it and the export sends it back.
 */
export type OpenAIMessage =
  | { role: 'system' | 'developer'; content: string | OpenAITextPart[]; name?: string }
  | { role: 'user'; content: string | OpenAIContentPart[]; name?: string }
  | {
      role: 'assistant';
      /** Absent when the message said no content at all (`contentForm: 'none'`). */
      content?: string | OpenAITextPart[] | null;
      name?: string;
      tool_calls?: OpenAIToolCall[];
      /** The reasoning of OpenAI-compatible APIs (DeepSeek, Qwen …; Groq, OpenRouter …), sent back. */
      reasoning_content?: string;
      reasoning?: string;
      /** URL citations of the text (search models), as the API gave them. */
      annotations?: Record<string, unknown>[];
    }
  | { role: 'tool'; tool_call_id: string; content: string; name?: string };

export interface OpenAITextPart {
  type: 'text';
  text: string;
}

export type OpenAIContentPart =
  | OpenAITextPart
  | { type: 'image_url'; image_url: { url: string; detail?: 'auto' | 'low' | 'high' } };

export interface OpenAIToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface OpenAITool {
  type: 'function';
  function: {
    name: string;
    description: string;
    parameters: Record<string, unknown>;
    /** Sent when the request declared it (kept in `ToolItem.declaration`). */
    strict?: boolean;
  };
}

/** o1, o3, o4-mini …: OpenAI's reasoning models take `developer` messages instead of `system`. */
export function isOpenAIReasoningModel(model: string | undefined): boolean {
  return model !== undefined && /^o\d/.test(model);
}

/**
 * Renders an assembled conversation as a Chat Completions body. Later system messages and events
 * arrive as `system` turns when the assembly chose `system` or `developer` for them, and as user
 * messages with a host header when it chose `none`.
 */
export function renderOpenAI(
  conversation: Conversation,
): Rendered<OpenAIChatRequest> & { warnings?: ExportWarning[] } {
  // Read before the loop: V8 optimises the loop while it runs (on-stack replacement), and a
  // property first read after it deoptimised that code on every export of a long conversation.
  const { model, tools } = conversation;
  const mode = conversation.midConversationSystem;
  const systemRole =
    mode === 'system' || mode === 'developer'
      ? mode
      : isOpenAIReasoningModel(model)
        ? 'developer'
        : 'system';
  const messages: OpenAIMessage[] = [];
  const warnings: ExportWarning[] = [];
  // The source of each body message: one id, or the ids behind the leading system message.
  const sourceIds: (string | string[])[] = [];
  if (conversation.system !== null) {
    const hints = conversation.systemHints;
    messages.push(
      withHints({ role: hints?.originalRole ?? systemRole, content: conversation.system }, hints),
    );
    sourceIds.push(conversation.systemSourceIds);
  }
  for (const turn of conversation.turns) {
    sourceIds.push(turn.sourceId);
    switch (turn.role) {
      case 'system':
        messages.push(
          withHints(
            { role: turn.originalRole ?? systemRole, content: textContent(turn) ?? '' },
            turn,
          ),
        );
        break;
      case 'user':
        messages.push(withHints({ role: 'user', content: userContent(turn) }, turn));
        break;
      case 'assistant':
        messages.push(withHints(assistantMessage(turn, warnings), turn));
        break;
      case 'tool': {
        const result = turn.toolResult!;
        messages.push(
          withHints(
            {
              role: 'tool',
              tool_call_id: result.callId,
              content: result.success ? result.result : errorText(result.result),
            },
            turn,
          ),
        );
        break;
      }
    }
  }
  const body: OpenAIChatRequest = { ...(model === undefined ? {} : { model }), messages };
  // Tools of the legacy functions list go back there; OpenAI Chat runs no tools itself.
  const declared: ToolDeclaration[] = [];
  const functions: ToolDeclaration[] = [];
  for (const tool of tools) {
    if (tool.runBy !== undefined) {
      warnings.push({
        code: 'provider-tool-omitted',
        message: `OpenAI Chat Completions runs no tools itself; the provider-run tool '${tool.name}' is left out.`,
        messageIds: [tool.sourceId],
      });
    } else if (tool.declaredIn === 'functions') functions.push(tool);
    else declared.push(tool);
  }
  if (declared.length > 0) body.tools = declared.map(toolEntry);
  if (functions.length > 0)
    body.functions = functions.map((tool) =>
      tool.declaration && agrees(tool.declaration, tool)
        ? (tool.declaration as OpenAITool['function'])
        : functionOf(tool),
    );
  return {
    body,
    sourcesAt: (path) => {
      const m = pointerIndex(path, 'messages');
      if (m !== null) {
        const ids = sourceIds[m] ?? [];
        return typeof ids === 'string' ? [ids] : ids;
      }
      const t = pointerIndex(path, 'tools') ?? -1;
      const f = pointerIndex(path, 'functions') ?? -1;
      const tool = declared[t] ?? functions[f];
      return tool ? [tool.sourceId] : [];
    },
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/**
 * An assistant turn: its text (null beside tool calls; no content key when the message said
 * none), its calls with their own argument text while it still holds, the reasoning of
 * OpenAI-compatible APIs in the field it came in, and URL citations as annotations.
 */
function assistantMessage(turn: Turn, warnings: ExportWarning[]): OpenAIMessage {
  const calls = turn.toolCalls;
  const text = textContent(turn);
  const message: OpenAIMessage & { role: 'assistant' } = { role: 'assistant' };
  // `none`: the message had no content key (its empty text is the protocol's one segment).
  if (turn.contentForm !== 'none' || (text !== null && text !== '')) {
    message.content = text ?? (turn.contentForm === 'parts' ? [] : calls.length > 0 ? null : '');
  }
  for (const { segment } of turn.passThrough ?? []) {
    if (!sendsReasoning(segment)) continue;
    const field = segment.field!;
    const before = message[field];
    message[field] = before === undefined ? segment.content : `${before}\n\n${segment.content}`;
  }
  if (calls.length > 0) {
    message.tool_calls = calls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: argumentsJson(call) },
    }));
  }
  const annotations = citationsOf(turn.parts, turn.sourceId, warnings);
  if (annotations) message.annotations = annotations;
  return message;
}

/** The reasoning of an OpenAI-compatible Chat API, which goes back in the field it came in. */
const sendsReasoning = (
  segment: PassThroughSegment,
): segment is PassThroughSegment & {
  kind: 'thinking';
} => segment.kind === 'thinking' && segment.field !== undefined;

/**
 * The citations of a turn's texts that are Chat Completions annotations (`url_citation` with
 * its `url_citation` object); others (Anthropic's, Responses' flat ones) are left out and named.
 */
function citationsOf(
  parts: readonly ContentPart[],
  sourceId: string,
  warnings: ExportWarning[],
): Record<string, unknown>[] | undefined {
  let annotations: Record<string, unknown>[] | undefined;
  let foreign = 0;
  for (const part of parts) {
    const citations = part.type === 'text' ? part.segment?.citations : undefined;
    if (!citations) continue;
    for (const citation of citations) {
      if (citation.type === 'url_citation' && isObject(citation.url_citation))
        (annotations ??= []).push(citation);
      else foreign++;
    }
  }
  if (foreign > 0)
    warnings.push({
      code: 'citations-omitted',
      message: `${foreign} citation${foreign > 1 ? 's' : ''} of message '${sourceId}' ${foreign > 1 ? 'are' : 'is'} not of the Chat Completions kind (url_citation); left out.`,
      messageIds: [sourceId],
    });
  return annotations;
}

/** A function tool: its own declaration while that agrees with the envelope's tool, else made anew. */
function toolEntry(tool: ToolDeclaration): OpenAITool {
  const own = tool.declaration;
  if (own && (own.type === 'function' || own.type === undefined) && isObject(own.function)) {
    if (agrees(own.function, tool)) return own as unknown as OpenAITool;
  } else if (own && typeof own.type === 'string') {
    // A custom tool or a provider's own kind, named by its inner object's name or its type.
    const inner = own[own.type];
    const name = isObject(inner) && typeof inner.name === 'string' ? inner.name : own.type;
    if (name === tool.name) return own as unknown as OpenAITool;
  }
  return { type: 'function', function: functionOf(tool) };
}

function functionOf(tool: ToolDeclaration): OpenAITool['function'] {
  return { name: tool.name, description: tool.description, parameters: tool.parameters };
}

/** Whether a function declaration still says what the tool says (name, description, parameters). */
function agrees(fn: Record<string, unknown>, tool: ToolDeclaration): boolean {
  return (
    fn.name === tool.name &&
    (fn.description ?? '') === tool.description &&
    stringifyJson(fn.parameters ?? NO_PARAMETERS) === stringifyJson(tool.parameters)
  );
}

/** What the assembly gives a tool without a schema. */
const NO_PARAMETERS = { type: 'object', properties: {} };

/** Failed results start with `Error: ` so that the model cannot mistake them for output. */
export function errorText(result: string): string {
  return result.startsWith('Error:') ? result : `Error: ${result}`;
}

/**
 * The message with what the envelope kept of how it was sent: OpenAI's author `name`, and the
 * fields it carried with no value (`refusal: null` …), each one the message does not have.
 */
function withHints<M extends OpenAIMessage>(message: M, hints: MessageHints | undefined): M {
  if (hints?.name === undefined && hints?.emptyFields === undefined) return message;
  const out: M = hints.name === undefined ? message : { ...message, name: hints.name };
  for (const [key, value] of Object.entries(hints.emptyFields ?? {})) {
    if (Object.hasOwn(out, key)) continue;
    // defineProperty: a field named __proto__ stays a field of the message.
    Object.defineProperty(out, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/**
 * The text of a turn as one string, or as text parts when its message's content form is
 * `parts`; null when it has no text (an assistant message of tool calls only).
 */
function textContent(turn: Turn): string | OpenAITextPart[] | null {
  if (turn.parts.length === 0) return null;
  if (turn.contentForm === 'parts')
    return turn.parts.map((p) => ({ type: 'text', text: partText(p) }));
  return partsText(turn.parts);
}

/** A string unless the message holds an image (or its content form says parts): then parts in segment order. */
function userContent(turn: Turn): string | OpenAIContentPart[] {
  const parts = turn.parts;
  if (turn.contentForm !== 'parts' && !parts.some((p) => p.type === 'image'))
    return partsText(parts);
  return parts.map((p) =>
    p.type === 'text'
      ? { type: 'text', text: p.text }
      : {
          type: 'image_url',
          image_url:
            p.detail === undefined
              ? { url: p.url }
              : { url: p.url, detail: p.detail as 'auto' | 'low' | 'high' },
        },
  );
}

/** What OpenAI fetches or decodes as an image: absolute http(s) URLs and base64 data URLs. */
const IMAGE_URL = /^(?:https?:\/\/[^\s]+|data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=\s]*)$/i;

/**
 * Checks the rules of OpenAI Chat Completions that its published JSON schema cannot express:
 * tool calls answered directly and exactly once, no tool message without a call, valid names,
 * image URLs the API can load and image details it knows,
 * `developer` instead of `system` for reasoning models, a model and at least one message.
 * Accepts any value and never throws.
 *
 * @example
 * ```ts
 * for (const violation of checkOpenAIRequest(requestBody)) console.log(violation.path, violation.message);
 * ```
 */
export function checkOpenAIRequest(input: unknown): RequestViolation[] {
  const { violations, add, body } = startCheck(input);
  if (!body) return violations;
  requireModel(body, add);
  const reasoningModel = reasoningModelOf(body);

  const toolNames = new Set<string>();
  listOf(body.tools).forEach((tool, t) => {
    const name = isObject(tool) && isObject(tool.function) ? tool.function.name : undefined;
    const path = `/tools/${t}/function/name`;
    checkToolName(name, path, 'Tool', add);
    if (typeof name === 'string') declareToolName(name, path, toolNames, add);
  });

  const messages = requiredList(body, 'messages', add);

  // Calls of the latest assistant message that still wait for their tool message.
  let waiting: { index: number; ids: string[] } | null = null;
  const seenCallIds = new Set<string>();
  const closeWaiting = () => {
    if (waiting && waiting.ids.length > 0) {
      const { list, them } = callList(waiting.ids);
      add(
        `/messages/${waiting.index}`,
        'tool-call-unanswered',
        `Assistant message ${waiting.index} calls ${list}, but no tool message answers ${them} directly after it.`,
      );
    }
    waiting = null;
  };

  // Plain loops, and paths written only when something is wrong: this runs once per message.
  for (let m = 0; m < messages.length; m++) {
    const message = messages[m];
    if (!isObject(message)) {
      closeWaiting();
      continue;
    }
    const role = message.role;
    if (role === 'tool') {
      const id = message.tool_call_id;
      const pending: { index: number; ids: string[] } | null = waiting;
      const position = pending && typeof id === 'string' ? pending.ids.indexOf(id) : -1;
      if (pending && position >= 0) {
        pending.ids.splice(position, 1);
      } else {
        add(
          `/messages/${m}`,
          'tool-result-orphan',
          `Tool message ${m} answers '${typeof id === 'string' ? id : jsonPreview(id)}', which is not a call of the assistant message right before it.`,
        );
      }
      continue;
    }
    closeWaiting();
    if (role === 'user' && Array.isArray(message.content)) {
      for (let k = 0; k < message.content.length; k++) {
        const part: unknown = message.content[k];
        const image = isObject(part) && isObject(part.image_url) ? part.image_url : undefined;
        const url = image?.url;
        if (url !== undefined && (typeof url !== 'string' || !IMAGE_URL.test(url))) {
          add(
            `/messages/${m}/content/${k}/image_url/url`,
            'image-url-invalid',
            `Image ${jsonPreview(url)} in message ${m} is not an http(s) or data:image URL.`,
          );
        }
        const detail = image?.detail;
        if (detail !== undefined && detail !== 'auto' && detail !== 'low' && detail !== 'high') {
          add(
            `/messages/${m}/content/${k}/image_url/detail`,
            'image-detail-invalid',
            `Image detail ${jsonPreview(detail)} in message ${m} is not auto, low or high.`,
          );
        }
      }
    }
    checkSystemRole(role, reasoningModel, `/messages/${m}`, m, add);
    const calls: unknown = message.tool_calls;
    if (role === 'assistant' && Array.isArray(calls) && calls.length > 0) {
      const ids: string[] = [];
      for (let c = 0; c < calls.length; c++) {
        const call: unknown = calls[c];
        const fn = isObject(call) && isObject(call.function) ? call.function : undefined;
        const name = fn?.name;
        if (!isToolName(name))
          checkToolName(name, `/messages/${m}/tool_calls/${c}/function/name`, 'Called tool', add);
        const id = isObject(call) ? call.id : undefined;
        if (typeof id !== 'string') continue;
        if (seenCallIds.has(id))
          add(
            `/messages/${m}/tool_calls/${c}/id`,
            'tool-call-id-duplicate',
            `Tool call id '${id}' is used twice.`,
          );
        seenCallIds.add(id);
        ids.push(id);
      }
      waiting = { index: m, ids };
    }
  }
  closeWaiting();
  return violations;
}

/** The model of a request for a reasoning model (which takes developer messages), else undefined. */
export function reasoningModelOf(body: JsonObject): string | undefined {
  const model = body.model;
  return typeof model === 'string' && isOpenAIReasoningModel(model) ? model : undefined;
}

/** Reports a system message sent to a reasoning model. */
export function checkSystemRole(
  role: unknown,
  reasoningModel: string | undefined,
  at: string,
  index: number,
  add: AddViolation,
) {
  if (role === 'system' && reasoningModel !== undefined)
    add(
      `${at}/role`,
      'system-role-unsupported',
      `Message ${index} has role system, but reasoning model '${reasoningModel}' takes developer messages.`,
    );
}

/** OpenAI Chat Completions: `system` mid-conversation, `developer` for reasoning models. */
export const openAI: Target<OpenAIChatRequest> = {
  name: 'openai',
  sends: sendsReasoning,
  midConversationSystem: (options, model) =>
    options.midConversationSystem ?? (isOpenAIReasoningModel(model) ? 'developer' : 'system'),
  carriesModel: true,
  render: (conversation) => renderOpenAI(conversation),
  check: checkOpenAIRequest,
};
