/**
 * OpenAI Responses streams (`stream: true`): typed events. `response.output_item.added` starts
 * an output item (a `message`, a `function_call`, a `reasoning` item, a built-in tool's call),
 * `response.output_text.delta` and `response.refusal.delta` carry a message's text by
 * `item_id` and `content_index`, `response.function_call_arguments.delta` / `.done` a call's
 * arguments, `response.output_item.done` the finished item; the stream ends with
 * `response.completed`, `response.incomplete` or `response.failed` (or an `error` event).
 */
import { isJsonObject, type JsonObject } from '../request-check.js';
import { label, type StreamBuilder } from './stream-builder.js';

/** Events that carry nothing the message needs (the text and arguments come as deltas). */
const SKIPPED = new Set([
  'response.queued',
  'response.in_progress',
  'response.content_part.added',
  'response.content_part.done',
  'response.output_text.done',
  'response.output_text.annotation.added',
  'response.refusal.done',
]);

export const isResponsesEvent = (event: JsonObject): boolean =>
  typeof event.type === 'string' && event.type.startsWith('response.');

type ItemKind = 'message' | 'function_call' | 'omitted';

export function createResponsesReader(builder: StreamBuilder) {
  /** Output items by id, and the ids by output index (deltas name both). */
  const items = new Map<string, ItemKind>();
  const idsByIndex = new Map<number, string>();
  /** Message items that got text deltas: a finished item adds its text only when none came. */
  const texted = new Set<string>();

  const itemId = (event: JsonObject): string | undefined => {
    if (typeof event.item_id === 'string') return event.item_id;
    if (typeof event.output_index === 'number') return idsByIndex.get(event.output_index);
    return undefined;
  };

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
    const id =
      typeof item.id === 'string' ? item.id : `output ${label(event.output_index ?? items.size)}`;
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
      else
        builder.warn(
          'item-omitted',
          `An output item of type ${label(item.type)} was left out: the protocol has no place for it.`,
          `item ${label(item.type)}`,
        );
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
        const reason = typeof details.reason === 'string' ? details.reason : 'incomplete';
        return builder.end(reason === 'content_filter' ? 'content-filter' : 'length', reason);
      }
      case 'response.failed': {
        const error = isJsonObject(response?.error) ? response.error : {};
        return builder.fail(
          `The response failed${typeof error.code === 'string' ? ` (${label(error.code)})` : ''}: ${
            typeof error.message === 'string' ? label(error.message, 500) : 'no reason given'
          }`,
        );
      }
    }
    if (SKIPPED.has(type)) return;
    const id = itemId(event);
    if (id !== undefined && items.get(id) === 'omitted') return;
    if (type.startsWith('response.reasoning')) return builder.thinking();
    builder.ignore(
      'unknown-event',
      `Events of type ${type} are not read; they were ignored.`,
      `type ${type}`,
    );
  };
}
