import { partsText, partText, type Conversation, type Turn } from '../../assembly/conversation.js';
import { stringifyJson } from '../../protocol/json-value.js';
import type { ImageDetail } from '../../protocol/types.js';
import {
  checkSystemRole,
  errorText,
  isOpenAIReasoningModel,
  reasoningModelOf,
} from '../openai/export.js';
import { pointerIndex, type Rendered } from '../render-common.js';
import {
  checkToolName,
  declareToolName,
  isJsonObject as isObject,
  listOf,
  requiredList,
  requireModel,
  startCheck,
  type AddViolation,
  type RequestViolation,
} from '../request-check.js';
import type { Target } from '../target.js';

/**
 * The request body of OpenAI's Responses API (`POST /v1/responses`), as far as exports produce
 * it: the leading system text as `instructions`, the conversation as `input` items.
 */
export interface OpenAIResponsesRequest {
  model?: string;
  instructions?: string;
  input: OpenAIResponsesItem[];
  tools?: OpenAIResponsesTool[];
}

export type OpenAIResponsesItem =
  | OpenAIResponsesMessage
  | { type: 'function_call'; call_id: string; name: string; arguments: string }
  | { type: 'function_call_output'; call_id: string; output: string };

/**
 * A message item. User, system and developer messages hold `input_*` parts; an assistant
 * message holds `output_text` parts, as the API returned them (without the item `id`, which
 * the API would look up among stored responses). A message whose envelope `contentForm` is
 * `text` is sent in the short form `{ role, content: "…" }`.
 */
export type OpenAIResponsesMessage =
  | {
      type: 'message';
      role: 'user' | 'system' | 'developer';
      content: OpenAIResponsesInputPart[];
    }
  | {
      type: 'message';
      role: 'assistant';
      status: 'completed';
      content: OpenAIResponsesOutputText[];
    }
  | { role: 'user' | 'system' | 'developer' | 'assistant'; content: string };

export type OpenAIResponsesInputPart =
  | { type: 'input_text'; text: string }
  | { type: 'input_image'; image_url: string; detail: ImageDetail };

export interface OpenAIResponsesOutputText {
  type: 'output_text';
  text: string;
  /** Citations the model made; exports have none. */
  annotations: [];
}

export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  /**
   * Always false: without it the Responses API makes a schema strict (every property required,
   * no others allowed), which the other targets do not, and refuses schemas that cannot be.
   */
  strict: false;
}

/**
 * Renders the shared conversation as a Responses request: system text as `instructions`,
 * later system messages and events as `system` (or `developer`) messages in place, each tool
 * call as a `function_call` item after its assistant message and each result as a
 * `function_call_output`, images as `input_image` with their detail (`auto` when the envelope
 * names none, as the API does).
 */
export function renderOpenAIResponses(
  conversation: Conversation,
): Rendered<OpenAIResponsesRequest> {
  const { model, tools } = conversation;
  const mode = conversation.midConversationSystem;
  const systemRole =
    mode === 'system' || mode === 'developer'
      ? mode
      : isOpenAIReasoningModel(model)
        ? 'developer'
        : 'system';
  const input: OpenAIResponsesItem[] = [];
  const sourceIds: string[] = [];
  const push = (item: OpenAIResponsesItem, turn: Turn) => {
    input.push(item);
    sourceIds.push(turn.sourceId);
  };
  for (const turn of conversation.turns) {
    switch (turn.role) {
      case 'system':
        push(inputMessage(turn.originalRole ?? systemRole, turn), turn);
        break;
      case 'user':
        push(inputMessage('user', turn), turn);
        break;
      case 'assistant':
        if (turn.parts.length > 0) push(assistantMessage(turn), turn);
        for (const call of turn.toolCalls) {
          push(
            {
              type: 'function_call',
              call_id: call.id,
              name: call.name,
              arguments: stringifyJson(call.arguments),
            },
            turn,
          );
        }
        break;
      case 'tool': {
        const result = turn.toolResult!;
        push(
          {
            type: 'function_call_output',
            call_id: result.callId,
            output: result.success ? result.result : errorText(result.result),
          },
          turn,
        );
        break;
      }
    }
  }
  const body: OpenAIResponsesRequest = {
    ...(model === undefined ? {} : { model }),
    ...(conversation.system === null ? {} : { instructions: conversation.system }),
    input,
  };
  if (tools.length > 0) {
    body.tools = tools.map((tool) => ({
      type: 'function',
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      strict: false,
    }));
  }
  return {
    body,
    sourcesAt: (path) => {
      const i = pointerIndex(path, 'input');
      if (i !== null) return sourceIds[i] === undefined ? [] : [sourceIds[i]];
      const t = pointerIndex(path, 'tools');
      if (t !== null) return tools[t] ? [tools[t].sourceId] : [];
      return path === '/instructions' ? conversation.systemSourceIds : [];
    },
  };
}

