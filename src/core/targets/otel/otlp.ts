/**
 * OpenTelemetry GenAI data as the OTel record the `otel` reader reads: an OTLP/JSON trace export
 * (`resourceSpans` → `scopeSpans` → `spans`), one span, or a map of `gen_ai.*` attributes. The
 * conversation may be in any of the shapes instrumentations have written:
 *
 * - the attributes `gen_ai.system_instructions`, `gen_ai.input.messages`,
 *   `gen_ai.output.messages`, `gen_ai.tool.definitions` (conventions 1.37 and later), on the span
 *   or on its `gen_ai.client.inference.operation.details` event, as JSON text or as values;
 * - the events `gen_ai.system.message`, `gen_ai.user.message`, `gen_ai.assistant.message`,
 *   `gen_ai.tool.message` and `gen_ai.choice` (conventions 1.28 to 1.36);
 * - the events `gen_ai.content.prompt` and `gen_ai.content.completion` (1.26, 1.27);
 * - indexed attributes `gen_ai.prompt.0.role`, `gen_ai.completion.0.content`, … (OpenLLMetry).
 */
import { textOf, type ImportWarning, listOf } from '../import-builder.js';
import { jsonValue } from '../import-records.js';
import { isJsonObject, type JsonObject } from '../request-check.js';
import { ownValue } from '../../protocol/own-value.js';

/** A span of a trace, with its JSON Pointer in the export. */
export interface OtlpSpan {
  span: JsonObject;
  path: string;
}

/** The spans of an OTLP/JSON trace export (or the one span given). */
export function otlpSpans(value: JsonObject): OtlpSpan[] {
  if (!Array.isArray(value.resourceSpans)) return [{ span: value, path: '' }];
  const spans: OtlpSpan[] = [];
  value.resourceSpans.forEach((resource: unknown, r) => {
    if (!isJsonObject(resource)) return;
    // `instrumentationLibrarySpans` is the name before OTLP 0.15.
    const key = Array.isArray(resource.scopeSpans) ? 'scopeSpans' : 'instrumentationLibrarySpans';
    listOf(resource[key]).forEach((scope: unknown, s) => {
      if (!isJsonObject(scope) || !Array.isArray(scope.spans)) return;
      scope.spans.forEach((span: unknown, i) => {
        if (isJsonObject(span))
          spans.push({ span, path: `/resourceSpans/${r}/${key}/${s}/spans/${i}` });
      });
    });
  });
  return spans;
}

/** The conversation of one OTel source: the record to read, its output, and what the span says. */
export interface OTelConversation {
  body: JsonObject;
  /** `{ outputMessages }` when the model's answer was recorded. */
  response?: JsonObject;
  model?: string;
  /** Unix epoch milliseconds. */
  time?: number;
  warnings: ImportWarning[];
}

/** Operations whose spans are not one model call (their messages repeat those of model calls). */
const NOT_MODEL_CALLS = new Set(['execute_tool', 'embeddings', 'create_agent', 'invoke_agent']);

/**
 * The conversation a span records, or why it records none: `not-a-model-call` (another
 * operation, or no `gen_ai.*` attribute at all) or `no-content` (a model call recorded without
 * its messages, the instrumentations' default).
 */
export function spanConversation({
  span,
  path,
}: OtlpSpan): OTelConversation | 'not-a-model-call' | 'no-content' {
  const attributes = attributeMap(span.attributes);
  const operation = attributes['gen_ai.operation.name'];
  const genAI = Object.keys(attributes).some((key) => key.startsWith('gen_ai.'));
  if (!genAI || (typeof operation === 'string' && NOT_MODEL_CALLS.has(operation)))
    return 'not-a-model-call';
  const events = listOf(span.events).filter(isJsonObject);
  for (const event of events) {
    if (event.name === 'gen_ai.client.inference.operation.details')
      Object.assign(attributes, attributeMap(event.attributes));
  }
  const conversation = fromAttributes(attributes, path) ?? fromEvents(events, attributes);
  if (!conversation) return 'no-content';
  const nanos = Number(span.startTimeUnixNano);
  if (Number.isFinite(nanos) && nanos > 0) conversation.time = Math.round(nanos / 1e6);
  return conversation;
}

/**
 * A map of `gen_ai.*` attributes (a span's, or a record of them written as one JSON object) as
 * an OTel record, or null when it holds no messages.
 */
