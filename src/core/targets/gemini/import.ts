/** Reads a Gemini generateContent request body into envelope drafts. */
import type {
  Segment,
  ThinkingSegment,
  ToolCallRequestSegment,
  ToolCallResultSegment,
  ToolItem,
} from '../../protocol/types.js';
import { stringifyJson } from '../../protocol/json-value.js';
import {
  hostMessage,
  imageSegment,
  listForm,
  textSegment,
  toolItem,
  type Draft,
  type EnvelopeBuilder,
  type ResultExtra,
  textOf,
  describeValue,
  listOf,
} from '../import-builder.js';
import { imageMimeType } from '../render-common.js';
import { argsOfPartials } from './partial-args.js';
import { isJsonObject, type JsonObject } from '../request-check.js';
import { defaultToolGroups } from './tool-entries.js';
import { schemaFromOpenApi } from './schema-form.js';
import { camelCased } from './snake-case.js';

/** The body's conversation and stored context; every other top-level field is kept as it is. */
const BODY_FIELDS = ['contents', 'systemInstruction', 'tools', 'model'];

/**
 * Contents become messages (user and model turns), `functionCall` parts tool call requests with
 * their `id` and `thoughtSignature`, `functionResponse` parts results (paired by id, else by
 * name; a response that is not `{ output }` or `{ error }` text is kept as `structured`), thought
 * parts `thinking` segments, code execution parts provider-run calls and results, images
 * `media`. `tools` entries become tool declarations, built-in tools (`googleSearch` …) as
 * provider-run tools; the other fields of the request (`generationConfig`, `safetySettings` …)
 * are kept in `request.fields`. The model is not part of the body (it is in the URL): pass it as
 * an option. Every part or field the protocol has no place for is named in a warning.
 */
