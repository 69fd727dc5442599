/**
 * Reads an OpenAI Chat Completions request body (also of OpenAI-compatible Chat APIs: DeepSeek,
 * Groq, OpenRouter, Qwen …) into envelope drafts.
 */
import type { Message, Segment, ToolItem } from '../../protocol/types.js';
import { pointerToken } from '../../protocol/issues.js';
import { stringifyJson } from '../../protocol/json-value.js';
import {
  contentText,
  describeValue,
  hostMessage,
  idFromCallId,
  imageSegment,
  listForm,
  parseArguments,
  textOf,
  textSegment,
  textSegments,
  toolItem,
  type Draft,
  type EnvelopeBuilder,
  listOf,
} from '../import-builder.js';
import { isJsonObject, type JsonObject } from '../request-check.js';
import { reasoningModelOf } from './export.js';
import { ownValue } from '../../protocol/own-value.js';

/** The body fields the reader models; every other one is kept in `Envelope.request.fields`. */
const MODELLED_FIELDS: readonly string[] = ['model', 'messages', 'tools', 'functions'];
const LIST_FIELDS: readonly string[] = ['tools', 'functions'];
const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;
/** The assistant message fields OpenAI-compatible APIs put the model's reasoning in. */
const THINKING_FIELDS = ['reasoning_content', 'reasoning'] as const;
const AUTHOR_FIELDS = ['name'];
/** The message fields each role's reader reads besides `role` and `content`. */
const MESSAGE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  system: AUTHOR_FIELDS,
  developer: AUTHOR_FIELDS,
  user: AUTHOR_FIELDS,
  assistant: [...AUTHOR_FIELDS, 'tool_calls', 'refusal', 'annotations', ...THINKING_FIELDS],
  tool: ['tool_call_id', 'name'],
};
const DETAILS: readonly unknown[] = ['auto', 'low', 'high'];
/** The function fields a tool declaration is rebuilt from; any other one keeps the declaration. */
const FUNCTION_FIELDS: readonly string[] = ['name', 'description', 'parameters'];

export function readOpenAI(body: JsonObject, builder: EnvelopeBuilder) {
  // Everything but the conversation and its tools is the request's own settings, kept as they
  // were (stream, temperature, tool_choice, response_format, the legacy function_call …).
  // An empty tools list is a setting too: the tool_overview needs a tool.
  const fields = Object.fromEntries(
    Object.entries(body).filter(
      ([key, value]) =>
        value !== undefined &&
        (!MODELLED_FIELDS.includes(key) || (LIST_FIELDS.includes(key) && isEmptyList(value))),
    ),
  );
  if (Object.keys(fields).length > 0) builder.setRequest({ target: 'openai', fields });
  builder.setTools(readTools(body, builder));
  const reasoningModel = reasoningModelOf(body);
  const messages = listOf(body.messages);
  let started = false;
  let systemDone = false;
  messages.forEach((message: unknown, m) => {
    const path = `/messages/${m}`;
    if (!isJsonObject(message)) return builder.unreadableMessage(path, m);
    const role = message.role;
    // Own keys only: a role such as "toString" names no reader.
    const known = ownValue(MESSAGE_FIELDS, role);
    if (!known) return builder.unknownRole(path, `Message ${m}`, role);
    const emptyFields = otherFields(message, known, path, `message ${m}`, builder);
    const named: Pick<Draft, 'name' | 'originalRole'> = {};
    if (typeof message.name === 'string' && message.name !== '') named.name = message.name;
    if (role === 'developer') named.originalRole = 'developer';
    const hints: Pick<Draft, 'name' | 'originalRole' | 'emptyFields'> = emptyFields
      ? { ...named, emptyFields }
      : named;
    const text = contentText(message.content);
    if (role === 'system' || role === 'developer') joinedParts(message.content, path, builder);
    if (role === 'system' && reasoningModel)
      builder.warn(
        `${path}/role`,
        'system-role-changed',
        `Reasoning model '${reasoningModel}' takes developer messages; this system message is sent as developer on export.`,
      );
    if ((role === 'system' || role === 'developer') && !started) {
      if (systemDone)
        builder.warn(
          path,
          'system-merged',
          'A second leading system message is merged into the first on export.',
        );
      // A second one is a system message of its own (the tools are declared once).
      if (systemDone) builder.add({ role: 'system', segments: textSegments(text) });
      else builder.system(text, hints);
      systemDone = true;
      return;
    }
    if (!systemDone && builder.drafts.length === 0) builder.system(null);
    systemDone = true;
    started = true;
    if (role === 'system' || role === 'developer')
      return builder.add({ role: 'system', segments: textSegments(text), ...hints });
    if (role === 'user') {
      const host = typeof message.content === 'string' ? hostMessage(message.content) : null;
      if (host) return builder.add(host);
      return builder.add({ role: 'user', ...userDraft(message.content, path, builder), ...hints });
    }
    if (role === 'assistant') return builder.add(assistantDraft(message, path, m, hints, builder));
    const id = typeof message.tool_call_id === 'string' ? message.tool_call_id : '';
    joinedParts(message.content, path, builder);
    // Exports write failed results as `Error: …` (errorText in export.ts).
    const failed = text.startsWith('Error: ');
    return builder.addResult(id, failed ? text.slice(7) : text, !failed, path, hints);
  });
  if (!systemDone) builder.system(null);
}

