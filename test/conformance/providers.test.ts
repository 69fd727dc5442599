import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { checkAnthropicRequest } from '../../src/core/targets/anthropic/export.js';
import { checkOpenAIRequest } from '../../src/core/targets/openai/export.js';
import { checkOpenAIResponsesRequest } from '../../src/core/targets/openai-responses/export.js';
import { toCurl } from '../../src/core/targets/curl.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { EXPORT_TARGETS } from '../../src/core/targets/export-targets.js';
import { checkGeminiRequest } from '../../src/core/targets/gemini/export.js';
import { importEnvelope } from '../../src/core/targets/import.js';
import { checkOTelRecord } from '../../src/core/targets/otel/export.js';
import { demoEnvelopes } from '../../src/data/demos/index.js';
import {
  call,
  envelope,
  image,
  msg,
  result,
  systemPrompt,
  text,
  tools,
} from '../fixtures/envelopes.js';
import { openAISchemaErrors, otelSchemaErrors } from '../fixtures/provider-schemas.js';

const checkers = {
  openai: checkOpenAIRequest,
  'openai-responses': checkOpenAIResponsesRequest,
  anthropic: checkAnthropicRequest,
  gemini: checkGeminiRequest,
  otel: checkOTelRecord,
};
const update = process.env.UPDATE_GOLDEN === '1';

describe('every demo exports to every target, conforming', () => {
  for (const [id, demo] of Object.entries(demoEnvelopes)) {
    for (const target of EXPORT_TARGETS) {
      test(`demo ${id} → ${target}`, () => {
        const out = exportEnvelope(demo, { target });
        // Every demo has static_var segments, which are folded into the system text.
        assert.deepEqual(
          out.warnings.map((w) => w.code),
          ['segments-folded'],
        );
        assert.deepEqual(checkers[target](out.body), []);
        if (target === 'openai') assert.deepEqual(openAISchemaErrors(out.body), []);
        if (target === 'otel') assert.deepEqual(otelSchemaErrors(out.body), []);
      });
    }
  }
});

describe('golden exports and round trips of demos B and D', () => {
  for (const id of ['b', 'd'] as const) {
    for (const target of EXPORT_TARGETS) {
      test(`demo ${id} → ${target} matches test/golden/${target}/demo-${id}.json`, () => {
        const body = exportEnvelope(demoEnvelopes[id], { target }).body;
        const file = new URL(`../golden/${target}/demo-${id}.json`, import.meta.url);
        const actual = `${JSON.stringify(body, null, 2)}\n`;
        if (update) {
          mkdirSync(new URL('.', file), { recursive: true });
          writeFileSync(file, actual);
        }
        assert.ok(existsSync(file), `missing ${file.pathname}: run npm run golden`);
        assert.equal(actual, readFileSync(file, 'utf8'));
      });
      test(`demo ${id}: import of the ${target} export exports to the same body`, () => {
        const first = exportEnvelope(demoEnvelopes[id], { target });
        const imported = importEnvelope(first.body, {
          from: target,
          model: demoEnvelopes[id].model,
        });
        assert.deepEqual(imported.warnings, []);
        assert.deepEqual(exportEnvelope(imported.envelope, { target }).body, first.body);
        const kinds = (e: typeof imported.envelope) =>
          e!.messages.flatMap((m) => m.segments.map((s) => s.kind));
        assert.ok(kinds(imported.envelope).includes('system_prompt'));
        if (id === 'b')
          assert.ok(
            kinds(imported.envelope).includes('tool_overview') &&
              kinds(imported.envelope).includes('tool_call_result'),
          );
        if (id === 'd') assert.ok(kinds(imported.envelope).includes('media'));
      });
    }
  }
});

