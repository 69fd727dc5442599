import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadBpeTokenizer } from '../../src/core/insight/bpe-tokenizer.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import {
  MEASURE_BUCKETS,
  measureEnvelope,
  type ContextSize,
  type MeasureResult,
} from '../../src/core/insight/measure.js';
import type { Envelope, MemorySegment } from '../../src/core/protocol/types.js';
import { estimateTokenizer } from '../../src/core/insight/token-estimate.js';
import { demoEnvelopes } from '../../src/data/demos/index.js';

const sum = (sizes: ContextSize[]): ContextSize =>
  sizes.reduce(
    (a, s) => ({ characters: a.characters + s.characters, tokens: a.tokens + s.tokens }),
    {
      characters: 0,
      tokens: 0,
    },
  );

const clone = (envelope: Envelope): Envelope => structuredClone(envelope);

/** Every string of an OpenAI body the model reads, to check the total against. */
function openAIText(envelope: Envelope): string {
  const body = exportEnvelope(envelope, { target: 'openai' }).body!;
  const strings: string[] = [];
  for (const m of body.messages) {
    if (typeof m.content === 'string') strings.push(m.content);
    else if (Array.isArray(m.content))
      for (const p of m.content) if (p.type === 'text') strings.push(p.text);
    if (m.role === 'assistant')
      for (const c of m.tool_calls ?? []) strings.push(c.function.name, c.function.arguments);
  }
  for (const tool of body.tools ?? []) strings.push(JSON.stringify(tool));
  return strings.join('');
}

function bucketsWithTokens(result: MeasureResult): string[] {
  return MEASURE_BUCKETS.filter((b) => result.byKind[b].tokens > 0);
}

