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
  type JsonObject,
  type RequestViolation,
} from '../request-check.js';
import {
  partsText,
  partText,
  type ContentPart,
  type Conversation,
  type Turn,
} from '../../assembly/conversation.js';
import { jsonPreview } from '../../protocol/json-value.js';
import { mergeByRole, parseDataUrl, pointerIndex, type Rendered } from '../render-common.js';
import type { Target } from '../target.js';

/** The request body of Anthropic's Messages API, as far as exports produce it. */
export interface AnthropicRequest {
  model?: string;
  max_tokens: number;
  system?: string;
  messages: AnthropicMessage[];
  tools?: AnthropicTool[];
}

export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: string | AnthropicBlock[];
}

export type AnthropicBlock =
  | { type: 'text'; text: string }
  | {
      type: 'image';
      source:
        | { type: 'url'; url: string }
        | { type: 'base64'; media_type: AnthropicImageType; data: string };
    }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: boolean };

/** The image types Anthropic accepts inline. */
export type AnthropicImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
const IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

export interface AnthropicTool {
  name: string;
  description: string;
  /** An object schema; the checker reports one whose type is not "object". */
  input_schema: { type: 'object'; [key: string]: unknown };
}

export interface AnthropicRenderOptions {
  /** Required by the API; default 1024. */
  maxTokens?: number;
}

export const DEFAULT_MAX_TOKENS = 1024;

/**
 * Renders the shared conversation for Anthropic: roles user and assistant only, consecutive
 * same-role turns merged into one message of blocks, tool results as `tool_result` blocks first
 * in the next user message, and later system messages as user messages from the host.
 */
export function renderAnthropic(
  conversation: Conversation,
  options: AnthropicRenderOptions = {},
): Rendered<AnthropicRequest> {
  const messages = mergeByRole(conversation.turns, 'assistant', 'user', turnBlocks);
  const body: AnthropicRequest = {
    ...(conversation.model === undefined ? {} : { model: conversation.model }),
    max_tokens: options.maxTokens ?? DEFAULT_MAX_TOKENS,
    ...(conversation.system === null ? {} : { system: conversation.system }),
    messages: messages.map((m) => ({
      role: m.role,
      content:
        m.parts.length === 1 && m.parts[0].type === 'text' && !m.listForm
          ? m.parts[0].text
          : m.parts,
    })),
  };
  if (conversation.tools.length > 0) {
    body.tools = conversation.tools.map((t) => ({
      name: t.name,
      description: t.description,
      input_schema: t.parameters as AnthropicTool['input_schema'],
    }));
  }
  return {
    body,
    sourcesAt: (path) => {
      const m = pointerIndex(path, 'messages');
      if (m !== null) return messages[m]?.sources ?? [];
      const t = pointerIndex(path, 'tools');
      if (t !== null) return conversation.tools[t] ? [conversation.tools[t].sourceId] : [];
      return path === '/system' ? conversation.systemSourceIds : [];
    },
  };
}

function turnBlocks(turn: Turn): AnthropicBlock[] {
  switch (turn.role) {
    case 'tool': {
      const r = turn.toolResult!;
      return [
        {
          type: 'tool_result',
          tool_use_id: r.callId,
          content: r.result,
          ...(r.success ? {} : { is_error: true }),
        },
      ];
    }
    case 'system':
      // The assembly sends later system messages as user messages for Anthropic ('none').
      return [{ type: 'text', text: partsText(turn.parts) }];
    case 'assistant':
      return [
        ...turn.parts.map(textBlock),
        ...turn.toolCalls.map((c): AnthropicBlock => ({
          type: 'tool_use',
          id: c.id,
          name: c.name,
          input: c.arguments,
        })),
      ];
    case 'user':
      return turn.parts.map(partBlock);
  }
}

function textBlock(part: ContentPart): AnthropicBlock {
  return { type: 'text', text: partText(part) };
}

