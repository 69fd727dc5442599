import {
  partsText,
  partText,
  type ContentPart,
  type Conversation,
  type ExportWarning,
  type PassThroughSegment,
  type ToolCall,
  type ToolDeclaration,
  type ToolResult,
  type Turn,
} from '../../assembly/conversation.js';
import { stringifyJson } from '../../protocol/json-value.js';
import type { ImageDetail, ItemStatus, Message } from '../../protocol/types.js';
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
import { isBuiltInCall, isBuiltInResult, itemOfThinking } from './items.js';

/**
 * The request body of OpenAI's Responses API (`POST /v1/responses`), as far as exports produce
 * it: the leading system text as `instructions` (or as the first input item, when it was one),
 * the conversation as `input` items (one string when the request sent one). The request's other
 * settings (`Envelope.request.fields`) are added by the export pipeline.
 */
export interface OpenAIResponsesRequest {
  model?: string;
  instructions?: string;
  input: OpenAIResponsesItem[] | string;
  tools?: OpenAIResponsesTool[];
}

export type OpenAIResponsesItem =
  | OpenAIResponsesMessage
  | OpenAIResponsesFunctionCall
  | OpenAIResponsesFunctionCallOutput
  | OpenAIResponsesReasoning
  | OpenAIResponsesBuiltInItem;

/** What an imported item said besides its content: its `id` and `status` (protocol 1.1). */
export interface ItemBookkeeping {
  id?: string;
  status?: ItemStatus;
}

export interface OpenAIResponsesFunctionCall extends ItemBookkeeping {
  type: 'function_call';
  call_id: string;
  name: string;
  arguments: string;
}

export interface OpenAIResponsesFunctionCallOutput extends ItemBookkeeping {
  type: 'function_call_output';
  call_id: string;
  /** Text; or, when the logged output was a list of parts, that list as it was. */
  output: string | OpenAIResponsesOutputPart[];
}

/** A part of a function call's output list (`input_text`, `input_image` …), verbatim. */
export type OpenAIResponsesOutputPart = OpenAIResponsesBuiltInItem;

/**
 * A reasoning item, from a thinking segment that came from the Responses API (its id, summary
 * or encrypted content): written back in its place, byte for byte.
 */
export interface OpenAIResponsesReasoning extends ItemBookkeeping {
  type: 'reasoning';
  summary?: { type: 'summary_text'; text: string }[];
  content?: { type: 'reasoning_text'; text: string }[];
  encrypted_content?: string | null;
}

/** A built-in call or result item, or a tool declaration, as the envelope keeps it (verbatim). */
export interface OpenAIResponsesBuiltInItem {
  type: string;
  [field: string]: unknown;
}

/**
 * A message item. User, system and developer messages hold `input_*` parts; an assistant
 * message holds `output_text` parts. By default a list-form message says `type: "message"` and
 * an assistant one is in the API's output form (`status: "completed"`, `annotations` on each
 * text, no `id`: the API would look it up among stored responses); a message whose envelope
 * `contentForm` is `text` is sent in the short form `{ role, content: "…" }`. An imported
 * message comes back in its own form: with or without `type` (`itemType`), its `id` and
 * `status` (`itemId`, `itemStatus`), its texts' annotations (`citations`).
 */
export type OpenAIResponsesMessage =
  | (ItemBookkeeping & {
      type?: 'message';
      role: 'user' | 'system' | 'developer';
      content: OpenAIResponsesInputPart[];
    })
  | (ItemBookkeeping & {
      type?: 'message';
      role: 'assistant';
      content: OpenAIResponsesOutputText[];
    })
  | (ItemBookkeeping & {
      type?: 'message';
      role: 'user' | 'system' | 'developer' | 'assistant';
      content: string;
    });

export type OpenAIResponsesInputPart =
  | { type: 'input_text'; text: string }
  | { type: 'input_image'; image_url: string; detail: ImageDetail };

export interface OpenAIResponsesOutputText {
  type: 'output_text';
  text: string;
  /** The text's citations as the API wrote them (`[]` in the output form when it has none). */
  annotations?: Record<string, unknown>[];
}

