import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Envelope, Message, Segment } from '../../src/core/protocol/types.js';
import { validateEnvelope } from '../../src/core/protocol/validate.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import type { ExportTarget } from '../../src/core/targets/target-names.js';
import { importEnvelope } from '../../src/core/targets/import.js';
import { createStreamReader } from '../../src/core/targets/streams/stream-reader.js';
import {
  applyStreamUpdate,
  type StreamUpdate,
} from '../../src/core/targets/streams/stream-updates.js';

// Issue 43, OpenAI Chat Completions and OpenAI-compatible Chat APIs: a logged request comes back
// exactly, and what cannot is named by a warning whose path holds the field.

type Body = Record<string, unknown>;

function read(body: Body) {
  const imported = importEnvelope(body, { from: 'openai' });
  assert.deepEqual(imported.errors, []);
  const envelope = imported.envelope!;
  assert.deepEqual(validateEnvelope(envelope).errors, []);
  return { envelope, warnings: imported.warnings.map((w) => `${w.code} ${w.path}`) };
}

function roundTrip(body: Body) {
  const { envelope, warnings } = read(body);
  const out = exportEnvelope(envelope, { target: 'openai' });
  return { envelope, warnings, body: out.body as unknown as Body, exportWarnings: out.warnings };
}

/** Exports an envelope to another target; its warnings' codes. */
const codesFor = (envelope: Envelope, target: ExportTarget) =>
  exportEnvelope(envelope, { target }).warnings.map((w) => w.code);

const segmentsOf = (envelope: Envelope, role: Message['role']): Segment[] =>
  envelope.messages.filter((m) => m.role === role).flatMap((m) => m.segments);

const call = (id: string, name: string, args: string, extra: Body = {}) => ({
  id,
  type: 'function',
  function: { name, arguments: args },
  ...extra,
});

describe('the request fields besides the conversation come back (Envelope.request)', () => {
  const body = {
    model: 'gpt-4o',
    messages: [{ role: 'user', content: 'Hi' }],
    stream: true,
    stream_options: { include_usage: true },
    temperature: 0.2,
    top_p: 0.9,
    n: 2,
    tool_choice: 'none',
    parallel_tool_calls: false,
    response_format: { type: 'json_object' },
    max_tokens: 100,
    max_completion_tokens: 200,
    seed: 7,
    stop: ['\n\n'],
    logprobs: true,
    user: 'u-1',
    reasoning_effort: 'low',
    modalities: ['text', 'audio'],
    audio: { voice: 'alloy', format: 'wav' },
    metadata: { run: '1' },
    store: false,
    service_tier: 'flex',
    web_search_options: {},
  };

  test('kept in order under target openai, and sent back with no warning', () => {
    const back = roundTrip(body);
    const fields = Object.fromEntries(
      Object.entries(body).filter(([key]) => key !== 'model' && key !== 'messages'),
    );
    assert.deepEqual(back.envelope.request, { target: 'openai', fields });
    assert.equal(back.envelope.version, '1.1');
    assert.deepEqual(back.warnings, []);
    assert.deepEqual(back.body, body);
  });

  test('another target leaves them out and says so', () => {
    assert.ok(codesFor(read(body).envelope, 'anthropic').includes('request-fields-not-sent'));
  });

  test('a field named __proto__ stays a field', () => {
    const odd = JSON.parse(
      '{"model":"m","messages":[{"role":"user","content":"x"}],"__proto__":{"a":1}}',
    );
    const back = roundTrip(odd);
    assert.ok(Object.hasOwn(back.envelope.request!.fields!, '__proto__'));
    assert.deepEqual(JSON.parse(JSON.stringify(back.body)), JSON.parse(JSON.stringify(odd)));
  });
});