export function fromAttributes(attributes: JsonObject, path: string): OTelConversation | null {
  const warnings: ImportWarning[] = [];
  const list = (key: string): unknown[] | undefined => {
    let value = attributes[key];
    if (typeof value === 'string') {
      value = jsonValue(value);
      if (value === undefined)
        warnings.push({
          path,
          code: 'attribute-unreadable',
          message: `The attribute ${key} is not JSON that can be read; it was left out.`,
        });
    }
    return Array.isArray(value) ? value : undefined;
  };
  const input = list('gen_ai.input.messages');
  const output = list('gen_ai.output.messages');
  if (input || output)
    return record(
      attributes,
      list('gen_ai.system_instructions') ?? [],
      (input ?? []).map(partsMessage),
      list('gen_ai.tool.definitions') ?? [],
      output?.map(partsMessage),
      warnings,
    );
  const prompt = indexedMessages(attributes, 'gen_ai.prompt');
  const completion = indexedMessages(attributes, 'gen_ai.completion');
  if (prompt.length === 0 && completion.length === 0) return null;
  return record(
    attributes,
    [],
    prompt.map(chatMessage),
    indexedTools(attributes),
    completion.length > 0 ? completion.map(chatMessage) : undefined,
    warnings,
  );
}

/**
 * Leading system messages become the system instructions when the record has none; the model
 * is the one the attributes name.
 */
function record(
  attributes: JsonObject,
  system: unknown[],
  input: JsonObject[],
  tools: unknown[],
  output: JsonObject[] | undefined,
  warnings: ImportWarning[],
): OTelConversation {
  let systemInstructions = system;
  let inputMessages = input;
  if (system.length === 0) {
    const leading = input.findIndex((m) => m.role !== 'system');
    const end = leading < 0 ? input.length : leading;
    systemInstructions = input
      .slice(0, end)
      .flatMap((m) => (Array.isArray(m.parts) ? (m.parts as unknown[]) : []));
    inputMessages = input.slice(end);
  }
  const body: JsonObject = { systemInstructions, inputMessages, toolDefinitions: tools };
  const conversation: OTelConversation = {
    body,
    ...(output ? { response: { outputMessages: output } } : {}),
    warnings,
  };
  const model = attributes['gen_ai.request.model'] ?? attributes['gen_ai.response.model'];
  if (typeof model === 'string') conversation.model = model;
  return conversation;
}

/** An OTel message as the reader wants it: tool call arguments written as JSON text are parsed. */
function partsMessage(message: unknown): JsonObject {
  if (!isJsonObject(message)) return { role: 'user', parts: [] };
  const parts = listOf(message.parts).map((part: unknown) =>
    isJsonObject(part) && part.type === 'tool_call' && typeof part.arguments === 'string'
      ? { ...part, arguments: parseObject(part.arguments) }
      : part,
  );
  return { role: message.role, parts };
}

/** An OpenAI-style message (what older conventions and OpenLLMetry record) as an OTel message. */
function chatMessage(message: JsonObject): JsonObject {
  const role = message.role === 'ai' ? 'assistant' : (message.role ?? 'user');
  const parts: JsonObject[] = [];
  const text = contentText(message.content);
  if (role === 'tool') {
    const id = message.tool_call_id ?? message.id ?? '';
    return { role, parts: [{ type: 'tool_call_response', id, response: text }] };
  }
  if (text !== '') parts.push({ type: 'text', content: text });
  for (const call of listOf(message.tool_calls)) {
    if (!isJsonObject(call)) continue;
    const fn = isJsonObject(call.function) ? call.function : call;
    parts.push({
      type: 'tool_call',
      id: textOf(call.id),
      name: textOf(fn.name),
      arguments:
        typeof fn.arguments === 'string' ? parseObject(fn.arguments) : (fn.arguments ?? {}),
    });
  }
  return { role, parts };
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((p: unknown) => textOf(isJsonObject(p) ? (p.text ?? p.content) : p))
      .join('\n\n');
  return textOf(content);
}

function parseObject(text: string): JsonObject {
  const value = jsonValue(text);
  return isJsonObject(value) ? value : { value: value === undefined ? text : value };
}

/** `prefix.0.role`, `prefix.0.content`, `prefix.0.tool_calls.1.name`, … as messages in order. */
function indexedMessages(attributes: JsonObject, prefix: string): JsonObject[] {
  const messages: JsonObject[] = [];
  const pattern = new RegExp(`^${prefix.replace(/\./g, '\\.')}\\.(\\d+)\\.(.+)$`);
  for (const [key, value] of Object.entries(attributes)) {
    const match = pattern.exec(key);
    if (!match) continue;
    const message = (messages[Number(match[1])] ??= {});
    const call = /^tool_calls\.(\d+)\.(.+)$/.exec(match[2]!);
    if (call) {
      const calls = ((message.tool_calls as JsonObject[] | undefined) ??= []);
      (calls[Number(call[1])] ??= {})[call[2]!] = value;
    } else message[match[2]!] = value;
  }
  return messages.filter(isJsonObject);
}