describe('Anthropic rendering and rules', () => {
  const conversation = envelope([
    msg('s', 'system', systemPrompt('Be brief.'), tools('search')),
    msg('u', 'user', text('Find cats'), image('https://example.com/cat.jpg')),
    msg(
      'a',
      'assistant',
      text('Searching.'),
      call('search', { q: 'cats' }),
      call('search', { q: 'dogs' }),
    ),
    msg('t', 'tool', result('search', '3 cats'), result('search', 'timeout', false)),
    msg('u2', 'user', text('Thanks')),
    msg('s2', 'system', text('User verified.')),
  ]);

  test('merges turns, puts results first in the next user message, and the host note in a user block', () => {
    const out = exportEnvelope(conversation, {
      target: 'anthropic',
      maxTokens: 2048,
      timeZone: 'Asia/Shanghai',
    });
    assert.deepEqual(out.warnings, []);
    const body = out.body!;
    assert.equal(body.max_tokens, 2048);
    assert.equal(body.system, 'Be brief.\n\n- search(q: string): The search tool');
    assert.deepEqual(body.tools, [
      {
        name: 'search',
        description: 'The search tool',
        input_schema: { type: 'object', properties: {} },
      },
    ]);
    assert.deepEqual(
      body.messages.map((m) => m.role),
      ['user', 'assistant', 'user'],
    );
    assert.deepEqual(body.messages[1].content, [
      { type: 'text', text: 'Searching.' },
      { type: 'tool_use', id: 'call_a_0', name: 'search', input: { q: 'cats' } },
      { type: 'tool_use', id: 'call_a_1', name: 'search', input: { q: 'dogs' } },
    ]);
    const last = body.messages[2].content as { type: string; text?: string }[];
    assert.deepEqual(
      last.map((b) => b.type),
      ['tool_result', 'tool_result', 'text', 'text'],
    );
    assert.deepEqual(last[1], {
      type: 'tool_result',
      tool_use_id: 'call_a_1',
      content: 'timeout',
      is_error: true,
    });
    assert.match(last[3].text!, /^\[user_id:system;time:\d\d:\d\d;\]\nUser verified\.$/);
    assert.deepEqual((body.messages[0].content as unknown[])[1], {
      type: 'image',
      source: { type: 'url', url: 'https://example.com/cat.jpg' },
    });
  });

  const rules: [string, unknown, string][] = [
    [
      'max_tokens is required',
      { model: 'x', messages: [{ role: 'user', content: 'hi' }] },
      'max-tokens-missing',
    ],
    [
      'roles are user and assistant',
      { model: 'x', max_tokens: 1, messages: [{ role: 'system', content: 'hi' }] },
      'role-invalid',
    ],
    [
      'tool_use needs a tool_result next',
      {
        model: 'x',
        max_tokens: 1,
        messages: [
          { role: 'user', content: 'go' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: {} }] },
          { role: 'user', content: 'hm' },
        ],
      },
      'tool-call-unanswered',
    ],
    [
      'tool_result must come first',
      {
        model: 'x',
        max_tokens: 1,
        messages: [
          { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: {} }] },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'x' },
              { type: 'tool_result', tool_use_id: 't1', content: 'r' },
            ],
          },
        ],
      },
      'tool-result-not-first',
    ],
    [
      'no tool_result without tool_use',
      {
        model: 'x',
        max_tokens: 1,
        messages: [
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'zz', content: 'r' }] },
        ],
      },
      'tool-result-orphan',
    ],
    [
      'tool_use ids are safe',
      {
        model: 'x',
        max_tokens: 1,
        messages: [
          { role: 'assistant', content: [{ type: 'tool_use', id: 'a.b', name: 'f', input: {} }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a.b', content: 'r' }] },
        ],
      },
      'tool-use-id-invalid',
    ],
    [
      'no empty text',
      { model: 'x', max_tokens: 1, messages: [{ role: 'user', content: '' }] },
      'text-empty',
    ],
    [
      'object input schemas',
      {
        model: 'x',
        max_tokens: 1,
        messages: [{ role: 'user', content: 'x' }],
        tools: [{ name: 'f', description: '', input_schema: { type: 'string' } }],
      },
      'tool-schema-invalid',
    ],
    [
      'a final assistant message cannot end in whitespace',
      {
        model: 'x',
        max_tokens: 1,
        messages: [
          { role: 'user', content: 'Write a haiku' },
          { role: 'assistant', content: [{ type: 'text', text: 'Here it is:\n' }] },
        ],
      },
      'assistant-trailing-whitespace',
    ],
  ];
  for (const [name, body, rule] of rules) {
    test(`checker: ${name}`, () =>
      assert.ok(
        checkAnthropicRequest(body).some((v) => v.rule === rule),
        JSON.stringify(checkAnthropicRequest(body)),
      ));
  }
  test('a final assistant text ending in whitespace is sent as written, with a warning naming it', () => {
    const out = exportEnvelope(
      envelope([msg('u', 'user', text('Start a list')), msg('pre', 'assistant', text('1. '))]),
      { target: 'anthropic' },
    );
    assert.equal(out.body!.messages[1].content, '1. ');
    assert.deepEqual(
      out.warnings.map((w) => [w.code, w.messageIds]),
      [['assistant-trailing-whitespace', ['pre']]],
    );
    assert.match(out.warnings[0].message, /ends in whitespace.*\(from message 'pre'\)/);
    // Whitespace inside, or before a later user turn, is fine.
    assert.deepEqual(
      checkAnthropicRequest({
        model: 'x',
        max_tokens: 1,
        messages: [
          { role: 'assistant', content: 'Sure. ' },
          { role: 'user', content: 'ok' },
        ],
      }),
      [],
    );
  });
  test('checker: a valid body passes', () =>
    assert.deepEqual(
      checkAnthropicRequest(exportEnvelope(conversation, { target: 'anthropic' }).body),
      [],
    ));
});

