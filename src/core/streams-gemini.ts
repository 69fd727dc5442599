/**
 * prompt-envelope/core/streams/gemini: Gemini streams alone, read into envelope messages as
 * `createStreamReader` (prompt-envelope/core/streams) reads them, for an app that streams from
 * this one provider: it carries no other provider's reader.
 */
import { createGeminiReader } from './targets/gemini/stream.js';
import {
  readStream,
  type StreamReader,
  type StreamReaderOptions,
} from './targets/streams/stream-reader.js';

export type { StreamReader, StreamReaderOptions } from './targets/streams/stream-reader.js';
// What a page that reads one provider's streams needs besides the reader, as in
// prompt-envelope/core/streams: the SSE parser for a response body, and the updates.
export { createSseParser, type SseEvent, type SseParser } from './targets/streams/sse.js';
export {
  applyStreamUpdate,
  type StreamEndReason,
  type StreamProvider,
  type StreamUpdate,
  type StreamWarning,
} from './targets/streams/stream-updates.js';

/**
 * Reads a Gemini stream into updates of one assistant message, exactly as
 * `createStreamReader({ ...options, provider: 'gemini' })` does. Events of another
 * provider's stream are ignored with a `provider-mismatch` warning.
 *
 * @example
 * ```ts
 * const stream = createGeminiStreamReader({ messageId: 'a7', timestamp: Date.now() });
 * const updates = events.flatMap((event) => stream.read(event));
 * updates.push(...stream.end());
 * ```
 */
export function createGeminiStreamReader(
  options: Omit<StreamReaderOptions, 'provider'>,
): StreamReader {
  return readStream(
    { ...options, provider: 'gemini' },
    { gemini: createGeminiReader },
    'createGeminiStreamReader',
  );
}