function inputMessage(role: 'user' | 'system' | 'developer', turn: Turn): OpenAIResponsesMessage {
  const parts = turn.parts;
  if (turn.contentForm === 'text' && !parts.some((p) => p.type === 'image'))
    return { role, content: partsText(parts) };
  return {
    type: 'message',
    role,
    content: parts.map((p) =>
      p.type === 'text'
        ? { type: 'input_text', text: p.text }
        : { type: 'input_image', image_url: p.url, detail: p.detail ?? 'auto' },
    ),
  };
}

function assistantMessage(turn: Turn): OpenAIResponsesMessage {
  if (turn.contentForm === 'text') return { role: 'assistant', content: partsText(turn.parts) };
  return {
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: turn.parts.map((p) => ({ type: 'output_text', text: partText(p), annotations: [] })),
  };
}

/** What OpenAI fetches or decodes as an image: absolute http(s) URLs and base64 data URLs. */
const IMAGE_URL = /^(?:https?:\/\/[^\s]+|data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=\s]*)$/i;
const DETAILS: readonly unknown[] = ['auto', 'low', 'high', 'original'];
const INPUT_PARTS: readonly unknown[] = ['input_text', 'input_image', 'input_file'];
const OUTPUT_PARTS: readonly unknown[] = ['output_text', 'refusal'];
const ROLES: readonly unknown[] = ['user', 'assistant', 'system', 'developer'];

/**
 * Checks the rules of OpenAI's Responses API that a JSON schema cannot express: a model and
 * some input; message roles user, assistant, system and developer (developer instead of system
 * for reasoning models), `output_text` parts only in assistant messages and `input_*` parts
 * only in the others; every `function_call_output` answering an earlier `function_call` by
 * `call_id`, once; every call answered; no call id used twice; `arguments` a JSON string; valid
 * and unique tool names; image URLs the API can load and details it knows. Accepts any value
 * and never throws.
 *
 * @example
 * ```ts
 * for (const violation of checkOpenAIResponsesRequest(requestBody)) console.log(violation.rule);
 * ```
 */
