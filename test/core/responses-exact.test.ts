import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Envelope, Message, Segment } from '../../src/core/protocol/types.js';
import { validateEnvelope } from '../../src/core/protocol/validate.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { importEnvelope } from '../../src/core/targets/import.js';

// Issue 43: an OpenAI Responses request comes back exactly as it was sent, and what cannot come
// back is named by a warning whose path holds it.

type Body = Record<string, unknown>;

function roundTrip(body: Body) {
  const read = importEnvelope(body, { from: 'openai-responses' });
  assert.deepEqual(read.errors, []);
  assert.ok(read.envelope);
  assert.deepEqual(validateEnvelope(read.envelope).errors, []);
  const out = exportEnvelope(read.envelope, { target: 'openai-responses' });
  return { envelope: read.envelope, warnings: read.warnings, body: out.body, exported: out };
}

const codes = (warnings: { code: string; path?: string }[]) =>
  warnings.map((w) => (w.path === undefined ? w.code : `${w.code} ${w.path}`));

const segmentsOf = (envelope: Envelope, role: Message['role']) =>
  envelope.messages.filter((m) => m.role === role).flatMap((m) => m.segments);

const user = (text: string) => ({ role: 'user', content: text });

/** Bodies that must come back identical, with no import warning. */
const EXACT: [string, Body][] = [
  [
    'every request setting',
    {
      model: 'gpt-5',
      input: [user('Hi')],
      stream: true,
      temperature: 0.3,
      top_p: 0.9,
      tool_choice: { type: 'function', name: 'f' },
      text: {
        format: { type: 'json_schema', name: 'P', schema: { type: 'object' }, strict: true },
      },
      reasoning: { effort: 'high', summary: 'auto' },
      max_output_tokens: 200,
      store: false,
      include: ['reasoning.encrypted_content'],
      parallel_tool_calls: false,
      truncation: 'auto',
      metadata: { run: '7' },
      user: 'u-1',
      service_tier: 'flex',
      tools: [{ type: 'function', name: 'f', description: 'F', parameters: {}, strict: false }],
    },
  ],
  ['input as one string', { model: 'gpt-4.1', instructions: 'Be brief.', input: 'Hello' }],
  ['tools: [] kept', { model: 'gpt-4.1', input: 'Hi', tools: [] }],
  [
    'message items with and without type, string and list content',
    {
      model: 'gpt-4.1',
      input: [
        { type: 'message', role: 'user', content: 'a' },
        { role: 'user', content: [{ type: 'input_text', text: 'b' }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'c' }] },
        { type: 'message', role: 'assistant', content: 'd' },
        user('e'),
      ],
    },
  ],
  [
    'assistant items: output form with id, status and annotations; client form without',
    {
      model: 'gpt-4.1',
      input: [
        user('Where?'),
        {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          status: 'completed',
          content: [
            {
              type: 'output_text',
              text: 'Oslo [1].',
              annotations: [
                {
                  type: 'url_citation',
                  url: 'https://a.example',
                  title: 'A',
                  start_index: 5,
                  end_index: 8,
                },
              ],
            },
          ],
        },
        user('And?'),
        { role: 'assistant', content: [{ type: 'output_text', text: 'Bergen.' }] },
        user('More?'),
        {
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'No.', annotations: [] }],
        },
        user('Sure?'),
        {
          role: 'assistant',
          id: 'msg_9',
          status: 'incomplete',
          content: [{ type: 'output_text', text: 'Ye', annotations: [] }],
        },
        user('Ok'),
      ],
    },
  ],
  [
    'a leading system item instead of instructions',
    {
      model: 'gpt-4.1',
      input: [{ role: 'developer', content: 'Be brief.' }, user('Hi')],
    },
  ],
  [
    'a leading system item of type message with a part',
    {
      model: 'gpt-4.1',
      input: [
        { type: 'message', role: 'system', content: [{ type: 'input_text', text: 'Sys' }] },
        user('Hi'),
      ],
    },
  ],
  [
    'function calls with item ids, status, the arguments text as written, and list outputs',
    {
      model: 'gpt-4.1',
      input: [
        user('Weather?'),
        {
          type: 'function_call',
          id: 'fc_1',
          status: 'completed',
          call_id: 'call_a',
          name: 'weather',
          arguments: '{ "city": "Oslo" }',
        },
        {
          type: 'function_call_output',
          id: 'fco_1',
          status: 'completed',
          call_id: 'call_a',
          output: [
            { type: 'input_text', text: 'Sunny' },
            { type: 'input_image', image_url: 'https://a.example/s.png' },
          ],
        },
        { type: 'function_call', call_id: 'call_b', name: 'weather', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_b', output: 'Error: bad' },
      ],
      tools: [
        {
          type: 'function',
          name: 'weather',
          description: 'Weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } } },
        },
      ],
    },
  ],
  [
    'function tools with strict true, none, null parameters and other fields; built-in tools',
    {
      model: 'gpt-4.1',
      input: 'Hi',
      tools: [
        {
          type: 'function',
          name: 'a',
          parameters: { type: 'object', properties: {} },
          strict: true,
        },
        { type: 'function', name: 'b', description: 'B', parameters: null, strict: null },
        { type: 'function', name: 'c', defer_loading: true, parameters: { type: 'object' } },
        { type: 'web_search', search_context_size: 'low', user_location: { type: 'approximate' } },
        { type: 'web_search_preview' },
        { type: 'file_search', vector_store_ids: ['vs_1'] },
        { type: 'code_interpreter', container: { type: 'auto' } },
        {
          type: 'computer_use_preview',
          display_width: 1024,
          display_height: 768,
          environment: 'browser',
        },
        { type: 'image_generation', quality: 'low' },
        {
          type: 'mcp',
          server_label: 'deepwiki',
          server_url: 'https://mcp.example',
          require_approval: 'never',
        },
        { type: 'local_shell' },
        { type: 'custom', name: 'grammar', description: 'G', format: { type: 'text' } },
      ],
    },
  ],
  [
    'reasoning items in their places, byte for byte',
    {
      model: 'gpt-5',
      input: [
        user('Count'),
        {
          id: 'rs_1',
          type: 'reasoning',
          summary: [
            { type: 'summary_text', text: '**Counting**' },
            { type: 'summary_text', text: 'Two parts.' },
          ],
          encrypted_content: 'gAAAAB==opaque/+',
        },
        { type: 'function_call', call_id: 'c1', name: 'count', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c1', output: '3' },
        { id: 'rs_2', type: 'reasoning', summary: [], content: [], encrypted_content: null },
        {
          id: 'rs_3',
          type: 'reasoning',
          summary: [],
          content: [{ type: 'reasoning_text', text: 'It is 3.' }],
          status: 'completed',
        },
        {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: 'Three.', annotations: [] }],
        },
        user('Thanks'),
      ],
      tools: [{ type: 'function', name: 'count', description: '', parameters: {}, strict: false }],
    },
  ],
  [
    'built-in calls and their result items',
    {
      model: 'gpt-5',
      input: [
        user('Look it up'),
        {
          id: 'ws_1',
          type: 'web_search_call',
          status: 'completed',
          action: {
            type: 'search',
            query: 'oslo weather',
            sources: [{ type: 'url', url: 'https://yr.example' }],
          },
        },
        {
          id: 'fs_1',
          type: 'file_search_call',
          status: 'completed',
          queries: ['manual'],
          results: [{ file_id: 'f1', filename: 'm.pdf', score: 0.9, text: 'Page 1' }],
        },
        {
          id: 'ci_1',
          type: 'code_interpreter_call',
          status: 'completed',
          code: 'print(1+1)',
          container_id: 'cntr_1',
          outputs: [{ type: 'logs', logs: '2\n' }],
        },
        {
          id: 'ig_1',
          type: 'image_generation_call',
          status: 'completed',
          result: 'iVBORw0KGgo=',
        },
        {
          id: 'mcpl_1',
          type: 'mcp_list_tools',
          server_label: 'deepwiki',
          tools: [{ name: 'ask', input_schema: { type: 'object' } }],
        },
        {
          id: 'mcp_1',
          type: 'mcp_call',
          server_label: 'deepwiki',
          name: 'ask',
          arguments: '{"q":"x"}',
          output: 'answer',
          error: null,
        },
        {
          id: 'mcpr_1',
          type: 'mcp_approval_request',
          server_label: 'deepwiki',
          name: 'ask',
          arguments: '{"q":"y"}',
        },
        { type: 'mcp_approval_response', approval_request_id: 'mcpr_1', approve: true },
        {
          id: 'cu_1',
          type: 'computer_call',
          call_id: 'call_cu',
          status: 'completed',
          action: { type: 'click', x: 1, y: 2, button: 'left' },
          pending_safety_checks: [],
        },
        {
          type: 'computer_call_output',
          call_id: 'call_cu',
          output: { type: 'computer_screenshot', image_url: 'data:image/png;base64,AA==' },
        },
        {
          id: 'ls_1',
          type: 'local_shell_call',
          call_id: 'call_ls',
          status: 'completed',
          action: { type: 'exec', command: ['ls'], env: {} },
        },
        { type: 'local_shell_call_output', id: 'call_ls', output: 'a.txt' },
        {
          type: 'message',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: 'Done.', annotations: [] }],
        },
      ],
    },
  ],
];