describe('the legacy functions list is read as tools and written back there', () => {
  const body = {
    model: 'gpt-4',
    messages: [{ role: 'user', content: "What's the weather like in Boston?" }],
    function_call: 'auto',
    functions: [
      {
        name: 'get_current_weather',
        description: 'Get the current weather',
        parameters: { type: 'object', properties: { location: { type: 'string' } } },
      },
      { name: 'now' },
    ],
  };

  test('declaredIn functions; a declaration without description or parameters is kept', () => {
    const back = roundTrip(body);
    const overview = segmentsOf(back.envelope, 'system').find((s) => s.kind === 'tool_overview');
    assert.ok(overview?.kind === 'tool_overview');
    assert.equal(overview.inSystemText, false);
    assert.deepEqual(
      overview.items.map((i) => [i.name, i.declaredIn, i.declaration]),
      [
        ['get_current_weather', 'functions', undefined],
        ['now', 'functions', { name: 'now' }],
      ],
    );
    assert.deepEqual(back.warnings, []);
    assert.deepEqual(back.body, body);
  });

  test('other targets get them as tools', () => {
    const out = exportEnvelope(read(body).envelope, { target: 'anthropic' });
    const tools = (out.body as { tools: { name: string }[] }).tools;
    assert.deepEqual(
      tools.map((t) => t.name),
      ['get_current_weather', 'now'],
    );
  });
});

