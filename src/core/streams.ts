/**
 * prompt-envelope/core/streams: provider streams read into envelope messages. `createSseParser`
 * splits a response body into server-sent events; `createStreamReader` reads the events of an
 * OpenAI Chat Completions (and OpenAI-compatible), OpenAI Responses, Anthropic Messages or
 * Gemini stream into updates of one message, as the providers' own SDKs read them;
 * `applyStreamUpdate` applies an update to a message. The live chat elements take the updates.
 */
export { createSseParser, type SseEvent, type SseParser } from './targets/streams/sse.js';
export {
  createStreamReader,
  STREAM_PROVIDERS,
  type StreamReader,
  type StreamReaderOptions,
} from './targets/streams/stream-reader.js';
export {
  applyStreamUpdate,
  type StreamEndReason,
  type StreamProvider,
  type StreamUpdate,
  type StreamWarning,
} from './targets/streams/stream-updates.js';