export function checkOpenAIResponsesRequest(input: unknown): RequestViolation[] {
  const { violations, add, body } = startCheck(input);
  if (!body) return violations;
  requireModel(body, add);
  const reasoningModel = reasoningModelOf(body);
  if (body.instructions !== undefined && body.instructions !== null) {
    if (typeof body.instructions !== 'string')
      add('/instructions', 'instructions-not-text', 'instructions must be a string.');
  }

  const toolNames = new Set<string>();
  listOf(body.tools).forEach((tool, t) => {
    if (!isObject(tool) || tool.type !== 'function') return;
    checkToolName(tool.name, `/tools/${t}/name`, 'Tool', add);
    if (typeof tool.name === 'string')
      declareToolName(tool.name, `/tools/${t}/name`, toolNames, add);
  });

  if (typeof body.input === 'string') return violations;
  const items = requiredList(body, 'input', add);

  /** Calls by id: where they are, and whether an output answered them. */
  const calls = new Map<string, { index: number; answered: boolean }>();
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    const at = `/input/${i}`;
    if (!isObject(item)) continue;
    const type = item.type ?? (item.role !== undefined ? 'message' : undefined);
    if (type === 'message') checkMessage(item, at, i, reasoningModel, add);
    else if (type === 'function_call') {
      checkToolName(item.name, `${at}/name`, 'Called tool', add);
      if (typeof item.arguments !== 'string')
        add(
          `${at}/arguments`,
          'arguments-not-text',
          `The arguments of function call ${i} must be a JSON string.`,
        );
      const id = item.call_id;
      if (typeof id !== 'string' || id === '') {
        add(`${at}/call_id`, 'call-id-missing', `Function call ${i} has no call_id.`);
      } else if (calls.has(id)) {
        add(`${at}/call_id`, 'tool-call-id-duplicate', `Tool call id '${id}' is used twice.`);
      } else calls.set(id, { index: i, answered: false });
    } else if (type === 'function_call_output') {
      const id = item.call_id;
      const call = typeof id === 'string' ? calls.get(id) : undefined;
      if (!call) {
        add(
          at,
          'tool-result-orphan',
          `Item ${i} is the output of '${String(id)}', which no earlier function_call makes.`,
        );
      } else if (call.answered) {
        add(at, 'tool-result-duplicate', `Item ${i} answers '${String(id)}' a second time.`);
      } else call.answered = true;
    }
  }
  for (const [id, call] of calls) {
    if (!call.answered)
      add(
        `/input/${call.index}`,
        'tool-call-unanswered',
        `Function call ${call.index} ('${id}') has no function_call_output after it.`,
      );
  }
  return violations;
}

function checkMessage(
  item: Record<string, unknown>,
  at: string,
  i: number,
  reasoningModel: string | undefined,
  add: AddViolation,
) {
  const role = item.role;
  if (!ROLES.includes(role)) {
    add(
      `${at}/role`,
      'role-invalid',
      `Message ${i} has role ${JSON.stringify(role ?? null)}; the roles are user, assistant, system and developer.`,
    );
    return;
  }
  checkSystemRole(role, reasoningModel, at, i, add);
  if (!Array.isArray(item.content)) return;
  const allowed = role === 'assistant' ? OUTPUT_PARTS : INPUT_PARTS;
  item.content.forEach((part: unknown, k) => {
    const type = isObject(part) ? part.type : undefined;
    if (!allowed.includes(type)) {
      add(
        `${at}/content/${k}/type`,
        'part-type-invalid',
        `Part ${k} of ${String(role)} message ${i} has type ${JSON.stringify(type ?? null)}; ${role === 'assistant' ? 'assistant messages hold output_text and refusal parts' : 'input messages hold input_text, input_image and input_file parts'}.`,
      );
      return;
    }
    if (type !== 'input_image' || !isObject(part)) return;
    const url = part.image_url;
    if (url !== undefined && url !== null && (typeof url !== 'string' || !IMAGE_URL.test(url)))
      add(
        `${at}/content/${k}/image_url`,
        'image-url-invalid',
        `Image ${JSON.stringify(url)} in message ${i} is not an http(s) or data:image URL.`,
      );
    if (part.detail !== undefined && !DETAILS.includes(part.detail))
      add(
        `${at}/content/${k}/detail`,
        'image-detail-invalid',
        `Image detail ${JSON.stringify(part.detail)} in message ${i} is not auto, low, high or original.`,
      );
  });
}

/** OpenAI Responses: system (developer for reasoning models) messages anywhere in the input. */
export const openAIResponses: Target<OpenAIResponsesRequest> = {
  name: 'openai-responses',
  midConversationSystem: (options, model) =>
    options.midConversationSystem ?? (isOpenAIReasoningModel(model) ? 'developer' : 'system'),
  carriesModel: true,
  render: (conversation) => renderOpenAIResponses(conversation),
  check: checkOpenAIResponsesRequest,
};
