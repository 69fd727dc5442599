/**
 * OpenAI Responses streams (`stream: true`): typed events. `response.output_item.added` starts
 * an output item (a `message`, a `function_call`, a `reasoning` item, a built-in tool's call),
 * `response.output_text.delta` and `response.refusal.delta` carry a message's text by
 * `item_id` and `content_index`, `response.output_text.annotation.added` its citations,
 * `response.function_call_arguments.delta` / `.done` a call's arguments, reasoning summary and
 * text deltas, code and MCP argument deltas and status events the items the reader keeps whole,
 * `response.output_item.done` the finished item; the stream ends with `response.completed`
 * (whose output has the last word, as in the SDK), `response.incomplete` or `response.failed`
 * (or an `error` event). Reasoning items become thinking segments and built-in calls
 * provider-run segments holding the item, as when a request is imported.
 */
import { isJsonObject, type JsonObject } from '../request-check.js';
import {
  textStart,
  refusalText,
  put,
  citeSource,
  finishTool,
  hasToolCalls,
} from '../streams/stream-builder-extras.js';
import { label, type StreamBuilder } from '../streams/stream-builder.js';
import {
  callOfItem,
  isBuiltInCall,
  isBuiltInResult,
  resultOfItem,
  thinkingOfItem,
} from './items.js';

/** Events that carry nothing the message needs (the text and arguments come as deltas). */
const SKIPPED =
  /^response\.(queued|in_progress|content_part\.|(output_text|refusal)\.done|image_generation_call\.partial_image|mcp_list_tools\.)/;

/** Status events of built-in calls, which the SDK writes into the item (`…_call.searching`). */
const CALL_STATUS =
  /^response\.(code_interpreter_call|file_search_call|web_search_call|image_generation_call|mcp_call)\.(in_progress|interpreting|searching|generating|completed|failed)$/;

export const isResponsesEvent = (event: JsonObject): boolean =>
  typeof event.type === 'string' && event.type.startsWith('response.');

const isWhole = (type: unknown) =>
  type === 'reasoning' || isBuiltInCall(type) || isBuiltInResult(type);

/** `whole`: a reasoning item or a built-in call, kept as the SDK accumulates it. */
type ItemKind = 'message' | 'function_call' | 'whole' | 'omitted';

