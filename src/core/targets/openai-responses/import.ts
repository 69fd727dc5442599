/** Reads an OpenAI Responses request body (`POST /v1/responses`) into envelope drafts. */
import type { Message, Segment, TextSegment, ToolItem } from '../../protocol/types.js';
import {
  describeValue,
  hostMessage,
  idFromCallId,
  imageSegment,
  listForm,
  listOf,
  parseArguments,
  textOf,
  textSegment,
  textSegments,
  toolItem,
  type Draft,
  type EnvelopeBuilder,
} from '../import-builder.js';
import { isJsonObject, type JsonObject } from '../request-check.js';
import { stringifyJson } from '../../protocol/json-value.js';
import {
  callOfItem,
  isBuiltInCall,
  isBuiltInResult,
  isItemStatus,
  resultOfItem,
  thinkingOfItem,
} from './items.js';

/** The fields that hold the conversation: read into messages, never kept in `request.fields`. */
const CONVERSATION_FIELDS = ['model', 'instructions', 'input', 'tools'];
/** Fields that point at context the API stores: the envelope cannot hold what they refer to. */
const STORED_CONTEXT = ['previous_response_id', 'conversation'];
const DETAILS: readonly unknown[] = ['low', 'high', 'original'];

/**
 * Reads every item of the body into the envelope with what exports need to write it back the
 * same: the request's own settings (`request.fields`), `input` as a string (`inputForm`),
 * message items with or without `type` and their `id` and `status` (`itemType`, `itemId`,
 * `itemStatus`), annotations as citations, function calls with their arguments' text and item
 * ids, tools as declared (`strict` and all), reasoning items as thinking segments, built-in
 * calls and their result items as provider-run segments holding the item. What has no place
 * (stored context, logprobs, unknown item types …) is named in a warning.
 */