/**
 * The fields of a message besides role and content: those that came with no value (`refusal:
 * null`, `annotations: []` …, as SDKs send a response message back) are kept to be written
 * again; any other one that its role's reader does not read is named in a warning.
 */
function otherFields(
  message: JsonObject,
  known: readonly string[],
  path: string,
  what: string,
  builder: EnvelopeBuilder,
): Message['emptyFields'] {
  const empty: [string, null | []][] = [];
  for (const key of Object.keys(message)) {
    const value = message[key];
    if (key === 'role' || key === 'content' || value === undefined) continue;
    if (value === null || isEmptyList(value)) empty.push([key, value as null | []]);
    else if (!known.includes(key) || !readable(key, value)) {
      builder.warn(
        `${path}/${pointerToken(key)}`,
        'field-not-kept',
        `Field '${key}' of ${what} has no place in the protocol; it was left out.`,
      );
    }
  }
  return empty.length > 0 ? Object.fromEntries(empty) : undefined;
}

/** Whether a reader reads this value of a field it knows (a name is text, a call list a list …). */
function readable(key: string, value: unknown): boolean {
  switch (key) {
    case 'tool_calls':
    case 'annotations':
      return Array.isArray(value);
    case 'name':
      return typeof value === 'string' && value !== '';
    default:
      // tool_call_id, refusal and the reasoning fields: text.
      return typeof value === 'string';
  }
}

/**
 * The tools of `tools`, then those of the legacy `functions` list (`declaredIn: 'functions'`,
 * written back there). A declaration with more than name, description and parameters (`strict`,
 * a tool of another type …) keeps its own object in `declaration`.
 */
function readTools(body: JsonObject, builder: EnvelopeBuilder): ToolItem[] {
  const items: ToolItem[] = [];
  listOf(body.tools).forEach((tool: unknown, i) => {
    const path = `/tools/${i}`;
    if (!isJsonObject(tool)) return unreadableTool(path, builder);
    const isFunction =
      tool.type === 'function' || (tool.type === undefined && isJsonObject(tool.function));
    if (!isFunction) {
      // A custom tool (free-form input) or a provider's own kind: kept as it was declared.
      const inner = typeof tool.type === 'string' ? tool[tool.type] : undefined;
      const own = isJsonObject(inner) ? inner : {};
      const name = typeof own.name === 'string' && own.name !== '' ? own.name : textOf(tool.type);
      builder.warn(
        `${path}/type`,
        'tool-not-function',
        `Tool ${i} is of type ${describeValue(tool.type)}, not a function: it is sent back as declared to OpenAI Chat Completions only; other targets get a function named '${name || 'tool'}'.`,
      );
      items.push({
        ...toolItem(name || 'tool', own.description, undefined),
        declaration: tool,
      });
      return;
    }
    const fn = isJsonObject(tool.function) ? tool.function : {};
    const item = readFunction(fn, `${path}/function`, builder);
    if (!item) return unreadableTool(path, builder);
    const plain =
      tool.type === 'function' && Object.keys(tool).every((k) => k === 'type' || k === 'function');
    if (!plain || !isPlainFunction(fn)) item.declaration = tool;
    items.push(item);
  });
  listOf(body.functions).forEach((fn: unknown, i) => {
    const path = `/functions/${i}`;
    const item = isJsonObject(fn) ? readFunction(fn, path, builder) : null;
    if (!item) return unreadableTool(path, builder);
    if (!isPlainFunction(fn as JsonObject)) item.declaration = fn as JsonObject;
    items.push({ ...item, declaredIn: 'functions' });
  });
  return items;
}

