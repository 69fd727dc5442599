/**
 * One function for every provider stream: events in (parsed objects, SSE events or their data),
 * updates to one envelope message out. The provider is found from the first event.
 */
import type { Message } from '../../protocol/types.js';
import { isJsonObject, type JsonObject } from '../request-check.js';
import { createAnthropicReader, isAnthropicEvent } from '../anthropic/stream.js';
import { createGeminiReader, isGeminiChunk } from '../gemini/stream.js';
import { createChatCompletionsReader, isChatCompletionChunk } from '../openai/stream.js';
import { createResponsesReader, isResponsesEvent } from '../openai-responses/stream.js';
import { label, StreamBuilder } from './stream-builder.js';
import type { StreamProvider, StreamUpdate, StreamWarning } from './stream-updates.js';

/** The providers whose streams {@link createStreamReader} reads. */
export const STREAM_PROVIDERS: readonly StreamProvider[] = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
];

const READERS: Record<StreamProvider, ProviderReader> = {
  'openai-chat': createChatCompletionsReader,
  'openai-responses': createResponsesReader,
  anthropic: createAnthropicReader,
  gemini: createGeminiReader,
};

/** What `createStreamReader` (or a one-provider reader) needs to know about the message it builds. */
export interface StreamReaderOptions {
  /** The id of the message the stream becomes; unique in its envelope. */
  messageId: string;
  /** The message's timestamp in Unix epoch milliseconds (the reader reads no clock). */
  timestamp: number;
  /** Whose events come; found from the first event when left out. */
  provider?: StreamProvider;
}

/** Reads one provider stream into one message; from `createStreamReader` or a one-provider reader. */
export interface StreamReader {
  /**
   * Reads one event and returns the updates it makes, in order (often none). An event is what
   * the provider's SDK yields or the JSON of one SSE `data:` line, parsed; an event from
   * {@link createSseParser}; or the data text itself. Never throws: what cannot be used is
   * ignored, counted in `ignored` and warned about once per kind.
   */
  read(event: unknown): StreamUpdate[];
  /**
   * Ends the stream when the body is over (call it always; after the provider's own end it
   * returns nothing). A stream cut off before that still ends with a usable message: open tool
   * calls are completed with the arguments they have, and a `cut-off` warning says so.
   */
  end(): StreamUpdate[];
  /** A copy of the message as it stands, valid under the protocol at every point. */
  message(): Message;
  /** The provider, once known. */
  readonly provider: StreamProvider | undefined;
  /** The model the provider named, once known (for the envelope's `model`). */
  readonly model: string | undefined;
  /**
   * The token usage the provider reported, in its own words, once known: Chat Completions'
   * `usage`, Responses' `response.usage`, Anthropic's `usage` of `message_start` with the counts
   * of `message_delta`, Gemini's `usageMetadata`.
   */
  readonly usage: Readonly<Record<string, unknown>> | undefined;
  /** Everything warned about so far (the `end` update carries those before the end). */
  readonly warnings: readonly StreamWarning[];
  /** Whether the stream has ended (by the provider, an error, or `end()`). */
  readonly ended: boolean;
  /** How many events were ignored: unknown, unreadable, another provider's, or after the end. */
  readonly ignored: number;
}

/**
 * Turns a provider's stream into updates of one assistant message: an OpenAI Chat Completions
 * stream (`chat.completion.chunk`, also of OpenAI-compatible providers), an OpenAI Responses
 * stream (`response.*` events), an Anthropic Messages stream (`message_start` … `message_stop`)
 * or a Gemini stream (`GenerateContentResponse` chunks). Text becomes `text` segments, one per
 * content block or output item, tool calls `tool_call_request` segments whose arguments stream
 * as JSON text and are parsed when the call is complete (Gemini's come whole, with their thought
 * signature); a refusal is shown as text; thinking, provider-run tools and citations become
 * thinking, provider-run and cited text segments (Anthropic, Responses, Gemini, the reasoning of
 * OpenAI-compatible Chat streams); what the protocol has no place for is left out with a warning. Each update maps to
 * one call of the live chat elements ({@link StreamUpdate}); `message()` gives the message at
 * any time. Deterministic: no clock, no timers, no I/O; never throws on events.
 *
 * @example
 * ```ts
 * const stream = createStreamReader({ messageId: 'a7', timestamp: Date.now() });
 * const updates = [
 *   ...stream.read({ type: 'message_start', message: { model: 'claude-sonnet-4-5' } }),
 *   ...stream.read({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
 *   ...stream.read({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi!' } }),
 *   ...stream.read({ type: 'message_stop' }),
 *   ...stream.end(),
 * ];
 * console.log(updates.map((u) => u.type)); // ['append', 'text', 'end']
 * console.log(stream.message().segments); // [{ kind: 'text', content: 'Hi!' }]
 * ```
 */
export function createStreamReader(options: StreamReaderOptions): StreamReader {
  return readStream(options, READERS, 'createStreamReader');
}

/** Makes one provider's events into updates of one message; from {@link readStream}. */
export type ProviderReader = (builder: StreamBuilder) => (event: JsonObject) => void;

/**
 * The reader of {@link createStreamReader} over the providers of `readers`: a one-provider entry
 * point (prompt-envelope/core/streams/anthropic …) passes its own provider alone, so an app that
 * reads one provider's streams carries no other's reader. Events of the other providers are still
 * told apart (their tests are a line each) and ignored with the same warning.
 */