describe('tool call arguments keep their own text (argumentsText)', () => {
  const body = (args: unknown) => ({
    model: 'gpt-4o',
    messages: [
      { role: 'user', content: 'Weather?' },
      { role: 'assistant', content: null, tool_calls: [call('c1', 'w', args as string)] },
      { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
    ],
  });
  const request = (envelope: Envelope) =>
    segmentsOf(envelope, 'assistant').find((s) => s.kind === 'tool_call_request')!;

  test('spacing and key order come back; compact text is not repeated in the envelope', () => {
    const spaced = roundTrip(body('{"location": "Seattle, WA", "a": 1}'));
    assert.deepEqual(spaced.warnings, []);
    assert.equal(
      (request(spaced.envelope) as { argumentsText?: string }).argumentsText,
      '{"location": "Seattle, WA", "a": 1}',
    );
    assert.deepEqual(spaced.body, body('{"location": "Seattle, WA", "a": 1}'));
    const compact = roundTrip(body('{"a":1}'));
    assert.equal('argumentsText' in request(compact.envelope), false);
    assert.deepEqual(compact.body, body('{"a":1}'));
  });

  test('arguments edited in the envelope are written anew, never hidden by the old text', () => {
    const { envelope } = read(body('{"location": "Seattle"}'));
    const edited = structuredClone(envelope);
    const segment = request(edited);
    assert.ok(segment.kind === 'tool_call_request');
    segment.arguments = { location: 'Paris' };
    const out = exportEnvelope(edited, { target: 'openai' }).body as {
      messages: { tool_calls?: { function: { arguments: string } }[] }[];
    };
    assert.equal(out.messages[1].tool_calls![0].function.arguments, '{"location":"Paris"}');
  });

  test('text that is not a JSON object comes back as it was, with a warning', () => {
    for (const text of ['{"location": "Seatt', '[1, 2]', '']) {
      const back = roundTrip(body(text));
      assert.deepEqual(back.body, body(text), text);
      if (text !== '')
        assert.deepEqual(back.warnings, [
          'arguments-not-object /messages/1/tool_calls/0/function/arguments',
        ]);
    }
  });

  test('arguments given as an object are named: the API takes text', () => {
    const back = roundTrip(body({ location: 'Oslo' }));
    assert.deepEqual(back.warnings, [
      'arguments-not-text /messages/1/tool_calls/0/function/arguments',
    ]);
  });
});

describe("an assistant message's content as it was: none, null, empty; and the SDK's empty fields", () => {
  const calls = [call('c1', 'w', '{}')];
  const conversation = (assistant: Body) => ({
    model: 'gpt-4o',
    messages: [
      { role: 'user', content: 'Weather?' },
      assistant,
      ...(Array.isArray(assistant.tool_calls) && assistant.tool_calls.length > 0
        ? [{ role: 'tool', tool_call_id: 'c1', content: 'sunny' }]
        : []),
    ],
  });

  const cases: [string, Body, Partial<Message>][] = [
    [
      'no content key beside calls',
      { role: 'assistant', tool_calls: calls },
      { contentForm: 'none' },
    ],
    [
      'content null beside calls (the default)',
      { role: 'assistant', content: null, tool_calls: calls },
      {},
    ],
    ['empty content beside calls', { role: 'assistant', content: '', tool_calls: calls }, {}],
    ['no content and no calls', { role: 'assistant' }, { contentForm: 'none' }],
    [
      // What the Python SDK sends when a response message is appended to the history.
      'a response message sent back by an SDK',
      {
        role: 'assistant',
        content: null,
        refusal: null,
        annotations: [],
        audio: null,
        function_call: null,
        tool_calls: calls,
      },
      { emptyFields: { refusal: null, annotations: [], audio: null, function_call: null } },
    ],
    [
      'text with an empty refusal and annotations',
      { content: '나무', refusal: null, role: 'assistant', annotations: [] },
      { emptyFields: { refusal: null, annotations: [] } },
    ],
    [
      'an empty list of calls',
      { role: 'assistant', content: 'Hi', tool_calls: [] },
      { emptyFields: { tool_calls: [] } },
    ],
  ];
  for (const [name, assistant, kept] of cases) {
    test(name, () => {
      const back = roundTrip(conversation(assistant));
      const message = back.envelope.messages.find((m) => m.role === 'assistant')!;
      for (const [key, value] of Object.entries(kept))
        assert.deepEqual(message[key as keyof Message], value, key);
      assert.deepEqual(back.warnings, []);
      assert.deepEqual(back.body, conversation(assistant));
    });
  }

  test('content null without calls is named: it comes back as empty text', () => {
    const back = roundTrip(conversation({ role: 'assistant', content: null }));
    assert.deepEqual(back.warnings, ['content-null /messages/1/content']);
  });

  test('a refusal is shown as the text, named on the message (content and refusal both differ)', () => {
    const back = roundTrip(
      conversation({ role: 'assistant', content: null, refusal: "I can't help with that." }),
    );
    assert.deepEqual(back.warnings, ['refusal /messages/1']);
    assert.deepEqual(segmentsOf(back.envelope, 'assistant'), [
      { kind: 'text', content: "I can't help with that." },
    ]);
  });

  test("URL citations are the text's citations and come back as annotations", () => {
    const annotations = [
      {
        type: 'url_citation',
        url_citation: { start_index: 0, end_index: 5, url: 'https://x.test', title: 'X' },
      },
    ];
    const assistant = { role: 'assistant', content: 'Paris', annotations };
    const back = roundTrip(conversation(assistant));
    assert.deepEqual(segmentsOf(back.envelope, 'assistant'), [
      { kind: 'text', content: 'Paris', citations: annotations },
    ]);
    assert.deepEqual(back.warnings, []);
    assert.deepEqual(back.body, conversation(assistant));
  });

  test('citations of another API are left out of a Chat body, and named', () => {
    const envelope: Envelope = {
      version: '1.1',
      model: 'gpt-4o',
      messages: [
        { id: 'u', role: 'user', timestamp: 0, segments: [{ kind: 'text', content: 'Q' }] },
        {
          id: 'a',
          role: 'assistant',
          timestamp: 1,
          segments: [
            {
              kind: 'text',
              content: 'A',
              citations: [{ type: 'char_location', cited_text: 'A', document_index: 0 }],
            },
          ],
        },
      ],
    };
    const out = exportEnvelope(envelope, { target: 'openai' });
    assert.deepEqual((out.body as { messages: Body[] }).messages[1], {
      role: 'assistant',
      content: 'A',
    });
    assert.deepEqual(
      out.warnings.map((w) => w.code),
      ['citations-omitted'],
    );
  });

  test('a non-empty field the protocol has no place for is named by its path', () => {
    const back = roundTrip(
      conversation({
        role: 'assistant',
        content: 'Hi',
        audio: { id: 'audio_1' },
        reasoning_details: [{ type: 'reasoning.text', text: 'x' }],
      }),
    );
    assert.deepEqual(back.warnings, [
      'field-not-kept /messages/1/audio',
      'field-not-kept /messages/1/reasoning_details',
    ]);
  });
});

describe('tools declared only in tools, with strict and other declaration fields', () => {
  const tool = (fn: Body, extra: Body = {}) => ({ type: 'function', function: fn, ...extra });
  const weather = {
    name: 'weather',
    description: 'Weather for a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  };
  const body = (tools: unknown[], system = 'Be brief.') => ({
    model: 'gpt-4o',
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: 'Hi' },
    ],
    tools,
  });

  test('no listing is added to the system text', () => {
    const back = roundTrip(body([tool(weather)]));
    assert.deepEqual(back.warnings, []);
    assert.deepEqual(back.body, body([tool(weather)]));
    // Also with no system message at all.
    const bare = {
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [tool(weather)],
    };
    assert.deepEqual(roundTrip(bare).body, bare);
  });

  test('strict, a missing description or parameters, and extra fields come back', () => {
    const tools = [
      tool({ ...weather, strict: true }),
      tool({ name: 'now' }),
      tool({ name: 'ping', description: '', parameters: { type: 'object' } }, { cache: 'x' }),
    ];
    const back = roundTrip(body(tools));
    assert.deepEqual(back.warnings, []);
    assert.deepEqual(back.body, body(tools));
    const items = segmentsOf(back.envelope, 'system').flatMap((s) =>
      s.kind === 'tool_overview' ? s.items : [],
    );
    assert.deepEqual(
      items.map((i) => i.declaration),
      tools,
    );
  });

  test('a declaration that no longer agrees with the edited tool is written anew', () => {
    const { envelope } = read(body([tool({ ...weather, strict: true })]));
    const edited = structuredClone(envelope);
    for (const s of edited.messages[0].segments)
      if (s.kind === 'tool_overview') s.items[0].description = 'Forecast';
    const out = exportEnvelope(edited, { target: 'openai' }).body as { tools: unknown[] };
    assert.deepEqual(out.tools, [tool({ ...weather, description: 'Forecast' })]);
  });

  test('a tool of another type is named, and sent back as declared', () => {
    const custom = { type: 'custom', custom: { name: 'sh', description: 'Run a command' } };
    const back = roundTrip(body([custom]));
    assert.deepEqual(back.warnings, ['tool-not-function /tools/0/type']);
    assert.deepEqual(back.body, body([custom]));
  });

  test('a provider-run tool of another API is left out of a Chat body, and named', () => {
    const envelope: Envelope = {
      version: '1.1',
      model: 'gpt-4o',
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
    const out = exportEnvelope(envelope, { target: 'openai' });
    assert.equal(out.body!.tools, undefined);
    assert.deepEqual(
      out.warnings.map((w) => w.code),
      ['provider-tool-omitted'],
    );
  });
});

describe('reasoning of OpenAI-compatible APIs in history: thinking segments that go back in their field', () => {
  const body = {
    model: 'deepseek-reasoner',
    messages: [
      { role: 'user', content: '9.11 or 9.8?' },
      { role: 'assistant', content: '9.8', reasoning_content: 'Compare the decimals.' },
      { role: 'user', content: 'Weather in Hangzhou?' },
      {
        role: 'assistant',
        reasoning: 'I should call the tool.',
        content: null,
        tool_calls: [call('c1', 'weather', '{"city": "Hangzhou"}')],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'Cloudy' },
    ],
  };

  test('before the text, with the field; the body comes back', () => {
    const back = roundTrip(body);
    const assistants = back.envelope.messages.filter((m) => m.role === 'assistant');
    assert.deepEqual(assistants[0].segments, [
      {
        kind: 'thinking',
        content: 'Compare the decimals.',
        collapsed: true,
        field: 'reasoning_content',
      },
      { kind: 'text', content: '9.8' },
    ]);
    assert.deepEqual(assistants[1].segments[0], {
      kind: 'thinking',
      content: 'I should call the tool.',
      collapsed: true,
      field: 'reasoning',
    });
    assert.deepEqual(back.warnings, []);
    assert.deepEqual(back.exportWarnings, []);
    assert.deepEqual(back.body, body);
  });

  test("other targets leave it out with the pipeline's warning", () => {
    for (const target of ['anthropic', 'gemini', 'openai-responses'] as const)
      assert.ok(codesFor(read(body).envelope, target).includes('thinking-omitted'), target);
  });

  test("thinking without a Chat field (another API's) is left out of a Chat body, and named", () => {
    const envelope: Envelope = {
      version: '1.1',
      model: 'gpt-4o',
      messages: [
        { id: 'u', role: 'user', timestamp: 0, segments: [{ kind: 'text', content: 'Q' }] },
        {
          id: 'a',
          role: 'assistant',
          timestamp: 1,
          segments: [
            { kind: 'thinking', content: 'Hmm', collapsed: true, signature: 'c2ln' },
            { kind: 'text', content: 'A' },
          ],
        },
      ],
    };
    const out = exportEnvelope(envelope, { target: 'openai' });
    assert.deepEqual((out.body as { messages: Body[] }).messages[1], {
      role: 'assistant',
      content: 'A',
    });
    assert.deepEqual(
      out.warnings.map((w) => w.code),
      ['thinking-omitted'],
    );
  });

  test('a response with reasoning_content becomes the last turn with its thinking', () => {
    const imported = importEnvelope({
      request: { model: 'deepseek-reasoner', messages: [{ role: 'user', content: 'Hi' }] },
      response: {
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            message: { role: 'assistant', content: 'Hello!', reasoning_content: 'Greet back.' },
          },
        ],
      },
    });
    assert.deepEqual(imported.envelope!.messages.at(-1)!.segments, [
      { kind: 'thinking', content: 'Greet back.', collapsed: true, field: 'reasoning_content' },
      { kind: 'text', content: 'Hello!' },
    ]);
  });
});

