/**
 * OpenAI Chat Completions streams (`stream: true`): `chat.completion.chunk` objects whose
 * `choices[].delta` carry `content`, `refusal` and `tool_calls` pieces (by `index`: the first
 * piece has the call's `id` and `function.name`, the rest only `function.arguments` text), a
 * `finish_reason` on the last chunk of a choice, then an optional usage-only chunk
 * (`choices: []`) and the SSE data `[DONE]`. OpenAI-compatible APIs add the model's reasoning
 * (`reasoning_content`, `reasoning`), read into a thinking segment that keeps its field; Mistral
 * sends content as parts (text and thinking) and whole calls without an index.
 */
import { isJsonObject, type JsonObject } from '../request-check.js';
import { refusalText, thinkingText } from '../streams/stream-builder-extras.js';
import { label, type StreamBuilder } from '../streams/stream-builder.js';
import type { StreamEndReason } from '../streams/stream-updates.js';
import { ownValue } from '../../protocol/own-value.js';

/**
 * The finish reasons of OpenAI and of OpenAI-compatible APIs: Mistral's `model_length`, the
 * `error` of OpenRouter and Mistral, DeepSeek's `insufficient_system_resource` (the answer was
 * cut off by the provider), vLLM's `abort`.
 */
const FINISH_REASONS: Record<string, StreamEndReason> = {
  stop: 'stop',
  eos: 'stop',
  length: 'length',
  model_length: 'length',
  tool_calls: 'tool-calls',
  function_call: 'tool-calls',
  content_filter: 'content-filter',
  error: 'error',
  insufficient_system_resource: 'error',
  abort: 'error',
};

/** Chunk fields of OpenAI-compatible APIs that carry content the protocol has no place for. */
const CHUNK_CONTENT: Record<string, string> = {
  citations: "The provider's citations (Perplexity)",
  search_results: "The provider's search results (Perplexity)",
};

export const isChatCompletionChunk = (event: JsonObject): boolean =>
  event.type === undefined &&
  (event.object === 'chat.completion.chunk' || Array.isArray(event.choices));

export function createChatCompletionsReader(builder: StreamBuilder) {
  return (event: JsonObject) => {
    if (typeof event.model === 'string' && event.model !== '') builder.model ??= event.model;
    if (isJsonObject(event.usage)) builder.usage = event.usage;
    if (event.type !== undefined) return builder.unknown('Events', event.type);
    for (const field of Object.keys(CHUNK_CONTENT))
      if (event[field] !== undefined && !isEmptyList(event[field]))
        builder.omit(ownValue(CHUNK_CONTENT, field)!, field);
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
      if (typeof finish === 'string' && finish !== '') finishWith(finish, builder);
    }
  };
}

function finishWith(finish: string, builder: StreamBuilder) {
  const reason = ownValue(FINISH_REASONS, finish);
  if (reason === 'error')
    return builder.fail(
      `The provider stopped the message with finish reason ${label(finish)}; it may be unfinished.`,
      finish,
    );
  if (reason === undefined)
    builder.warn(
      'finish-reason-unknown',
      `The finish reason ${label(finish)} is not one the reader knows; the message ends as if it stopped.`,
    );
  builder.end(reason ?? 'stop', finish);
}

const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;
const isFilledList = (value: unknown) => Array.isArray(value) && value.length > 0;

function readDelta(delta: unknown, builder: StreamBuilder) {
  if (!isJsonObject(delta)) return;
  // OpenAI-compatible providers stream thinking as `reasoning_content` (DeepSeek, Qwen, Kimi,
  // xAI) or `reasoning` (Groq, OpenRouter); some send both with the same text.
  const { reasoning_content: content, reasoning } = delta;
  if (typeof content === 'string')
    thinkingText(builder, 'reasoning_content', content, 'reasoning_content');
  if (typeof reasoning === 'string' && reasoning !== content)
    thinkingText(builder, 'reasoning', reasoning, 'reasoning');
  // OpenRouter's reasoning_details repeat the reasoning with what only the API can read (the
  // signature of a Claude thinking block, encrypted reasoning).
  if (isJsonObject(reasoning) || isFilledList(delta.reasoning_details))
    builder.omit('Structured reasoning (reasoning_details)', 'reasoning-details');
  if (typeof delta.content === 'string') builder.text('content', delta.content);
  // Mistral sends content as parts: text, and thinking (which holds parts of its own).
  if (Array.isArray(delta.content)) for (const part of delta.content) readPart(part, builder);
  if (typeof delta.refusal === 'string') refusalText(builder, 'refusal', delta.refusal);
  if (Array.isArray(delta.tool_calls))
    for (const call of delta.tool_calls) readToolCallDelta(call, builder);
  // The deprecated single function call, as models answer `functions` requests.
  if (isJsonObject(delta.function_call))
    readFunction('function_call', delta.function_call, builder);
  if (isFilledList(delta.annotations))
    builder.omit('The annotations (URL citations) of the text', 'annotations');
  if (isFilledList(delta.executed_tools))
    builder.omit("The provider's own tool runs (Groq's executed_tools)", 'executed-tools');
  if (isJsonObject(delta.audio)) builder.omit('The audio answer', 'audio');
}

/** A part of Mistral's content list: text, thinking (its own text parts), or a kind not read. */
function readPart(part: unknown, builder: StreamBuilder) {
  if (!isJsonObject(part)) return;
  if (part.type === 'text' && typeof part.text === 'string')
    return builder.text('content', part.text);
  if (part.type === 'thinking' && Array.isArray(part.thinking)) {
    for (const inner of part.thinking)
      if (isJsonObject(inner) && inner.type === 'text' && typeof inner.text === 'string')
        thinkingText(builder, 'thinking', inner.text);
      else builder.omit('A thinking part that is not text', 'thinking-part');
    return;
  }
  builder.omit(`A content part of type ${label(part.type)}`, `part ${label(part.type)}`);
}

function readToolCallDelta(call: unknown, builder: StreamBuilder) {
  // Mistral sends each call whole, with its id and no index: the id keys it.
  const key = !isJsonObject(call)
    ? undefined
    : typeof call.index === 'number'
      ? `tool ${call.index}`
      : typeof call.id === 'string' && call.id !== ''
        ? `tool id ${call.id}`
        : undefined;
  if (!isJsonObject(call) || key === undefined) {
    builder.ignore(
      'malformed-event',
      'A tool call piece without an index or id was ignored.',
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
  readFunction(key, isJsonObject(call.function) ? call.function : {}, builder);
}

function readFunction(key: string, fn: JsonObject, builder: StreamBuilder) {
  builder.startTool(key, typeof fn.name === 'string' ? fn.name : undefined);
  if (typeof fn.arguments === 'string') builder.toolArguments(key, fn.arguments);
}