/**
 * A function tool. Without an imported declaration: `strict: false`, since without it the
 * Responses API makes a schema strict (every property required, no others allowed), which the
 * other targets do not, and refuses schemas that cannot be. An imported declaration comes back
 * as it was (`strict` or none, and any other field), with the envelope's name, description and
 * schema.
 */
export interface OpenAIResponsesFunctionTool {
  type: 'function';
  name: string;
  description?: string;
  parameters?: Record<string, unknown> | null;
  strict?: boolean | null;
  [field: string]: unknown;
}

/** A function tool, or a built-in or custom tool's declaration as the envelope keeps it. */
export type OpenAIResponsesTool = OpenAIResponsesFunctionTool | OpenAIResponsesBuiltInItem;

/**
 * Renders the shared conversation as a Responses request: system text as `instructions`,
 * later system messages and events as `system` (or `developer`) messages in place, each tool
 * call as a `function_call` item after its assistant message and each result as a
 * `function_call_output`, images as `input_image` with their detail (`auto` when the envelope
 * names none, as the API does). Thinking from the Responses API goes back as reasoning items,
 * and built-in calls and their result items as the envelope keeps them, in their places.
 */
export function renderOpenAIResponses(
  conversation: Conversation,
): Rendered<OpenAIResponsesRequest> & { warnings?: ExportWarning[] } {
  const { model, tools } = conversation;
  const mode = conversation.midConversationSystem;
  const systemRole =
    mode === 'system' || mode === 'developer'
      ? mode
      : isOpenAIReasoningModel(model)
        ? 'developer'
        : 'system';
  const input: OpenAIResponsesItem[] = [];
  const sourceIds: (string | string[])[] = [];
  const push = (item: OpenAIResponsesItem, source: string | string[]) => {
    input.push(item);
    sourceIds.push(source);
  };
  // A leading system item (not `instructions`) comes back as an item.
  const hints = conversation.systemHints;
  const systemItem = conversation.system !== null && hints?.itemType !== undefined;
  if (systemItem && hints)
    push(
      messageItem(hints.originalRole ?? 'system', hints, [
        { type: 'text', text: conversation.system! },
      ]),
      conversation.systemSourceIds,
    );
  for (const turn of conversation.turns) {
    switch (turn.role) {
      case 'system':
        push(messageItem(turn.originalRole ?? systemRole, turn, turn.parts), turn.sourceId);
        break;
      case 'user':
        push(messageItem('user', turn, turn.parts), turn.sourceId);
        break;
      case 'assistant':
        for (const item of assistantItems(turn)) push(item, turn.sourceId);
        for (const call of turn.toolCalls) push(functionCall(call), turn.sourceId);
        break;
      case 'tool':
        push(functionCallOutput(turn.toolResult!), turn.sourceId);
        break;
    }
  }
  const warnings: ExportWarning[] = [];
  const body: OpenAIResponsesRequest = {
    ...(model === undefined ? {} : { model }),
    ...(conversation.system === null || systemItem ? {} : { instructions: conversation.system }),
    input: textInput(conversation, warnings) ?? input,
  };
  if (tools.length > 0) body.tools = tools.map(toolOf);
  return {
    body,
    ...(warnings.length > 0 ? { warnings } : {}),
    sourcesAt: (path) => {
      if (path === '/input' && typeof body.input === 'string')
        return conversation.turns.map((t) => t.sourceId);
      const i = pointerIndex(path, 'input');
      if (i !== null) return sourceIds[i] === undefined ? [] : [sourceIds[i]].flat();
      const t = pointerIndex(path, 'tools');
      if (t !== null) return tools[t] ? [tools[t].sourceId] : [];
      return path === '/instructions' ? conversation.systemSourceIds : [];
    },
  };
}

/**
 * The input as one string, when the logged request sent it so (`request.inputForm`) and the
 * conversation is still one user text; null otherwise (with a warning when it was asked for).
 */
