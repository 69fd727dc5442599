import { partsText, partText, type Conversation, type Turn } from '../../assembly/conversation.js';
import { jsonPreview, stringifyJson } from '../../protocol/json-value.js';
import { pointerIndex, type Rendered } from '../render-common.js';
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

/** The request body of OpenAI's Chat Completions API, as far as exports produce it. */
export interface OpenAIChatRequest {
  model?: string;
  messages: OpenAIMessage[];
  tools?: OpenAITool[];
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
      content: string | OpenAITextPart[] | null;
      name?: string;
      tool_calls?: OpenAIToolCall[];
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
  function: { name: string; description: string; parameters: Record<string, unknown> };
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
export function renderOpenAI(conversation: Conversation): Rendered<OpenAIChatRequest> {
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
  // The source of each body message: one id, or the ids behind the leading system message.
  const sourceIds: (string | string[])[] = [];
  if (conversation.system !== null) {
    const hints = conversation.systemHints;
    messages.push(
      named({ role: hints?.originalRole ?? systemRole, content: conversation.system }, hints?.name),
    );
    sourceIds.push(conversation.systemSourceIds);
  }
  for (const turn of conversation.turns) {
    sourceIds.push(turn.sourceId);
    switch (turn.role) {
      case 'system':
        messages.push(
          named(
            { role: turn.originalRole ?? systemRole, content: textContent(turn) ?? '' },
            turn.name,
          ),
        );
        break;
      case 'user':
        messages.push(named({ role: 'user', content: userContent(turn) }, turn.name));
        break;
      case 'assistant': {
        // Content is null only beside tool calls.
        const calls = turn.toolCalls;
        const content = textContent(turn) ?? (calls.length > 0 ? null : '');
        const message: OpenAIMessage & { role: 'assistant' } = named(
          { role: 'assistant', content },
          turn.name,
        );
        if (calls.length > 0) {
          message.tool_calls = calls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: stringifyJson(call.arguments) },
          }));
        }
        messages.push(message);
        break;
      }
      case 'tool': {
        const result = turn.toolResult!;
        messages.push(
          named(
            {
              role: 'tool',
              tool_call_id: result.callId,
              content: result.success ? result.result : errorText(result.result),
            },
            turn.name,
          ),
        );
        break;
      }
    }
  }
  const body: OpenAIChatRequest = { ...(model === undefined ? {} : { model }), messages };
  if (tools.length > 0) {
    body.tools = tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
  }
  return {
    body,
    sourcesAt: (path) => {
      const m = pointerIndex(path, 'messages');
      if (m !== null) {
        const ids = sourceIds[m] ?? [];
        return typeof ids === 'string' ? [ids] : ids;
      }
      const t = pointerIndex(path, 'tools');
      return t !== null && tools[t] ? [tools[t].sourceId] : [];
    },
  };
}

/** Failed results start with `Error: ` so that the model cannot mistake them for output. */
export function errorText(result: string): string {
  return result.startsWith('Error:') ? result : `Error: ${result}`;
}

/** The message with OpenAI's author `name`, when the envelope kept one. */
function named<M extends OpenAIMessage>(message: M, name: string | undefined): M {
  return name === undefined ? message : { ...message, name };
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
  midConversationSystem: (options, model) =>
    options.midConversationSystem ?? (isOpenAIReasoningModel(model) ? 'developer' : 'system'),
  carriesModel: true,
  render: (conversation) => renderOpenAI(conversation),
  check: checkOpenAIRequest,
};