describe('forms other clients send (pydantic-ai cassettes of OpenAI-compatible APIs)', () => {
  test("Hugging Face's client: name and tool_calls null on every message, an empty tools list", () => {
    const body = {
      messages: [
        { content: 'You are a helpful assistant.', name: null, role: 'system', tool_calls: null },
        { content: 'What is the capital of France?', name: null, role: 'user', tool_calls: null },
      ],
      model: 'deepseek-ai/DeepSeek-R1',
      stream: false,
      tools: [],
    };
    const back = roundTrip(body);
    assert.deepEqual(back.warnings, []);
    assert.deepEqual(back.body, body);
  });

  test('Mistral: an empty content list beside calls; its prefix and call index are named', () => {
    const body = {
      model: 'mistral-large-latest',
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: [],
          prefix: false,
          tool_calls: [{ ...call('K1', 'get_weather', '{"city": "Paris"}'), index: 0 }],
        },
        { role: 'tool', tool_call_id: 'K1', content: 'Sunny' },
      ],
    };
    const back = roundTrip(body);
    assert.deepEqual(back.warnings, [
      'field-not-kept /messages/1/prefix',
      'field-not-kept /messages/1/tool_calls/0/index',
    ]);
    const messages = back.body.messages as Body[];
    assert.deepEqual(messages[1].content, []);
  });

  test('a second leading system message is merged and named; the tools are declared once', () => {
    const body = {
      model: 'deepseek-reasoner',
      messages: [
        { role: 'system', content: 'Play dice.' },
        { role: 'system', content: 'Capabilities are deferred.' },
        { role: 'user', content: 'My guess is 4' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'roll',
            description: 'Roll',
            parameters: { type: 'object' },
            strict: true,
          },
        },
      ],
    };
    const back = roundTrip(body);
    assert.deepEqual(back.warnings, ['system-merged /messages/1']);
    assert.deepEqual(back.body.tools, body.tools);
  });

  test('a system message to an o-series model is named: the export sends developer', () => {
    const back = roundTrip({
      model: 'o3-mini',
      messages: [{ role: 'system', content: 'Be a potato.' }],
    });
    assert.deepEqual(back.warnings, ['system-role-changed /messages/0/role']);
  });

  test("reasoning fields make a body OpenAI's, even beside Z.ai's thinking setting", () => {
    const body = {
      model: 'glm-4.7',
      thinking: { type: 'enabled', clear_thinking: false },
      messages: [
        { role: 'user', content: '17 * 19?' },
        { role: 'assistant', content: '323', reasoning_content: 'Difference of squares.' },
        { role: 'user', content: 'Times 2.' },
      ],
    };
    const imported = importEnvelope(body);
    assert.equal(imported.source, 'openai');
    assert.deepEqual(exportEnvelope(imported.envelope!, { target: 'openai' }).body, body);
  });
});