export function readStream(
  options: StreamReaderOptions,
  readers: Partial<Record<StreamProvider, ProviderReader>>,
  caller: string,
): StreamReader {
  const { messageId, timestamp, provider: given } = options ?? {};
  // Wrong options are a programming error, not stream data: they fail at once.
  if (typeof messageId !== 'string' || messageId === '')
    throw new TypeError(`${caller}: messageId must be a non-empty string.`);
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp) || timestamp < 0)
    throw new TypeError(`${caller}: timestamp must be Unix epoch milliseconds.`);
  const providers = Object.keys(readers) as StreamProvider[];
  if (given !== undefined && !providers.includes(given))
    throw new TypeError(`${caller}: provider must be one of ${providers.join(', ')}.`);

  const builder = new StreamBuilder(messageId, timestamp);
  let provider = given;
  let dispatch = given && readers[given]!(builder);
  let count = 0;
  let ignored = 0;

  const mismatch = (detected: StreamProvider, expected: StreamProvider) =>
    builder.ignore(
      'provider-mismatch',
      `An event of a ${detected} stream was ignored: this stream is ${expected}.`,
      'provider-mismatch',
    );

  const readObject = (event: JsonObject) => {
    if (event.type === 'error' || (event.type === undefined && isJsonObject(event.error))) {
      // An OpenAI-compatible chunk may bring the usage with its error (OpenRouter).
      if (isJsonObject(event.usage)) builder.usage = event.usage;
      return builder.fail(errorMessage(event));
    }
    const detected = providerOf(event);
    if (provider === undefined || dispatch === undefined) {
      if (detected === undefined)
        return builder.ignore(
          'unknown-event',
          `An event of no known stream${typeof event.type === 'string' ? ` (type ${label(event.type)})` : ''} was ignored.`,
          `unknown ${label(event.type)}`,
        );
      const reader = readers[detected];
      // Another provider's event first, in a one-provider reader: as a later one would be.
      if (reader === undefined) return mismatch(detected, providers[0]!);
      provider = detected;
      dispatch = reader(builder);
    } else if (detected !== undefined && detected !== provider) {
      return mismatch(detected, provider);
    }
    if (!builder.ended) builder.begin();
    dispatch(event);
  };

  const readData = (data: string, name: string | undefined) => {
    const text = data.trim();
    if (text === '') return;
    // OpenAI's end marker: after a finish_reason it changes nothing; before one, the stream was cut.
    if (text === '[DONE]') return builder.end();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return builder.ignore(
        'unreadable-event',
        'An event whose data is not JSON was ignored.',
        'not-json',
      );
    }
    if (!isJsonObject(value))
      return builder.ignore(
        'unreadable-event',
        'An event whose data is not a JSON object was ignored.',
        'not-object',
      );
    // Providers repeat the SSE event name as `type`; a proxy that drops it loses nothing.
    if (value.type === undefined && name !== undefined && name !== 'message')
      value = { ...value, type: name };
    readObject(value as JsonObject);
  };

  const readEvent = (event: unknown) => {
    if (typeof event === 'string') return readData(event, undefined);
    if (!isJsonObject(event))
      return builder.ignore(
        'unreadable-event',
        'An event that is not an object was ignored.',
        'not-object',
      );
    if (isSseEvent(event)) return readData(event.data, event.event);
    readObject(event);
  };

  return {
    read(event) {
      builder.event = count++;
      builder.ignoredEvent = false;
      try {
        readEvent(event);
      } catch (cause) {
        // Only an exotic object (a getter or proxy that throws) gets here.
        builder.ignore(
          'unreadable-event',
          `An event could not be read (${label(cause instanceof Error ? cause.message : cause, 200)}); it was ignored.`,
          'exception',
        );
      }
      if (builder.ignoredEvent) ignored++;
      return builder.take();
    },
    end() {
      builder.event = null;
      builder.end();
      return builder.take();
    },
    message: () => builder.message(),
    get provider() {
      return provider;
    },
    get model() {
      return builder.model;
    },
    get usage() {
      return builder.usage && { ...builder.usage };
    },
    get warnings() {
      return [...builder.warnings];
    },
    get ended() {
      return builder.ended;
    },
    get ignored() {
      return ignored;
    },
  };
}

function providerOf(event: JsonObject): StreamProvider | undefined {
  if (isChatCompletionChunk(event)) return 'openai-chat';
  if (isResponsesEvent(event)) return 'openai-responses';
  if (isAnthropicEvent(event)) return 'anthropic';
  if (isGeminiChunk(event)) return 'gemini';
  return undefined;
}

/** An event of {@link createSseParser}, not a provider's event (none has `data` and `event` text). */
const isSseEvent = (event: JsonObject): event is JsonObject & { data: string; event: string } =>
  typeof event.data === 'string' && typeof event.event === 'string' && event.type === undefined;

/**
 * The sentence for a provider's error event: Anthropic `{ type: 'error', error: { type,
 * message } }`, Responses `{ type: 'error', code, message }`, Chat Completions `{ error:
 * { message, type, code } }`.
 */
function errorMessage(event: JsonObject): string {
  const error = isJsonObject(event.error) ? event.error : event;
  const code = [error.type, error.code].find(
    (c): c is string => typeof c === 'string' && c !== '' && c !== 'error',
  );
  const message = typeof error.message === 'string' ? label(error.message, 500) : 'no message';
  return `The provider reported an error${code ? ` (${label(code)})` : ''}: ${message}`;
}
