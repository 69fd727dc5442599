import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Envelope } from '../../src/core/protocol/types.js';
import { validateEnvelope } from '../../src/core/protocol/validate.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { importEnvelope, type ImportSource } from '../../src/core/targets/import.js';

/** Issue #18: what the protocol keeps from provider requests (1.1 fields), and what it warns about. */

const withFields: Envelope = {
  version: '1.1',
  model: 'gpt-4.1',
  messages: [
    {
      id: 's',
      role: 'system',
      originalRole: 'developer',
      name: 'ops',
      timestamp: 0,
      segments: [{ kind: 'text', content: 'Be brief.' }],
    },
    {
      id: 'u',
      role: 'user',
      name: 'maya',
      contentForm: 'parts',
      timestamp: 1,
      segments: [
        { kind: 'text', content: 'Look' },
        { kind: 'text', content: 'at this' },
        { kind: 'media', mediaType: 'image', url: 'https://example.com/a.png', detail: 'high' },
      ],
    },
    {
      id: 'a',
      role: 'assistant',
      timestamp: 2,
      segments: [
        {
          kind: 'tool_call_request',
          toolName: 'lookup',
          arguments: { q: 'a' },
          collapsed: false,
          callId: 'call_Xy9',
          thoughtSignature: 'c2ln',
        },
      ],
    },
    {
      id: 't',
      role: 'tool',
      name: 'lookup',
      timestamp: 3,
      segments: [
        {
          kind: 'tool_call_result',
          toolName: 'lookup',
          result: 'ok',
          success: true,
          collapsed: true,
          callId: 'call_Xy9',
        },
      ],
    },
  ],
};