function textInput(conversation: Conversation, warnings: ExportWarning[]): string | null {
  if (conversation.request?.inputForm !== 'text') return null;
  const turns = conversation.turns;
  const only = turns.length === 1 ? turns[0] : undefined;
  if (
    only?.role === 'user' &&
    only.parts.every((p) => p.type === 'text') &&
    only.itemType === undefined &&
    only.itemId === undefined &&
    only.itemStatus === undefined
  )
    return partsText(only.parts);
  warnings.push({
    code: 'input-form-not-kept',
    message:
      'The logged request sent its input as one string; the conversation is no longer one user text, so it is sent as a list of items.',
    messageIds: turns.map((t) => t.sourceId),
  });
  return null;
}

/** Where the item's `id`, `status` and `type` come from (a turn, or the system text's hints). */
type ItemHints = Pick<Message, 'contentForm' | 'itemType' | 'itemId' | 'itemStatus'>;

/** `id` and `status` as the envelope says (`none`: no status). */
function bookkeeping(hints: ItemHints, defaultStatus?: ItemStatus): ItemBookkeeping {
  const status = hints.itemStatus ?? defaultStatus;
  return {
    ...(hints.itemId === undefined ? {} : { id: hints.itemId }),
    ...(status === undefined || status === 'none' ? {} : { status }),
  };
}

function messageItem(
  role: 'user' | 'system' | 'developer',
  hints: ItemHints,
  parts: readonly ContentPart[],
): OpenAIResponsesMessage {
  const { id, status } = bookkeeping(hints);
  if (hints.contentForm === 'text' && !parts.some((p) => p.type === 'image'))
    return {
      ...(id === undefined ? {} : { id }),
      ...(hints.itemType === 'message' ? { type: 'message' } : {}),
      role,
      ...(status === undefined ? {} : { status }),
      content: partsText(parts),
    };
  return {
    ...(id === undefined ? {} : { id }),
    ...(hints.itemType === 'none' ? {} : { type: 'message' }),
    role,
    ...(status === undefined ? {} : { status }),
    content: parts.map((p) =>
      p.type === 'text'
        ? { type: 'input_text', text: p.text }
        : { type: 'input_image', image_url: p.url, detail: p.detail ?? 'auto' },
    ),
  };
}

/**
 * An assistant turn's items in order: its thinking and built-in calls where they were among
 * its texts, the message (split where a pass-through sits between texts).
 */
function assistantItems(turn: Turn): OpenAIResponsesItem[] {
  const items: OpenAIResponsesItem[] = [];
  const passes = turn.passThrough ?? [];
  let chunk: ContentPart[] = [];
  let first = true;
  const flush = () => {
    if (chunk.length === 0) return;
    items.push(assistantMessage(turn, chunk, first));
    first = false;
    chunk = [];
  };
  let p = 0;
  for (let k = 0; k <= turn.parts.length; k++) {
    while (p < passes.length && passes[p]!.at <= k) {
      flush();
      const item = passThroughItem(passes[p++]!.segment);
      if (item) items.push(item);
    }
    if (k < turn.parts.length) chunk.push(turn.parts[k]!);
  }
  flush();
  return items;
}

/**
 * An assistant message: in the API's output form (`type`, `status: "completed"`, annotations
 * on each text) unless the envelope says the item had no type (`itemType: "none"`, the form
 * clients write: no status or annotations unless kept). `first`: the item keeps its id once.
 */
function assistantMessage(
  turn: Turn,
  parts: readonly ContentPart[],
  first: boolean,
): OpenAIResponsesMessage {
  const outputForm = turn.itemType !== 'none';
  const { id, status } = bookkeeping(turn, outputForm ? 'completed' : undefined);
  const head = first && id !== undefined ? { id } : {};
  if (turn.contentForm === 'text')
    return {
      ...head,
      ...(turn.itemType === 'message' ? { type: 'message' } : {}),
      role: 'assistant',
      ...(turn.itemStatus === undefined || turn.itemStatus === 'none'
        ? {}
        : { status: turn.itemStatus }),
      content: partsText(parts),
    };
  return {
    ...head,
    ...(outputForm ? { type: 'message' } : {}),
    role: 'assistant',
    ...(status === undefined ? {} : { status }),
    content: parts.map((p) => {
      const citations = p.type === 'text' ? p.segment?.citations : undefined;
      return {
        type: 'output_text',
        text: partText(p),
        ...(citations !== undefined
          ? { annotations: citations }
          : outputForm
            ? { annotations: [] }
            : {}),
      };
    }),
  };
}