/** OpenLLMetry's `llm.request.functions.0.name`, `.description`, `.parameters`. */
function indexedTools(attributes: JsonObject): JsonObject[] {
  return indexedMessages(attributes, 'llm.request.functions').map((f) => ({
    type: 'function',
    name: f.name,
    description: f.description,
    parameters: typeof f.parameters === 'string' ? parseObject(f.parameters) : f.parameters,
  }));
}

const MESSAGE_EVENTS: Record<string, string> = {
  'gen_ai.system.message': 'system',
  'gen_ai.user.message': 'user',
  'gen_ai.assistant.message': 'assistant',
  'gen_ai.tool.message': 'tool',
};

/** The conversation of a span's message events (conventions 1.26 to 1.36), or null. */
function fromEvents(events: JsonObject[], attributes: JsonObject): OTelConversation | null {
  const input: JsonObject[] = [];
  const output: JsonObject[] = [];
  for (const event of events) {
    const name = textOf(event.name);
    const fields = attributeMap(event.attributes);
    // Some SDKs put the event's body in one attribute, as JSON text.
    const body = parseBody(fields['gen_ai.event.content']) ?? fields;
    if (name === 'gen_ai.content.prompt' || name === 'gen_ai.content.completion') {
      const key = name === 'gen_ai.content.prompt' ? 'gen_ai.prompt' : 'gen_ai.completion';
      const messages = parseList(fields[key]);
      (key === 'gen_ai.prompt' ? input : output).push(
        ...messages
          .filter(isJsonObject)
          .map((m) => chatMessage(isJsonObject(m.message) ? m.message : m)),
      );
    } else if (ownValue(MESSAGE_EVENTS, name)) {
      input.push(chatMessage({ role: ownValue(MESSAGE_EVENTS, name), ...body }));
    } else if (name === 'gen_ai.choice') {
      const message = isJsonObject(body.message) ? body.message : body;
      output.push(chatMessage({ role: 'assistant', ...message }));
    }
  }
  if (input.length === 0 && output.length === 0) return null;
  return record(attributes, [], input, [], output.length > 0 ? output : undefined, []);
}

/** A value, or the value JSON text holds (undefined when it cannot be read). */
const parsedText = (value: unknown): unknown =>
  typeof value === 'string' ? jsonValue(value) : value;

function parseBody(value: unknown): JsonObject | null {
  const parsed = parsedText(value);
  return isJsonObject(parsed) ? parsed : null;
}

function parseList(value: unknown): unknown[] {
  const parsed = parsedText(value);
  return Array.isArray(parsed) ? parsed : parsed === undefined ? [] : [parsed];
}

/** OTLP's attribute list (`[{ key, value: { stringValue } }]`) as a plain object. */
export function attributeMap(list: unknown): JsonObject {
  if (isJsonObject(list)) return { ...list };
  if (!Array.isArray(list)) return {};
  return Object.fromEntries(
    list
      .filter((entry) => isJsonObject(entry) && typeof entry.key === 'string')
      .map((entry: JsonObject) => [entry.key, anyValue(entry.value)]),
  );
}

/** OTLP's AnyValue as a plain value; iterative, so a deep kvlist cannot exhaust the stack. */
export function anyValue(value: unknown): unknown {
  const root: { out?: unknown } = {};
  const stack: [unknown, (v: unknown) => void][] = [[value, (v) => (root.out = v)]];
  while (stack.length > 0) {
    const [item, set] = stack.pop()!;
    if (!isJsonObject(item)) {
      set(item);
      continue;
    }
    if ('stringValue' in item) set(item.stringValue);
    else if ('boolValue' in item) set(item.boolValue);
    else if ('intValue' in item) set(Number(item.intValue));
    else if ('doubleValue' in item) set(Number(item.doubleValue));
    else if ('bytesValue' in item) set(item.bytesValue);
    else if (isJsonObject(item.arrayValue)) {
      const values = listOf(item.arrayValue.values);
      const out: unknown[] = new Array(values.length);
      set(out);
      values.forEach((v: unknown, i) => stack.push([v, (x) => (out[i] = x)]));
    } else if (isJsonObject(item.kvlistValue)) {
      const values = listOf(item.kvlistValue.values);
      const out: JsonObject = {};
      set(out);
      for (const kv of values)
        if (isJsonObject(kv) && typeof kv.key === 'string')
          stack.push([kv.value, (x) => (out[kv.key as string] = x)]);
    } else set(undefined);
  }
  return root.out;
}