export function readOpenAIResponses(body: JsonObject, builder: EnvelopeBuilder) {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || CONVERSATION_FIELDS.includes(key)) continue;
    if (STORED_CONTEXT.includes(key)) {
      builder.warn(
        `/${key}`,
        'stored-context-not-kept',
        `'${key}' refers to a conversation the API stored; the envelope holds only what the request sent, so it was left out.`,
      );
    } else {
      // defineProperty: a field named __proto__ stays a field.
      Object.defineProperty(fields, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  // Values the reader cannot place come back as they were.
  if (Array.isArray(body.tools) && body.tools.length === 0) fields.tools = [];
  if (body.instructions !== undefined && typeof body.instructions !== 'string')
    fields.instructions = body.instructions;
  const textInput = typeof body.input === 'string';
  if (Object.keys(fields).length > 0 || textInput)
    builder.setRequest({
      target: 'openai-responses',
      ...(Object.keys(fields).length > 0 ? { fields } : {}),
      ...(textInput ? { inputForm: 'text' as const } : {}),
    });

  const tools: ToolItem[] = [];
  listOf(body.tools).forEach((t: unknown, i) => {
    const tool = readTool(t, `/tools/${i}`, i, builder);
    if (tool) tools.push(tool);
  });
  builder.setTools(tools);

  let systemDone = false;
  let started = false;
  const instructions = typeof body.instructions === 'string';
  if (instructions) {
    builder.system(body.instructions as string);
    systemDone = true;
  }
  const startConversation = () => {
    if (!systemDone) builder.system(null);
    systemDone = true;
    started = true;
  };
  if (typeof body.input === 'string') {
    startConversation();
    builder.add({ role: 'user', segments: textSegments(body.input) });
    return;
  }
  listOf(body.input).forEach((item: unknown, i) => {
    const path = `/input/${i}`;
    if (!isJsonObject(item)) return builder.unreadableMessage(path, i);
    const type = item.type ?? (item.role !== undefined ? 'message' : undefined);
    if (type === 'message') {
      const hints = itemHints(item, path, builder);
      const role = item.role;
      if ((role === 'system' || role === 'developer') && !started) {
        const draft = inputDraft(item, path, builder);
        const text = joined(draft.segments);
        if (!systemDone && text !== '') {
          // No `instructions`: the system text goes back as this item, which its itemType says.
          hints.itemType ??= item.type === 'message' ? 'message' : 'none';
          builder.system(text, role === 'developer' ? { originalRole: 'developer' } : {});
          Object.assign(builder.drafts.at(-1)!, hints, systemForm(draft, item, path, builder));
        } else {
          builder.warn(
            path,
            'system-to-instructions',
            `The ${describeValue(role)} message before the conversation is part of the ${instructions ? 'instructions' : 'system text before it'} on export.`,
          );
          if (!systemDone) builder.system(text);
          else builder.add({ role: 'system', segments: textSegments(text) });
        }
        systemDone = true;
        return;
      }
      startConversation();
      if (role === 'system' || role === 'developer') {
        return builder.add({
          ...inputDraft(item, path, builder),
          ...hints,
          role: 'system',
          ...(role === 'developer' ? { originalRole: 'developer' } : {}),
        });
      }
      if (role === 'user') {
        const draft = inputDraft(item, path, builder);
        const only = draft.segments.length === 1 ? draft.segments[0] : undefined;
        const host = only?.kind === 'text' ? hostMessage(only.content) : null;
        return builder.add(host ?? { ...draft, ...hints, role: 'user' });
      }
      if (role === 'assistant') {
        const draft = { ...assistantDraft(item, path, builder), ...hints };
        // An answer after the model's thinking or its own tool calls is the same turn.
        const last = openAssistant(builder);
        if (last && onlyPassThrough(last)) {
          last.segments.push(...draft.segments);
          for (const key of ['contentForm', 'itemType', 'itemId', 'itemStatus'] as const)
            if (draft[key] !== undefined) Object.assign(last, { [key]: draft[key] });
          return;
        }
        return builder.add(draft);
      }
      return builder.unknownRole(path, `Item ${i}`, role);
    }
    startConversation();
    if (type === 'function_call') return readFunctionCall(item, path, i, builder);
    if (type === 'function_call_output') return readFunctionOutput(item, path, i, builder);
    if (type === 'reasoning') {
      const problems: { path: string; code: string; message: string }[] = [];
      const segment = thinkingOfItem(item, problems);
      for (const p of problems) builder.warn(`${path}${p.path}`, p.code, p.message);
      return addPassThrough(builder, [segment]);
    }
    if (isBuiltInCall(type)) {
      const { request, result } = callOfItem(item);
      return addPassThrough(builder, result ? [request, result] : [request]);
    }
    if (isBuiltInResult(type)) return addPassThrough(builder, [resultOfItem(item)]);
    if (type === 'item_reference')
      return builder.warn(
        path,
        'stored-context-not-kept',
        'An item_reference points at an item the API stored; the envelope cannot hold it, so it was left out.',
      );
    builder.warn(
      path,
      'item-unknown',
      `A ${describeValue(type ?? null)} item has no place in the protocol; it was left out.`,
    );
  });
  if (!systemDone) builder.system(null);
}

/** A function tool keeps its declaration when exports would not write it the same way. */
function readTool(t: unknown, at: string, i: number, builder: EnvelopeBuilder): ToolItem | null {
  if (!isJsonObject(t) || typeof t.type !== 'string') {
    builder.warn(
      at,
      'tool-unknown',
      `Tool ${i} has no type (${describeValue(isJsonObject(t) ? (t.type ?? null) : t)}); it was left out.`,
    );
    return null;
  }
  if (t.type === 'function') {
    const item = toolItem(t.name, t.description, t.parameters);
    const plain =
      Object.keys(t).every((k) =>
        ['type', 'name', 'description', 'parameters', 'strict'].includes(k),
      ) &&
      typeof t.name === 'string' &&
      typeof t.description === 'string' &&
      isJsonObject(t.parameters) &&
      t.strict === false;
    if (!plain) item.declaration = t;
    return item;
  }
  // Tools OpenAI runs itself (web search, file search, code interpreter, MCP servers …) and
  // custom tools: declared as written, sent back as written.
  const name =
    t.type === 'mcp' && typeof t.server_label === 'string' && t.server_label !== ''
      ? t.server_label
      : typeof t.name === 'string' && t.name !== ''
        ? t.name
        : t.type;
  return {
    name,
    description: typeof t.description === 'string' ? t.description : '',
    parameters: '',
    ...(t.type === 'custom' ? {} : { runBy: 'provider' as const }),
    declaration: t,
  };
}

/** `id` and `status` of a message item, and whether it said `type: "message"`. */
function itemHints(
  item: JsonObject,
  path: string,
  builder: EnvelopeBuilder,
): Pick<Message, 'itemType' | 'itemId' | 'itemStatus'> {
  const hints: Pick<Message, 'itemType' | 'itemId' | 'itemStatus'> = {};
  const listed = Array.isArray(item.content);
  // Exports write `type` on list-form messages only.
  if (item.type === undefined && listed) hints.itemType = 'none';
  if (item.type === 'message' && !listed) hints.itemType = 'message';
  if (typeof item.id === 'string' && item.id !== '') hints.itemId = item.id;
  else if (item.id !== undefined)
    builder.warn(`${path}/id`, 'field-not-kept', 'The item id is not a string; it was left out.');
  const outputForm = item.role === 'assistant' && listed && item.type === 'message';
  if (isItemStatus(item.status)) {
    if (!(outputForm && item.status === 'completed')) hints.itemStatus = item.status;
  } else if (item.status === undefined) {
    if (outputForm) hints.itemStatus = 'none';
  } else
    builder.warn(
      `${path}/status`,
      'status-not-kept',
      `The item's status ${describeValue(item.status)} has no place in the protocol; it was left out.`,
    );
  return hints;
}

/** How a leading system item's content comes back: a string, or one input_text part. */
function systemForm(
  draft: Pick<Draft, 'segments' | 'contentForm'>,
  item: JsonObject,
  path: string,
  builder: EnvelopeBuilder,
): Pick<Draft, 'contentForm'> {
  if (typeof item.content === 'string') return { contentForm: 'text' };
  if (draft.segments.length > 1)
    builder.warn(
      `${path}/content`,
      'content-parts-joined',
      'The system item has several parts; their texts are kept as one (blank-line joined).',
    );
  return {};
}

function joined(segments: Segment[]): string {
  return segments.map((s) => (s.kind === 'text' ? s.content : '')).join('\n\n');
}

/** The assistant draft an item of the same turn joins: the last one, when no result came after. */
function openAssistant(builder: EnvelopeBuilder): Draft | undefined {
  const last = builder.drafts.at(-1);
  if (last?.role !== 'assistant') return undefined;
  return last.segments.every((s) => s.kind !== 'tool_call_result' || s.runBy === 'provider')
    ? last
    : undefined;
}

const isPassThrough = (s: Segment) =>
  s.kind === 'thinking' ||
  ((s.kind === 'tool_call_request' || s.kind === 'tool_call_result') && s.runBy === 'provider');

const onlyPassThrough = (draft: Draft) => draft.segments.every(isPassThrough);

/**
 * Thinking and provider-run calls join the assistant turn they are in (before its text, or
 * after it), unless the turn already made function calls: what comes after those starts a turn.
 */
function addPassThrough(builder: EnvelopeBuilder, segments: Segment[]) {
  const last = openAssistant(builder);
  if (
    last &&
    last.segments.every((s) => s.kind !== 'tool_call_request' || s.runBy === 'provider')
  ) {
    last.segments.push(...segments);
    return;
  }
  builder.add({ role: 'assistant', segments });
}

function readFunctionCall(item: JsonObject, path: string, i: number, builder: EnvelopeBuilder) {
  builder.unknownFields(
    item,
    ['type', 'id', 'status', 'call_id', 'name', 'arguments'],
    path,
    `function call ${i}`,
  );
  const id = typeof item.call_id === 'string' ? item.call_id : `call_${i}_0`;
  const hint = idFromCallId(id);
  const args = parseArguments(item.arguments, `${path}/arguments`, builder);
  const request = builder.callRequest(id, textOf(item.name), args, hint === undefined);
  if (typeof item.arguments === 'string' && item.arguments !== stringifyJson(args))
    request.argumentsText = item.arguments;
  if (typeof item.id === 'string' && item.id !== '') request.itemId = item.id;
  readStatus(item, path, builder, (status) => (request.itemStatus = status));
  // Calls right after an assistant message (or after calls, or thinking) belong to it.
  const last = openAssistant(builder);
  if (last && (last.idHint === undefined || last.idHint === hint)) {
    last.segments.push(request);
    if (hint !== undefined) last.idHint = hint;
    return;
  }
  builder.add({ role: 'assistant', segments: [request], ...(hint ? { idHint: hint } : {}) });
}

function readFunctionOutput(item: JsonObject, path: string, i: number, builder: EnvelopeBuilder) {
  builder.unknownFields(
    item,
    ['type', 'id', 'status', 'call_id', 'output'],
    path,
    `function call output ${i}`,
  );
  const extra: Parameters<EnvelopeBuilder['addResult']>[4] = {};
  const segment: NonNullable<typeof extra.extra> = {};
  let output = '';
  if (typeof item.output === 'string') output = item.output;
  else if (Array.isArray(item.output)) {
    // A list of parts (text, images, files): kept as it is, its texts shown.
    segment.structured = item.output;
    output = item.output
      .filter((p: unknown) => isJsonObject(p) && p.type === 'input_text')
      .map((p) => textOf((p as JsonObject).text))
      .join('\n\n');
  } else
    builder.warn(
      `${path}/output`,
      'field-not-kept',
      `The output is ${describeValue(item.output ?? null)}, neither a string nor a list; it was left out.`,
    );
  if (typeof item.id === 'string' && item.id !== '') segment.itemId = item.id;
  readStatus(item, path, builder, (status) => (segment.itemStatus = status));
  // Exports write failed results as `Error: …` (errorText in openai.ts).
  const failed = segment.structured === undefined && output.startsWith('Error: ');
  const id = typeof item.call_id === 'string' ? item.call_id : '';
  extra.extra = segment;
  builder.addResult(id, failed ? output.slice(7) : output, !failed, path, extra);
}

function readStatus(
  item: JsonObject,
  path: string,
  builder: EnvelopeBuilder,
  keep: (status: 'completed' | 'incomplete' | 'in_progress') => void,
) {
  if (isItemStatus(item.status)) keep(item.status);
  else if (item.status !== undefined)
    builder.warn(
      `${path}/status`,
      'status-not-kept',
      `The item's status ${describeValue(item.status)} has no place in the protocol; it was left out.`,
    );
}

/** A user, system or developer message: `input_text` and `input_image` parts, or a string. */
function inputDraft(
  item: JsonObject,
  path: string,
  builder: EnvelopeBuilder,
): Pick<Draft, 'segments' | 'contentForm'> {
  builder.unknownFields(item, ['type', 'role', 'content', 'id', 'status'], path, 'the message');
  if (typeof item.content === 'string')
    return { segments: textSegments(item.content), contentForm: 'text' };
  const segments: Segment[] = [];
  const types: string[] = [];
  listOf(item.content).forEach((part: unknown, k) => {
    const at = `${path}/content/${k}`;
    if (isJsonObject(part) && part.type === 'input_text') {
      builder.unknownFields(part, ['type', 'text'], at, `part ${k}`);
      segments.push(textSegment(textOf(part.text)));
      types.push('text');
    } else if (
      isJsonObject(part) &&
      part.type === 'input_image' &&
      typeof part.image_url === 'string'
    ) {
      builder.unknownFields(part, ['type', 'image_url', 'detail'], at, `image ${k}`);
      segments.push(
        // `auto` is what exports send when the envelope names no detail.
        imageSegment(
          part.image_url || ' ',
          DETAILS.includes(part.detail) ? part.detail : undefined,
        ),
      );
      types.push('image');
    } else {
      builder.unknownPart(
        at,
        part,
        isJsonObject(part) && part.type === 'input_image' ? ' with no image_url (a file_id)' : '',
      );
    }
  });
  if (segments.length === 0) return { segments: textSegments('') };
  const form = listForm(types, false);
  return form ? { segments, contentForm: form } : { segments };
}

/**
 * An assistant message: `output_text` parts (or a string), each text kept apart. Annotations
 * are the text's citations. An item of type message gets `annotations: []` on each text from
 * exports; one without a type (the form clients write) gets none unless the text had them.
 */
function assistantDraft(item: JsonObject, path: string, builder: EnvelopeBuilder): Draft {
  builder.unknownFields(item, ['type', 'role', 'content', 'id', 'status'], path, 'the message');
  if (typeof item.content === 'string')
    return { role: 'assistant', segments: textSegments(item.content), contentForm: 'text' };
  const outputForm = item.type === 'message';
  const segments: Segment[] = [];
  listOf(item.content).forEach((part: unknown, k) => {
    const at = `${path}/content/${k}`;
    if (!isJsonObject(part) || part.type !== 'output_text') return builder.unknownPart(at, part);
    builder.unknownFields(part, ['type', 'text', 'annotations'], at, `part ${k}`);
    const segment: TextSegment = textSegment(textOf(part.text));
    const annotations = part.annotations;
    if (Array.isArray(annotations) && annotations.every(isJsonObject)) {
      if (annotations.length > 0 || !outputForm)
        segment.citations = annotations as Record<string, unknown>[];
    } else if (annotations === undefined) {
      if (outputForm)
        builder.warn(
          at,
          'annotations-added',
          'This text of a message item has no annotations; exports write annotations: [] on the texts of items of type message.',
        );
    } else
      builder.warn(
        `${at}/annotations`,
        'field-not-kept',
        `The annotations are ${describeValue(annotations)}, not a list; they were left out.`,
      );
    segments.push(segment);
  });
  if (segments.length === 0) return { role: 'assistant', segments: textSegments('') };
  return segments.length > 1
    ? { role: 'assistant', segments, contentForm: 'parts' }
    : { role: 'assistant', segments };
}