describe('Gemini rendering and rules', () => {
  test('function calls and as many responses in the next user turn; images as fileData', () => {
    const e = envelope([
      msg('u', 'user', text('Weather?'), image('https://example.com/sky.png')),
      msg(
        'a',
        'assistant',
        call('get_weather', { city: 'Oslo' }),
        call('get_weather', { city: 'Rome' }),
      ),
      msg('t', 'tool', result('get_weather', '9°C'), result('get_weather', 'down', false)),
    ]);
    const out = exportEnvelope(e, { target: 'gemini' });
    assert.deepEqual(out.warnings, []);
    assert.deepEqual(out.body!.contents, [
      {
        role: 'user',
        parts: [
          { text: 'Weather?' },
          { fileData: { mimeType: 'image/png', fileUri: 'https://example.com/sky.png' } },
        ],
      },
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'get_weather', args: { city: 'Oslo' } } },
          { functionCall: { name: 'get_weather', args: { city: 'Rome' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'get_weather', response: { output: '9°C' } } },
          { functionResponse: { name: 'get_weather', response: { error: 'down' } } },
        ],
      },
    ]);
    assert.ok(!('model' in out.body!));
  });

  test('an image without a known extension is a warning', () => {
    const out = exportEnvelope(envelope([msg('u', 'user', image('https://example.com/photo'))]), {
      target: 'gemini',
    });
    assert.deepEqual(
      out.warnings.map((w) => [w.code, w.messageIds]),
      [['image-mime-unknown', ['u']]],
    );
  });

  const rules: [string, unknown, string][] = [
    [
      'roles are user and model',
      { contents: [{ role: 'assistant', parts: [{ text: 'x' }] }] },
      'role-invalid',
    ],
    [
      'a call follows a user turn',
      { contents: [{ role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] }] },
      'function-call-placement',
    ],
    [
      'as many responses as calls',
      {
        contents: [
          { role: 'user', parts: [{ text: 'go' }] },
          {
            role: 'model',
            parts: [
              { functionCall: { name: 'f', args: {} } },
              { functionCall: { name: 'f', args: {} } },
            ],
          },
          { role: 'user', parts: [{ functionResponse: { name: 'f', response: { output: '' } } }] },
        ],
      },
      'function-response-count',
    ],
    [
      'parameters takes only its OpenAPI subset (full JSON Schema goes in parametersJsonSchema)',
      {
        contents: [{ role: 'user', parts: [{ text: 'x' }] }],
        tools: [
          {
            functionDeclarations: [
              {
                name: 'f',
                parameters: {
                  type: 'object',
                  properties: { q: { type: 'string', additionalProperties: false } },
                },
              },
            ],
          },
        ],
      },
      'parameters-subset',
    ],
  ];
  for (const [name, body, rule] of rules) {
    test(`checker: ${name}`, () =>
      assert.ok(
        checkGeminiRequest(body).some((v) => v.rule === rule),
        JSON.stringify(checkGeminiRequest(body)),
      ));
  }
});

describe('OpenTelemetry records', () => {
  test('keep every role and carry success on tool results; validate against the official schemas', () => {
    const out = exportEnvelope(demoEnvelopes.b, { target: 'otel' });
    const body = out.body!;
    assert.deepEqual(otelSchemaErrors(body), []);
    const response = body.inputMessages
      .flatMap((m) => m.parts)
      .find((p) => p.type === 'tool_call_response' && !p.success);
    assert.ok(response, 'the failed booking is marked success: false');
    assert.equal(body.toolDefinitions.length, 3);
  });
  test('an orphan response breaks a rule', () => {
    assert.equal(
      checkOTelRecord({
        inputMessages: [
          { role: 'tool', parts: [{ type: 'tool_call_response', id: 'x', response: '' }] },
        ],
      })[0].rule,
      'tool-result-orphan',
    );
  });
});

