/**
 * OpenAI Responses streams (`stream: true`): typed events. `response.output_item.added` starts
 * an output item (a `message`, a `function_call`, a `reasoning` item, a built-in tool's call),
 * `response.output_text.delta` and `response.refusal.delta` carry a message's text by
 * `item_id` and `content_index`, `response.function_call_arguments.delta` / `.done` a call's
 * arguments, `response.output_item.done` the finished item; the stream ends with
 * `response.completed`, `response.incomplete` or `response.failed` (or an `error` event).
 */
import { isJsonObject, type JsonObject } from '../request-check.js';
import { label, type StreamBuilder } from '../streams/stream-builder.js';

/** Events that carry nothing the message needs (the text and arguments come as deltas). */
const SKIPPED = /^response\.(queued|in_progress|content_part\.|(output_text|refusal)\.done)/;

export const isResponsesEvent = (event: JsonObject): boolean =>
  typeof event.type === 'string' && event.type.startsWith('response.');

type ItemKind = 'message' | 'function_call' | 'omitted';

export function createResponsesReader(builder: StreamBuilder) {
  /** Output items by id, and the ids by output index (deltas name both). */
  const items = new Map<string, ItemKind>();
  const idsByIndex = new Map<number, string>();
  /** Message items that got text deltas: a finished item adds its text only when none came. */
  const texted = new Set<string>();

  // The output index first, as the SDK does: some servers give an item another id on each event.
  const itemId = (event: JsonObject): string | undefined =>
    (typeof event.output_index === 'number' && idsByIndex.get(event.output_index)) ||
    (typeof event.item_id === 'string' ? event.item_id : undefined);

  const text = (event: JsonObject, refusal: boolean) => {
    const id = itemId(event);
    if (typeof event.delta !== 'string' || (id !== undefined && items.get(id) === 'omitted'))
      return malformedUnlessOmitted(event, id);
    const source = id ?? 'text';
    texted.add(source);
    if (refusal) builder.refusal(source, event.delta);
    else builder.text(source, event.delta);
  };

  const malformedUnlessOmitted = (event: JsonObject, id: string | undefined) => {
    if (id !== undefined && items.get(id) === 'omitted') return;
    builder.ignore(
      'malformed-event',
      `A ${label(event.type)} event without a text delta was ignored.`,
      `malformed ${label(event.type)}`,
    );
  };

  const added = (event: JsonObject) => {
    const item = event.item;
    if (!isJsonObject(item) || typeof item.type !== 'string') {
      builder.ignore(
        'malformed-event',
        'An output item event without an item was ignored.',
        'malformed item',
      );
      return undefined;
    }
    const known = typeof event.output_index === 'number' && idsByIndex.get(event.output_index);
    const id =
      known ||
      (typeof item.id === 'string' ? item.id : `output ${label(event.output_index ?? items.size)}`);
    if (typeof event.output_index === 'number') idsByIndex.set(event.output_index, id);
    if (items.has(id)) return { id, item };
    if (item.type === 'message') {
      items.set(id, 'message');
      builder.textStart(id);
    } else if (item.type === 'function_call') {
      items.set(id, 'function_call');
      builder.startTool(id, typeof item.name === 'string' ? item.name : undefined);
      if (typeof item.arguments === 'string') builder.toolArguments(id, item.arguments);
    } else {
      items.set(id, 'omitted');
      if (item.type === 'reasoning') builder.thinking();
      else builder.omit(`An output item of type ${label(item.type)}`, `item ${label(item.type)}`);
    }
    return { id, item };
  };

  const done = (event: JsonObject) => {
    const known = added(event);
    if (!known) return;
    const { id, item } = known;
    if (items.get(id) === 'function_call')
      builder.finishTool(id, typeof item.arguments === 'string' ? item.arguments : undefined);
    if (items.get(id) !== 'message' || !Array.isArray(item.content) || texted.has(id)) return;
    // A host that passes only finished items still gets their text.
    for (const part of item.content) {
      if (!isJsonObject(part)) continue;
      if (part.type === 'output_text' && typeof part.text === 'string') builder.text(id, part.text);
      if (part.type === 'refusal' && typeof part.refusal === 'string')
        builder.refusal(id, part.refusal);
    }
  };

  return (event: JsonObject) => {
    const type = label(event.type);
    const response = isJsonObject(event.response) ? event.response : undefined;
    if (typeof response?.model === 'string' && response.model !== '')
      builder.model ??= response.model;
    if (isJsonObject(response?.usage)) builder.usage = response.usage;
    switch (type) {
      case 'response.created':
        return;
      case 'response.output_item.added':
        return void added(event);
      case 'response.output_item.done':
        return done(event);
      case 'response.output_text.delta':
        return text(event, false);
      case 'response.refusal.delta':
        return text(event, true);
      case 'response.function_call_arguments.delta': {
        const id = itemId(event);
        if (id === undefined || typeof event.delta !== 'string')
          return malformedUnlessOmitted(event, id);
        return builder.toolArguments(id, event.delta);
      }
      case 'response.function_call_arguments.done': {
        const id = itemId(event);
        if (id === undefined) return malformedUnlessOmitted(event, id);
        if (typeof event.name === 'string') builder.startTool(id, event.name);
        return builder.finishTool(
          id,
          typeof event.arguments === 'string' ? event.arguments : undefined,
        );
      }
      case 'response.completed':
        return builder.end(builder.hasToolCalls() ? 'tool-calls' : 'stop', 'completed');
      case 'response.incomplete': {
        const details = isJsonObject(response?.incomplete_details)
          ? response.incomplete_details
          : {};
        return builder.end(
          details.reason === 'content_filter' ? 'content-filter' : 'length',
          'incomplete',
        );
      }
      case 'response.failed': {
        const error = isJsonObject(response?.error) ? response.error : {};
        return builder.fail(
          `The response failed${typeof error.code === 'string' ? ` (${label(error.code)})` : ''}: ${
            typeof error.message === 'string' ? label(error.message, 500) : 'no reason given'
          }`,
          'failed',
        );
      }
    }
    if (SKIPPED.test(type)) return;
    const id = itemId(event);
    if (id !== undefined && items.get(id) === 'omitted') return;
    if (type.startsWith('response.reasoning')) return builder.thinking();
    if (type.endsWith('annotation.added')) return builder.omit('A citation', 'citations');
    builder.unknown('Events', type);
  };
}
