/**
 * OpenAI Chat Completions streams (`stream: true`): `chat.completion.chunk` objects whose
 * `choices[].delta` carry `content`, `refusal` and `tool_calls` pieces (by `index`: the first
 * piece has the call's `id` and `function.name`, the rest only `function.arguments` text), a
 * `finish_reason` on the last chunk of a choice, then an optional usage-only chunk
 * (`choices: []`) and the SSE data `[DONE]`.
 */
import { isJsonObject, type JsonObject } from '../request-check.js';
import type { StreamBuilder } from '../streams/stream-builder.js';
import type { StreamEndReason } from '../streams/stream-updates.js';
import { ownValue } from '../../protocol/own-value.js';

const FINISH_REASONS: Record<string, StreamEndReason> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool-calls',
  function_call: 'tool-calls',
  content_filter: 'content-filter',
};

export const isChatCompletionChunk = (event: JsonObject): boolean =>
  event.type === undefined &&
  (event.object === 'chat.completion.chunk' || Array.isArray(event.choices));

export function createChatCompletionsReader(builder: StreamBuilder) {
  return (event: JsonObject) => {
    if (typeof event.model === 'string' && event.model !== '') builder.model ??= event.model;
    if (isJsonObject(event.usage)) builder.usage = event.usage;
    if (event.type !== undefined) return builder.unknown('Events', event.type);
    if (!Array.isArray(event.choices)) {
      // The usage-only chunk of `stream_options.include_usage` may come with no choices at all.
      if (event.usage === undefined)
        builder.ignore(
          'malformed-event',
          'A chunk without a choices list was ignored.',
          'chat-no-choices',
        );
      return;
    }
    for (const choice of event.choices) {
      if (!isJsonObject(choice)) {
        builder.ignore('malformed-event', 'A choice that is not an object was ignored.', 'choice');
        continue;
      }
      // One message per stream: with `n` > 1 the other choices would be other messages.
      if ((choice.index ?? 0) !== 0) {
        builder.ignore(
          'other-choice',
          'Only the first choice (index 0) is read; the other choices were ignored.',
          'other-choice',
        );
        continue;
      }
      readDelta(choice.delta, builder);
      const finish = choice.finish_reason;
      if (typeof finish === 'string' && finish !== '')
        builder.end(ownValue(FINISH_REASONS, finish) ?? 'stop', finish);
    }
  };
}

function readDelta(delta: unknown, builder: StreamBuilder) {
  if (!isJsonObject(delta)) return;
  if (typeof delta.content === 'string') builder.text('content', delta.content);
  // Mistral sends content as parts: text, and thinking (which holds parts of its own).
  if (Array.isArray(delta.content))
    for (const part of delta.content)
      if (isJsonObject(part) && part.type === 'text' && typeof part.text === 'string')
        builder.text('content', part.text);
      else if (isJsonObject(part) && part.type === 'thinking') builder.thinking();
  // OpenAI-compatible providers stream thinking as `reasoning_content` (DeepSeek, Qwen, Kimi)
  // or `reasoning` (Groq, OpenRouter).
  if (delta.reasoning_content || delta.reasoning) builder.thinking();
  if (typeof delta.refusal === 'string') builder.refusal('refusal', delta.refusal);
  if (Array.isArray(delta.tool_calls))
    for (const call of delta.tool_calls) readToolCallDelta(call, builder);
  // The deprecated single function call, as models answer `functions` requests.
  if (isJsonObject(delta.function_call))
    readFunction('function_call', delta.function_call, builder);
}

function readToolCallDelta(call: unknown, builder: StreamBuilder) {
  if (!isJsonObject(call) || typeof call.index !== 'number') {
    builder.ignore(
      'malformed-event',
      'A tool call piece without an index was ignored.',
      'tool-call-index',
    );
    return;
  }
  if (call.type === 'custom' || isJsonObject(call.custom)) {
    builder.ignore(
      'item-omitted',
      'A custom tool call (free-form input, not JSON arguments) was left out.',
      'custom-tool',
    );
    return;
  }
  readFunction(`tool ${call.index}`, isJsonObject(call.function) ? call.function : {}, builder);
}

function readFunction(key: string, fn: JsonObject, builder: StreamBuilder) {
  builder.startTool(key, typeof fn.name === 'string' ? fn.name : undefined);
  if (typeof fn.arguments === 'string') builder.toolArguments(key, fn.arguments);
}