describe('measureEnvelope', () => {
  for (const [id, envelope] of Object.entries(demoEnvelopes)) {
    test(`demo ${id}: the total is the sum of the kinds, of the messages and of the segments`, () => {
      const r = measureEnvelope(envelope);
      assert.deepEqual(r.errors, []);
      assert.ok(r.total.tokens > 0);
      assert.deepEqual(r.total, sum([...MEASURE_BUCKETS.map((b) => r.byKind[b]), r.overhead]));
      for (const m of r.byMessage)
        assert.deepEqual(
          { characters: m.characters, tokens: m.tokens },
          sum([...m.segments, m.overhead]),
        );
      const envelopeOverhead = {
        characters: r.overhead.characters - sum(r.byMessage.map((m) => m.overhead)).characters,
        tokens: r.overhead.tokens - sum(r.byMessage.map((m) => m.overhead)).tokens,
      };
      assert.deepEqual(r.total, sum([...r.byMessage, envelopeOverhead]));
      assert.equal(r.byMessage.length, envelope.messages.length);
    });
  }

  test('the characters are those of the exported OpenAI body, images aside', () => {
    for (const id of ['a', 'b', 'c', 'e', 'f'] as const) {
      const r = measureEnvelope(demoEnvelopes[id]);
      assert.equal(r.total.characters, openAIText(demoEnvelopes[id]).length, `demo ${id}`);
    }
  });

  test('what is not written by a segment is only the blank lines that join parts', () => {
    // Demo A's system text joins system prompt, memory and skills: two blank lines.
    assert.deepEqual(measureEnvelope(demoEnvelopes.a).overhead.characters, 4);
  });

  test('the kinds present are those the demos hold', () => {
    assert.deepEqual(bucketsWithTokens(measureEnvelope(demoEnvelopes.a)), [
      'system_prompt',
      'memory',
      'skills',
      'history',
    ]);
    assert.deepEqual(bucketsWithTokens(measureEnvelope(demoEnvelopes.b)), [
      'system_prompt',
      'tools',
      'history',
      'tool_traffic',
    ]);
    assert.deepEqual(bucketsWithTokens(measureEnvelope(demoEnvelopes.c)), [
      'system_prompt',
      'history',
      'documents',
    ]);
    const d = measureEnvelope(demoEnvelopes.d);
    assert.deepEqual(bucketsWithTokens(d), ['system_prompt', 'history', 'media']);
    // One image sent as an image (a 320 × 240 WebP: one 512-px tile at OpenAI), and an audio
    // clip sent as a text line.
    const media = d.byMessage.flatMap((m) => m.segments).filter((s) => s.kind === 'media');
    assert.equal(media.length, 2);
    assert.deepEqual(
      media.map((s) => s.characters === 0 && s.tokens === 255),
      [true, false],
    );
    assert.ok(media[1].characters > 0);
    assert.deepEqual(bucketsWithTokens(measureEnvelope(demoEnvelopes.e)), [
      'system_prompt',
      'skills',
      'history',
      'long_text',
    ]);
  });

  test('a segment measures the text it adds: memory as its rendered lines', () => {
    const r = measureEnvelope(demoEnvelopes.a);
    const memory = demoEnvelopes.a.messages[0].segments.find(
      (s) => s.kind === 'memory',
    ) as MemorySegment;
    const rendered = [
      memory.description,
      ...memory.items.map((i) => `- ${i.title}: ${i.content}`),
    ].join('\n');
    assert.equal(r.byKind.memory.characters, rendered.length);
    assert.equal(r.byKind.memory.tokens, estimateTokenizer.count(rendered));
    const segment = r.byMessage[0].segments.find((s) => s.kind === 'memory')!;
    assert.equal(segment.characters, rendered.length);
    assert.equal(segment.bucket, 'memory');
  });

  test('static variables count where they are filled in, in the system prompt', () => {
    const r = measureEnvelope(demoEnvelopes.a);
    const vars = r.byMessage[0].segments.filter((s) => s.kind === 'static_var');
    assert.equal(vars.length, 4);
    for (const v of vars) assert.deepEqual([v.characters, v.bucket], [0, 'system_prompt']);
    const longer = clone(demoEnvelopes.a);
    const userName = longer.messages[0].segments.find(
      (s) => s.kind === 'static_var' && s.name === 'user_name',
    )!;
    if (userName.kind === 'static_var') userName.value += ' Jr.';
    const after = measureEnvelope(longer);
    assert.equal(after.byKind.system_prompt.characters, r.byKind.system_prompt.characters + 4);
  });

  test('changing one memory item changes only the memory figures', () => {
    const before = measureEnvelope(demoEnvelopes.a);
    const changed = clone(demoEnvelopes.a);
    const memory = changed.messages[0].segments.find((s) => s.kind === 'memory') as MemorySegment;
    memory.items[0].content += ' She also speaks Mandarin and Spanish fluently.';
    const after = measureEnvelope(changed);
    assert.equal(after.byKind.memory.characters - before.byKind.memory.characters, 47);
    assert.ok(after.byKind.memory.tokens > before.byKind.memory.tokens);
    for (const bucket of MEASURE_BUCKETS.filter((b) => b !== 'memory'))
      assert.deepEqual(after.byKind[bucket], before.byKind[bucket], bucket);
    assert.deepEqual(after.overhead, before.overhead);
    assert.deepEqual(after.byMessage.slice(1), before.byMessage.slice(1));
  });

  test('a user message with only memory goes to the system text, its text to the history', () => {
    const envelope: Envelope = {
      version: '1.0',
      messages: [
        {
          id: 'u1',
          role: 'user',
          timestamp: 1,
          segments: [
            { kind: 'memory', items: [{ title: 'Likes', content: 'tea' }], collapsed: true },
            { kind: 'text', content: 'Likes tea?' },
          ],
        },
      ],
    };
    const r = measureEnvelope(envelope);
    assert.deepEqual(
      r.byMessage[0].segments.map((s) => [s.bucket, s.characters]),
      [
        ['memory', '- Likes: tea'.length],
        ['history', 'Likes tea?'.length],
      ],
    );
    assert.deepEqual(r.overhead, { characters: 0, tokens: 0 });
  });

  test('targets differ where their bodies differ', () => {
    const openai = measureEnvelope(demoEnvelopes.b, { target: 'openai' });
    const anthropic = measureEnvelope(demoEnvelopes.b, { target: 'anthropic' });
    assert.equal(anthropic.target, 'anthropic');
    // Failed results: OpenAI prefixes `Error: `, Anthropic sets is_error instead.
    assert.equal(
      openai.byKind.tool_traffic.characters - anthropic.byKind.tool_traffic.characters,
      'Error: '.length,
    );
    // Tool declarations are serialized in each provider's own shape.
    assert.notEqual(openai.byKind.tools.characters, anthropic.byKind.tools.characters);
    assert.deepEqual(openai.byKind.history, anthropic.byKind.history);
    assert.deepEqual(openai.byKind.system_prompt, anthropic.byKind.system_prompt);
  });

  test('OpenAI Responses measures the same content as Chat Completions, tools in its own shape', () => {
    const chat = measureEnvelope(demoEnvelopes.b, { target: 'openai' });
    const responses = measureEnvelope(demoEnvelopes.b, { target: 'openai-responses' });
    assert.equal(responses.target, 'openai-responses');
    for (const kind of ['system_prompt', 'history', 'tool_traffic'] as const)
      assert.deepEqual(responses.byKind[kind], chat.byKind[kind], kind);
    assert.ok(responses.byKind.tools.characters > 0);
    assert.notEqual(responses.byKind.tools.characters, chat.byKind.tools.characters);
    assert.deepEqual(responses.overhead, chat.overhead);
  });

  test('a later system message: Anthropic adds a host header, counted as that message’s overhead', () => {
    const envelope: Envelope = {
      version: '1.0',
      model: 'm',
      messages: [
        { id: 'u', role: 'user', timestamp: 0, segments: [{ kind: 'text', content: 'Hi' }] },
        {
          id: 's',
          role: 'system',
          timestamp: 0,
          segments: [{ kind: 'text', content: 'Be brief.' }],
        },
      ],
    };
    const openai = measureEnvelope(envelope);
    const anthropic = measureEnvelope(envelope, { target: 'anthropic' });
    assert.deepEqual(openai.byMessage[1].overhead.characters, 0);
    assert.equal(
      anthropic.byMessage[1].overhead.characters,
      '[user_id:system;time:00:00;]\n'.length,
    );
    assert.equal(anthropic.byMessage[1].segments[0].characters, 'Be brief.'.length);
    assert.equal(anthropic.byMessage[1].segments[0].bucket, 'system_prompt');
  });

  test('a custom tokenizer is used, and named', () => {
    const seen: string[] = [];
    const r = measureEnvelope(demoEnvelopes.a, {
      tokenizer: { name: 'letters', count: (t) => (seen.push(t), t.length) },
    });
    assert.equal(r.tokenizer, 'letters');
    assert.equal(r.total.tokens, r.total.characters);
    assert.ok(seen.length > 5);
    assert.equal(measureEnvelope(demoEnvelopes.a).tokenizer, 'estimate');
  });

  test('a tokenizer that throws falls back to the estimate, with one warning', () => {
    const r = measureEnvelope(demoEnvelopes.a, {
      tokenizer: {
        name: 'broken',
        count: () => {
          throw new Error('boom');
        },
      },
    });
    assert.deepEqual(r.total, measureEnvelope(demoEnvelopes.a).total);
    assert.deepEqual(
      r.warnings.map((w) => w.code),
      ['tokenizer-failed'],
    );
  });

  test('image tokens can be set', () => {
    const r = measureEnvelope(demoEnvelopes.d, { imageTokens: 1000 });
    assert.equal(
      r.byKind.media.tokens - measureEnvelope(demoEnvelopes.d).byKind.media.tokens,
      1000 - 255,
    );
    assert.deepEqual(r.images, { count: 1, unsized: 0, auto: 0, rule: 'fixed' });
  });

  for (const [name, input] of [
    ['null', null],
    ['a string', 'not an envelope'],
    ['no messages', { version: '1.0', messages: [] }],
    [
      'a bad segment',
      {
        version: '1.0',
        messages: [{ id: 'x', role: 'user', timestamp: 1, segments: [{ kind: 'nope' }] }],
      },
    ],
  ] as const) {
    test(`invalid input (${name}) gives errors and zero sizes`, () => {
      const r = measureEnvelope(input);
      assert.ok(r.errors.length > 0);
      assert.ok(r.errors.every((e) => typeof e.message === 'string' && e.message.length > 0));
      assert.deepEqual(r.total, { characters: 0, tokens: 0 });
      assert.deepEqual(r.byMessage, []);
    });
  }

  test('thinking counts as the assistant message: its text and summary, opaque data by its length', () => {
    const base: Envelope = {
      version: '1.1',
      messages: [
        { id: 'u', role: 'user', timestamp: 1, segments: [{ kind: 'text', content: 'Hi' }] },
        {
          id: 'a',
          role: 'assistant',
          timestamp: 2,
          segments: [
            {
              kind: 'thinking',
              content: 'The user greets me; answer briefly and kindly.',
              summary: ['Greeting.'],
              signature: 'c2lnbmF0dXJl',
              collapsed: true,
            },
            { kind: 'thinking', content: '', redactedData: 'A'.repeat(1600), collapsed: true },
            { kind: 'text', content: 'Hello!' },
          ],
        },
      ],
    };
    for (const target of ['openai', 'anthropic', 'gemini', 'openai-responses'] as const) {
      const r = measureEnvelope(base, { target });
      assert.deepEqual(r.errors, []);
      const [thinking, redacted, answer] = r.byMessage[1].segments;
      const counted =
        estimateTokenizer.count('Greeting.') +
        estimateTokenizer.count('The user greets me; answer briefly and kindly.');
      assert.equal(thinking.bucket, 'history', target);
      assert.equal(thinking.tokens, counted, target);
      assert.equal(thinking.characters, 'Greeting.'.length + 46, target);
      assert.deepEqual(
        { characters: redacted.characters, tokens: redacted.tokens },
        { characters: 1600, tokens: 300 },
        target,
      );
      assert.equal(answer.tokens, estimateTokenizer.count('Hello!'), target);
      // The history holds them, and the message its segments.
      const history = r.byMessage.flatMap((m) => m.segments).filter((s) => s.bucket === 'history');
      assert.equal(r.byKind.history.tokens, sum(history).tokens, target);
      assert.ok(r.byMessage[1].tokens >= thinking.tokens + redacted.tokens + answer.tokens, target);
      assert.deepEqual(r.total, sum([...MEASURE_BUCKETS.map((b) => r.byKind[b]), r.overhead]));
    }
  });

  test('provider-run calls count from their segment and leave the app calls in their places', () => {
    const envelope: Envelope = {
      version: '1.1',
      messages: [
        { id: 'u', role: 'user', timestamp: 1, segments: [{ kind: 'text', content: 'Weather?' }] },
        {
          id: 'a',
          role: 'assistant',
          timestamp: 2,
          segments: [
            {
              kind: 'tool_call_request',
              toolName: 'web_search',
              arguments: { query: 'weather Lyon' },
              collapsed: false,
              runBy: 'provider',
            },
            {
              kind: 'tool_call_result',
              toolName: 'web_search',
              result: '',
              structured: [{ type: 'web_search_result', url: 'https://x.example', title: 'X' }],
              success: true,
              collapsed: true,
              runBy: 'provider',
            },
            {
              kind: 'tool_call_request',
              toolName: 'get_forecast',
              arguments: { city: 'Lyon' },
              collapsed: false,
            },
          ],
        },
      ],
    };
    const r = measureEnvelope(envelope);
    const [call, result, own] = r.byMessage[1].segments;
    assert.equal(call.tokens, estimateTokenizer.count('web_search{"query":"weather Lyon"}'));
    assert.equal(
      result.tokens,
      estimateTokenizer.count(
        '[{"type":"web_search_result","url":"https://x.example","title":"X"}]',
      ),
    );
    assert.equal(own.tokens, estimateTokenizer.count('get_forecast{"city":"Lyon"}'));
  });

  test('an unknown target is an error', () => {
    const r = measureEnvelope(demoEnvelopes.a, { target: 'cohere' as never });
    assert.match(r.errors[0].message, /Unknown target "cohere"/);
    assert.equal(r.total.tokens, 0);
  });
});

