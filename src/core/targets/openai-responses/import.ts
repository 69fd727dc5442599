/** Reads an OpenAI Responses request body (`POST /v1/responses`) into envelope drafts. */
import type { Segment } from '../../protocol/types.js';
import {
  hostMessage,
  idFromCallId,
  imageSegment,
  listForm,
  parseArguments,
  textSegment,
  textSegments,
  toolItem,
  type Draft,
  type EnvelopeBuilder,
  textOf,
  describeValue,
  listOf,
} from '../import-builder.js';
import { isJsonObject, type JsonObject } from '../request-check.js';

const BODY_FIELDS = ['model', 'instructions', 'input', 'tools'];
const DETAILS: readonly unknown[] = ['low', 'high', 'original'];

/**
 * Item `id`s are not kept (exports send none: the API would look them up among stored
 * responses), nor is an assistant message's `status: "completed"` or the optional
 * `type: "message"`; every other field the protocol has no place for is named in a warning.
 */
export function readOpenAIResponses(body: JsonObject, builder: EnvelopeBuilder) {
  builder.unknownFields(body, BODY_FIELDS, '', 'the request');
  const tools: ReturnType<typeof toolItem>[] = [];
  listOf(body.tools).forEach((t: unknown, i) => {
    const at = `/tools/${i}`;
    if (!isJsonObject(t) || t.type !== 'function') {
      builder.warn(
        at,
        'tool-unknown',
        `Tool ${i} is not a function tool (${describeValue(isJsonObject(t) ? t.type : null)}); the protocol has no place for it, so it was left out.`,
      );
      return;
    }
    builder.unknownFields(
      t,
      ['type', 'name', 'description', 'parameters', 'strict'],
      at,
      `tool ${i}`,
    );
    if (t.strict !== false)
      builder.warn(
        `${at}/strict`,
        'tool-strict',
        `Tool ${describeValue(t.name)} is strict (the API's default when strict is not false); exports send strict: false, so the schema is used as written.`,
      );
    tools.push(toolItem(t.name, t.description, t.parameters));
  });
  builder.setTools(tools, '/tools');

  let systemDone = false;
  let started = false;
  if (typeof body.instructions === 'string') {
    builder.system(body.instructions);
    systemDone = true;
  }
  const startConversation = () => {
    if (!systemDone) builder.system(null);
    systemDone = true;
    started = true;
  };
  if (typeof body.input === 'string') {
    builder.warn(
      '/input',
      'input-string',
      'input is a string; exports send it as one user message item.',
    );
    startConversation();
    builder.add({ role: 'user', segments: textSegments(body.input) });
    return;
  }
  const items = listOf(body.input);
  items.forEach((item: unknown, i) => {
    const path = `/input/${i}`;
    if (!isJsonObject(item)) return builder.unreadableMessage(path, i);
    const type = item.type ?? (item.role !== undefined ? 'message' : undefined);
    if (type === 'message') {
      const role = item.role;
      if ((role === 'system' || role === 'developer') && !started) {
        builder.warn(
          path,
          'system-to-instructions',
          `The ${describeValue(role)} message before the conversation is part of the instructions on export.`,
        );
        const draft = inputDraft(item, path, builder);
        if (!systemDone) builder.system(joined(draft.segments));
        else builder.add({ role: 'system', segments: textSegments(joined(draft.segments)) });
        systemDone = true;
        return;
      }
      startConversation();
      if (role === 'system' || role === 'developer') {
        const draft = inputDraft(item, path, builder);
        return builder.add({
          ...draft,
          role: 'system',
          ...(role === 'developer' ? { originalRole: 'developer' } : {}),
        });
      }
      if (role === 'user') {
        const draft = inputDraft(item, path, builder);
        const only = draft.segments.length === 1 ? draft.segments[0] : undefined;
        const host = only?.kind === 'text' ? hostMessage(only.content) : null;
        return builder.add(host ?? { ...draft, role: 'user' });
      }
      if (role === 'assistant') return builder.add(assistantDraft(item, path, builder));
      return builder.unknownRole(path, `Item ${i}`, role);
    }
    startConversation();
    if (type === 'function_call') {
      builder.unknownFields(
        item,
        ['type', 'id', 'status', 'call_id', 'name', 'arguments'],
        path,
        `function call ${i}`,
      );
      notCompleted(item, path, builder);
      const id = typeof item.call_id === 'string' ? item.call_id : `call_${i}_0`;
      const hint = idFromCallId(id);
      const request = builder.callRequest(
        id,
        textOf(item.name),
        parseArguments(item.arguments, `${path}/arguments`, builder),
        hint === undefined,
      );
      // Calls right after an assistant message (or after calls) belong to it.
      const last = builder.drafts.at(-1);
      if (
        last?.role === 'assistant' &&
        (last.idHint === undefined || last.idHint === hint) &&
        last.segments.every((s) => s.kind !== 'tool_call_result')
      ) {
        last.segments.push(request);
        if (hint !== undefined) last.idHint = hint;
        return;
      }
      return builder.add({
        role: 'assistant',
        segments: [request],
        ...(hint ? { idHint: hint } : {}),
      });
    }
    if (type === 'function_call_output') {
      builder.unknownFields(
        item,
        ['type', 'id', 'status', 'call_id', 'output'],
        path,
        `function call output ${i}`,
      );
      notCompleted(item, path, builder);
      let output = '';
      if (typeof item.output === 'string') output = item.output;
      else {
        builder.warn(
          `${path}/output`,
          'output-parts-joined',
          'The output is a list of parts; its texts are kept as one string.',
        );
        output = listOf(item.output)
          .filter((p: unknown) => isJsonObject(p) && p.type === 'input_text')
          .map((p) => textOf((p as JsonObject).text))
          .join('\n\n');
      }
      // Exports write failed results as `Error: …` (errorText in openai.ts).
      const failed = output.startsWith('Error: ');
      const id = typeof item.call_id === 'string' ? item.call_id : '';
      return builder.addResult(id, failed ? output.slice(7) : output, !failed, path);
    }
    builder.warn(
      path,
      'item-unknown',
      `A ${describeValue(type ?? null)} item has no place in the protocol; it was left out.`,
    );
  });
  if (!systemDone) builder.system(null);
}

