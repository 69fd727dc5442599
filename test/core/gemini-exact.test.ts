import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Envelope, Message, Segment } from '../../src/core/protocol/types.js';
import { validateEnvelope } from '../../src/core/protocol/validate.js';
import { checkGeminiRequest } from '../../src/core/targets/gemini/export.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { importEnvelope } from '../../src/core/targets/import.js';

/**
 * Issue 43, Gemini: a logged generateContent body comes back exactly (or the import names what
 * differs), and what only Gemini has (thinking and its signatures, built-in tools, code
 * execution, structured responses, OpenAPI schemas) is kept in the envelope's 1.1 fields.
 */

interface Case {
  name: string;
  body: Record<string, unknown>;
  /** What the import says, as `code path`. */
  warnings?: string[];
  /** The export differs from the body: what comes back instead (the import warned). */
  back?: Record<string, unknown>;
  /** Checks on the envelope. */
  envelope?: (e: Envelope) => void;
}

const user = (text: string) => ({ role: 'user', parts: [{ text }] });
const messages = (e: Envelope, role: Message['role']) => e.messages.filter((m) => m.role === role);
const segments = (e: Envelope, kind: Segment['kind']) =>
  e.messages.flatMap((m) => m.segments).filter((s) => s.kind === kind);

const cases: Case[] = [
  {
    name: 'every top-level field besides the conversation is kept in request.fields',
    body: {
      contents: [user('Hi')],
      generationConfig: { temperature: 0.2, thinkingConfig: { includeThoughts: true } },
      safetySettings: [{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_NONE' }],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['f'] } },
      labels: { team: 'search' },
      cachedContent: 'cachedContents/abc123',
    },
    warnings: ['stored-context /cachedContent'],
    envelope: (e) =>
      assert.deepEqual(e.request, {
        target: 'gemini',
        fields: {
          generationConfig: { temperature: 0.2, thinkingConfig: { includeThoughts: true } },
          safetySettings: [{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_NONE' }],
          toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['f'] } },
          labels: { team: 'search' },
          cachedContent: 'cachedContents/abc123',
        },
      }),
  },
  {
    name: 'a model in the body is the envelope model and named (Gemini takes it in the URL)',
    body: { model: 'gemini-2.5-flash', contents: [user('Hi')] },
    warnings: ['model-in-url /model'],
    back: { contents: [user('Hi')] },
    envelope: (e) => assert.equal(e.model, 'gemini-2.5-flash'),
  },
  {
    name: 'a system instruction with the role the SDKs give it',
    body: {
      systemInstruction: { role: 'user', parts: [{ text: 'Be brief.' }] },
      contents: [user('Hi')],
    },
    envelope: (e) => assert.equal(messages(e, 'system')[0]!.contentRole, 'user'),
  },
  {
    name: 'a system instruction as a string, as the SDKs take it',
    body: { systemInstruction: 'Be brief.', contents: [user('Hi')] },
    envelope: (e) => assert.equal(messages(e, 'system')[0]!.contentForm, 'text'),
  },
  {
    name: 'a system instruction of several parts: one system prompt each, sent as parts again',
    body: {
      systemInstruction: { role: 'user', parts: [{ text: 'Be brief.' }, { text: 'Be kind.' }] },
      contents: [user('Hi')],
      tools: [{ functionDeclarations: [{ name: 'f', description: 'F.' }] }],
    },
    envelope: (e) => {
      const system = messages(e, 'system')[0]!;
      assert.equal(system.contentForm, 'parts');
      assert.deepEqual(
        system.segments.map((s) => s.kind),
        ['system_prompt', 'system_prompt', 'tool_overview'],
      );
    },
  },
  {
    name: 'contents without a role (the user’s, as curl examples write them)',
    body: { contents: [{ parts: [{ text: 'Hi' }] }] },
    envelope: (e) => assert.equal(messages(e, 'user')[0]!.contentRole, 'none'),
  },
  {
    name: 'a structured response stays structured, with a readable text for other APIs',
    body: {
      contents: [
        user('Weather?'),
        {
          role: 'model',
          parts: [{ functionCall: { id: 'c1', name: 'w', args: { city: 'Oslo' } } }],
        },
        {
          role: 'user',
          parts: [
            {
              functionResponse: {
                id: 'c1',
                name: 'w',
                response: { temperature: 9, unit: 'C' },
                willContinue: false,
                scheduling: 'WHEN_IDLE',
              },
            },
          ],
        },
      ],
    },
    envelope: (e) => {
      const [result] = segments(e, 'tool_call_result');
      assert.deepEqual(result, {
        kind: 'tool_call_result',
        toolName: 'w',
        result: '{"temperature":9,"unit":"C"}',
        success: true,
        collapsed: true,
        callId: 'c1',
        structured: { temperature: 9, unit: 'C' },
        fields: { willContinue: false, scheduling: 'WHEN_IDLE' },
      });
    },
  },
  {
    name: 'a response with one text field: that text is the result',
    body: {
      contents: [
        user('Weather?'),
        { role: 'model', parts: [{ functionCall: { name: 'w', args: {} } }] },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'w', response: { content: '9°C' } } }],
        },
      ],
    },
    envelope: (e) => {
      const [result] = segments(e, 'tool_call_result');
      assert.equal(result!.kind === 'tool_call_result' && result.result, '9°C');
    },
  },
  {
    name: 'thought parts are thinking segments in place; every signature is kept byte for byte',
    body: {
      contents: [
        user('2 + 2?'),
        {
          role: 'model',
          parts: [
            { text: 'Adding.', thought: true, thoughtSignature: 'c2lnLTE=' },
            { text: 'It is 4.', thoughtSignature: 'c2lnLTI=' },
            { functionCall: { name: 'check', args: { n: 4 } }, thoughtSignature: 'c2lnLTM=' },
          ],
        },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'check', response: { output: 'ok' } } }],
        },
        {
          role: 'model',
          parts: [{ text: 'Checked.' }, { text: '', thoughtSignature: 'c2lnLTQ=' }],
        },
      ],
    },
    envelope: (e) => {
      const model = messages(e, 'assistant');
      assert.deepEqual(model[0]!.segments.slice(0, 2), [
        { kind: 'thinking', content: 'Adding.', collapsed: true, thoughtSignature: 'c2lnLTE=' },
        { kind: 'text', content: 'It is 4.', thoughtSignature: 'c2lnLTI=' },
      ]);
      // An empty text that only carries a signature is thinking without text.
      assert.deepEqual(model.at(-1)!.segments, [
        { kind: 'text', content: 'Checked.' },
        { kind: 'thinking', content: '', collapsed: true, thoughtSignature: 'c2lnLTQ=' },
      ]);
    },
  },
  {
    name: 'thinking between texts keeps its place',
    body: {
      contents: [
        user('Go'),
        {
          role: 'model',
          parts: [{ text: 'First.' }, { text: 'Hmm.', thought: true }, { text: 'Second.' }],
        },
      ],
    },
  },
  {
    name: 'built-in tools are provider-run tools; the entries come back grouped as they were',
    body: {
      contents: [user('Search')],
      tools: [
        {
          googleSearch: {},
          functionDeclarations: [{ name: 'f', parametersJsonSchema: { type: 'object' } }],
        },
        { codeExecution: {} },
        { urlContext: {} },
        { googleSearchRetrieval: { dynamicRetrievalConfig: { mode: 'MODE_DYNAMIC' } } },
      ],
    },
    envelope: (e) => {
      const [overview] = segments(e, 'tool_overview');
      assert.ok(overview!.kind === 'tool_overview');
      assert.deepEqual(overview.items[0], {
        name: 'googleSearch',
        description: '',
        parameters: '',
        runBy: 'provider',
        declaration: { googleSearch: {} },
        group: 0,
      });
      assert.deepEqual(
        overview.items.map((i) => [i.name, i.group]),
        [
          ['googleSearch', 0],
          ['f', 0],
          ['codeExecution', 1],
          ['urlContext', 2],
          ['googleSearchRetrieval', 3],
        ],
      );
    },
  },
  {
    name: 'tools in the entries exports make carry no group',
    body: {
      contents: [user('Search')],
      tools: [{ googleSearch: {} }, { functionDeclarations: [{ name: 'f' }, { name: 'g' }] }],
    },
    envelope: (e) => {
      const [overview] = segments(e, 'tool_overview');
      assert.ok(overview!.kind === 'tool_overview');
      assert.ok(overview.items.every((i) => i.group === undefined));
    },
  },
  {
    name: 'code execution parts are provider-run calls and results in place',
    body: {
      contents: [
        user('Sum 1..10'),
        {
          role: 'model',
          parts: [
            { text: 'Running code.' },
            {
              executableCode: { language: 'PYTHON', code: 'print(sum(range(11)))' },
              thoughtSignature: 'c2ln',
            },
            { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '55\n' } },
            { codeExecutionResult: { outcome: 'OUTCOME_FAILED', output: 'Traceback' } },
            { text: 'It is 55.' },
          ],
        },
      ],
      tools: [{ codeExecution: {} }],
    },
    envelope: (e) => {
      const model = messages(e, 'assistant')[0]!;
      assert.deepEqual(model.segments.slice(1, 4), [
        {
          kind: 'tool_call_request',
          toolName: 'code_execution',
          arguments: { language: 'PYTHON', code: 'print(sum(range(11)))' },
          collapsed: false,
          runBy: 'provider',
          thoughtSignature: 'c2ln',
        },
        {
          kind: 'tool_call_result',
          toolName: 'code_execution',
          result: '55\n',
          success: true,
          collapsed: true,
          runBy: 'provider',
          structured: { outcome: 'OUTCOME_OK', output: '55\n' },
        },
        {
          kind: 'tool_call_result',
          toolName: 'code_execution',
          result: 'Traceback',
          success: false,
          collapsed: false,
          runBy: 'provider',
          structured: { outcome: 'OUTCOME_FAILED', output: 'Traceback' },
        },
      ]);
    },
  },
  {
    name: 'OpenAPI types in capitals are read as JSON Schema and written back as they were',
    body: {
      contents: [user('Hi')],
      tools: [
        {
          functionDeclarations: [
            {
              name: 'f',
              description: 'F.',
              parameters: {
                type: 'OBJECT',
                properties: {
                  q: { type: 'STRING', nullable: true },
                  tags: { type: 'ARRAY', items: { type: 'STRING' } },
                },
                required: ['q'],
              },
            },
          ],
        },
      ],
    },
    warnings: ['parameters-converted /tools/0/functionDeclarations/0/parameters'],
    envelope: (e) => {
      const [overview] = segments(e, 'tool_overview');
      assert.ok(overview!.kind === 'tool_overview');
      assert.equal(overview.items[0]!.schemaForm, 'openapi');
      assert.deepEqual(overview.items[0]!.schema, {
        type: 'object',
        properties: {
          q: { type: ['string', 'null'] },
          tags: { type: 'array', items: { type: 'string' } },
        },
        required: ['q'],
      });
    },
  },
  {
    name: 'the numbered types the Python SDK logs are converted, and come back numbered',
    body: {
      contents: [user('Hi')],
      tools: [
        {
          functionDeclarations: [
            { name: 'f', parameters: { type: 6, properties: { city: { type: 1 } } } },
          ],
        },
      ],
    },
    warnings: ['parameters-converted /tools/0/functionDeclarations/0/parameters'],
    envelope: (e) => {
      const overview = e.messages[0]!.segments.find((s) => s.kind === 'tool_overview');
      assert.equal(overview?.kind === 'tool_overview' && overview.items[0]!.schemaForm, 'numbered');
      // Every other target gets JSON Schema.
      assert.deepEqual(overview?.kind === 'tool_overview' && overview.items[0]!.schema, {
        type: 'object',
        properties: { city: { type: 'string' } },
      });
    },
  },
  {
    name: 'a call streamed as partialArgs comes back as it came, its arguments read for others',
    body: {
      contents: [
        user('100/2?'),
        {
          role: 'model',
          parts: [
            {
              functionCall: {
                name: 'divide',
                partialArgs: [
                  { jsonPath: '$.denominator', numberValue: 2 },
                  { jsonPath: '$.numerator', numberValue: 100 },
                ],
              },
            },
          ],
        },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'divide', response: { output: '50' } } }],
        },
      ],
    },
    envelope: (e) => {
      const [call] = segments(e, 'tool_call_request');
      assert.deepEqual(call?.kind === 'tool_call_request' && call.arguments, {
        denominator: 2,
        numerator: 100,
      });
    },
  },
  {
    name: 'a declaration’s response schema and behavior are kept',
    body: {
      contents: [user('Hi')],
      tools: [
        {
          functionDeclarations: [
            {
              name: 'f',
              parametersJsonSchema: { type: 'object' },
              response: { type: 'OBJECT', properties: { r: { type: 'STRING' } } },
              behavior: 'NON_BLOCKING',
            },
          ],
        },
      ],
    },
    envelope: (e) => {
      const [overview] = segments(e, 'tool_overview');
      assert.ok(overview!.kind === 'tool_overview');
      assert.deepEqual(overview.items[0]!.fields, {
        response: { type: 'OBJECT', properties: { r: { type: 'STRING' } } },
        behavior: 'NON_BLOCKING',
      });
    },
  },
  {
    name: 'parameters already in JSON Schema terms stay in parameters, unchanged',
    body: {
      contents: [user('Hi')],
      tools: [
        {
          functionDeclarations: [
            { name: 'f', parameters: { type: 'object', properties: { q: { type: 'string' } } } },
          ],
        },
      ],
    },
  },
  {
    name: 'a call without args gets args: {}, and the import says so',
    body: {
      contents: [
        user('Go'),
        { role: 'model', parts: [{ functionCall: { name: 'read_theme' } }] },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'read_theme', response: { output: 'x' } } }],
        },
      ],
    },
    warnings: ['arguments-added /contents/1/parts/0/functionCall/args'],
    back: {
      contents: [
        user('Go'),
        { role: 'model', parts: [{ functionCall: { name: 'read_theme', args: {} } }] },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'read_theme', response: { output: 'x' } } }],
        },
      ],
    },
  },
];