describe('toCurl', () => {
  test('uses environment variables for keys and a quoted here-document for the body', () => {
    const body = exportEnvelope(demoEnvelopes.a, { target: 'openai' }).body;
    const curl = toCurl(body, 'openai')!;
    assert.match(
      curl,
      /^curl https:\/\/api\.openai\.com\/v1\/chat\/completions \\\n {2}-H "Authorization: Bearer \$OPENAI_API_KEY"/,
    );
    assert.ok(curl.endsWith(`<<'JSON'\n${JSON.stringify(body, null, 2)}\nJSON\n`));
    assert.match(
      toCurl({}, 'anthropic')!,
      /"x-api-key: \$ANTHROPIC_API_KEY"[\s\S]*'anthropic-version: 2023-06-01'/,
    );
    assert.match(
      toCurl({}, 'gemini', { model: 'gemini-2.5-flash' })!,
      /models\/gemini-2\.5-flash:generateContent"[\s\S]*"x-goog-api-key: \$GEMINI_API_KEY"/,
    );
    assert.equal(toCurl({}, 'otel'), null);
  });
  test('never puts a hostile model name on the command line', () => {
    assert.match(
      toCurl({}, 'gemini', { model: 'x$(rm -rf ~)' })!,
      /models\/\$GEMINI_MODEL:generateContent/,
    );
  });
});

describe('importEnvelope', () => {
  test('reads a hand-written OpenAI body, pairing results by id and reading failures', () => {
    const imported = importEnvelope(
      {
        model: 'gpt-4o',
        messages: [
          { role: 'system', content: 'You are terse.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url: 'https://example.com/x.png' } },
            ],
          },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'abc', type: 'function', function: { name: 'lookup', arguments: '{"q":"x"}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'abc', content: 'Error: not found' },
        ],
        tools: [
          {
            type: 'function',
            function: {
              name: 'lookup',
              description: 'Look up',
              parameters: {
                type: 'object',
                properties: { q: { type: 'string' } },
                required: ['q'],
              },
            },
          },
        ],
      },
      { from: 'openai' },
    );
    assert.deepEqual(imported.errors, []);
    const segments = imported.envelope!.messages.flatMap((m) => m.segments);
    assert.deepEqual(
      segments.find((s) => s.kind === 'tool_call_result'),
      {
        kind: 'tool_call_result',
        toolName: 'lookup',
        result: 'not found',
        success: false,
        collapsed: false,
        // A call id the exporter did not make is kept, so that the export sends it back.
        callId: 'abc',
      },
    );
    assert.equal(imported.envelope!.version, '1.1');
    assert.deepEqual(
      segments.find((s) => s.kind === 'tool_overview'),
      {
        kind: 'tool_overview',
        items: [
          {
            name: 'lookup',
            description: 'Look up',
            parameters: 'q: string',
            schema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
          },
        ],
        collapsed: true,
        // The system text does not list the tools: they stay in the API's tools field only.
        inSystemText: false,
      },
    );
    assert.deepEqual(
      imported.warnings.map((w) => w.code),
      [],
    );
  });

  test('refuses what is not a body, without throwing', () => {
    assert.match(importEnvelope(42, { from: 'openai' }).errors[0].message, /must be a JSON object/);
    assert.match(
      importEnvelope({}, { from: 'cohere' as 'openai' }).errors[0].message,
      /Unknown import source "cohere"/,
    );
  });

  test('an OTel response that is not a string is its JSON text; a missing one is null', () => {
    const call = {
      role: 'assistant',
      parts: [{ type: 'tool_call', id: 'c', name: 'x', arguments: {} }],
    };
    const results = (...responses: unknown[]) => {
      const parts = responses.map((r) => ({
        type: 'tool_call_response',
        id: 'c',
        ...(r === undefined ? {} : { response: r }),
      }));
      const { envelope, errors } = importEnvelope(
        { inputMessages: [call, { role: 'tool', parts }] },
        { from: 'otel' },
      );
      assert.deepEqual(errors, []);
      return envelope!.messages.slice(1).map((m) => (m.segments[0] as { result: string }).result);
    };
    assert.deepEqual(results('ok', { rows: [1, 2] }, null, undefined), [
      'ok',
      '{"rows":[1,2]}',
      'null',
      'null',
    ]);
  });
});
