/** Reads an Anthropic Messages request body into envelope drafts. */
import type {
  Segment,
  SystemPromptSegment,
  TextSegment,
  ThinkingSegment,
  ToolCallRequestSegment,
  ToolCallResultSegment,
  ToolItem,
} from '../../protocol/types.js';
import { isProviderResult, providerCallFields, providerResult } from './blocks.js';
import { DEFAULT_MAX_TOKENS } from './export.js';
import {
  contentText,
  describeValue,
  hostMessage,
  idFromCallId,
  imageSegment,
  textSegment,
  toolItem,
  type Draft,
  type EnvelopeBuilder,
  textOf,
  listOf,
} from '../import-builder.js';
import { isJsonObject, type JsonObject } from '../request-check.js';
import { ownValue } from '../../protocol/own-value.js';

/**
 * Whether a top-level field is read into the conversation: the model's name, the system text,
 * the messages and non-empty lists of tools. Every other field, and these when they hold
 * nothing the reader can use (`system: ""`, `tools: []` …), is kept in Envelope.request as
 * written, and exports add it back.
 */
function isConversationField(key: string, value: unknown): boolean {
  switch (key) {
    case 'messages':
      return true;
    case 'model':
      return typeof value === 'string';
    case 'system':
      return (
        (typeof value === 'string' && value !== '') || (Array.isArray(value) && value.length > 0)
      );
    case 'tools':
    case 'mcp_servers':
      return Array.isArray(value) && value.length > 0;
  }
  return false;
}

/** The fields of a function tool the protocol models; any other keeps the declaration. */
const TOOL_FIELDS = ['name', 'description', 'input_schema'];

export function readAnthropic(body: JsonObject, builder: EnvelopeBuilder) {
  readRequestFields(body, builder);
  const tools = [
    ...listOf(body.tools).map((t: unknown) => readTool(t)),
    ...listOf(body.mcp_servers).map((s: unknown, i) => readMcpServer(s, i, builder)),
  ];
  builder.setTools(tools);
  readSystem(body.system, tools, builder);
  const messages = listOf(body.messages);
  /** Tool name of each call the provider ran, by id: its result is named after it. */
  const providerCalls = new Map<string, string>();
  let previousRole: unknown;
  messages.forEach((message: unknown, m) => {
    const path = `/messages/${m}`;
    if (!isJsonObject(message)) return builder.unreadableMessage(path, m);
    // Anything but assistant is read as user, as before, but no longer silently.
    if (message.role !== 'user' && message.role !== 'assistant')
      builder.warn(
        path,
        'role-unknown',
        `Message ${m} has role ${describeValue(message.role)}, which Anthropic does not have; it was read as a user message.`,
      );
    if (message.role === previousRole)
      builder.warn(
        path,
        'turns-merged',
        `Message ${m} has the same role as the message before it; exports merge them into one.`,
      );
    previousRole = message.role;
    builder.unknownFields(message, ['role', 'content'], path, `message ${m}`);
    const list = Array.isArray(message.content);
    const blocks: { block: JsonObject; at: string }[] =
      typeof message.content === 'string'
        ? [{ block: { type: 'text', text: message.content }, at: `${path}/content` }]
        : [];
    listOf(message.content).forEach((block: unknown, b) => {
      const at = `${path}/content/${b}`;
      if (isJsonObject(block)) blocks.push({ block, at });
      else
        builder.warn(
          at,
          'block-unknown',
          `Block ${b} of message ${m} is not an object; it was left out.`,
        );
    });
    if (blocks.length === 0) {
      builder.warn(
        `${path}/content`,
        'message-empty',
        `Message ${m} has no content; exports leave it out.`,
      );
      return;
    }
    // A list of one text block comes back as a string unless the message says parts.
    const form: Pick<Draft, 'contentForm'> =
      list && blocks.length === 1 && blocks[0]!.block.type === 'text'
        ? { contentForm: 'parts' }
        : {};
    const context: BlockContext = { builder, m, providerCalls };
    if (message.role === 'assistant') return readAssistant(blocks, form, context);
    if (message.role === 'system') {
      builder.warn(
        `${path}/role`,
        'role-system',
        `Message ${m} is a system message; exports send it as a user message from the host.`,
      );
      return readSystemMessage(blocks, context);
    }
    if (message.role !== 'user')
      builder.warn(
        `${path}/role`,
        'role-unknown',
        `Message ${m} has role ${describeValue(message.role ?? null)}; it is read as a user message.`,
      );
    readUser(blocks, path, form, context);
  });
}