test('image detail, several text parts and names come back together', () => {
  const body = {
    model: 'gpt-4.1',
    messages: [
      { role: 'developer', content: 'Be terse.', name: 'ops' },
      {
        role: 'user',
        name: 'maya',
        content: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
          { type: 'image_url', image_url: { url: 'https://x.test/a.png', detail: 'high' } },
          { type: 'image_url', image_url: { url: 'https://x.test/b.png' } },
        ],
      },
      {
        role: 'assistant',
        name: 'bot',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      },
    ],
  };
  const back = roundTrip(body);
  assert.deepEqual(back.warnings, []);
  assert.deepEqual(back.body, body);
});

test('a role named like an Object method is an unknown role with a warning, not a throw', () => {
  // Shared detection code is hardened on another branch; this reader must not throw either.
  for (const role of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
    const result = importEnvelope({
      model: 'gpt-4o',
      messages: [
        { role: 'user', content: 'Hi' },
        { role, content: 'x' },
      ],
    });
    assert.deepEqual(result.errors, [], role);
    assert.ok(
      result.warnings.some((w) => w.code === 'role-unknown' && w.path === '/messages/1'),
      role,
    );
  }
});

describe('Chat streams of OpenAI-compatible APIs', () => {
  const chunk = (delta: Body, finish: string | null = null, extra: Body = {}) => ({
    object: 'chat.completion.chunk',
    model: 'deepseek-reasoner',
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  });
  function stream(events: unknown[]) {
    const reader = createStreamReader({ messageId: 'a1', timestamp: 0 });
    const updates: StreamUpdate[] = events.flatMap((e) => reader.read(e));
    updates.push(...reader.end());
    const end = updates.at(-1) as Extract<StreamUpdate, { type: 'end' }>;
    let applied: Message | undefined;
    for (const u of updates)
      applied = u.type === 'append' ? u.message : applyStreamUpdate(applied!, u);
    const message = reader.message();
    // A host that applies every update has the reader's message.
    assert.deepEqual(applied, message);
    return { message, end, warnings: end.warnings.map((w) => w.code) };
  }

  test('reasoning deltas become a thinking segment before the text, with their field', () => {
    const out = stream([
      chunk({ role: 'assistant', content: null, reasoning_content: '' }),
      chunk({ content: null, reasoning_content: 'Think' }),
      chunk({ content: null, reasoning_content: 'ing.' }),
      chunk({ content: 'Answer', reasoning_content: null }),
      chunk({ content: '' }, 'stop'),
    ]);
    assert.deepEqual(out.message.segments, [
      { kind: 'thinking', content: 'Thinking.', collapsed: true, field: 'reasoning_content' },
      { kind: 'text', content: 'Answer' },
    ]);
    assert.deepEqual(out.warnings, []);
    // The export sends it back where it came from.
    const envelope: Envelope = {
      version: '1.1',
      model: 'deepseek-reasoner',
      messages: [
        { id: 'u', role: 'user', timestamp: 0, segments: [{ kind: 'text', content: 'Q' }] },
        out.message,
      ],
    };
    assert.deepEqual(
      (exportEnvelope(envelope, { target: 'openai' }).body as unknown as { messages: Body[] })
        .messages[1],
      {
        role: 'assistant',
        content: 'Answer',
        reasoning_content: 'Thinking.',
      },
    );
  });

  test('reasoning and reasoning_content with the same text are read once', () => {
    const out = stream([
      chunk({ reasoning: 'Hm', reasoning_content: 'Hm' }),
      chunk({ content: 'Ok' }, 'stop'),
    ]);
    assert.deepEqual(
      out.message.segments.map((s) => s.kind),
      ['thinking', 'text'],
    );
  });

  test('thinking alone, then calls: no empty text is left, no no-content warning', () => {
    const out = stream([
      chunk({ reasoning: 'Call it.' }),
      chunk({
        tool_calls: [
          { index: 0, id: 'c1', type: 'function', function: { name: 'w', arguments: '{}' } },
        ],
      }),
      chunk({}, 'tool_calls'),
    ]);
    assert.deepEqual(
      out.message.segments.map((s) => s.kind),
      ['thinking', 'tool_call_request'],
    );
    assert.deepEqual(out.warnings, []);
  });

  const reasons: [string, string, string[]][] = [
    ['error', 'error', ['stream-error']],
    ['insufficient_system_resource', 'error', ['stream-error']],
    ['model_length', 'length', ['length']],
    ['eos', 'stop', []],
    ['tool_use', 'stop', ['finish-reason-unknown']],
  ];
  for (const [finish, reason, warnings] of reasons)
    test(`finish reason ${finish} ends as ${reason}`, () => {
      const out = stream([chunk({ content: 'Hi' }), chunk({}, finish)]);
      assert.equal(out.end.reason, reason);
      assert.equal(out.end.stopReason, finish);
      assert.deepEqual(out.warnings, warnings);
    });

  test('a whole call with an id and no index (Mistral) is read', () => {
    const out = stream([
      chunk({
        tool_calls: [{ id: 'gSIM', function: { name: 'weather', arguments: '{"city": "SF"}' } }],
      }),
      chunk(
        { tool_calls: [{ id: 'hTJN', function: { name: 'time', arguments: '{}' } }] },
        'tool_calls',
      ),
    ]);
    assert.deepEqual(
      out.message.segments.map((s) =>
        s.kind === 'tool_call_request' ? [s.toolName, s.arguments] : s.kind,
      ),
      [
        ['weather', { city: 'SF' }],
        ['time', {}],
      ],
    );
    assert.deepEqual(out.warnings, []);
  });

  test('OpenRouter: empty reasoning_details say nothing; filled ones (a signature) are named', () => {
    const quiet = stream([
      chunk({ content: '', reasoning: 'Two', reasoning_details: [] }),
      chunk({ content: '4', reasoning: null, reasoning_details: [] }, 'stop'),
    ]);
    assert.deepEqual(quiet.warnings, []);
    const signed = stream([
      chunk({
        reasoning: 'Two',
        reasoning_details: [{ type: 'reasoning.text', text: 'Two', signature: 'c2ln', index: 0 }],
      }),
      chunk({ content: '4' }, 'stop'),
    ]);
    assert.deepEqual(signed.warnings, ['item-omitted']);
    assert.equal(signed.message.segments[0].kind, 'thinking');
  });

  test("Groq's executed_tools (its own search) are named", () => {
    const out = stream([
      chunk({ executed_tools: [{ index: 0, type: 'search', arguments: '{}', output: 'x' }] }),
      chunk({ content: 'Sunny.' }, 'stop'),
    ]);
    assert.deepEqual(out.warnings, ['item-omitted']);
  });

  test('an error chunk after the finish keeps its usage and is named (OpenRouter)', () => {
    const reader = createStreamReader({ messageId: 'a1', timestamp: 0 });
    for (const event of [
      chunk({ reasoning: 'We need' }, 'length'),
      {
        error: { code: 400, message: 'Token limit reached' },
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: { content: '' }, finish_reason: null }],
        usage: { prompt_tokens: 43, completion_tokens: 10, total_tokens: 53 },
      },
    ])
      reader.read(event);
    reader.end();
    assert.deepEqual(reader.usage, { prompt_tokens: 43, completion_tokens: 10, total_tokens: 53 });
    assert.deepEqual(
      reader.warnings.map((w) => w.code),
      ['length', 'stream-error'],
    );
  });

  test('what the protocol cannot show is named: citations, annotations, audio, other parts', () => {
    const out = stream([
      chunk({ content: 'SF has 800k people.' }, null, { citations: ['https://x.test'] }),
      chunk({ annotations: [{ type: 'url_citation', url_citation: { url: 'https://x.test' } }] }),
      chunk({ audio: { id: 'a', transcript: 'Hi' } }),
      chunk({ content: [{ type: 'reference', reference_ids: [1] }] }),
      chunk({}, 'stop'),
    ]);
    assert.deepEqual(out.warnings, [
      'item-omitted',
      'item-omitted',
      'item-omitted',
      'item-omitted',
    ]);
    assert.deepEqual(
      out.end.warnings.map((w) => w.message.split(' was left out')[0]),
      [
        "The provider's citations (Perplexity)",
        'The annotations (URL citations) of the text',
        'The audio answer',
        'A content part of type reference',
      ],
    );
  });
});