describe('protocol 1.1 fields kept from provider requests', () => {
  test('are valid in 1.1 and refused under "1.0" with the sentence the other 1.1 fields get', () => {
    assert.deepEqual(validateEnvelope(withFields).errors, []);
    const messages = validateEnvelope({ ...withFields, version: '1.0' }).errors.map(
      (e) => `${e.path}: ${e.message}`,
    );
    const needs = 'needs "version": "1.1"; this envelope says "1.0".';
    assert.deepEqual(messages, [
      `/messages/0/name: Field 'name' of message 's' ${needs}`,
      `/messages/0/originalRole: Field 'originalRole' of message 's' ${needs}`,
      `/messages/1/name: Field 'name' of message 'u' ${needs}`,
      `/messages/1/contentForm: Field 'contentForm' of message 'u' ${needs}`,
      `/messages/1/segments/2/detail: Field 'detail' of segment 2 of message 'u' (media) ${needs}`,
      `/messages/2/segments/0/callId: Field 'callId' of segment 0 of message 'a' (tool_call_request) ${needs}`,
      `/messages/2/segments/0/thoughtSignature: Field 'thoughtSignature' of segment 0 of message 'a' (tool_call_request) ${needs}`,
      `/messages/3/name: Field 'name' of message 't' ${needs}`,
      `/messages/3/segments/0/callId: Field 'callId' of segment 0 of message 't' (tool_call_result) ${needs}`,
    ]);
    const bad = structuredClone(withFields) as unknown as {
      messages: { segments: Record<string, unknown>[] }[];
    };
    bad.messages[1]!.segments[2]!.detail = 'ultra';
    assert.match(
      validateEnvelope(bad).errors[0]!.message,
      /Field 'detail' of segment 2 of message 'u' \(media\) must be one of auto, low, high, original/,
    );
  });

  test('OpenAI Chat Completions sends names, the developer role, separate parts, detail and the call id', () => {
    const out = exportEnvelope(withFields, { target: 'openai' });
    assert.deepEqual(out.warnings, []);
    assert.deepEqual(out.body!.messages, [
      { role: 'developer', content: 'Be brief.', name: 'ops' },
      {
        role: 'user',
        name: 'maya',
        content: [
          { type: 'text', text: 'Look' },
          { type: 'text', text: 'at this' },
          { type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'high' } },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_Xy9',
            type: 'function',
            function: { name: 'lookup', arguments: '{"q":"a"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_Xy9', content: 'ok', name: 'lookup' },
    ]);
  });

  test('a 1.1 envelope with only these fields gets no participant headers or state-change note', () => {
    const out = exportEnvelope(withFields, { target: 'anthropic' });
    assert.equal(out.body!.system, 'Be brief.');
    assert.deepEqual(out.body!.messages[0]!.content, [
      { type: 'text', text: 'Look' },
      { type: 'text', text: 'at this' },
      { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
    ]);
  });

  test('Gemini sends call ids and the thought signature; Responses the detail and call id', () => {
    const gemini = exportEnvelope(withFields, { target: 'gemini' }).body!;
    assert.deepEqual(gemini.contents[1], {
      role: 'model',
      parts: [
        {
          functionCall: { id: 'call_Xy9', name: 'lookup', args: { q: 'a' } },
          thoughtSignature: 'c2ln',
        },
      ],
    });
    assert.deepEqual(gemini.contents[2]!.parts[0], {
      functionResponse: { id: 'call_Xy9', name: 'lookup', response: { output: 'ok' } },
    });
    const responses = exportEnvelope(withFields, { target: 'openai-responses' }).body!;
    assert.deepEqual(responses.input.slice(0, 2), [
      {
        type: 'message',
        role: 'user',
        content: [
          { type: 'input_text', text: 'Look' },
          { type: 'input_text', text: 'at this' },
          { type: 'input_image', image_url: 'https://example.com/a.png', detail: 'high' },
        ],
      },
      { type: 'function_call', call_id: 'call_Xy9', name: 'lookup', arguments: '{"q":"a"}' },
    ]);
  });

  test('a result with a callId answers that call, whatever the order; a repeated callId is renamed, with a warning', () => {
    const call = (callId: string, q: string) => ({
      kind: 'tool_call_request' as const,
      toolName: 'f',
      arguments: { q },
      collapsed: false,
      callId,
    });
    const result = (callId: string, text: string) => ({
      kind: 'tool_call_result' as const,
      toolName: 'f',
      result: text,
      success: true,
      collapsed: true,
      callId,
    });
    const e: Envelope = {
      version: '1.1',
      model: 'gpt-4.1',
      messages: [
        { id: 'u', role: 'user', timestamp: 0, segments: [{ kind: 'text', content: 'go' }] },
        { id: 'a', role: 'assistant', timestamp: 1, segments: [call('c1', 'x'), call('c2', 'y')] },
        { id: 't', role: 'tool', timestamp: 2, segments: [result('c2', 'Y'), result('c1', 'X')] },
        { id: 'a2', role: 'assistant', timestamp: 3, segments: [call('c1', 'z')] },
        { id: 't2', role: 'tool', timestamp: 4, segments: [result('call_a2_0', 'Z')] },
      ],
    };
    const out = exportEnvelope(e, { target: 'openai' });
    const tools = out.body!.messages.filter((m) => m.role === 'tool');
    assert.deepEqual(
      tools.map((m) => [m.tool_call_id, m.content]),
      [
        ['c2', 'Y'],
        ['c1', 'X'],
        ['call_a2_0', 'Z'],
      ],
    );
    assert.deepEqual(
      out.warnings.map((w) => [w.code, w.messageIds]),
      [['call-id-duplicate', ['a2']]],
    );
  });
});

describe('what the audit found lost in OpenAI round trips now comes back, or is named', () => {
  const roundTrip = (body: Record<string, unknown>, from: ImportSource = 'openai') => {
    const imported = importEnvelope(body, { from });
    assert.deepEqual(imported.errors, []);
    return {
      body: exportEnvelope(imported.envelope, { target: from }).body as unknown,
      warnings: imported.warnings.map((w) => `${w.code} ${w.path}`),
      envelope: imported.envelope!,
    };
  };

  const cases: [string, Record<string, unknown>][] = [
    [
      'image detail',
      {
        model: 'gpt-4.1',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is it?' },
              { type: 'image_url', image_url: { url: 'https://x.test/a.jpg', detail: 'low' } },
            ],
          },
        ],
      },
    ],
    [
      'the name of a tool message and a foreign call id',
      {
        model: 'gpt-4.1',
        messages: [
          { role: 'user', content: 'time?' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'call_abc', type: 'function', function: { name: 'now', arguments: '{}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'call_abc', name: 'now', content: '09:00' },
        ],
      },
    ],
    [
      'developer for a non-reasoning model, leading and later',
      {
        model: 'gpt-4.1',
        messages: [
          { role: 'developer', content: 'Be terse.' },
          { role: 'user', content: 'hi', name: 'maya' },
          { role: 'developer', content: 'Now in French.' },
        ],
      },
    ],
    [
      'several text parts of one message, and a list of one',
      {
        model: 'gpt-4.1',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'one' },
              { type: 'text', text: 'two' },
            ],
          },
          { role: 'assistant', content: [{ type: 'text', text: 'three' }] },
          { role: 'user', content: [{ type: 'text', text: 'four' }] },
        ],
      },
    ],
  ];
  for (const [name, body] of cases) {
    test(name, () => {
      const back = roundTrip(body);
      assert.deepEqual(back.warnings, []);
      assert.deepEqual(back.body, body);
    });
  }

  test('a bare-string image_url is kept, with a warning that it comes back as { url }', () => {
    const back = roundTrip({
      model: 'gpt-4.1',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'see' },
            { type: 'image_url', image_url: 'https://x.test/b.png' },
          ],
        },
      ],
    });
    assert.deepEqual(back.warnings, ['image-url-shorthand /messages/0/content/1/image_url']);
    assert.deepEqual(
      (back.body as { messages: { content: unknown[] }[] }).messages[0]!.content[1],
      {
        type: 'image_url',
        image_url: { url: 'https://x.test/b.png' },
      },
    );
  });

  test('every field the protocol cannot keep is named; request settings and strict come back', () => {
    const body = {
      model: 'gpt-4.1',
      temperature: 0,
      messages: [{ role: 'user', content: 'hi', cache: true }],
      tools: [
        {
          type: 'function',
          function: { name: 'f', description: '', parameters: { type: 'object' }, strict: true },
        },
      ],
    };
    const back = roundTrip(body);
    assert.deepEqual(back.warnings, ['field-not-kept /messages/0/cache']);
    assert.deepEqual(back.body, { ...body, messages: [{ role: 'user', content: 'hi' }] });
  });

  test('Gemini: call ids, thought signatures and responses by name come back', () => {
    const body = {
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'a' }, { text: 'b' }] },
        {
          role: 'model',
          parts: [
            { text: 'Checking.' },
            { functionCall: { id: 'x1', name: 'f', args: {} }, thoughtSignature: 'AAA=' },
            { functionCall: { name: 'g', args: { n: 1 } } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { id: 'x1', name: 'f', response: { output: '1' } } },
            { functionResponse: { name: 'g', response: { error: 'no' } } },
          ],
        },
      ],
    };
    const back = roundTrip(body, 'gemini');
    assert.deepEqual(back.warnings, []);
    assert.deepEqual(back.body, body);
  });
});

test('OpenTelemetry import names record and message fields it cannot keep', () => {
  const imported = importEnvelope(
    {
      systemInstructions: [],
      inputMessages: [{ role: 'user', parts: [{ type: 'text', content: 'hi' }], name: 'x' }],
      toolDefinitions: [],
      'gen_ai.request.temperature': 0,
    },
    { from: 'otel', model: 'gpt-4.1' },
  );
  assert.deepEqual(
    imported.warnings.map((w) => `${w.code} ${w.path}`),
    ['field-not-kept /gen_ai.request.temperature', 'field-not-kept /inputMessages/0/name'],
  );
});