/** The item a thinking or provider-run segment came from; null when it is not sent. */
function passThroughItem(segment: PassThroughSegment): OpenAIResponsesItem | null {
  if (!sendsPassThrough(segment)) return null;
  if (segment.kind === 'thinking')
    return itemOfThinking(segment) as unknown as OpenAIResponsesReasoning;
  // A result read from its call's item is in that item already.
  return segment.item ? (segment.item as OpenAIResponsesBuiltInItem) : null;
}

/**
 * What a Responses body carries back: thinking from the Responses API (a reasoning item's id,
 * summary or encrypted content), built-in calls and result items it keeps whole, and the
 * results read from those calls (sent within them).
 */
function sendsPassThrough(segment: PassThroughSegment): boolean {
  if (segment.kind === 'thinking')
    return (
      segment.itemId !== undefined ||
      segment.encryptedContent !== undefined ||
      segment.summary !== undefined
    );
  if (segment.kind === 'tool_call_request') return isBuiltInCall(segment.item?.type);
  return segment.item ? isBuiltInResult(segment.item.type) : isBuiltInCall(segment.resultType);
}

function functionCall(call: ToolCall): OpenAIResponsesFunctionCall {
  const segment = call.segment;
  return {
    ...(segment?.itemId === undefined ? {} : { id: segment.itemId }),
    type: 'function_call',
    ...(segment?.itemStatus === undefined ? {} : { status: segment.itemStatus }),
    call_id: call.id,
    name: call.name,
    arguments: argumentsText(call),
  };
}

/** The arguments' own text while it still says what the arguments are, else their JSON. */
function argumentsText(call: ToolCall): string {
  const text = call.segment?.argumentsText;
  if (text === undefined) return stringifyJson(call.arguments);
  const keys = Object.keys(call.arguments);
  // Text that is not a JSON object is kept as { "value": text }.
  if (keys.length === 1 && keys[0] === 'value' && call.arguments.value === text) return text;
  try {
    if (stringifyJson(JSON.parse(text)) === stringifyJson(call.arguments)) return text;
  } catch {
    // not JSON: the arguments changed
  }
  return stringifyJson(call.arguments);
}

function functionCallOutput(result: ToolResult): OpenAIResponsesFunctionCallOutput {
  const segment = result.segment;
  const structured = segment?.structured;
  return {
    ...(segment?.itemId === undefined ? {} : { id: segment.itemId }),
    type: 'function_call_output',
    ...(segment?.itemStatus === undefined ? {} : { status: segment.itemStatus }),
    call_id: result.callId,
    output: Array.isArray(structured)
      ? (structured as OpenAIResponsesOutputPart[])
      : result.success
        ? result.result
        : errorText(result.result),
  };
}

const isEmptySchema = (schema: Record<string, unknown>) =>
  stringifyJson(schema) === '{"type":"object","properties":{}}';

/** A tool as declared: built-in and custom declarations as written, function tools merged. */
function toolOf(tool: ToolDeclaration): OpenAIResponsesTool {
  const declared = tool.declaration;
  if (!declared)
    return {
      type: 'function',
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      strict: false,
    };
  if (tool.runBy !== undefined || declared.type !== 'function')
    return declared as OpenAIResponsesBuiltInItem;
  // The envelope's name, description and schema over the declaration's other fields.
  const merged: OpenAIResponsesFunctionTool = { ...declared, type: 'function', name: tool.name };
  if ('description' in declared || tool.description !== '') merged.description = tool.description;
  if (isObject(declared.parameters) || !isEmptySchema(tool.parameters))
    merged.parameters = tool.parameters;
  return merged;
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
  sends: sendsPassThrough,
  carriesModel: true,
  render: (conversation) => renderOpenAIResponses(conversation),
  check: checkOpenAIResponsesRequest,
};