/** A function declaration as a tool item; null when it has no name. */
function readFunction(fn: JsonObject, path: string, builder: EnvelopeBuilder): ToolItem | null {
  if (typeof fn.name !== 'string' || fn.name === '') return null;
  if (fn.parameters !== undefined && !isJsonObject(fn.parameters))
    builder.warn(
      `${path}/parameters`,
      'field-not-kept',
      `The parameters of tool '${fn.name}' are not a JSON Schema object; they were left out.`,
    );
  return toolItem(fn.name, fn.description, fn.parameters);
}

/** What exports write from a tool item alone: a name, a description and a parameters object. */
const isPlainFunction = (fn: JsonObject): boolean =>
  typeof fn.description === 'string' &&
  isJsonObject(fn.parameters) &&
  Object.keys(fn).every((k) => FUNCTION_FIELDS.includes(k));

function unreadableTool(path: string, builder: EnvelopeBuilder) {
  builder.warn(path, 'tool-unreadable', 'A tool without a name was left out.');
}

/** A list of text parts where the protocol keeps one text (system and tool messages): a warning. */
function joinedParts(content: unknown, path: string, builder: EnvelopeBuilder) {
  if (!Array.isArray(content)) return;
  builder.warn(
    `${path}/content`,
    'content-parts-joined',
    `The ${content.length} content part${content.length === 1 ? '' : 's'} of this message are sent as one string on export.`,
  );
}

function userDraft(
  content: unknown,
  path: string,
  builder: EnvelopeBuilder,
): Pick<Draft, 'segments' | 'contentForm'> {
  if (!Array.isArray(content))
    return { segments: textSegments(typeof content === 'string' ? content : '') };
  const segments: Segment[] = [];
  const types: string[] = [];
  content.forEach((part: unknown, k) => {
    const at = `${path}/content/${k}`;
    if (!isJsonObject(part)) return;
    if (part.type === 'text') {
      builder.unknownFields(part, ['type', 'text'], at, `part ${k}`);
      segments.push(textSegment(textOf(part.text)));
      types.push('text');
    } else if (part.type === 'image_url' && typeof part.image_url === 'string') {
      builder.warn(
        `${at}/image_url`,
        'image-url-shorthand',
        'image_url is a bare string (a shorthand some clients send); exports write { "url": … }.',
      );
      segments.push(imageSegment(part.image_url || ' '));
      types.push('image');
    } else if (part.type === 'image_url' && isJsonObject(part.image_url)) {
      builder.unknownFields(part, ['type', 'image_url'], at, `part ${k}`);
      builder.unknownFields(part.image_url, ['url', 'detail'], `${at}/image_url`, `image ${k}`);
      const detail = part.image_url.detail;
      if (detail !== undefined && !DETAILS.includes(detail))
        builder.warn(
          `${at}/image_url/detail`,
          'field-not-kept',
          `Image detail ${describeValue(detail)} is not auto, low or high; it was left out.`,
        );
      segments.push(
        imageSegment(
          textOf(part.image_url.url) || ' ',
          DETAILS.includes(detail) ? detail : undefined,
        ),
      );
      types.push('image');
    } else {
      builder.unknownPart(at, part);
    }
  });
  if (segments.length === 0) return { segments: textSegments('') };
  const form = listForm(types, true);
  return form ? { segments, contentForm: form } : { segments };
}

/**
 * An assistant message: its reasoning (`reasoning_content`, `reasoning`) as thinking segments,
 * then its text, then its calls. A message without a `content` key says `contentForm: 'none'`;
 * `null` is the default beside calls.
 */
