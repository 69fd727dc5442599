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
  type ExportWarning,
  type ToolResult,
  type Turn,
} from '../../assembly/conversation.js';
import { jsonPreview } from '../../protocol/json-value.js';
import { mergeByRole, parseDataUrl, pointerIndex, type Rendered } from '../render-common.js';
import type { Target } from '../target.js';
import { passThroughBlock, sendsToAnthropic } from './blocks.js';

/** The request body of Anthropic's Messages API, as far as exports produce it. */
export interface AnthropicRequest {
  model?: string;
  max_tokens: number;
  system?: string | AnthropicTextBlock[];
  messages: AnthropicMessage[];
  /** Function tools, and the declarations of tools the provider runs as the request wrote them. */
  tools?: (AnthropicTool | Record<string, unknown>)[];
  /** Remote MCP servers, as the logged request declared them. */
  mcp_servers?: Record<string, unknown>[];
}

export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: string | (AnthropicBlock | AnthropicVerbatimBlock)[];
}

/** Anthropic's cache breakpoint, as the logged request wrote it. */
export interface AnthropicCacheControl {
  type: 'ephemeral';
  ttl?: '5m' | '1h';
}

/** A text block, with the cache marker the logged request had. */
export interface AnthropicTextBlock {
  type: 'text';
  text: string;
  cache_control?: AnthropicCacheControl;
}

/** The blocks the exporter builds. */
export type AnthropicBlock =
  | AnthropicTextBlock
  | {
      type: 'image';
      source:
        | { type: 'url'; url: string }
        | { type: 'base64'; media_type: AnthropicImageType; data: string };
    }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: boolean }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string };

/**
 * A block sent back as the logged request had it, in the API's own shape: a text with its
 * citations, a call the provider ran and its result (`server_tool_use`, `mcp_tool_use`,
 * `web_search_tool_result` …), thinking without a signature.
 */
export interface AnthropicVerbatimBlock {
  type: string;
  [key: string]: unknown;
}

/** The image types Anthropic accepts inline. */
export type AnthropicImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
const IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

export interface AnthropicTool {
  name: string;
  description?: string;
  /** An object schema; the checker reports one whose type is not "object". */
  input_schema: { type: 'object'; [key: string]: unknown };
}

export interface AnthropicRenderOptions {
  /** Required by the API; default: the logged request's (Envelope.request), else 1024. */
  maxTokens?: number;
}

export const DEFAULT_MAX_TOKENS = 1024;

/**
 * Renders the shared conversation for Anthropic: roles user and assistant only, consecutive
 * same-role turns merged into one message of blocks, tool results as `tool_result` blocks first
 * in the next user message, and later system messages as user messages from the host. Thinking
 * and the blocks of provider-run tools go back in their places; declarations of tools the
 * provider runs go back as the request wrote them.
 */
export function renderAnthropic(
  conversation: Conversation,
  options: AnthropicRenderOptions = {},
): Rendered<AnthropicRequest> & { warnings: ExportWarning[] } {
  const warnings: ExportWarning[] = [];
  const messages = mergeByRole(conversation.turns, 'assistant', 'user', turnBlocks);
  const system = systemField(conversation, warnings);
  const body: AnthropicRequest = {
    ...(conversation.model === undefined ? {} : { model: conversation.model }),
    max_tokens: options.maxTokens ?? loggedMaxTokens(conversation) ?? DEFAULT_MAX_TOKENS,
    ...(system === undefined ? {} : { system }),
    messages: messages.map((m) => ({
      role: m.role,
      content:
        m.parts.length === 1 && isPlainText(m.parts[0]!) && !m.listForm
          ? (m.parts[0] as AnthropicTextBlock).text
          : m.parts,
    })),
  };
  const { tools, toolSources, servers, serverSources } = declarations(conversation, warnings);
  if (tools.length > 0) body.tools = tools;
  if (servers.length > 0) body.mcp_servers = servers;
  return {
    body,
    warnings,
    sourcesAt: (path) => {
      const m = pointerIndex(path, 'messages');
      if (m !== null) return messages[m]?.sources ?? [];
      const t = pointerIndex(path, 'tools');
      if (t !== null) return toolSources[t] ? [toolSources[t]] : [];
      const s = pointerIndex(path, 'mcp_servers');
      if (s !== null) return serverSources[s] ? [serverSources[s]] : [];
      return path === '/system' || path.startsWith('/system/') ? conversation.systemSourceIds : [];
    },
  };
}

