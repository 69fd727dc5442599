/** Reads a Gemini generateContent request body into envelope drafts. */
import type { Segment } from '../../protocol/types.js';
import { stringifyJson } from '../../protocol/json-value.js';
import {
  hostMessage,
  imageSegment,
  listForm,
  textSegment,
  toolItem,
  type EnvelopeBuilder,
  textOf,
  describeValue,
  listOf,
} from '../import-builder.js';
import { imageMimeType } from '../render-common.js';
import { isJsonObject, type JsonObject } from '../request-check.js';

const BODY_FIELDS = ['contents', 'systemInstruction', 'tools', 'model'];

/**
 * Contents become messages (user and model turns), `functionCall` parts tool call requests with
 * their `id` and `thoughtSignature`, `functionResponse` parts results (paired by id, else by
 * name), images `media`. The model is not part of the body (it is in the URL): pass it as an
 * option. Every part or field the protocol has no place for is named in a warning.
 */
export function readGemini(written: JsonObject, builder: EnvelopeBuilder) {
  const body = camelCased(written);
  if (body !== written)
    builder.warn(
      '',
      'snake-case',
      'The request names its fields in snake_case (system_instruction, inline_data …), which the REST API also accepts; exports write camelCase.',
    );
  builder.unknownFields(body, BODY_FIELDS, '', 'the request');
  const tools: ReturnType<typeof toolItem>[] = [];
  const toolList = listOf(body.tools);
  if (toolList.length > 1)
    builder.warn(
      '/tools',
      'tools-merged',
      `The ${toolList.length} tool entries are sent as one list of function declarations on export.`,
    );
  toolList.forEach((tool: unknown, t) => {
    if (!isJsonObject(tool)) return;
    builder.unknownFields(tool, ['functionDeclarations'], `/tools/${t}`, `tool entry ${t}`);
    listOf(tool.functionDeclarations).forEach((d: unknown, i) => {
      if (!isJsonObject(d)) return;
      const at = `/tools/${t}/functionDeclarations/${i}`;
      builder.unknownFields(
        d,
        ['name', 'description', 'parametersJsonSchema', 'parameters'],
        at,
        `function ${describeValue(d.name)}`,
      );
      if (d.parameters !== undefined)
        builder.warn(
          `${at}/parameters`,
          'parameters-renamed',
          'parameters (an OpenAPI subset) is sent as parametersJsonSchema on export.',
        );
      tools.push(toolItem(d.name, d.description, d.parametersJsonSchema ?? d.parameters));
    });
  });
  builder.setTools(tools, '/tools');

  const instruction = isJsonObject(body.systemInstruction) ? body.systemInstruction : null;
  let system: string | null = null;
  if (instruction) {
    builder.unknownFields(instruction, ['parts'], '/systemInstruction', 'the system instruction');
    const parts = listOf(instruction.parts).filter(isJsonObject);
    if (parts.length > 1)
      builder.warn(
        '/systemInstruction/parts',
        'content-parts-joined',
        `The ${parts.length} parts of the system instruction are sent as one text on export.`,
      );
    system = parts.map((p) => textOf(p.text)).join('\n\n') || null;
  }
  builder.system(system);

  const contents = listOf(body.contents);
  let previousRole: unknown;
  contents.forEach((content: unknown, c) => {
    const path = `/contents/${c}`;
    if (!isJsonObject(content)) return builder.unreadableMessage(path, c);
    builder.unknownFields(content, ['role', 'parts'], path, `content ${c}`);
    const role = content.role;
    if (role !== 'user' && role !== 'model') {
      return builder.unknownRole(path, `Content ${c}`, role ?? null);
    }
    if (role === previousRole)
      builder.warn(
        path,
        'turns-merged',
        `Content ${c} has the same role as the content before it; exports merge them into one.`,
      );
    previousRole = role;
    const parts = listOf(content.parts);
    if (role === 'model') readModelParts(parts, path, builder);
    else readUserParts(parts, path, builder);
  });
}

const PART_FIELDS = ['text', 'inlineData', 'fileData', 'functionCall', 'functionResponse'];

/** The parts of one turn, added to the builder as a message when it ends. */
function turnOf(role: 'user' | 'assistant', builder: EnvelopeBuilder) {
  let segments: Segment[] = [];
  const types: string[] = [];
  return {
    segments: () => segments,
    push(segment: Segment, type: string) {
      segments.push(segment);
      types.push(type);
    },
    flush() {
      if (segments.length === 0) return;
      const form = listForm(types, false);
      builder.add({ role, segments, ...(form ? { contentForm: form } : {}) });
      segments = [];
      types.length = 0;
    },
  };
}