describe('Gemini bodies come back exactly, or the import names the difference', () => {
  for (const c of cases) {
    test(c.name, () => {
      const read = importEnvelope(c.body, { from: 'gemini', model: 'gemini-2.5-flash' });
      assert.deepEqual(read.errors, []);
      assert.deepEqual(
        read.warnings.map((w) => `${w.code} ${w.path}`),
        c.warnings ?? [],
      );
      assert.deepEqual(validateEnvelope(read.envelope).errors, []);
      c.envelope?.(read.envelope!);
      const out = exportEnvelope(read.envelope, { target: 'gemini' });
      assert.deepEqual(out.body, c.back ?? c.body);
      assert.deepEqual(out.warnings, []);
    });
  }
});

describe('what only Gemini takes stays out of other targets, with a warning', () => {
  const body = {
    contents: [
      user('Sum'),
      {
        role: 'model',
        parts: [
          { text: 'Adding.', thought: true, thoughtSignature: 'c2ln' },
          { executableCode: { language: 'PYTHON', code: 'print(1)' } },
          { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '1' } },
          { text: '1' },
        ],
      },
    ],
    generationConfig: { temperature: 0 },
    tools: [{ codeExecution: {} }],
  };
  const envelope = importEnvelope(body, { from: 'gemini' }).envelope!;
  for (const target of ['openai', 'anthropic', 'otel'] as const) {
    test(target, () => {
      const out = exportEnvelope(envelope, { target, model: 'm' });
      const codes = out.warnings.map((w) => w.code);
      assert.ok(codes.includes('request-fields-not-sent'), codes.join());
      assert.ok(codes.includes('thinking-omitted'), codes.join());
    });
  }

  test('each API gets back only its own signed thinking', () => {
    const signed = (extra: Partial<Segment>): Envelope => ({
      version: '1.1',
      messages: [
        { id: 'u', role: 'user', timestamp: 0, segments: [{ kind: 'text', content: 'Hi' }] },
        {
          id: 'a',
          role: 'assistant',
          timestamp: 1,
          segments: [
            { kind: 'thinking', content: 'Hmm', collapsed: true, ...extra } as Segment,
            { kind: 'text', content: 'Hello' },
          ],
        },
      ],
    });
    const anthropic = signed({ signature: 'YW50aHJvcGlj' });
    const gemini = signed({ thoughtSignature: 'Z2VtaW5p' });
    const codes = (e: Envelope, target: 'anthropic' | 'gemini') =>
      exportEnvelope(e, { target }).warnings.map((w) => w.code);
    assert.ok(codes(anthropic, 'gemini').includes('thinking-omitted'));
    assert.ok(codes(gemini, 'anthropic').includes('thinking-omitted'));
    assert.ok(!codes(anthropic, 'anthropic').includes('thinking-omitted'));
    assert.ok(!codes(gemini, 'gemini').includes('thinking-omitted'));
    const body = exportEnvelope(gemini, { target: 'gemini' }).body!;
    assert.deepEqual(body.contents[1]!.parts[0], {
      text: 'Hmm',
      thought: true,
      thoughtSignature: 'Z2VtaW5p',
    });
  });

  test('another API’s thinking and provider-run calls are not sent to Gemini', () => {
    const e: Envelope = {
      version: '1.1',
      messages: [
        { id: 'u', role: 'user', timestamp: 0, segments: [{ kind: 'text', content: 'Hi' }] },
        {
          id: 'a',
          role: 'assistant',
          timestamp: 1,
          segments: [
            { kind: 'thinking', content: '', collapsed: true, redactedData: 'ZW5j' },
            {
              kind: 'tool_call_request',
              toolName: 'web_search',
              arguments: { query: 'x' },
              collapsed: false,
              runBy: 'provider',
            },
            { kind: 'text', content: 'Hello' },
          ],
        },
      ],
    };
    const out = exportEnvelope(e, { target: 'gemini' });
    assert.deepEqual(out.body!.contents[1], { role: 'model', parts: [{ text: 'Hello' }] });
    assert.deepEqual(
      out.warnings.map((w) => w.code),
      ['thinking-omitted'],
    );
  });

  test('a provider-run tool of another API is not declared to Gemini', () => {
    const e: Envelope = {
      version: '1.1',
      messages: [
        {
          id: 's',
          role: 'system',
          timestamp: 0,
          segments: [
            {
              kind: 'tool_overview',
              collapsed: true,
              inSystemText: false,
              items: [
                {
                  name: 'web_search',
                  description: '',
                  parameters: '',
                  runBy: 'provider',
                  declaration: { type: 'web_search_20250305', name: 'web_search' },
                },
              ],
            },
          ],
        },
        { id: 'u', role: 'user', timestamp: 1, segments: [{ kind: 'text', content: 'Hi' }] },
      ],
    };
    const out = exportEnvelope(e, { target: 'gemini' });
    assert.equal(out.body!.tools, undefined);
    assert.deepEqual(
      out.warnings.map((w) => w.code),
      ['provider-tool-omitted'],
    );
  });
});

