/** Reads an OpenAI Chat Completions request body into envelope drafts. */
import type { Segment } from '../../protocol/types.js';
import {
  contentText,
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
import { ownValue } from '../../protocol/own-value.js';

const BODY_FIELDS = ['model', 'messages', 'tools'];
const PLAIN_FIELDS = ['role', 'content', 'name'];
const MESSAGE_FIELDS: Record<string, string[]> = {
  system: PLAIN_FIELDS,
  developer: PLAIN_FIELDS,
  user: PLAIN_FIELDS,
  assistant: [...PLAIN_FIELDS, 'tool_calls'],
  tool: ['role', 'content', 'tool_call_id', 'name'],
};
const DETAILS: readonly unknown[] = ['auto', 'low', 'high'];

export function readOpenAI(body: JsonObject, builder: EnvelopeBuilder) {
  builder.unknownFields(body, BODY_FIELDS, '', 'the request');
  builder.setTools(
    listOf(body.tools).map((t: unknown, i) => {
      const fn = isJsonObject(t) && isJsonObject(t.function) ? t.function : {};
      if (isJsonObject(t)) {
        builder.unknownFields(t, ['type', 'function'], `/tools/${i}`, `tool ${i}`);
        builder.unknownFields(
          fn,
          ['name', 'description', 'parameters'],
          `/tools/${i}/function`,
          `tool ${i}`,
        );
      }
      return toolItem(fn.name, fn.description, fn.parameters);
    }),
    '/tools',
  );
  const messages = listOf(body.messages);
  let started = false;
  let systemDone = false;
  messages.forEach((message: unknown, m) => {
    const path = `/messages/${m}`;
    if (!isJsonObject(message)) return builder.unreadableMessage(path, m);
    const role = message.role;
    const known = ownValue(MESSAGE_FIELDS, role);
    if (known) builder.unknownFields(message, known, path, `message ${m}`);
    const hints: Pick<Draft, 'name' | 'originalRole'> = {};
    if (typeof message.name === 'string' && message.name !== '') hints.name = message.name;
    if (role === 'developer') hints.originalRole = 'developer';
    const text = contentText(message.content);
    if (role === 'system' || role === 'developer') joinedParts(message.content, path, builder);
    if ((role === 'system' || role === 'developer') && !started) {
      if (systemDone)
        builder.warn(
          path,
          'system-merged',
          'A second leading system message is merged into the first on export.',
        );
      builder.system(text, systemDone ? {} : hints);
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
    if (role === 'assistant') {
      const calls = listOf(message.tool_calls);
      const own = assistantText(message.content, path, calls.length > 0, builder);
      const segments: Segment[] = own.segments;
      let idHint: string | undefined;
      calls.forEach((call: unknown, c) => {
        const at = `${path}/tool_calls/${c}`;
        const fn = isJsonObject(call) && isJsonObject(call.function) ? call.function : {};
        const id = isJsonObject(call) && typeof call.id === 'string' ? call.id : `call_${m}_${c}`;
        if (isJsonObject(call))
          builder.unknownFields(call, ['id', 'type', 'function'], at, 'a call');
        const hint = idFromCallId(id);
        idHint ??= hint;
        segments.push(
          builder.callRequest(
            id,
            textOf(fn.name),
            parseArguments(fn.arguments, `${at}/function/arguments`, builder),
            hint === undefined,
          ),
        );
      });
      return builder.add({
        role: 'assistant',
        segments: segments.length > 0 ? segments : textSegments(''),
        ...(own.contentForm ? { contentForm: own.contentForm } : {}),
        ...(idHint ? { idHint } : {}),
        ...hints,
      });
    }
    if (role === 'tool') {
      const id = typeof message.tool_call_id === 'string' ? message.tool_call_id : '';
      joinedParts(message.content, path, builder);
      // Exports write failed results as `Error: …` (errorText in openai.ts).
      const failed = text.startsWith('Error: ');
      return builder.addResult(id, failed ? text.slice(7) : text, !failed, path, hints);
    }
    builder.unknownRole(path, `Message ${m}`, role);
  });
  if (!systemDone) builder.system(null);
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

/** An assistant message's text: a string, or text parts kept apart (`contentForm: parts`). */
function assistantText(
  content: unknown,
  path: string,
  hasCalls: boolean,
  builder: EnvelopeBuilder,
): Pick<Draft, 'segments' | 'contentForm'> {
  if (content === null || content === undefined) {
    if (!hasCalls)
      builder.warn(
        `${path}/content`,
        'content-null',
        'An assistant message with no content and no tool calls is sent with empty text on export.',
      );
    return { segments: [] };
  }
  if (!Array.isArray(content)) return { segments: textSegments(textOf(content)) };
  const segments: Segment[] = [];
  content.forEach((part: unknown, k) => {
    if (isJsonObject(part) && part.type === 'text') {
      segments.push(textSegment(textOf(part.text)));
    } else {
      builder.unknownPart(`${path}/content/${k}`, part);
    }
  });
  return segments.length > 0 ? { segments, contentForm: 'parts' } : { segments: [] };
}