function partBlock(part: ContentPart): AnthropicBlock {
  if (part.type === 'text') return { type: 'text', text: part.text };
  const data = parseDataUrl(part.url);
  // An unsupported inline type is sent as written; the checker reports it.
  return data
    ? {
        type: 'image',
        source: {
          type: 'base64',
          media_type: data.mimeType as AnthropicImageType,
          data: data.data,
        },
      }
    : { type: 'image', source: { type: 'url', url: part.url } };
}

const blocksOf = (message: unknown): unknown[] => {
  if (!isObject(message)) return [];
  if (typeof message.content === 'string') return [{ type: 'text', text: message.content }];
  return Array.isArray(message.content) ? message.content : [];
};

/**
 * Checks the rules of Anthropic's Messages API (provider-schemas/README.md): a model and a
 * positive whole `max_tokens`, roles user and assistant, every `tool_use` answered by a
 * `tool_result` at the start of the next user message (before any other block), no
 * `tool_result` without its `tool_use`, valid and unique ids and names, no empty text, image
 * URLs over http(s), no final assistant message whose text ends in whitespace. Accepts any value and never throws.
 *
 * @example
 * ```ts
 * const violations = checkAnthropicRequest(requestBody);
 * if (violations.length > 0) console.log(violations.map((v) => v.rule));
 * ```
 */
