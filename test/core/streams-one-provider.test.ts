import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { createAnthropicStreamReader } from '../../src/core/streams-anthropic.js';
import { createGeminiStreamReader } from '../../src/core/streams-gemini.js';
import { createOpenAIChatStreamReader } from '../../src/core/streams-openai-chat.js';
import { createOpenAIResponsesStreamReader } from '../../src/core/streams-openai-responses.js';
import { createSseParser } from '../../src/core/targets/streams/sse.js';
import {
  createStreamReader,
  type StreamReader,
} from '../../src/core/targets/streams/stream-reader.js';
import type { StreamProvider } from '../../src/core/targets/streams/stream-updates.js';

// The one-provider entry points (prompt-envelope/core/streams/<provider>) read every recorded
// stream of their provider exactly as createStreamReader does, and ignore another provider's.

const OPTIONS = { messageId: 'm', timestamp: 0 };
const ONE: Record<StreamProvider, (options: typeof OPTIONS) => StreamReader> = {
  'openai-chat': createOpenAIChatStreamReader,
  'openai-responses': createOpenAIResponsesStreamReader,
  anthropic: createAnthropicStreamReader,
  gemini: createGeminiStreamReader,
};

const streams = ['streams', 'recordings/streams'].flatMap((folder) => {
  const dir = new URL(`../fixtures/${folder}/`, import.meta.url);
  return readdirSync(dir)
    .filter((name) => /\.(sse|jsonl)$/.test(name))
    .map((name) => {
      const text = readFileSync(new URL(name, dir), 'utf8');
      const parser = createSseParser();
      const events = name.endsWith('.sse')
        ? [...parser.push(text), ...parser.end()]
        : text.split('\n').filter((line) => line.trim() !== '');
      return { name: `${folder}/${name}`, events };
    });
});

function readAll(reader: StreamReader, events: unknown[]) {
  const updates = events.flatMap((event) => reader.read(event));
  updates.push(...reader.end());
  return { updates, message: reader.message(), warnings: reader.warnings, usage: reader.usage };
}

describe('one provider’s stream reader', () => {
  const seen = new Set<StreamProvider>();
  for (const { name, events } of streams) {
    const all = createStreamReader(OPTIONS);
    const expected = readAll(all, events);
    const provider = all.provider;
    if (provider === undefined) continue;
    seen.add(provider);
    test(`${name}: ${provider}'s own reader reads it as createStreamReader does`, () => {
      const own = ONE[provider](OPTIONS);
      assert.deepEqual(readAll(own, events), expected);
      assert.equal(own.provider, provider);
    });
  }

  test('every provider has recorded streams here', () =>
    assert.deepEqual([...seen].sort(), Object.keys(ONE).sort()));

  for (const [provider, create] of Object.entries(ONE)) {
    const other = streams.find(({ events }) => {
      const reader = createStreamReader(OPTIONS);
      readAll(reader, events);
      return reader.provider !== undefined && reader.provider !== provider;
    })!;
    test(`${provider}: another provider's stream (${other.name}) is ignored, as with provider set`, () => {
      const expected = readAll(
        createStreamReader({ ...OPTIONS, provider: provider as StreamProvider }),
        other.events,
      );
      const actual = readAll(create(OPTIONS), other.events);
      assert.deepEqual(actual, expected);
      assert.ok(actual.warnings.some((w) => w.code === 'provider-mismatch'));
    });
  }

  test('wrong options fail at once, named by the function called', () => {
    assert.throws(
      () => createGeminiStreamReader({ messageId: '', timestamp: 0 }),
      /^TypeError: createGeminiStreamReader: messageId must be a non-empty string\.$/,
    );
  });
});