/** The logged request's max_tokens, when it was written for Anthropic. */
function loggedMaxTokens(conversation: Conversation): number | undefined {
  const request = conversation.request;
  const value = request?.target === 'anthropic' ? request.fields?.max_tokens : undefined;
  return typeof value === 'number' ? value : undefined;
}

/** A text block with nothing but its text: what a message of one may send as a string. */
const isPlainText = (block: AnthropicBlock | AnthropicVerbatimBlock): boolean =>
  block.type === 'text' && Object.keys(block).length === 2;

/**
 * The system text: text blocks when the envelope's system message asked for a list or a part
 * carries a cache marker, else one string. Blocks that no longer make up the system text (Prompt
 * Studio components changed it) give way to the string, and their cache markers are named.
 */
function systemField(
  conversation: Conversation,
  warnings: ExportWarning[],
): AnthropicRequest['system'] {
  const { system, systemBlocks } = conversation;
  if (system === null) return undefined;
  if (!systemBlocks || systemBlocks.length === 0) return system;
  if (systemBlocks.map((b) => b.text).join('\n\n') === system)
    return systemBlocks.map((b) =>
      b.cacheControl === undefined
        ? { type: 'text', text: b.text }
        : {
            type: 'text',
            text: b.text,
            cache_control: b.cacheControl as unknown as AnthropicCacheControl,
          },
    );
  if (systemBlocks.some((b) => b.cacheControl !== undefined))
    warnings.push({
      code: 'cache-control-omitted',
      message:
        'The system text was changed by components, so its parts lose their cache_control markers; it is sent as one string.',
      messageIds: conversation.systemSourceIds,
    });
  return system;
}

/**
 * Tools as the API declares them: function tools with their schema (and the fields the logged
 * declaration had besides), tools the provider runs as the request wrote them, MCP servers in
 * `mcp_servers`. A provider-run tool of another API is not Anthropic's to declare: left out.
 */
function declarations(conversation: Conversation, warnings: ExportWarning[]) {
  const tools: AnthropicRequest['tools'] & unknown[] = [];
  const toolSources: string[] = [];
  const servers: Record<string, unknown>[] = [];
  const serverSources: string[] = [];
  for (const t of conversation.tools) {
    const declaration = t.declaration;
    if (t.declaredIn === 'mcp_servers' && declaration) {
      servers.push(declaration);
      serverSources.push(t.sourceId);
    } else if (t.runBy === 'provider' || t.declaredIn === 'mcp_servers') {
      if (declaration && isAnthropicDeclaration(declaration)) {
        tools.push(declaration);
        toolSources.push(t.sourceId);
      } else
        warnings.push({
          code: 'provider-tool-omitted',
          message: `Tool '${t.name}' is run by another provider; an Anthropic body leaves it out.`,
          messageIds: [t.sourceId],
        });
    } else {
      const schema = t.parameters as AnthropicTool['input_schema'];
      tools.push(
        declaration
          ? {
              ...declaration,
              name: t.name,
              ...(t.description === '' && !('description' in declaration)
                ? {}
                : { description: t.description }),
              input_schema: schema,
            }
          : { name: t.name, description: t.description, input_schema: schema },
      );
      toolSources.push(t.sourceId);
    }
  }
  return { tools, toolSources, servers, serverSources };
}

/** A declaration written for Anthropic's tools: it names the tool and its type. */
const isAnthropicDeclaration = (declaration: Record<string, unknown>): boolean =>
  typeof declaration.type === 'string' && typeof declaration.name === 'string';