function joined(segments: Segment[]): string {
  return segments.map((s) => (s.kind === 'text' ? s.content : '')).join('\n\n');
}

/** `status` other than completed says the item was cut off: the protocol cannot say so. */
function notCompleted(item: JsonObject, path: string, builder: EnvelopeBuilder) {
  if (item.status === undefined || item.status === null || item.status === 'completed') return;
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
  notCompleted(item, path, builder);
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

/** An assistant message: `output_text` parts (or a string), each text kept apart. */
function assistantDraft(item: JsonObject, path: string, builder: EnvelopeBuilder): Draft {
  builder.unknownFields(item, ['type', 'role', 'content', 'id', 'status'], path, 'the message');
  notCompleted(item, path, builder);
  if (typeof item.content === 'string')
    return { role: 'assistant', segments: textSegments(item.content), contentForm: 'text' };
  const segments: Segment[] = [];
  listOf(item.content).forEach((part: unknown, k) => {
    const at = `${path}/content/${k}`;
    if (isJsonObject(part) && part.type === 'output_text') {
      builder.unknownFields(part, ['type', 'text', 'annotations'], at, `part ${k}`);
      if (Array.isArray(part.annotations) && part.annotations.length > 0)
        builder.warn(
          `${at}/annotations`,
          'annotations-not-kept',
          `The ${part.annotations.length} annotation${part.annotations.length === 1 ? '' : 's'} (citations) of this text have no place in the protocol; they were left out.`,
        );
      segments.push(textSegment(textOf(part.text)));
    } else {
      builder.unknownPart(at, part);
    }
  });
  if (segments.length === 0) return { role: 'assistant', segments: textSegments('') };
  return segments.length > 1
    ? { role: 'assistant', segments, contentForm: 'parts' }
    : { role: 'assistant', segments };
}