describe('the logged Gemini request with an unreadable role', () => {
  test('gives no envelope, and says why', () => {
    const read = importEnvelope({ contents: [{ role: 'invalid_role', parts: [{ text: 'x' }] }] });
    assert.equal(read.envelope, null);
    assert.deepEqual(
      read.warnings.map((w) => `${w.code} ${w.path}`),
      ['role-unknown /contents/0/role', 'contents-unreadable /contents'],
    );
    assert.match(read.warnings[0]!.message, /Gemini takes only user and model/);
  });
});

describe('Gemini request rules', () => {
  test('parameters within the OpenAPI subset and an empty text with a signature are fine', () => {
    assert.deepEqual(
      checkGeminiRequest({
        contents: [
          user('Hi'),
          { role: 'model', parts: [{ text: 'Hello' }, { text: '', thoughtSignature: 'c2ln' }] },
        ],
        tools: [
          {
            functionDeclarations: [
              {
                name: 'f',
                parameters: {
                  type: 'OBJECT',
                  properties: { q: { type: 'STRING', nullable: true } },
                },
              },
            ],
          },
        ],
      }),
      [],
    );
  });
  test('a list of types in parameters is beyond the subset', () => {
    assert.deepEqual(
      checkGeminiRequest({
        contents: [user('Hi')],
        tools: [
          {
            functionDeclarations: [
              {
                name: 'f',
                parameters: { type: 'object', properties: { q: { type: ['string', 'null'] } } },
              },
            ],
          },
        ],
      }).map((v) => v.rule),
      ['parameters-subset'],
    );
  });
});