describe('the estimate', () => {
  test('counts pieces the way BPE does', () => {
    assert.equal(estimateTokenizer.count(''), 0);
    assert.equal(estimateTokenizer.count('Hello world'), 2);
    assert.equal(estimateTokenizer.count('{"type":"object"}'), 5);
    assert.equal(estimateTokenizer.count('1234567'), 3);
    assert.equal(estimateTokenizer.count('你好世界，谢谢'), 5);
  });

  test('stays within 10 % of o200k_base on every demo', async () => {
    const bpe = await loadBpeTokenizer();
    for (const [id, envelope] of Object.entries(demoEnvelopes)) {
      const estimate = measureEnvelope(envelope).total.tokens;
      const exact = measureEnvelope(envelope, { tokenizer: bpe }).total.tokens;
      assert.ok(Math.abs(estimate / exact - 1) < 0.1, `demo ${id}: ${estimate} vs ${exact}`);
    }
  });
});

describe('loadBpeTokenizer', () => {
  test('loads o200k_base and counts exactly', async () => {
    const bpe = await loadBpeTokenizer();
    assert.equal(bpe.name, 'o200k_base');
    assert.equal(bpe.count('Hello world'), 2);
    assert.equal(bpe.count('<|endoftext|>') > 1, true);
    const cl100k = await loadBpeTokenizer('cl100k_base');
    assert.equal(cl100k.name, 'cl100k_base');
    assert.ok(cl100k.count('你好世界，谢谢') > bpe.count('你好世界，谢谢'));
  });

  test('an unknown encoding is refused with the names that exist', async () => {
    await assert.rejects(loadBpeTokenizer('p99k' as never), /use one of o200k_base, cl100k_base/);
  });
});