describe('Responses bodies come back exactly', () => {
  for (const [name, body] of EXACT) {
    test(name, () => {
      const { body: back, warnings, exported } = roundTrip(body);
      assert.deepEqual(codes(warnings), []);
      assert.deepEqual(back, body);
      assert.deepEqual(
        exported.warnings.filter((w) => w.code !== 'model-missing').map((w) => w.code),
        [],
      );
    });
  }
});

describe('what the envelope keeps of a Responses body', () => {
  test('settings in request.fields, the input form, never the conversation or stored context', () => {
    const { envelope, warnings, body } = roundTrip({
      model: 'gpt-5',
      input: 'Hi',
      previous_response_id: 'resp_1',
      conversation: { id: 'conv_1' },
      temperature: 1,
    });
    assert.deepEqual(envelope.request, {
      target: 'openai-responses',
      fields: { temperature: 1 },
      inputForm: 'text',
    });
    assert.deepEqual(codes(warnings), [
      'stored-context-not-kept /previous_response_id',
      'stored-context-not-kept /conversation',
    ]);
    assert.deepEqual(body, { model: 'gpt-5', input: 'Hi', temperature: 1 });
  });

  test('a string input that is no longer one user text is sent as items, with a warning', () => {
    const { envelope } = roundTrip({ model: 'gpt-5', input: 'Hi' });
    envelope.messages.push({
      id: 'a',
      role: 'assistant',
      timestamp: 5000,
      segments: [{ kind: 'text', content: 'Hello' }],
    });
    const out = exportEnvelope(envelope, { target: 'openai-responses' });
    assert.ok(Array.isArray((out.body as { input: unknown }).input));
    assert.ok(out.warnings.some((w) => w.code === 'input-form-not-kept'));
  });

  test('annotations are the text citations, verbatim; logprobs are named', () => {
    const annotation = { type: 'file_citation', file_id: 'f', filename: 'a.pdf', index: 3 };
    const { envelope, warnings } = roundTrip({
      model: 'gpt-4.1',
      input: [
        user('Q'),
        {
          type: 'message',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: 'A', annotations: [annotation], logprobs: [] }],
        },
      ],
    });
    assert.deepEqual(segmentsOf(envelope, 'assistant'), [
      { kind: 'text', content: 'A', citations: [annotation] },
    ]);
    assert.deepEqual(codes(warnings), ['field-not-kept /input/1/content/0/logprobs']);
  });

  test('a function call keeps its arguments text and item id; a list output is structured', () => {
    const { envelope } = roundTrip(EXACT.find(([n]) => n.startsWith('function calls'))![1]);
    const [call] = segmentsOf(envelope, 'assistant');
    assert.deepEqual(call, {
      kind: 'tool_call_request',
      toolName: 'weather',
      arguments: { city: 'Oslo' },
      collapsed: false,
      callId: 'call_a',
      argumentsText: '{ "city": "Oslo" }',
      itemId: 'fc_1',
      itemStatus: 'completed',
    });
    const [result] = segmentsOf(envelope, 'tool');
    assert.equal(result?.kind === 'tool_call_result' && result.result, 'Sunny');
    assert.ok(result?.kind === 'tool_call_result' && Array.isArray(result.structured));
  });

  test('arguments that are not a JSON object come back as written', () => {
    const { warnings, body } = roundTrip({
      model: 'gpt-4.1',
      input: [
        user('Q'),
        { type: 'function_call', call_id: 'c', name: 'f', arguments: 'not json' },
        { type: 'function_call_output', call_id: 'c', output: 'ok' },
      ],
    });
    assert.deepEqual(codes(warnings), ['arguments-not-object /input/1/arguments']);
    assert.equal((body as { input: { arguments?: string }[] }).input[1]?.arguments, 'not json');
  });

  test('tools: function declarations kept when not as exports write them, built-ins verbatim', () => {
    const { envelope } = roundTrip(EXACT.find(([n]) => n.startsWith('function tools'))![1]);
    const overview = segmentsOf(envelope, 'system').find((s) => s.kind === 'tool_overview');
    assert.ok(overview?.kind === 'tool_overview');
    assert.equal(overview.inSystemText, false);
    const byName = Object.fromEntries(overview.items.map((i) => [i.name, i]));
    assert.deepEqual(byName.a?.declaration?.strict, true);
    assert.equal(byName.a?.runBy, undefined);
    assert.deepEqual(byName.deepwiki?.runBy, 'provider');
    assert.deepEqual(byName.web_search?.declaration, {
      type: 'web_search',
      search_context_size: 'low',
      user_location: { type: 'approximate' },
    });
    assert.equal(byName.grammar?.runBy, undefined);
  });

  test('reasoning items are thinking segments: id, summary, content, encrypted content', () => {
    const { envelope } = roundTrip(EXACT.find(([n]) => n.startsWith('reasoning'))![1]);
    const thinking = segmentsOf(envelope, 'assistant').filter((s) => s.kind === 'thinking');
    assert.deepEqual(thinking, [
      {
        kind: 'thinking',
        content: '',
        collapsed: true,
        itemId: 'rs_1',
        summary: ['**Counting**', 'Two parts.'],
        encryptedContent: 'gAAAAB==opaque/+',
      },
      {
        kind: 'thinking',
        content: '',
        collapsed: true,
        itemId: 'rs_2',
        summary: [],
        itemEmpty: ['content', 'encrypted_content'],
      },
      {
        kind: 'thinking',
        content: 'It is 3.',
        collapsed: true,
        itemId: 'rs_3',
        summary: [],
        itemStatus: 'completed',
      },
    ]);
    // The thinking after the call's result is the next turn's, with the answer.
    const assistants = envelope.messages.filter((m) => m.role === 'assistant');
    assert.deepEqual(
      assistants.map((m) => m.segments.map((s) => s.kind)),
      [
        ['thinking', 'tool_call_request'],
        ['thinking', 'thinking', 'text'],
      ],
    );
    assert.equal(assistants[1]?.itemId, 'msg_1');
  });

  test('built-in calls hold their item, with the readable part as arguments and the output as a result', () => {
    const { envelope } = roundTrip(EXACT.find(([n]) => n.startsWith('built-in'))![1]);
    const segments = segmentsOf(envelope, 'assistant');
    const brief = segments.map((s: Segment) =>
      s.kind === 'tool_call_request'
        ? `call ${s.toolName}${s.server ? `@${s.server}` : ''} ${JSON.stringify(s.arguments)}`
        : s.kind === 'tool_call_result'
          ? `result ${s.toolName} ${s.item ? 'item' : 'derived'}: ${s.result}`
          : `${s.kind}`,
    );
    assert.deepEqual(brief, [
      'call web_search {"type":"search","query":"oslo weather"}',
      'result web_search derived: https://yr.example',
      'call file_search {"queries":["manual"]}',
      'result file_search derived: m.pdf: Page 1',
      'call code_interpreter {"code":"print(1+1)"}',
      'result code_interpreter derived: 2\n',
      'call image_generation {}',
      'call mcp_list_tools@deepwiki {}',
      'result mcp_list_tools derived: ask',
      'call ask@deepwiki {"q":"x"}',
      'result ask derived: answer',
      'call ask@deepwiki {"q":"y"}',
      'result mcp_approval item: approved',
      'call computer_use_preview {"type":"click","x":1,"y":2,"button":"left"}',
      'result computer_use_preview item: {"type":"computer_screenshot","image_url":"data:image/png;base64,AA=="}',
      'call local_shell {"type":"exec","command":["ls"],"env":{}}',
      'result local_shell item: a.txt',
      'text',
    ]);
    for (const s of segments)
      if (s.kind !== 'text') assert.equal((s as { runBy?: string }).runBy, 'provider');
  });

  test('only Responses bodies carry them: other targets name what they leave out', () => {
    const { envelope } = roundTrip(EXACT.find(([n]) => n.startsWith('reasoning'))![1]);
    const chat = exportEnvelope(envelope, { target: 'openai' });
    assert.ok(chat.warnings.some((w) => w.code === 'thinking-omitted'));
    const built = roundTrip(EXACT.find(([n]) => n.startsWith('built-in'))![1]).envelope;
    const anthropic = exportEnvelope(built, { target: 'anthropic' });
    assert.ok(anthropic.warnings.some((w) => w.code === 'provider-tool-omitted'));
  });

  test('thinking that did not come from the Responses API is not sent to it', () => {
    const envelope: Envelope = {
      version: '1.1',
      model: 'gpt-5',
      messages: [
        { id: 'u', role: 'user', timestamp: 0, segments: [{ kind: 'text', content: 'Hi' }] },
        {
          id: 'a',
          role: 'assistant',
          timestamp: 1,
          segments: [
            { kind: 'thinking', content: 'Hm.', collapsed: true, signature: 'sig' },
            { kind: 'text', content: 'Hello' },
          ],
        },
      ],
    };
    const out = exportEnvelope(envelope, { target: 'openai-responses' });
    assert.deepEqual((out.body as { input: unknown[] }).input.length, 2);
    assert.ok(out.warnings.some((w) => w.code === 'thinking-omitted'));
  });

  test('a function tool without a declaration is sent with strict: false', () => {
    const envelope: Envelope = {
      version: '1.0',
      model: 'gpt-4.1',
      messages: [
        {
          id: 's',
          role: 'system',
          timestamp: 0,
          segments: [
            {
              kind: 'tool_overview',
              collapsed: true,
              items: [{ name: 'f', description: 'F', parameters: '' }],
            },
          ],
        },
        { id: 'u', role: 'user', timestamp: 1, segments: [{ kind: 'text', content: 'Hi' }] },
      ],
    };
    const out = exportEnvelope(envelope, { target: 'openai-responses' });
    assert.deepEqual((out.body as { tools: unknown[] }).tools, [
      {
        type: 'function',
        name: 'f',
        description: 'F',
        parameters: { type: 'object', properties: {} },
        strict: false,
      },
    ]);
  });

  test('leading system items after instructions join them, with a warning naming each', () => {
    const { warnings, body } = roundTrip({
      model: 'gpt-4.1',
      instructions: 'A',
      input: [{ role: 'system', content: 'B' }, user('Hi')],
    });
    assert.deepEqual(codes(warnings), ['system-to-instructions /input/0']);
    assert.equal((body as { instructions: string }).instructions, 'A\n\nB');
  });
});