export function createResponsesReader(builder: StreamBuilder) {
  /** Output items by id, and the ids by output index (deltas name both). */
  const items = new Map<string, ItemKind>();
  const idsByIndex = new Map<number, string>();
  /** Message items that got text deltas: a finished item adds its text only when none came. */
  const texted = new Set<string>();
  /** Reasoning items and built-in calls as they stand, by id. */
  const whole = new Map<string, JsonObject>();
  /** The annotations of each message item, by content part. */
  const annotations = new Map<string, Record<string, unknown>[][]>();

  /** The segments of a whole item, in its place: a thinking segment, or a call and its output. */
  const render = (id: string) => {
    const item = whole.get(id)!;
    if (item.type === 'reasoning') return put(builder, id, thinkingOfItem(item));
    if (isBuiltInResult(item.type)) return put(builder, id, resultOfItem(item));
    if (!isBuiltInCall(item.type)) return;
    const { request, result } = callOfItem(item);
    put(builder, id, request);
    if (result) put(builder, `${id} result`, result);
  };

  /** Applies a change to a whole item, as the SDK's accumulator does, and shows it. */
  const change = (event: JsonObject, apply: (item: JsonObject) => void) => {
    const id = itemId(event);
    const item = id === undefined ? undefined : whole.get(id);
    if (id === undefined || !item) return malformedUnlessOmitted(event, id);
    apply(item);
    render(id);
  };

  /** A list of parts in a whole item, and the part at the event's index (made when missing). */
  const partOf = (item: JsonObject, field: string, index: unknown, type: string): JsonObject => {
    const list = Array.isArray(item[field]) ? (item[field] as unknown[]) : (item[field] = []);
    const at = typeof index === 'number' ? index : list.length - 1;
    const part = list[at];
    if (isJsonObject(part)) return part;
    const made: JsonObject = { type, text: '' };
    list[Math.max(at, 0)] = made;
    return made;
  };

  /** The citations of a message item: every part's annotations, in order. */
  const cite = (id: string) =>
    citeSource(
      builder,
      id,
      (annotations.get(id) ?? []).flatMap((list) => list ?? []),
    );

  /** A finished message item (or the final response's) gives its annotations. */
  const citeItem = (id: string, item: JsonObject) => {
    if (!Array.isArray(item.content)) return;
    const lists = item.content.map((part: unknown) =>
      isJsonObject(part) && Array.isArray(part.annotations)
        ? (part.annotations.filter(isJsonObject) as Record<string, unknown>[])
        : [],
    );
    const before = JSON.stringify(annotations.get(id) ?? []);
    annotations.set(id, lists);
    if (JSON.stringify(lists) !== before) cite(id);
  };

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
    if (refusal) refusalText(builder, source, event.delta);
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
      textStart(builder, id);
    } else if (item.type === 'function_call') {
      items.set(id, 'function_call');
      builder.startTool(id, typeof item.name === 'string' ? item.name : undefined);
      if (typeof item.arguments === 'string') builder.toolArguments(id, item.arguments);
    } else if (isWhole(item.type)) {
      items.set(id, 'whole');
      whole.set(id, structuredClone(item));
      render(id);
    } else {
      items.set(id, 'omitted');
      builder.omit(`An output item of type ${label(item.type)}`, `item ${label(item.type)}`);
    }
    return { id, item };
  };

  /** The final response's output: whole items and annotations as the SDK ends with them. */
  const final = (response: JsonObject | undefined) => {
    if (!Array.isArray(response?.output)) return;
    response.output.forEach((item: unknown, index) => {
      if (!isJsonObject(item)) return;
      const id = idsByIndex.get(index) ?? (typeof item.id === 'string' ? item.id : undefined);
      if (id === undefined) return;
      if (items.get(id) === 'whole') {
        if (!isWhole(item.type) || JSON.stringify(whole.get(id)) === JSON.stringify(item)) return;
        whole.set(id, structuredClone(item));
        render(id);
      } else if (items.get(id) === 'message') citeItem(id, item);
    });
  };

  const done = (event: JsonObject) => {
    const known = added(event);
    if (!known) return;
    const { id, item } = known;
    if (items.get(id) === 'whole') {
      // The finished item replaces what was accumulated, as in the SDK.
      if (!isWhole(item.type)) return;
      whole.set(id, structuredClone(item));
      return render(id);
    }
    if (items.get(id) === 'message') citeItem(id, item);
    if (items.get(id) === 'function_call')
      finishTool(builder, id, typeof item.arguments === 'string' ? item.arguments : undefined);
    if (items.get(id) !== 'message' || !Array.isArray(item.content) || texted.has(id)) return;
    // A host that passes only finished items still gets their text.
    for (const part of item.content) {
      if (!isJsonObject(part)) continue;
      if (part.type === 'output_text' && typeof part.text === 'string') builder.text(id, part.text);
      if (part.type === 'refusal' && typeof part.refusal === 'string')
        refusalText(builder, id, part.refusal);
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
        return finishTool(
          builder,
          id,
          typeof event.arguments === 'string' ? event.arguments : undefined,
        );
      }
      case 'response.output_text.annotation.added': {
        const id = itemId(event);
        if (id === undefined || items.get(id) !== 'message' || !isJsonObject(event.annotation))
          return malformedUnlessOmitted(event, id);
        const lists = annotations.get(id) ?? [];
        const part = typeof event.content_index === 'number' ? event.content_index : 0;
        const list = (lists[part] ??= []);
        const at =
          typeof event.annotation_index === 'number' ? event.annotation_index : list.length;
        list[at] = event.annotation;
        annotations.set(id, lists);
        return cite(id);
      }
      case 'response.reasoning_summary_part.added':
        return change(event, (item) => {
          const summary = Array.isArray(item.summary) ? item.summary : (item.summary = []);
          summary.push(
            isJsonObject(event.part) ? { ...event.part } : { type: 'summary_text', text: '' },
          );
        });
      case 'response.reasoning_summary_part.done':
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_summary_text.done':
        return change(event, (item) => {
          const part = partOf(item, 'summary', event.summary_index, 'summary_text');
          if (type.endsWith('part.done') && isJsonObject(event.part))
            Object.assign(part, event.part);
          else if (typeof event.delta === 'string')
            part.text = String(part.text ?? '') + event.delta;
          else if (typeof event.text === 'string') part.text = event.text;
        });
      case 'response.reasoning_text.delta':
      case 'response.reasoning_text.done':
        return change(event, (item) => {
          const part = partOf(item, 'content', event.content_index, 'reasoning_text');
          if (typeof event.delta === 'string') part.text = String(part.text ?? '') + event.delta;
          else if (typeof event.text === 'string') part.text = event.text;
        });
      case 'response.mcp_call_arguments.delta':
      case 'response.mcp_call_arguments.done':
        return change(event, (item) => {
          if (typeof event.delta === 'string')
            item.arguments = String(item.arguments ?? '') + event.delta;
          else if (typeof event.arguments === 'string') item.arguments = event.arguments;
        });
      case 'response.code_interpreter_call_code.delta':
      case 'response.code_interpreter_call_code.done':
        return change(event, (item) => {
          if (typeof event.delta === 'string') item.code = String(item.code ?? '') + event.delta;
          else if (typeof event.code === 'string') item.code = event.code;
        });
      case 'response.completed':
        final(response);
        return builder.end(hasToolCalls(builder) ? 'tool-calls' : 'stop', 'completed');
      case 'response.incomplete': {
        final(response);
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
    const status = CALL_STATUS.exec(type);
    if (status && id !== undefined && whole.get(id)?.type === status[1])
      return change(event, (item) => (item.status = status[2]));
    if (status) return;
    builder.unknown('Events', type);
  };
}