function assistantDraft(
  message: JsonObject,
  path: string,
  m: number,
  hints: Pick<Draft, 'name' | 'emptyFields'>,
  builder: EnvelopeBuilder,
): Draft {
  const calls = listOf(message.tool_calls);
  const segments: Segment[] = [];
  for (const field of THINKING_FIELDS) {
    const value = message[field];
    if (typeof value === 'string')
      segments.push({ kind: 'thinking', content: value, collapsed: true, field });
  }
  const own = assistantText(message, path, calls.length > 0, builder);
  segments.push(...own.segments);
  let idHint: string | undefined;
  calls.forEach((call: unknown, c) => {
    const at = `${path}/tool_calls/${c}`;
    if (!isJsonObject(call)) {
      builder.warn(at, 'call-unreadable', `Tool call ${c} is not an object; it was left out.`);
      return;
    }
    const fn = isJsonObject(call.function) ? call.function : {};
    const id = typeof call.id === 'string' ? call.id : `call_${m}_${c}`;
    builder.unknownFields(call, ['id', 'type', 'function'], at, 'a call');
    builder.unknownFields(fn, ['name', 'arguments'], `${at}/function`, 'a call');
    if (call.type !== 'function')
      builder.warn(
        `${at}/type`,
        'field-not-kept',
        `Tool call ${c} has type ${describeValue(call.type)}; it is sent back as a function call.`,
      );
    if (fn.arguments !== undefined && typeof fn.arguments !== 'string')
      builder.warn(
        `${at}/function/arguments`,
        'arguments-not-text',
        'The tool call arguments are not JSON text, as the API takes them; they are sent back as text.',
      );
    const hint = idFromCallId(id);
    idHint ??= hint;
    const args = parseArguments(fn.arguments, `${at}/function/arguments`, builder);
    const segment = builder.callRequest(id, textOf(fn.name), args, hint === undefined);
    // The arguments' own text (spacing, key order, text that is not an object) comes back.
    if (typeof fn.arguments === 'string' && fn.arguments !== stringifyJson(args))
      segment.argumentsText = fn.arguments;
    segments.push(segment);
  });
  return {
    role: 'assistant',
    segments: segments.length > 0 ? segments : textSegments(''),
    ...(own.contentForm ? { contentForm: own.contentForm } : {}),
    ...(idHint ? { idHint } : {}),
    ...hints,
  };
}

/**
 * An assistant message's text: a string, or text parts kept apart (`contentForm: parts`); none
 * when the message has no `content` key (`contentForm: none`). A refusal with no text is shown
 * as the text; `annotations` become the citations of the first text.
 */
function assistantText(
  message: JsonObject,
  path: string,
  hasCalls: boolean,
  builder: EnvelopeBuilder,
): Pick<Draft, 'segments' | 'contentForm'> {
  const { content, refusal, annotations } = message;
  let own: Pick<Draft, 'segments' | 'contentForm'>;
  if (content === undefined) own = { segments: [], contentForm: 'none' };
  else if (content === null) {
    if (!hasCalls && typeof refusal !== 'string')
      builder.warn(
        `${path}/content`,
        'content-null',
        'An assistant message with no content and no tool calls is sent with empty text on export.',
      );
    own = { segments: [] };
  } else if (!Array.isArray(content)) own = { segments: textSegments(textOf(content)) };
  else if (content.length === 0) {
    // Mistral's empty list beside calls comes back; without calls it is one empty text.
    if (!hasCalls)
      builder.warn(
        `${path}/content`,
        'content-null',
        'An assistant message with an empty content list and no tool calls is sent with empty text on export.',
      );
    own = { segments: [], ...(hasCalls ? { contentForm: 'parts' as const } : {}) };
  } else {
    const segments: Segment[] = [];
    content.forEach((part: unknown, k) => {
      if (isJsonObject(part) && part.type === 'text') {
        builder.unknownFields(part, ['type', 'text'], `${path}/content/${k}`, `part ${k}`);
        segments.push(textSegment(textOf(part.text)));
      } else {
        builder.unknownPart(`${path}/content/${k}`, part);
      }
    });
    own = segments.length > 0 ? { segments, contentForm: 'parts' } : { segments: [] };
  }
  if (typeof refusal === 'string') {
    if (own.segments.length === 0 && refusal !== '') {
      // The message holds content and refusal: the warning names both.
      builder.warn(
        path,
        'refusal',
        "The model refused; the refusal is shown as the assistant's text and sent back as its content.",
      );
      own = { segments: textSegments(refusal) };
    } else
      builder.warn(
        `${path}/refusal`,
        'field-not-kept',
        'A refusal beside text, or an empty one, has no place in the protocol; it was left out.',
      );
  }
  if (Array.isArray(annotations) && annotations.length > 0) {
    const first = own.segments.find((s) => s.kind === 'text');
    if (first?.kind === 'text' && annotations.every(isJsonObject)) first.citations = annotations;
    else
      builder.warn(
        `${path}/annotations`,
        'field-not-kept',
        'The annotations of a message without text have no place in the protocol; they were left out.',
      );
  }
  return own;
}