describe('the Gemini fields are protocol 1.1', () => {
  test('a 1.0 envelope that uses them is refused, naming each', () => {
    const e = {
      version: '1.0',
      messages: [
        {
          id: 's',
          role: 'system',
          timestamp: 0,
          contentRole: 'user',
          segments: [
            {
              kind: 'tool_overview',
              collapsed: true,
              items: [
                {
                  name: 'f',
                  description: '',
                  parameters: '',
                  schemaForm: 'openapi',
                  group: 1,
                  fields: { behavior: 'BLOCKING' },
                },
              ],
            },
          ],
        },
        {
          id: 't',
          role: 'tool',
          timestamp: 1,
          segments: [
            {
              kind: 'tool_call_result',
              toolName: 'f',
              result: 'x',
              success: true,
              collapsed: true,
              fields: { willContinue: true },
            },
          ],
        },
      ],
    };
    assert.deepEqual(
      validateEnvelope(e).errors.map((error) => error.path),
      [
        '/messages/0/contentRole',
        '/messages/0/segments/0/items/0/schemaForm',
        '/messages/0/segments/0/items/0/group',
        '/messages/0/segments/0/items/0/fields',
        '/messages/1/segments/0/fields',
      ],
    );
    assert.deepEqual(validateEnvelope({ ...e, version: '1.1' }).errors, []);
  });
});
