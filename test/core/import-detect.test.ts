import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { validateEnvelope } from '../../src/core/protocol/validate.js';
import type { Envelope } from '../../src/core/protocol/types.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { importEnvelope, type ImportResult } from '../../src/core/targets/import.js';
import { demoEnvelopes } from '../../src/data/demos/index.js';

/** Issue #17: `importEnvelope` without `from` finds the format of what a person has. */

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/open/${name}`, import.meta.url), 'utf8');

/** `role:kind+kind` per message: what a person sees, in one line. */
const shape = (envelope: Envelope) =>
  envelope.messages.map((m) => `${m.role}:${m.segments.map((s) => s.kind).join('+')}`).join(' ');

const codes = (result: { warnings: { code: string }[] }) =>
  [...new Set(result.warnings.map((w) => w.code))].sort();

interface FixtureCase {
  file: string;
  source: ImportResult['source'];
  container?: 'array' | 'jsonl';
  /** One shape per conversation. */
  shapes: string[];
  titles?: string[];
  /** Warning codes that must be present. */
  warned?: string[];
  /** The import warns about nothing. */
  unwarned?: boolean;
  errors?: RegExp[];
}

const FIXTURES: FixtureCase[] = [
  {
    // String and part content, null content with two parallel calls, a base64 image, a strict
    // tool and the request's settings (all kept: no warning).
    file: 'openai-chat.json',
    source: 'openai',
    shapes: [
      'system:system_prompt+tool_overview user:text+media assistant:tool_call_request+tool_call_request tool:tool_call_result tool:tool_call_result assistant:text user:text',
    ],
    unwarned: true,
  },
  {
    file: 'openai-chat-pair.json',
    source: 'openai',
    shapes: [
      'system:system_prompt+tool_overview user:text assistant:tool_call_request+tool_call_request',
    ],
  },
  {
    file: 'openai-chat-refusal.json',
    source: 'openai',
    shapes: ['user:text assistant:text'],
    warned: ['refusal'],
  },
  {
    file: 'openai-responses.json',
    source: 'openai-responses',
    shapes: [
      'system:system_prompt+tool_overview user:text+media assistant:tool_call_request tool:tool_call_result',
    ],
  },
  {
    file: 'openai-responses-pair.json',
    source: 'openai-responses',
    shapes: ['system:system_prompt+tool_overview user:text assistant:text+tool_call_request'],
    warned: ['output-not-kept'],
  },
  {
    file: 'anthropic.json',
    source: 'anthropic',
    shapes: [
      'system:system_prompt+tool_overview user:text assistant:text+tool_call_request+tool_call_request tool:tool_call_result tool:tool_call_result user:text user:media',
    ],
    // Issue 43: the system list, its cache marker, max_tokens, temperature and metadata are kept.
    warned: [],
  },
  {
    // Issue 43: the response's thinking block is kept, signature and all.
    file: 'anthropic-pair.json',
    source: 'anthropic',
    shapes: ['system:system_prompt user:text assistant:thinking+text'],
  },
  {
    file: 'gemini.json',
    source: 'gemini',
    shapes: [
      'system:system_prompt+tool_overview user:text+media assistant:tool_call_request+tool_call_request tool:tool_call_result tool:tool_call_result',
    ],
  },
  {
    // snake_case field names, as the REST API's curl examples write them; the model from the URL.
    file: 'gemini-pair.json',
    source: 'gemini',
    shapes: ['system:system_prompt user:text assistant:text'],
    warned: ['snake-case'],
  },
  {
    file: 'otel-attributes.json',
    source: 'otel',
    shapes: [
      'system:system_prompt+tool_overview user:text assistant:tool_call_request tool:tool_call_result assistant:text',
    ],
  },
  {
    // Conventions 1.37+: messages as span attributes; one conversation per model-call span.
    file: 'otlp-trace.json',
    source: 'otlp',
    shapes: [
      'system:system_prompt+tool_overview user:text assistant:tool_call_request',
      'system:system_prompt+tool_overview user:text assistant:tool_call_request tool:tool_call_result assistant:text',
    ],
    titles: ['gpt-4.1 · Weather in Paris? · 2026-11-29 09:30 UTC'],
  },
  {
    // Conventions 1.28–1.36: messages as span events.
    file: 'otlp-events.json',
    source: 'otlp',
    shapes: [
      'system:system_prompt user:text assistant:tool_call_request tool:tool_call_result assistant:text',
      'system:system_prompt user:text assistant:text',
    ],
  },
  {
    // OpenLLMetry: indexed gen_ai.prompt.N.* attributes.
    file: 'otlp-openllmetry.json',
    source: 'otlp',
    shapes: ['system:system_prompt+tool_overview user:text assistant:tool_call_request'],
  },
  {
    file: 'otlp-no-content.json',
    source: 'otlp',
    shapes: [],
    errors: [/none carries the messages.*CAPTURE_MESSAGE_CONTENT/],
  },
  {
    // An OpenAI request, an Anthropic request and an envelope in one JSON array.
    file: 'mixed.json',
    source: 'mixed',
    container: 'array',
    shapes: [
      'system:system_prompt+tool_overview user:text+media assistant:tool_call_request+tool_call_request tool:tool_call_result tool:tool_call_result assistant:text user:text',
      'system:system_prompt+tool_overview user:text assistant:text+tool_call_request+tool_call_request tool:tool_call_result tool:tool_call_result user:text user:media',
      'system:static_var+static_var+static_var+static_var+system_prompt+memory+skills user:text assistant:text user:text assistant:text user:text assistant:text',
    ],
  },
  {
    file: 'openai-batch-input.jsonl',
    source: 'openai',
    container: 'jsonl',
    shapes: [
      'system:system_prompt user:text',
      'system:system_prompt user:text',
      'system:system_prompt user:text',
    ],
    titles: ['gpt-4o-mini · Loved the battery life.'],
  },
  {
    file: 'openai-batch-output.jsonl',
    source: undefined,
    shapes: [],
    errors: [/holds the response only; the requests are in the batch input file/],
  },
  {
    // Request/response pairs of four providers and log shapes; its last line is cut off.
    file: 'pairs.jsonl',
    source: 'mixed',
    container: 'jsonl',
    shapes: [
      'system:system_prompt user:text assistant:text',
      'system:tool_overview user:text assistant:tool_call_request',
      'user:text assistant:text',
      'user:text',
      'user:text',
      // Its response is the text of an event stream, which is not read (a warning says so).
      'system:tool_overview user:text',
    ],
    titles: [
      'gpt-4o-mini · Summarise: fixed null check in parser, added tests. · 2026-11-30 10:00 UTC',
    ],
    errors: [/^Line 7: JSON syntax error at column \d+: this string is never closed\.$/],
  },
];

describe('importEnvelope finds the format (fixtures)', () => {
  for (const c of FIXTURES) {
    test(c.file, () => {
      const result = importEnvelope(fixture(c.file));
      assert.equal(result.source, c.source);
      assert.equal(result.container, c.container);
      const conversations =
        result.envelopes?.map((e) => e.envelope) ?? (result.envelope ? [result.envelope] : []);
      assert.deepEqual(conversations.map(shape), c.shapes);
      for (const envelope of conversations) assert.equal(validateEnvelope(envelope).valid, true);
      if (c.titles)
        assert.deepEqual(
          result.envelopes?.slice(0, c.titles.length).map((e) => e.title),
          c.titles,
        );
      for (const code of c.warned ?? []) assert.ok(codes(result).includes(code), `${code} warned`);
      if (c.unwarned) assert.deepEqual(codes(result), []);
      assert.equal(result.errors.length, c.errors?.length ?? 0, JSON.stringify(result.errors));
      c.errors?.forEach((pattern, i) => assert.match(result.errors[i]!.message, pattern));
    });
  }

  test('each conversation exports back to its own format, and that body is read as it again', () => {
    const targets = {
      openai: 'openai',
      'openai-responses': 'openai-responses',
      anthropic: 'anthropic',
      gemini: 'gemini',
      otel: 'otel',
      otlp: 'otel',
    } as const;
    let checked = 0;
    let guessed = 0;
    for (const c of FIXTURES) {
      const result = importEnvelope(fixture(c.file));
      const list =
        result.envelopes ??
        (result.envelope ? [{ envelope: result.envelope, source: result.source }] : []);
      for (const { envelope, source } of list) {
        if (!source || !(source in targets)) continue;
        const target = targets[source as keyof typeof targets];
        const exported = exportEnvelope(envelope, { target });
        assert.deepEqual(exported.errors, [], `${c.file} → ${target}`);
        // An Anthropic body of plain user text is one OpenAI could send too: read with `from`.
        const first = importEnvelope(exported.body);
        const ambiguous =
          first.source !== target && first.warnings.some((w) => w.code === 'format-guessed');
        const again = importEnvelope(exported.body, {
          model: envelope.model ?? 'm',
          ...(ambiguous ? { from: target } : {}),
        });
        assert.equal(
          again.source,
          target,
          `${c.file}: the export of ${source} is read as ${target}`,
        );
        if (ambiguous) guessed++;
        assert.deepEqual(again.envelope && shape(again.envelope), shape(envelope), c.file);
        checked++;
      }
    }
    assert.ok(checked >= 20, `${checked} conversations exported back`);
    assert.ok(guessed <= 1, `${guessed} exports were guessed wrong`);
  });
});

const body = (fields: object) => JSON.stringify(fields);

describe('importEnvelope reads what it is given, and says what it found', () => {
  test('an envelope (1.0 and 1.1) and a scenario manifest', () => {
    for (const demo of Object.values(demoEnvelopes).slice(0, 3)) {
      const result = importEnvelope(JSON.stringify(demo));
      assert.equal(result.source, 'envelope');
      assert.deepEqual(result.envelope, demo);
    }
    const manifest = {
      scenarios: [{ id: 'a', label: 'A', file: 'a.json', title: { en: 'A' } }],
    };
    const read = importEnvelope(manifest);
    assert.equal(read.source, 'manifest');
    assert.equal(read.envelope, null);
    assert.deepEqual(read.manifest, manifest);
    assert.deepEqual(read.errors, []);
  });

  test('a parsed value and text are read the same; from names the format and skips detection', () => {
    const request = {
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
    };
    assert.deepEqual(importEnvelope(request), importEnvelope(JSON.stringify(request)));
    assert.equal(importEnvelope(request, { from: 'auto' }).source, 'openai');
    const named = importEnvelope(request, { from: 'anthropic' });
    assert.equal(named.source, 'anthropic');
    assert.equal(named.envelope?.messages.length, 2);
  });

  test('content as a string or as parts; Responses input as a string; Gemini without a model', () => {
    const parts = importEnvelope({
      model: 'm',
      messages: [
        { role: 'developer', content: [{ type: 'text', text: 'Hi' }] },
        { role: 'user', content: 'Yo' },
      ],
    });
    assert.equal(parts.source, 'openai');
    const responses = importEnvelope({ model: 'gpt-5', instructions: 'Be brief.', input: 'Hello' });
    assert.equal(responses.source, 'openai-responses');
    assert.equal(shape(responses.envelope!), 'system:system_prompt user:text');
    const gemini = importEnvelope(
      { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
      { model: 'gemini-2.5-flash' },
    );
    assert.equal(gemini.source, 'gemini');
    assert.equal(gemini.envelope?.model, 'gemini-2.5-flash');
  });

  test('OpenAI or Anthropic: decided by what only one has, else guessed with a warning that says so', () => {
    const plain = { model: 'x', messages: [{ role: 'user', content: 'Hi' }] };
    const guessed = importEnvelope(plain);
    assert.equal(guessed.source, 'openai');
    assert.deepEqual(codes(guessed), ['format-guessed']);
    assert.match(
      guessed.warnings[0]!.message,
      /could be OpenAI Chat Completions or Anthropic Messages.*from: 'anthropic'/,
    );
    assert.equal(
      importEnvelope({ ...plain, system: 'Be brief.', max_tokens: 100 }).source,
      'anthropic',
    );
    assert.equal(importEnvelope({ ...plain, response_format: { type: 'text' } }).source, 'openai');
    // A URL that names the API settles it.
    const logged = importEnvelope({
      request: { url: 'https://api.anthropic.com/v1/messages', body: plain },
      response: { type: 'message', role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
    });
    assert.equal(logged.source, 'anthropic');
    // The API requires max_tokens; exports add it.
    assert.deepEqual(codes(logged), ['max-tokens-added']);
    assert.equal(shape(logged.envelope!), 'user:text assistant:text');
    // Issue 29: Anthropic bodies with nothing else Anthropic's but citations on a text block, a
    // cache breakpoint or output_format were read as OpenAI, and their citations dropped.
    const block = (extra: Record<string, unknown>) => ({
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      messages: [
        { role: 'user', content: 'Where is it?' },
        { role: 'assistant', content: [{ type: 'text', text: 'In Paris.', ...extra }] },
      ],
    });
    const citations = [{ type: 'char_location', cited_text: 'Paris', document_index: 0 }];
    const cited = block({ citations });
    for (const body of [
      cited,
      block({ cache_control: { type: 'ephemeral' } }),
      { ...plain, output_format: { type: 'json_schema', schema: { type: 'object' } } },
    ]) {
      const read = importEnvelope(body);
      assert.equal(read.source, 'anthropic', JSON.stringify(body));
      assert.ok(!codes(read).includes('format-guessed'));
    }
    // A Claude model decides a body with nothing else Anthropic's (real logs of the Anthropic
    // SDK: max_tokens and user text); service_tier is both APIs' field, no sign of either.
    assert.equal(
      importEnvelope({ ...plain, model: 'claude-3-5-haiku-20241022' }).source,
      'anthropic',
    );
    const tier = importEnvelope({ ...plain, model: 'gpt-5', service_tier: 'priority' });
    assert.equal(tier.source, 'openai');
    // Issue 43: the citations are kept with their text, as the API wrote them.
    const kept = importEnvelope(cited);
    assert.deepEqual(kept.warnings, []);
    assert.deepEqual(kept.envelope!.messages[1]!.segments[0], {
      kind: 'text',
      content: 'In Paris.',
      citations,
    });
    const both = importEnvelope({ ...plain, system: 'S', response_format: {}, stop_sequences: [] });
    assert.equal(both.source, 'anthropic');
    assert.match(
      both.warnings[0]!.message,
      /signs of both OpenAI Chat Completions \(the field 'response_format'\) and Anthropic Messages \(the field 'system', the field 'stop_sequences'\); it was read as Anthropic Messages, which has more of them\./,
    );
  });

  test('a response without its request, and what matches no format, are errors naming what was expected', () => {
    const response = importEnvelope({
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant', content: 'Hi' } }],
    });
    assert.equal(response.envelope, null);
    assert.match(
      response.errors[0]!.message,
      /OpenAI Chat Completions response without its request.*"request": …, "response": …/,
    );
    const unknown = importEnvelope({ prompt: 'Hi', temperature: 1 });
    assert.match(
      unknown.errors[0]!.message,
      /^Not a format that can be read: expected a prompt envelope .*; found the fields 'prompt', 'temperature'\.$/,
    );
    assert.match(
      importEnvelope('42').errors[0]!.message,
      /Expected a JSON object: .*; found a number\./,
    );
    assert.match(importEnvelope('').errors[0]!.message, /The input is empty\./);
    assert.match(importEnvelope('[]').errors[0]!.message, /The list holds no conversation\./);
    assert.match(
      importEnvelope('{"messages": [1}').errors[0]!.message,
      /JSON syntax error at line 1, column 16/,
    );
    assert.match(
      importEnvelope({}, { from: 'cohere' as never }).errors[0]!.message,
      /Unknown import source "cohere"; use one of auto, openai/,
    );
  });

  test('a request with its response: message, tool calls and refusal become the last turn', () => {
    const request = {
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Weather in Paris and Rome?' }],
      tools: [{ type: 'function', function: { name: 'weather', parameters: { type: 'object' } } }],
    };
    const response = {
      object: 'chat.completion',
      created: 1764496800,
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [1, 2].map((n) => ({
              id: `call_${n}`,
              type: 'function',
              function: { name: 'weather', arguments: `{"city":"${n === 1 ? 'Paris' : 'Rome'}"}` },
            })),
          },
        },
      ],
    };
    // The shapes logs write: a pair, bodies wrapped with url and status, JSON text, LiteLLM's.
    for (const record of [
      { request, response },
      {
        request: { url: 'https://api.openai.com/v1/chat/completions', body: request },
        response: { status: 200, body: response },
      },
      { request: JSON.stringify(request), response: JSON.stringify(response) },
      { ...request, response },
    ]) {
      const result = importEnvelope(record);
      assert.equal(result.source, 'openai');
      assert.equal(
        shape(result.envelope!),
        'system:tool_overview user:text assistant:tool_call_request+tool_call_request',
      );
    }
    const streamed = importEnvelope({
      request,
      response: 'data: {"choices":[]}\n\ndata: [DONE]\n\n',
    });
    assert.deepEqual(
      codes(streamed).filter((c) => c.startsWith('response')),
      ['response-unreadable'],
    );
    const failed = importEnvelope({ request, response: { error: { message: 'Rate limit' } } });
    assert.match(
      failed.warnings.find((w) => w.code === 'response-error')!.message,
      /The call failed: Rate limit/,
    );
    const foreign = importEnvelope({ request, response: { candidates: [] } });
    assert.match(
      foreign.warnings.find((w) => w.code === 'response-unreadable')!.message,
      /not a Chat Completions response \(it has 'candidates'\)/,
    );
  });

  test('JSON Lines: each line on its own; a cut-off line is an error naming it, the others load', () => {
    const line = (text: string) =>
      body({
        model: 'gpt-4o',
        messages: [
          { role: 'system', content: 'S' },
          { role: 'user', content: text },
        ],
      });
    const text = [line('one'), '', line('two'), line('three').slice(0, 40)].join('\r\n');
    const result = importEnvelope(text);
    assert.equal(result.container, 'jsonl');
    assert.deepEqual(
      result.envelopes?.map((e) => [e.line, e.title]),
      [
        [1, 'gpt-4o · one'],
        [3, 'gpt-4o · two'],
      ],
    );
    assert.equal(result.errors.length, 1);
    assert.equal(result.errors[0]!.line, 4);
    assert.match(
      result.errors[0]!.message,
      /^Line 4: JSON syntax error at column \d+: this string is never closed\.$/,
    );
    // A pretty-printed document with a syntax error is one document, not JSON Lines.
    const pretty = JSON.stringify({ model: 'm', messages: [] }, null, 2).replace('"m"', '"m');
    const broken = importEnvelope(pretty);
    assert.equal(broken.container, undefined);
    assert.match(broken.errors[0]!.message, /JSON syntax error at line 2/);
  });

  test('a line that is not a conversation is an error for that line, with its line number', () => {
    const result = importEnvelope(
      `${body({ model: 'm', messages: [{ role: 'tool', content: 'x', tool_call_id: 'a' }] })}\n${body({ hello: 1 })}\n[1,2]`,
    );
    assert.equal(result.container, 'jsonl');
    assert.deepEqual(
      result.errors.map((e) => e.line),
      [2, 3],
    );
    assert.match(result.errors[0]!.message, /^Line 2: Not a format that can be read/);
  });
});

describe('hostile input: errors or warnings, never a throw, never a frozen tab', () => {
  const noThrow = (input: unknown) => {
    const result = importEnvelope(input);
    assert.ok(Array.isArray(result.errors) && Array.isArray(result.warnings));
    assert.ok(result.envelope !== null || result.errors.length > 0 || result.manifest);
    return result;
  };

  test('wrong types in every place detection looks', () => {
    const cases: unknown[] = [
      null,
      5,
      'x',
      true,
      [null, 3, 'a'],
      { messages: 5 },
      { messages: [5, null, 'a'] },
      { contents: 'x' },
      { contents: [null] },
      { input: 5 },
      { input: [5] },
      { instructions: 5 },
      {
        resourceSpans: [
          1,
          null,
          { scopeSpans: 5 },
          { scopeSpans: [{ spans: [null, 1, { attributes: 5 }] }] },
        ],
      },
      {
        spanId: 'a',
        name: 'chat',
        attributes: [{ key: 'gen_ai.input.messages', value: { stringValue: '{' } }],
      },
      { request: 5, response: {} },
      { request: { body: 'not json' }, response: 5 },
      { request: {}, response: null },
      { custom_id: 'a', body: 5 },
      { custom_id: 'a', params: [] },
      { 'gen_ai.input.messages': 5 },
      { 'gen_ai.input.messages': '[{"role":5,"parts":7}]' },
      { 'gen_ai.prompt.0.role': 7, 'gen_ai.prompt.0.content': { a: 1 } },
      {
        model: 'm',
        messages: [{ role: 'user', content: 'x' }],
        response: { choices: [{ message: { content: { deep: [1] }, tool_calls: 5 } }] },
      },
      {
        model: 'm',
        input: 'x',
        response: { object: 'response', output: [5, { type: 'message', content: 5 }, { type: 7 }] },
      },
      {
        contents: [{ role: 'user', parts: [{ text: 1 }] }],
        response: { candidates: [{ content: { parts: 5 }, finishReason: { a: 1 } }] },
      },
      { version: '1.1', messages: [{ segments: 5 }] },
      { scenarios: 5 },
      { scenarios: [5] },
    ];
    for (const input of cases) {
      noThrow(input);
      noThrow(JSON.stringify(input));
    }
  });

  test('deep nesting: an error naming where, read in well under a second', () => {
    const start = performance.now();
    const deepText = importEnvelope(`{"messages":${'['.repeat(500_000)}${']'.repeat(500_000)}}`);
    assert.equal(deepText.errors[0]!.keyword, 'nesting');
    let args: unknown = 'leaf';
    for (let i = 0; i < 200_000; i++) args = { a: args };
    const deepValue = importEnvelope({
      model: 'm',
      messages: [
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: args } }],
        },
      ],
    });
    assert.ok(deepValue.errors.length > 0);
    assert.match(deepValue.errors[0]!.message, /nests more than/);
    // Nested JSON text inside an OTel attribute is refused by the same parser, with a warning.
    const otel = importEnvelope({
      'gen_ai.input.messages': `${'['.repeat(300_000)}${']'.repeat(300_000)}`,
      'gen_ai.output.messages': '[{"role":"assistant","parts":[{"type":"text","content":"Hi"}]}]',
    });
    assert.deepEqual(codes(otel), ['attribute-unreadable']);
    assert.ok(performance.now() - start < 5000);
  });

  test('a JSON Lines file of 10,000 lines gives 10,000 conversations with titles', () => {
    const lines = Array.from({ length: 10_000 }, (_, i) =>
      body({
        model: 'gpt-4o-mini',
        messages: [
          { role: 'system', content: 'Classify.' },
          { role: 'user', content: `Ticket ${i}` },
        ],
      }),
    );
    const start = performance.now();
    const result = importEnvelope(lines.join('\n'));
    const ms = performance.now() - start;
    assert.equal(result.envelopes?.length, 10_000);
    assert.equal(result.envelopes?.[9_999]?.title, 'gpt-4o-mini · Ticket 9999');
    assert.deepEqual(result.errors, []);
    assert.ok(ms < 20_000, `${Math.round(ms)} ms`);
  });

  test('50 MB: one request with a 50 MB message, and 50 MB that is not JSON', () => {
    const big = 'x'.repeat(50 * 1024 * 1024);
    const request = importEnvelope(
      body({
        model: 'm',
        messages: [
          { role: 'system', content: 'S' },
          { role: 'user', content: big },
        ],
      }),
    );
    assert.equal(request.source, 'openai');
    assert.equal(request.envelope?.messages[1]?.segments[0]?.kind, 'text');
    assert.equal(request.envelopes, undefined);
    const garbage = importEnvelope(`{"a":${big}`);
    assert.equal(garbage.envelope, null);
    assert.match(garbage.errors[0]!.message, /JSON syntax error at line 1, column 6/);
    const lines = importEnvelope(`${big}\n${big}`);
    assert.equal(lines.envelope, null);
    assert.match(lines.errors[0]!.message, /JSON syntax error/);
  });

  test('a key written twice is an error, not the last value silently', () => {
    const result = importEnvelope('{"model":"a","model":"b","messages":[]}');
    assert.equal(result.errors[0]!.keyword, 'duplicate-key');
  });

  test('a cycle in a parsed value is an error', () => {
    const cyclic: Record<string, unknown> = { role: 'user', content: 'x' };
    cyclic.self = cyclic;
    const result = importEnvelope({
      model: 'm',
      messages: [{ role: 'system', content: 'S' }, cyclic],
    });
    assert.equal(result.envelope, null);
    assert.ok(result.errors.length > 0);
  });
});