function readModelParts(parts: unknown[], path: string, builder: EnvelopeBuilder) {
  // A text after a call starts a new message, so that export keeps the order.
  const turn = turnOf('assistant', builder);
  parts.forEach((part: unknown, p) => {
    const at = `${path}/parts/${p}`;
    if (!isJsonObject(part)) return;
    if (part.thought === true) {
      builder.warn(
        at,
        'thought-not-kept',
        'A thought part has no place in the protocol; it was left out.',
      );
      return;
    }
    builder.unknownFields(part, [...PART_FIELDS, 'thoughtSignature'], at, `part ${p}`);
    if (typeof part.text === 'string') {
      if (part.thoughtSignature !== undefined)
        builder.warn(
          `${at}/thoughtSignature`,
          'signature-not-kept',
          'The protocol keeps thought signatures of function calls only; this one, on a text part, was left out.',
        );
      if (turn.segments().some((s) => s.kind === 'tool_call_request')) turn.flush();
      turn.push(textSegment(part.text), 'text');
    } else if (isJsonObject(part.functionCall)) {
      const call = part.functionCall;
      builder.unknownFields(
        call,
        ['id', 'name', 'args'],
        `${at}/functionCall`,
        'the function call',
      );
      const id = typeof call.id === 'string' && call.id !== '' ? call.id : undefined;
      turn.push(
        {
          ...builder.callRequest(
            id,
            textOf(call.name),
            isJsonObject(call.args) ? call.args : {},
            id !== undefined,
          ),
          ...(typeof part.thoughtSignature === 'string' && part.thoughtSignature !== ''
            ? { thoughtSignature: part.thoughtSignature }
            : {}),
        },
        'call',
      );
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

function readUserParts(parts: unknown[], path: string, builder: EnvelopeBuilder) {
  const turn = turnOf('user', builder);
  let sawOther = false;
  parts.forEach((part: unknown, p) => {
    const at = `${path}/parts/${p}`;
    if (!isJsonObject(part)) return;
    builder.unknownFields(part, PART_FIELDS, at, `part ${p}`);
    if (isJsonObject(part.functionResponse)) {
      const response = part.functionResponse;
      builder.unknownFields(
        response,
        ['id', 'name', 'response'],
        `${at}/functionResponse`,
        'the function response',
      );
      if (sawOther)
        builder.warn(at, 'result-moved', 'Function responses come first in their turn on export.');
      readResponse(response, at, builder);
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
      turn.push(imageSegment(`data:${textOf(data.mimeType)};base64,${textOf(data.data)}`), 'image');
    } else if (isJsonObject(part.fileData) && /^image\//.test(textOf(part.fileData.mimeType))) {
      const file = part.fileData;
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

/** `{ output }` is a success, `{ error }` a failure; any other response is kept as JSON text. */
function readResponse(response: JsonObject, at: string, builder: EnvelopeBuilder) {
  const name = textOf(response.name);
  const value = isJsonObject(response.response) ? response.response : {};
  const keys = Object.keys(value);
  let result: string;
  let success = true;
  if (keys.length === 1 && typeof value.output === 'string') result = value.output;
  else if (keys.length === 1 && typeof value.error === 'string') {
    result = value.error;
    success = false;
  } else {
    result = stringifyJson(value);
    builder.warn(
      `${at}/functionResponse/response`,
      'response-as-text',
      'The response is not { output } or { error } with a string; it is kept as JSON text in { output }.',
    );
  }
  const id = typeof response.id === 'string' && response.id !== '' ? response.id : undefined;
  if (id !== undefined)
    return builder.addResult(id, result, success, at, { toolName: name, keepId: true });
  builder.addNamedResult(name, result, success);
}

const SNAKE_CASE = new Set([
  'system_instruction',
  'generation_config',
  'safety_settings',
  'tool_config',
  'cached_content',
  'function_declarations',
  'parameters_json_schema',
  'function_call',
  'function_response',
  'inline_data',
  'file_data',
  'mime_type',
  'file_uri',
  'thought_signature',
]);

/**
 * The body with the protocol-buffer field names that curl examples write in snake_case renamed
 * to camelCase: at the top, in tools, parts and their data. Names inside call arguments and
 * responses are the application's own and stay as written. The same object when none is.
 */
function camelCased(body: JsonObject): JsonObject {
  let changed = false;
  const rename = (value: unknown, inner?: (v: JsonObject) => JsonObject): unknown => {
    if (!isJsonObject(value)) return value;
    // fromEntries defines each key, so a field named __proto__ stays a field.
    const out: JsonObject = Object.fromEntries(
      Object.entries(value).map(([key, field]) => {
        const name = SNAKE_CASE.has(key)
          ? key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
          : key;
        changed ||= name !== key;
        return [name, field];
      }),
    );
    return inner ? inner(out) : out;
  };
  const each = (list: unknown, inner?: (v: JsonObject) => JsonObject) =>
    Array.isArray(list) ? list.map((item: unknown) => rename(item, inner)) : list;
  const part = (p: JsonObject) => ({
    ...p,
    ...(p.inlineData ? { inlineData: rename(p.inlineData) } : {}),
    ...(p.fileData ? { fileData: rename(p.fileData) } : {}),
  });
  const content = (c: JsonObject) => ({ ...c, parts: each(c.parts, part) });
  const renamed = rename(body, (b) => ({
    ...b,
    ...(b.systemInstruction ? { systemInstruction: rename(b.systemInstruction, content) } : {}),
    ...(b.contents ? { contents: each(b.contents, content) } : {}),
    ...(b.tools
      ? {
          tools: each(b.tools, (t) => ({
            ...t,
            ...(t.functionDeclarations
              ? { functionDeclarations: each(t.functionDeclarations, (d) => d) }
              : {}),
          })),
        }
      : {}),
  })) as JsonObject;
  return changed ? renamed : body;
}
