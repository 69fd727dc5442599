/** Reads an Anthropic Messages request body into envelope drafts. */
import type { Segment } from '../../protocol/types.js';
import { DEFAULT_MAX_TOKENS } from './export.js';
import {
  contentText,
  describeValue,
  hostMessage,
  idFromCallId,
  imageSegment,
  textSegment,
  textSegments,
  toolItem,
  type Draft,
  type EnvelopeBuilder,
  textOf,
  listOf,
} from '../import-builder.js';
import { isJsonObject, type JsonObject } from '../request-check.js';
import { ownValue } from '../../protocol/own-value.js';

const BODY_FIELDS = ['model', 'max_tokens', 'system', 'messages', 'tools'];

export function readAnthropic(body: JsonObject, builder: EnvelopeBuilder) {
  builder.unknownFields(body, BODY_FIELDS, '', 'the request');
  if (body.max_tokens !== undefined && body.max_tokens !== DEFAULT_MAX_TOKENS)
    builder.warn(
      '/max_tokens',
      'max-tokens-not-kept',
      `max_tokens ${describeValue(body.max_tokens)} is not kept; exports send the maxTokens option (default ${DEFAULT_MAX_TOKENS}).`,
    );
  builder.setTools(
    listOf(body.tools).map((t: unknown, i) => {
      if (!isJsonObject(t)) return toolItem('', '', undefined);
      builder.unknownFields(t, ['name', 'description', 'input_schema'], `/tools/${i}`, `tool ${i}`);
      return toolItem(t.name, t.description, t.input_schema);
    }),
    '/tools',
  );
  if (Array.isArray(body.system))
    builder.warn(
      '/system',
      'content-parts-joined',
      'system is a list of text blocks; exports send it as one string.',
    );
  builder.system(contentText(body.system) || null);
  const messages = listOf(body.messages);
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
    const blocks: JsonObject[] =
      typeof message.content === 'string'
        ? [{ type: 'text', text: message.content }]
        : listOf(message.content).filter(isJsonObject);
    // A list of one text block comes back as a string unless the message says parts.
    const form: Pick<Draft, 'contentForm'> =
      Array.isArray(message.content) && blocks.length === 1 && blocks[0]!.type === 'text'
        ? { contentForm: 'parts' }
        : {};
    blocks.forEach((block, b) =>
      builder.unknownFields(
        block,
        ownValue(BLOCK_FIELDS, block.type) ?? Object.keys(block),
        `${path}/content/${b}`,
        `block ${b} of message ${m}`,
      ),
    );
    if (message.role === 'assistant') {
      // The exporter merges turns: each text is its own message, except the one right before
      // the tool_use blocks of its own message.
      let pendingText: Segment | null = null;
      let draft: Draft | null = null;
      const flushText = () => {
        if (pendingText) builder.add({ role: 'assistant', segments: [pendingText], ...form });
        pendingText = null;
      };
      for (const block of blocks) {
        if (block.type === 'text') {
          if (draft) builder.add(draft);
          draft = null;
          flushText();
          pendingText = textSegment(textOf(block.text));
        } else if (block.type === 'tool_use') {
          const id = textOf(block.id);
          const hint = idFromCallId(id);
          const request = builder.callRequest(
            id,
            textOf(block.name),
            isJsonObject(block.input) ? block.input : {},
            id !== '' && hint === undefined,
          );
          if (draft && draft.idHint === hint) draft.segments.push(request);
          else {
            if (draft) builder.add(draft);
            draft = {
              role: 'assistant',
              segments: pendingText ? [pendingText, request] : [request],
              ...(hint ? { idHint: hint } : {}),
            };
            pendingText = null;
          }
        }
      }
      if (draft) builder.add(draft);
      flushText();
      return;
    }
    // A user message: results first (one tool message each), then each other block on its own.
    for (const block of blocks) {
      if (block.type === 'tool_result') {
        if (Array.isArray(block.content))
          builder.warn(
            path,
            'content-parts-joined',
            'A tool_result holds a list of blocks; exports send its text as one string.',
          );
        if (block.is_error === false)
          builder.warn(
            path,
            'field-not-kept',
            'is_error: false is left out on export (the default).',
          );
        builder.addResult(
          textOf(block.tool_use_id),
          contentText(block.content),
          block.is_error !== true,
          path,
        );
      } else if (block.type === 'text') {
        const text = textOf(block.text);
        builder.add(hostMessage(text) ?? { role: 'user', segments: textSegments(text), ...form });
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
          path,
          'block-unknown',
          `A ${describeValue(block.type)} block in message ${m} has no place in the protocol; it was left out.`,
        );
      }
    }
  });
}

/** The fields of each block type that the protocol keeps (cache_control, citations … are not). */
const BLOCK_FIELDS: Record<string, string[]> = {
  text: ['type', 'text'],
  image: ['type', 'source'],
  tool_use: ['type', 'id', 'name', 'input'],
  tool_result: ['type', 'tool_use_id', 'content', 'is_error'],
};