export function checkAnthropicRequest(input: unknown): RequestViolation[] {
  const { violations, add, body } = startCheck(input);
  if (!body) return violations;
  requireModel(body, add);
  if (!(Number.isInteger(body.max_tokens) && (body.max_tokens as number) >= 1))
    add('/max_tokens', 'max-tokens-missing', 'max_tokens must be a whole number of at least 1.');
  const toolNames = new Set<string>();
  listOf(body.tools).forEach((tool, t) => {
    const name = isObject(tool) ? tool.name : undefined;
    if (isToolName(name)) declareToolName(name, `/tools/${t}/name`, toolNames, add);
    else checkToolName(name, `/tools/${t}/name`, 'Tool', add);
    if (!isObject(tool) || !isObject(tool.input_schema) || tool.input_schema.type !== 'object') {
      add(
        `/tools/${t}/input_schema`,
        'tool-schema-invalid',
        `The input_schema of tool ${jsonPreview(name ?? null)} must be an object schema (type "object").`,
      );
    }
  });

  const messages = requiredList(body, 'messages', add);
  const seenIds = new Set<string>();
  let pending: { index: number; ids: string[] } | null = null;
  messages.forEach((message: unknown, m) => {
    const path = `/messages/${m}`;
    const role = isObject(message) ? message.role : undefined;
    if (role !== 'user' && role !== 'assistant') {
      add(
        `${path}/role`,
        'role-invalid',
        `Message ${m} has role ${jsonPreview(role ?? null)}; only user and assistant are allowed.`,
      );
    }
    const blocks = blocksOf(message);
    if (blocks.length === 0)
      add(`${path}/content`, 'content-empty', `Message ${m} has no content.`);
    // Results for the previous assistant message must come first in this (user) message.
    const answered = new Set<string>();
    let leadingResults = true;
    const uses: string[] = [];
    blocks.forEach((item: unknown, b) => {
      const block: JsonObject = isObject(item) ? item : {};
      const type = block.type;
      const at = `${path}/content/${b}`;
      if (type === 'tool_result') {
        const id = block.tool_use_id;
        if (role !== 'user' || !pending || typeof id !== 'string' || !pending.ids.includes(id)) {
          add(
            at,
            'tool-result-orphan',
            `Message ${m} has a tool_result for '${typeof id === 'string' ? id : jsonPreview(id)}', which is not a tool_use of the assistant message right before it.`,
          );
        } else if (!leadingResults) {
          add(
            at,
            'tool-result-not-first',
            `In message ${m}, the tool_result for '${id}' comes after other content; tool results must come first.`,
          );
          answered.add(id);
        } else answered.add(id);
        return;
      }
      leadingResults = false;
      if (type === 'text' && (typeof block.text !== 'string' || block.text === '')) {
        add(at, 'text-empty', `Message ${m} has an empty text block.`);
      }
      if (type === 'image' && isObject(block.source)) {
        const { url, media_type } = block.source;
        if (
          block.source.type === 'url' &&
          (typeof url !== 'string' || !/^https?:\/\//i.test(url))
        ) {
          add(
            at,
            'image-url-invalid',
            `Image ${jsonPreview(url)} in message ${m} is not an http(s) URL.`,
          );
        }
        if (
          block.source.type === 'base64' &&
          !(typeof media_type === 'string' && IMAGE_TYPES.includes(media_type))
        ) {
          add(
            at,
            'image-type-unsupported',
            `Inline image type ${jsonPreview(media_type)} in message ${m} is not one of ${IMAGE_TYPES.join(', ')}.`,
          );
        }
      }
      if (type === 'tool_use') {
        const id = block.id;
        if (role !== 'assistant')
          add(
            at,
            'tool-use-outside-assistant',
            `Message ${m} has a tool_use but is not an assistant message.`,
          );
        if (typeof id !== 'string' || !/^[a-zA-Z0-9_-]+$/.test(id))
          add(
            `${at}/id`,
            'tool-use-id-invalid',
            `tool_use id ${jsonPreview(id ?? null)} must match ^[a-zA-Z0-9_-]+$.`,
          );
        else if (seenIds.has(id))
          add(`${at}/id`, 'tool-use-id-duplicate', `tool_use id '${id}' is used twice.`);
        else seenIds.add(id);
        if (typeof id === 'string') uses.push(id);
        checkToolName(block.name, `${at}/name`, 'Called tool', add);
      }
    });
    if (pending) {
      const missing = pending.ids.filter((id) => !answered.has(id));
      if (missing.length > 0) {
        const { list, them } = callList(missing);
        add(
          `/messages/${pending.index}`,
          'tool-call-unanswered',
          `Assistant message ${pending.index} calls ${list}, but the next message does not answer ${them} with tool_result blocks.`,
        );
      }
    }
    pending = role === 'assistant' && uses.length > 0 ? { index: m, ids: uses } : null;
  });
  // A final assistant message is a prefill the model continues; the API refuses one whose
  // text ends in whitespace. The text is the user's: reported, never trimmed.
  const final = messages.length - 1;
  const finalMessage: unknown = messages[final];
  if (isObject(finalMessage) && finalMessage.role === 'assistant') {
    const blocks = blocksOf(finalMessage);
    const lastBlock: unknown = blocks[blocks.length - 1];
    if (isObject(lastBlock) && lastBlock.type === 'text' && typeof lastBlock.text === 'string') {
      if (/\s$/.test(lastBlock.text))
        add(
          typeof finalMessage.content === 'string'
            ? `/messages/${final}/content`
            : `/messages/${final}/content/${blocks.length - 1}`,
          'assistant-trailing-whitespace',
          `The final assistant message ${final} ends in whitespace; the API refuses a final assistant message whose text ends in whitespace.`,
        );
    }
  }
  // Assigned inside the forEach callback, which TypeScript's flow analysis does not follow.
  const last = pending as { index: number; ids: string[] } | null;
  if (last) {
    const { list, them } = callList(last.ids);
    add(
      `/messages/${last.index}`,
      'tool-call-unanswered',
      `Assistant message ${last.index} calls ${list}, but no message answers ${them}.`,
    );
  }
  return violations;
}

/** Anthropic Messages: no system role mid-conversation. */
export const anthropic: Target<AnthropicRequest> = {
  name: 'anthropic',
  midConversationSystem: () => 'none',
  carriesModel: true,
  render: renderAnthropic,
  check: checkAnthropicRequest,
};