export function readGemini(written: JsonObject, builder: EnvelopeBuilder) {
  const body = camelCased(written);
  if (body !== written)
    builder.warn(
      '',
      'snake-case',
      'The request names its fields in snake_case (system_instruction, inline_data …), which the REST API also accepts; exports write camelCase.',
    );
  const fields: JsonObject = {};
  for (const [key, value] of Object.entries(body))
    if (!BODY_FIELDS.includes(key) && value !== undefined)
      Object.defineProperty(fields, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  if (Object.keys(fields).length > 0) builder.setRequest({ target: 'gemini', fields });
  if (body.cachedContent !== undefined)
    builder.warn(
      '/cachedContent',
      'stored-context',
      `The request sends the cached content ${describeValue(body.cachedContent)} with the conversation; what it holds is not in the request, so the envelope cannot show it. Gemini exports name it again.`,
    );
  if (body.model !== undefined)
    builder.warn(
      '/model',
      'model-in-url',
      'Gemini takes the model in the URL: it is the envelope’s model, and exports leave it out of the body.',
    );

  const tools = readTools(body.tools, builder);
  readSystem(body.systemInstruction, tools, builder);

  const contents = listOf(body.contents);
  let previousRole: unknown;
  let read = 0;
  contents.forEach((content: unknown, c) => {
    const path = `/contents/${c}`;
    if (!isJsonObject(content)) return builder.unreadableMessage(path, c);
    builder.unknownFields(content, ['role', 'parts'], path, `content ${c}`);
    // A content without a role is the user's: the API reads it so (curl examples leave it out).
    const role = content.role ?? 'user';
    if (role !== 'user' && role !== 'model')
      return builder.warn(
        `${path}/role`,
        'role-unknown',
        `Content ${c} has role ${describeValue(role)}; Gemini takes only user and model, so it was left out.`,
      );
    read++;
    if (role === previousRole)
      builder.warn(
        path,
        'turns-merged',
        `Content ${c} has the same role as the content before it; exports merge them into one.`,
      );
    previousRole = role;
    const hints: Pick<Draft, 'contentRole'> =
      content.role === undefined ? { contentRole: 'none' } : {};
    const parts = listOf(content.parts);
    if (parts.length === 0)
      builder.warn(`${path}/parts`, 'content-empty', `Content ${c} has no parts; it was left out.`);
    if (role === 'model') readModelParts(parts, path, builder);
    else readUserParts(parts, path, hints, builder);
  });
  if (read === 0 && contents.length > 0)
    builder.warn(
      '/contents',
      'contents-unreadable',
      `None of the ${contents.length} contents could be read, so there is no conversation to import.`,
    );
}

/**
 * The `tools` entries as tool declarations: each function declaration, and each built-in tool
 * (`googleSearch`, `codeExecution`, `urlContext` …) as a provider-run tool named by its key that
 * keeps the API's own value. When the entries group them otherwise than exports do, every tool
 * says which entry it came from (`group`).
 */
function readTools(value: unknown, builder: EnvelopeBuilder): ToolItem[] {
  const tools: ToolItem[] = [];
  const groups: number[] = [];
  listOf(value).forEach((entry: unknown, t) => {
    const at = `/tools/${t}`;
    if (!isJsonObject(entry) || Object.keys(entry).length === 0) {
      builder.warn(at, 'tool-unreadable', `Tool entry ${t} declares nothing; it was left out.`);
      return;
    }
    for (const [key, tool] of Object.entries(entry)) {
      if (tool === undefined) continue;
      if (key !== 'functionDeclarations') {
        tools.push({
          name: key,
          description: '',
          parameters: '',
          runBy: 'provider',
          declaration: { [key]: tool },
        });
        groups.push(t);
        continue;
      }
      const list = listOf(tool);
      if (list.length === 0)
        builder.warn(
          `${at}/functionDeclarations`,
          'tool-unreadable',
          'The list of function declarations is empty; it was left out.',
        );
      list.forEach((d: unknown, i) => {
        const path = `${at}/functionDeclarations/${i}`;
        if (!isJsonObject(d)) {
          builder.warn(
            path,
            'tool-unreadable',
            `Function declaration ${i} is not an object; it was left out.`,
          );
          return;
        }
        tools.push(readFunction(d, path, builder));
        groups.push(t);
      });
    }
  });
  const grouped = defaultToolGroups(tools).some((g, i) => g !== groups[i]);
  if (grouped) tools.forEach((tool, i) => (tool.group = groups[i]));
  builder.setTools(tools);
  return tools;
}

/** What a function declaration says besides its name, description and schema, kept as it is. */
const DECLARATION_FIELDS = ['response', 'responseJsonSchema', 'behavior'];

function readFunction(d: JsonObject, at: string, builder: EnvelopeBuilder): ToolItem {
  builder.unknownFields(
    d,
    ['name', 'description', 'parametersJsonSchema', 'parameters', ...DECLARATION_FIELDS],
    at,
    `function ${describeValue(d.name)}`,
  );
  const fields: JsonObject = {};
  for (const key of DECLARATION_FIELDS) if (d[key] !== undefined) fields[key] = d[key];
  const kept = Object.keys(fields).length > 0 ? { fields } : {};
  if (d.description === '')
    builder.warn(
      `${at}/description`,
      'description-empty',
      'An empty description is left out on export.',
    );
  const schema = d.parametersJsonSchema ?? d.parameters;
  if (schema !== undefined && !isJsonObject(schema))
    builder.warn(
      `${at}/${d.parametersJsonSchema === undefined ? 'parameters' : 'parametersJsonSchema'}`,
      'schema-not-object',
      'The schema is not a JSON object; it was left out.',
    );
  if (d.parametersJsonSchema !== undefined && d.parameters !== undefined)
    builder.warn(
      `${at}/parameters`,
      'field-not-kept',
      'The declaration gives both parametersJsonSchema and parameters; parameters was left out.',
    );
  if (d.parametersJsonSchema !== undefined || !isJsonObject(d.parameters))
    return { ...toolItem(d.name, d.description, d.parametersJsonSchema), ...kept };
  const read = schemaFromOpenApi(d.parameters);
  if (read.changes.length > 0)
    builder.warn(
      `${at}/parameters`,
      'parameters-converted',
      `The OpenAPI schema in parameters is read as JSON Schema (${read.changes.join(', ')} converted), so that every target takes it; Gemini exports write it in parameters again, in the same form.`,
    );
  return { ...toolItem(d.name, d.description, read.schema), schemaForm: read.form, ...kept };
}

/**
 * The system instruction: a content (its parts one system prompt each, its `role` kept), or
 * a string, as the SDKs also take it.
 */
function readSystem(value: unknown, tools: ToolItem[], builder: EnvelopeBuilder) {
  if (value === undefined) return builder.system(null);
  const at = '/systemInstruction';
  if (typeof value === 'string') {
    if (value === '') builder.warn(at, 'system-empty', 'The empty system instruction is left out.');
    return builder.system(value || null, { contentForm: 'text' });
  }
  if (!isJsonObject(value)) {
    builder.warn(
      at,
      'system-unreadable',
      'The system instruction is not a content; it was left out.',
    );
    return builder.system(null);
  }
  builder.unknownFields(value, ['role', 'parts'], at, 'the system instruction');
  const hints: Pick<Draft, 'contentRole'> =
    typeof value.role === 'string' && value.role !== '' ? { contentRole: value.role } : {};
  const texts: string[] = [];
  listOf(value.parts).forEach((part: unknown, p) => {
    if (isJsonObject(part)) builder.unknownFields(part, ['text'], `${at}/parts/${p}`, `part ${p}`);
    if (isJsonObject(part) && typeof part.text === 'string' && part.text !== '')
      texts.push(part.text);
    else
      builder.warn(
        `${at}/parts/${p}`,
        'part-unknown',
        'Only text parts with text can be system prompts; this part was left out.',
      );
  });
  if (texts.length <= 1) return builder.system(texts[0] ?? null, hints);
  // Several parts: one system prompt each, sent as parts again.
  const segments: Segment[] = texts.map((content) => ({
    kind: 'system_prompt',
    content,
    collapsed: true,
  }));
  if (tools.length > 0)
    segments.push({ kind: 'tool_overview', items: tools, collapsed: true, inSystemText: false });
  builder.add({ role: 'system', segments, contentForm: 'parts', ...hints });
}

/** The parts of one turn, added to the builder as a message when it ends. */
function turnOf(
  role: 'user' | 'assistant',
  builder: EnvelopeBuilder,
  hints: Pick<Draft, 'contentRole'> = {},
) {
  let segments: Segment[] = [];
  const types: string[] = [];
  return {
    segments: () => segments,
    /** `type`: `text`, `image` … as listForm reads them; none for what is not a part of the text. */
    push(segment: Segment, type?: string) {
      segments.push(segment);
      if (type) types.push(type);
    },
    flush() {
      if (segments.length === 0) return;
      const form = listForm(types, false);
      builder.add({ role, segments, ...(form ? { contentForm: form } : {}), ...hints });
      segments = [];
      types.length = 0;
    },
  };
}

const MODEL_PART_FIELDS = [
  'text',
  'thought',
  'thoughtSignature',
  'functionCall',
  'executableCode',
  'codeExecutionResult',
  'toolCall',
  'toolResponse',
];

function readModelParts(parts: unknown[], path: string, builder: EnvelopeBuilder) {
  const turn = turnOf('assistant', builder);
  // What follows a function call starts a new message, so that export keeps the order.
  let afterCall = false;
  parts.forEach((part: unknown, p) => {
    const at = `${path}/parts/${p}`;
    if (!isJsonObject(part))
      return builder.warn(at, 'part-unknown', `Part ${p} is not an object; it was left out.`);
    builder.unknownFields(part, MODEL_PART_FIELDS, at, `part ${p}`);
    const signature = signatureOf(part, at, builder);
    if (part.thought !== undefined && part.thought !== true)
      builder.warn(
        `${at}/thought`,
        'field-not-kept',
        `thought: ${describeValue(part.thought)} is left out on export.`,
      );
    if (isJsonObject(part.functionCall)) {
      turn.push(functionCall(part.functionCall, `${at}/functionCall`, signature, builder), 'call');
      afterCall = true;
      return;
    }
    if (afterCall) turn.flush();
    afterCall = false;
    if (typeof part.text === 'string' && (part.thought === true || isSignatureOnly(part))) {
      // An empty text that only carries a signature (Gemini 3 ends its answers so) is the
      // model's thinking as the API keeps it: a thinking segment with no text.
      if (part.thought === true && isSignatureOnly(part))
        builder.warn(
          `${at}/thought`,
          'field-not-kept',
          'An empty thought with a signature is sent back as an empty text with that signature.',
        );
      const thinking: ThinkingSegment = { kind: 'thinking', content: part.text, collapsed: true };
      if (signature !== undefined) thinking.thoughtSignature = signature;
      turn.push(thinking);
    } else if (typeof part.text === 'string') {
      // A text with a signature is a part of its own on export.
      const text = textSegment(part.text);
      if (signature !== undefined) text.thoughtSignature = signature;
      turn.push(text, signature === undefined ? 'text' : 'signed');
    } else if (isJsonObject(part.executableCode) || isJsonObject(part.toolCall)) {
      turn.push(providerCall(part, at, signature, builder));
    } else if (isJsonObject(part.codeExecutionResult) || isJsonObject(part.toolResponse)) {
      turn.push(providerResult(part, at, builder));
    } else {
      builder.warn(
        at,
        'part-unknown',
        'This model part has no place in the protocol; it was left out.',
      );
    }
  });
  turn.flush();
}

/** An empty text part with a thought signature. */
const isSignatureOnly = (part: JsonObject): boolean =>
  part.text === '' && typeof part.thoughtSignature === 'string' && part.thoughtSignature !== '';

/** The part's thought signature, kept byte for byte; a signature that is not text is named. */
function signatureOf(part: JsonObject, at: string, builder: EnvelopeBuilder): string | undefined {
  const signature = part.thoughtSignature;
  if (typeof signature === 'string' && signature !== '') return signature;
  if (signature !== undefined)
    builder.warn(
      `${at}/thoughtSignature`,
      'field-not-kept',
      'This thought signature is not text; it was left out.',
    );
  return undefined;
}

function functionCall(
  call: JsonObject,
  at: string,
  signature: string | undefined,
  builder: EnvelopeBuilder,
): ToolCallRequestSegment {
  // A call streamed with streamFunctionCallArguments has partialArgs instead of args: kept as it
  // came (`item`), its arguments read from the parts for every other target.
  const partial = call.args === undefined ? argsOfPartials(call.partialArgs) : undefined;
  if (partial) {
    builder.unknownFields(call, ['id', 'name', 'partialArgs'], at, 'the function call');
    const id = typeof call.id === 'string' && call.id !== '' ? call.id : undefined;
    const segment = builder.callRequest(id, textOf(call.name), partial, id !== undefined);
    segment.item = call;
    if (signature !== undefined) segment.thoughtSignature = signature;
    return segment;
  }
  builder.unknownFields(call, ['id', 'name', 'args'], at, 'the function call');
  if (!isJsonObject(call.args))
    builder.warn(
      `${at}/args`,
      'arguments-added',
      `The call has ${call.args === undefined ? 'no args' : 'args that are not an object'}; exports send args: {}.`,
    );
  const id = typeof call.id === 'string' && call.id !== '' ? call.id : undefined;
  const segment = builder.callRequest(
    id,
    textOf(call.name),
    isJsonObject(call.args) ? call.args : {},
    id !== undefined,
  );
  if (signature !== undefined) segment.thoughtSignature = signature;
  return segment;
}

/**
 * Code the model ran (`executableCode {language, code}`: a `code_execution` call with those
 * arguments) or a built-in tool it called (`toolCall {toolType, args}`: a call named by the
 * type): run by the provider, kept in place.
 */
function providerCall(
  part: JsonObject,
  at: string,
  signature: string | undefined,
  builder: EnvelopeBuilder,
): ToolCallRequestSegment {
  const code = isJsonObject(part.executableCode) ? part.executableCode : null;
  const value = (code ?? part.toolCall) as JsonObject;
  const field = code ? 'executableCode' : 'toolCall';
  builder.unknownFields(
    value,
    code ? ['id', 'language', 'code'] : ['id', 'toolType', 'args'],
    `${at}/${field}`,
    `the ${field}`,
  );
  const args: JsonObject = {};
  if (code) {
    if (code.language !== undefined) args.language = code.language;
    if (code.code !== undefined) args.code = code.code;
  }
  const segment: ToolCallRequestSegment = {
    kind: 'tool_call_request',
    toolName: code ? 'code_execution' : textOf(value.toolType) || 'TOOL_TYPE_UNSPECIFIED',
    arguments: code ? args : isJsonObject(value.args) ? value.args : {},
    collapsed: false,
    runBy: 'provider',
  };
  if (typeof value.id === 'string' && value.id !== '') segment.callId = value.id;
  if (signature !== undefined) segment.thoughtSignature = signature;
  return segment;
}

/**
 * What the provider's run gave: `codeExecutionResult {outcome, output}` (its output as the
 * result, a success when the outcome is OUTCOME_OK) or `toolResponse {toolType, response}`;
 * the API's object is kept as it is (`structured`).
 */
function providerResult(
  part: JsonObject,
  at: string,
  builder: EnvelopeBuilder,
): ToolCallResultSegment {
  const code = isJsonObject(part.codeExecutionResult) ? part.codeExecutionResult : null;
  if (part.thoughtSignature !== undefined)
    builder.warn(
      `${at}/thoughtSignature`,
      'field-not-kept',
      'A signature on a tool result is left out.',
    );
  if (code) {
    const success = code.outcome === 'OUTCOME_OK';
    return {
      kind: 'tool_call_result',
      toolName: 'code_execution',
      result: textOf(code.output),
      success,
      collapsed: success,
      runBy: 'provider',
      structured: code,
      ...(typeof code.id === 'string' && code.id !== '' ? { callId: code.id } : {}),
    };
  }
  const response = part.toolResponse as JsonObject;
  return {
    kind: 'tool_call_result',
    toolName: textOf(response.toolType) || 'TOOL_TYPE_UNSPECIFIED',
    result: stringifyJson(response.response ?? {}),
    success: true,
    collapsed: true,
    runBy: 'provider',
    structured: response,
    ...(typeof response.id === 'string' && response.id !== '' ? { callId: response.id } : {}),
  };
}

const USER_PART_FIELDS = ['text', 'inlineData', 'fileData', 'functionResponse'];

function readUserParts(
  parts: unknown[],
  path: string,
  hints: Pick<Draft, 'contentRole'>,
  builder: EnvelopeBuilder,
) {
  const turn = turnOf('user', builder, hints);
  let sawOther = false;
  parts.forEach((part: unknown, p) => {
    const at = `${path}/parts/${p}`;
    if (!isJsonObject(part))
      return builder.warn(at, 'part-unknown', `Part ${p} is not an object; it was left out.`);
    builder.unknownFields(part, USER_PART_FIELDS, at, `part ${p}`);
    if (isJsonObject(part.functionResponse)) {
      if (sawOther)
        builder.warn(at, 'result-moved', 'Function responses come first in their turn on export.');
      readResponse(part.functionResponse, at, builder);
      return;
    }
    sawOther = true;
    if (typeof part.text === 'string') {
      const host = hostMessage(part.text);
      if (host) {
        turn.flush();
        builder.add(host);
        return;
      }
      turn.push(textSegment(part.text), 'text');
    } else if (isJsonObject(part.inlineData) && /^image\//.test(textOf(part.inlineData.mimeType))) {
      const data = part.inlineData;
      builder.unknownFields(data, ['mimeType', 'data'], `${at}/inlineData`, 'the inline data');
      turn.push(imageSegment(`data:${textOf(data.mimeType)};base64,${textOf(data.data)}`), 'image');
    } else if (isJsonObject(part.fileData) && /^image\//.test(textOf(part.fileData.mimeType))) {
      const file = part.fileData;
      builder.unknownFields(file, ['mimeType', 'fileUri'], `${at}/fileData`, 'the file data');
      const url = textOf(file.fileUri) || ' ';
      if ((imageMimeType(url) ?? 'image/jpeg') !== file.mimeType)
        builder.warn(
          `${at}/fileData/mimeType`,
          'mime-type-not-kept',
          `The MIME type ${describeValue(file.mimeType)} is not the one the URL's extension says; exports derive it from the extension.`,
        );
      turn.push(imageSegment(url), 'image');
    } else {
      builder.warn(
        at,
        'part-unknown',
        'This user part has no place in the protocol; it was left out.',
      );
    }
  });
  turn.flush();
}

/** The fields of a function response besides its id, name and response, kept as they are. */
const RESPONSE_FIELDS = ['willContinue', 'scheduling', 'parts'];

/**
 * `{ output }` with text is a success and `{ error }` with text a failure, as exports write
 * them; any other response is kept as it is (`structured`), with a readable text for other APIs.
 */
function readResponse(response: JsonObject, at: string, builder: EnvelopeBuilder) {
  const path = `${at}/functionResponse`;
  builder.unknownFields(
    response,
    ['id', 'name', 'response', ...RESPONSE_FIELDS],
    path,
    'the function response',
  );
  const name = textOf(response.name);
  const value = response.response;
  const extra: ResultExtra = {};
  let result = '';
  let success = true;
  if (isJsonObject(value)) {
    const keys = Object.keys(value);
    const only = keys.length === 1 ? value[keys[0]!] : undefined;
    if (keys[0] === 'output' && typeof only === 'string') result = only;
    else if (keys[0] === 'error' && typeof only === 'string') {
      result = only;
      success = false;
    } else {
      extra.structured = value;
      // Readable for other APIs: the one text it holds, else its JSON.
      result = typeof only === 'string' ? only : stringifyJson(value);
      success = !keys.includes('error') || keys.includes('output');
    }
  } else {
    builder.warn(
      `${path}/response`,
      'response-not-object',
      'The response is not a JSON object; it is kept as text in { output }.',
    );
    result = textOf(value);
  }
  for (const key of RESPONSE_FIELDS)
    if (response[key] !== undefined) (extra.fields ??= {})[key] = response[key];
  const id = typeof response.id === 'string' && response.id !== '' ? response.id : undefined;
  if (id !== undefined)
    return builder.addResult(id, result, success, at, { toolName: name, keepId: true, extra });
  builder.addNamedResult(name, result, success, extra);
}