interface BlockContext {
  builder: EnvelopeBuilder;
  /** The message's index. */
  m: number;
  providerCalls: Map<string, string>;
}

/**
 * Every top-level field but the conversation and the tools, as the request wrote it
 * (Envelope.request). `max_tokens` only when it is not what exports send anyway.
 */
function readRequestFields(body: JsonObject, builder: EnvelopeBuilder) {
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(body)) {
    if (isConversationField(key, body[key]) || body[key] === undefined) continue;
    if (key === 'max_tokens' && body[key] === DEFAULT_MAX_TOKENS) continue;
    // defineProperty: a field named __proto__ stays a field.
    Object.defineProperty(fields, key, {
      value: body[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  if (body.max_tokens === undefined)
    builder.warn(
      '/max_tokens',
      'max-tokens-added',
      `The request has no max_tokens, which the API requires; exports send ${DEFAULT_MAX_TOKENS}.`,
    );
  if (Object.keys(fields).length > 0) builder.setRequest({ target: 'anthropic', fields });
}

/**
 * A tool declaration. A function tool with fields the protocol does not model (cache_control,
 * strict, defer_loading …) keeps its declaration, which exports send with the tool's own name,
 * description and schema; a tool of another type (web_search_20250305, code_execution_…,
 * bash_…, memory …) is one the provider defines, kept verbatim.
 */
function readTool(t: unknown): ToolItem {
  if (!isJsonObject(t)) return toolItem('', '', undefined);
  if (t.type !== undefined && t.type !== 'custom')
    return {
      name: textOf(t.name) || textOf(t.type) || 'unknown',
      description: '',
      parameters: '',
      runBy: 'provider',
      declaration: t,
    };
  const item = toolItem(t.name, t.description, t.input_schema);
  if (Object.keys(t).some((key) => !TOOL_FIELDS.includes(key)) || typeof t.description !== 'string')
    item.declaration = t;
  return item;
}

/** An MCP server of `mcp_servers`: a tool the provider runs, kept verbatim (its token too). */
function readMcpServer(server: unknown, i: number, builder: EnvelopeBuilder): ToolItem {
  if (!isJsonObject(server)) {
    builder.warn(`/mcp_servers/${i}`, 'tool-unreadable', `MCP server ${i} is not an object.`);
    return toolItem('', '', undefined);
  }
  return {
    name: textOf(server.name) || 'mcp',
    description: '',
    parameters: '',
    runBy: 'provider',
    declaration: server,
    declaredIn: 'mcp_servers',
  };
}

/**
 * The system text: a string as system_prompt and tool_overview segments; a list of text blocks
 * as one system_prompt segment each (with its cache marker), in a message that says `parts`.
 */
function readSystem(system: unknown, tools: ToolItem[], builder: EnvelopeBuilder) {
  // An empty system (or one of another type) is kept in Envelope.request as written.
  if (!Array.isArray(system) || system.length === 0)
    return builder.system(typeof system === 'string' && system !== '' ? system : null);
  const segments: Segment[] = [];
  system.forEach((block: unknown, b) => {
    const at = `/system/${b}`;
    if (!isJsonObject(block) || block.type !== 'text' || typeof block.text !== 'string') {
      builder.warn(at, 'block-unknown', `System block ${b} is not a text block; it was left out.`);
      return;
    }
    builder.unknownFields(block, ['type', 'text', 'cache_control'], at, `system block ${b}`);
    if (block.text === '')
      builder.warn(at, 'text-empty', `System block ${b} is empty; exports leave it out.`);
    const segment: SystemPromptSegment = {
      kind: 'system_prompt',
      content: block.text,
      collapsed: true,
    };
    if (isJsonObject(block.cache_control)) segment.cacheControl = block.cache_control;
    else if (block.cache_control !== undefined)
      builder.warn(`${at}/cache_control`, 'field-not-kept', 'cache_control is not an object.');
    segments.push(segment);
  });
  if (tools.length > 0)
    segments.push({ kind: 'tool_overview', items: tools, collapsed: true, inSystemText: false });
  builder.add({ role: 'system', segments, contentForm: 'parts' });
}

/**
 * An assistant message. The exporter merges consecutive assistant turns and sends each turn's
 * thinking and provider-run blocks in their places among its texts, then its tool_use blocks:
 * so each text starts a message of its own (two texts of one message are never joined), and
 * tool_use blocks end one.
 */
function readAssistant(
  blocks: { block: JsonObject; at: string }[],
  form: Pick<Draft, 'contentForm'>,
  context: BlockContext,
) {
  const { builder } = context;
  let pending: Segment[] = [];
  let draft: Draft | null = null;
  const flushDraft = () => {
    if (draft) builder.add(draft);
    draft = null;
  };
  const flushPending = () => {
    if (pending.length > 0) builder.add({ role: 'assistant', segments: pending, ...form });
    pending = [];
  };
  for (const { block, at } of blocks) {
    if (block.type === 'tool_use') {
      checkFields(block, at, context);
      const id = textOf(block.id);
      const hint = idFromCallId(id);
      const request = builder.callRequest(
        id,
        textOf(block.name),
        isJsonObject(block.input) ? block.input : {},
        id !== '' && hint === undefined,
      );
      if (draft && (draft as Draft).idHint === hint) (draft as Draft).segments.push(request);
      else {
        flushDraft();
        draft = {
          role: 'assistant',
          segments: [...pending, request],
          ...(hint ? { idHint: hint } : {}),
        };
        pending = [];
      }
      continue;
    }
    const segment = assistantSegment(block, at, context);
    if (!segment) continue;
    flushDraft();
    if (segment.kind === 'text' && pending.some((s) => s.kind === 'text')) flushPending();
    pending.push(segment);
  }
  flushDraft();
  flushPending();
}

/** A block of an assistant message other than tool_use, as its segment; null when left out. */
function assistantSegment(block: JsonObject, at: string, context: BlockContext): Segment | null {
  const { builder } = context;
  switch (block.type) {
    case 'text':
      checkFields(block, at, context);
      return textBlockSegment(block, at, builder);
    case 'thinking': {
      checkFields(block, at, context);
      const segment: ThinkingSegment = {
        kind: 'thinking',
        content: textOf(block.thinking),
        collapsed: true,
      };
      if (typeof block.signature === 'string') segment.signature = block.signature;
      else if (block.signature !== undefined)
        builder.warn(`${at}/signature`, 'field-not-kept', 'The signature is not text.');
      return segment;
    }
    case 'redacted_thinking':
      checkFields(block, at, context);
      return { kind: 'thinking', content: '', collapsed: true, redactedData: textOf(block.data) };
    case 'server_tool_use':
    case 'mcp_tool_use':
      return providerCall(block, context);
  }
  if (isProviderResult(block.type))
    return providerResultSegment(block as JsonObject & { type: string }, at, context);
  builder.warn(
    at,
    'block-unknown',
    `A ${describeValue(block.type ?? null)} block in message ${context.m} has no place in the protocol; it was left out.`,
  );
  return null;
}

/** A text block: its cache marker and citations kept with it. */
function textBlockSegment(block: JsonObject, at: string, builder: EnvelopeBuilder): TextSegment {
  const segment = textSegment(textOf(block.text));
  if (isJsonObject(block.cache_control)) segment.cacheControl = block.cache_control;
  else if (block.cache_control !== undefined)
    builder.warn(`${at}/cache_control`, 'field-not-kept', 'cache_control is not an object.');
  if (Array.isArray(block.citations) && block.citations.every(isJsonObject))
    segment.citations = block.citations;
  else if (block.citations !== undefined)
    builder.warn(
      `${at}/citations`,
      'field-not-kept',
      'citations is not a list of objects; it was left out.',
    );
  return segment;
}

/** The fields of each block type that the protocol keeps; others are named. */
const BLOCK_FIELDS: Record<string, string[]> = {
  text: ['type', 'text', 'cache_control', 'citations'],
  image: ['type', 'source'],
  tool_use: ['type', 'id', 'name', 'input'],
  tool_result: ['type', 'tool_use_id', 'content', 'is_error'],
  thinking: ['type', 'thinking', 'signature'],
  redacted_thinking: ['type', 'data'],
};

/** The fields of a tool_result block that its segment gives back; with others, it is kept whole. */
const CLIENT_RESULT_FIELDS = BLOCK_FIELDS.tool_result!;

function checkFields(block: JsonObject, at: string, { builder, m }: BlockContext) {
  const known = ownValue(BLOCK_FIELDS, block.type);
  if (known)
    builder.unknownFields(block, known, at, `a ${textOf(block.type)} block of message ${m}`);
}

/**
 * A call the provider ran itself (`server_tool_use`, or `mcp_tool_use` with its server). A
 * block with fields the protocol does not model keeps all of it in `item`, which exports send
 * unchanged.
 */
function providerCall(block: JsonObject, { providerCalls }: BlockContext): ToolCallRequestSegment {
  const { fields, whole } = providerCallFields(block);
  const segment: ToolCallRequestSegment = {
    kind: 'tool_call_request',
    toolName: typeof block.name === 'string' && block.name !== '' ? block.name : 'unknown',
    arguments: isJsonObject(block.input) ? block.input : {},
    collapsed: false,
    ...fields,
  };
  if (whole) segment.item = block;
  if (segment.callId !== undefined) providerCalls.set(segment.callId, segment.toolName);
  return segment;
}

/** The result of a call the provider ran (blocks.ts); one without its call's id is left out. */
function providerResultSegment(
  block: JsonObject & { type: string },
  at: string,
  { builder, providerCalls }: BlockContext,
): ToolCallResultSegment | null {
  const callId = block.tool_use_id;
  if (typeof callId !== 'string' || callId === '') {
    builder.warn(
      at,
      'block-unknown',
      `A ${block.type} block without its tool_use_id was left out.`,
    );
    return null;
  }
  return providerResult({ ...block, tool_use_id: callId }, providerCalls.get(callId));
}

/** A system message in the conversation: its texts, in a system message of the envelope. */
function readSystemMessage(blocks: { block: JsonObject; at: string }[], context: BlockContext) {
  const segments: Segment[] = [];
  for (const { block, at } of blocks) {
    if (block.type === 'text') {
      checkFields(block, at, context);
      segments.push(textBlockSegment(block, at, context.builder));
    } else
      context.builder.warn(
        at,
        'block-unknown',
        `A ${describeValue(block.type ?? null)} block in system message ${context.m} has no place in the protocol; it was left out.`,
      );
  }
  context.builder.add({ role: 'system', segments });
}

/** A user message: results first (one tool message each), then each other block on its own. */
function readUser(
  blocks: { block: JsonObject; at: string }[],
  path: string,
  form: Pick<Draft, 'contentForm'>,
  context: BlockContext,
) {
  const { builder, m } = context;
  for (const { block, at } of blocks) {
    if (block.type === 'tool_result') {
      // A result the segment does not give back as it was (a list of blocks, is_error: false,
      // a cache marker …) keeps its block, which Anthropic exports send back.
      const whole =
        typeof block.content !== 'string' ||
        (block.is_error !== undefined && block.is_error !== true) ||
        Object.keys(block).some((key) => !CLIENT_RESULT_FIELDS.includes(key));
      if (listOf(block.content).some((b: unknown) => !isJsonObject(b) || b.type !== 'text'))
        builder.warn(
          `${at}/content`,
          'content-parts-joined',
          'A tool_result holds blocks other than text; other APIs get only its text.',
        );
      builder.addResult(
        textOf(block.tool_use_id),
        contentText(block.content),
        block.is_error !== true,
        path,
        whole ? { item: block } : {},
      );
      continue;
    }
    checkFields(block, at, context);
    if (block.type === 'text') {
      const segment = textBlockSegment(block, at, builder);
      // A plain text that carries a host header is a system message the exporter moved here.
      const host =
        segment.cacheControl === undefined && segment.citations === undefined
          ? hostMessage(segment.content)
          : null;
      builder.add(host ?? { role: 'user', segments: [segment], ...form });
    } else if (
      block.type === 'image' &&
      isJsonObject(block.source) &&
      (block.source.type === 'base64' || block.source.type === 'url')
    ) {
      const source = block.source;
      const url =
        source.type === 'base64'
          ? `data:${textOf(source.media_type)};base64,${textOf(source.data)}`
          : textOf(source.url);
      builder.add({ role: 'user', segments: [imageSegment(url)] });
    } else {
      builder.warn(
        at,
        'block-unknown',
        `A ${describeValue(block.type ?? null)} block in message ${m} has no place in the protocol; it was left out.`,
      );
    }
  }
}