function turnBlocks(turn: Turn): (AnthropicBlock | AnthropicVerbatimBlock)[] {
  switch (turn.role) {
    case 'tool': {
      const r = turn.toolResult!;
      if (r.item?.type === 'tool_result') return [keptResult(r.item, r)];
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
    case 'assistant': {
      // Thinking and provider-run blocks in their places among the texts, then the calls.
      const blocks: (AnthropicBlock | AnthropicVerbatimBlock)[] = [];
      const passThrough = turn.passThrough ?? [];
      let next = 0;
      const sendUntil = (at: number) => {
        for (; next < passThrough.length && passThrough[next]!.at <= at; next++) {
          const segment = passThrough[next]!.segment;
          if (sendsToAnthropic(segment))
            blocks.push(passThroughBlock(segment) as AnthropicVerbatimBlock);
        }
      };
      turn.parts.forEach((part, i) => {
        sendUntil(i);
        blocks.push(textBlock(part));
      });
      sendUntil(Infinity);
      for (const c of turn.toolCalls)
        blocks.push({ type: 'tool_use', id: c.id, name: c.name, input: c.arguments });
      return blocks;
    }
    case 'user':
      return turn.parts.map(partBlock);
  }
}

/**
 * A tool_result block kept whole (a list of blocks, `is_error: false`, a cache marker …), with
 * the call id it is sent for, and the envelope's text and outcome where they were changed.
 */
function keptResult(item: Record<string, unknown>, r: ToolResult): AnthropicVerbatimBlock {
  const block: AnthropicVerbatimBlock = { ...item, type: 'tool_result', tool_use_id: r.callId };
  if (blocksText(item.content) !== r.result) block.content = r.result;
  if ((item.is_error === true) === r.success) {
    if (r.success) delete block.is_error;
    else block.is_error = true;
  }
  return block;
}

/** The text of a result's content: a string, or its text blocks joined as imports join them. */
function blocksText(content: unknown): string {
  if (typeof content === 'string') return content;
  return listOf(content)
    .filter((b): b is JsonObject => isObject(b) && b.type === 'text')
    .map((b) => (typeof b.text === 'string' ? b.text : ''))
    .join('\n\n');
}

function textBlock(part: ContentPart): AnthropicBlock | AnthropicVerbatimBlock {
  if (part.type === 'text') return textOfPart(part);
  return { type: 'text', text: partText(part) };
}

/** A text part as its block, with the cache marker and citations its segment carries. */
function textOfPart(part: ContentPart & { type: 'text' }): AnthropicBlock | AnthropicVerbatimBlock {
  const block: AnthropicTextBlock = { type: 'text', text: part.text };
  const segment = part.segment;
  if (segment?.cacheControl !== undefined)
    block.cache_control = segment.cacheControl as unknown as AnthropicCacheControl;
  return segment?.citations === undefined ? block : { ...block, citations: segment.citations };
}

function partBlock(part: ContentPart): AnthropicBlock | AnthropicVerbatimBlock {
  if (part.type === 'text') return textOfPart(part);
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
 * URLs over http(s), thinking with its signature, no final assistant message whose text ends
 * in whitespace. Accepts any value and never throws.
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
    // A tool the provider defines (web_search_20250305 …) has no input_schema.
    const own = isObject(tool) && typeof tool.type === 'string' && tool.type !== 'custom';
    if (
      !own &&
      (!isObject(tool) || !isObject(tool.input_schema) || tool.input_schema.type !== 'object')
    ) {
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
      if (type === 'thinking' && typeof block.signature !== 'string')
        add(
          at,
          'thinking-signature-missing',
          `A thinking block in message ${m} has no signature; the API takes thinking back only with the signature it gave.`,
        );
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
  sends: sendsToAnthropic,
  carriesModel: true,
  render: renderAnthropic,
  check: checkAnthropicRequest,
};
