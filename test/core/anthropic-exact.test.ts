import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Envelope, Message, Segment } from '../../src/core/protocol/types.js';
import { validateEnvelope } from '../../src/core/protocol/validate.js';
import { anthropic as anthropicTarget } from '../../src/core/targets/anthropic/export.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { importEnvelope } from '../../src/core/targets/import.js';
import { applyStreamUpdate } from '../../src/core/targets/streams/stream-updates.js';
import { createStreamReader } from '../../src/core/targets/streams/stream-reader.js';

// Issue 43: Anthropic logs round-trip exactly, and nothing differs silently. Each body is
// imported, exported to Anthropic again and compared; the envelope must say what the body said.

const MODEL = 'claude-sonnet-4-5';
const SIGNATURE = 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds1wnN5B3SOqT5OKd9Q7TR+/=';

/** Imports a body, checks the envelope, exports it to Anthropic again. */
function roundTrip(body: Record<string, unknown>) {
  const read = importEnvelope(body, { from: 'anthropic' });
  assert.deepEqual(read.errors, []);
  const envelope = read.envelope!;
  assert.deepEqual(validateEnvelope(envelope).errors, []);
  const back = exportEnvelope(envelope, { target: 'anthropic' });
  return { envelope, warnings: read.warnings, back: back.body, exportWarnings: back.warnings };
}

const codes = (warnings: { code: string }[]) => warnings.map((w) => w.code);
const segmentsOf = (envelope: Envelope, role: Message['role']) =>
  envelope.messages.filter((m) => m.role === role).flatMap((m) => m.segments);

describe('request fields (item 1)', () => {
  test('every top-level field but the conversation and the tools is kept and comes back', () => {
    const body = {
      model: MODEL,
      max_tokens: 4096,
      stream: true,
      temperature: 0.2,
      top_p: 0.9,
      top_k: 40,
      thinking: { type: 'enabled', budget_tokens: 2048 },
      tool_choice: { type: 'auto', disable_parallel_tool_use: true },
      metadata: { user_id: 'u-1' },
      stop_sequences: ['END'],
      output_format: { type: 'json_schema', schema: { type: 'object' } },
      service_tier: 'auto',
      container: 'container_011',
      context_management: { edits: [{ type: 'clear_tool_uses_20250919' }] },
      messages: [{ role: 'user', content: 'Hi' }],
    };
    const { envelope, warnings, back } = roundTrip(body);
    assert.deepEqual(warnings, []);
    const fields: Record<string, unknown> = { ...body };
    delete fields.model;
    delete fields.messages;
    assert.deepEqual(envelope.request, { target: 'anthropic', fields });
    assert.equal(envelope.version, '1.1');
    assert.deepEqual(back, body);
  });

  test('max_tokens: the option, else the logged value, else the default', () => {
    const { envelope } = roundTrip({
      model: MODEL,
      max_tokens: 2048,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    const maxTokens = (options: { maxTokens?: number }) =>
      (exportEnvelope(envelope, { target: 'anthropic', ...options }).body as { max_tokens: number })
        .max_tokens;
    assert.equal(maxTokens({}), 2048);
    assert.equal(maxTokens({ maxTokens: 100 }), 100);
    const plain = roundTrip({
      model: MODEL,
      max_tokens: 1024,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    // The default is not kept: the envelope stays 1.0.
    assert.equal(plain.envelope.request, undefined);
    assert.equal(plain.envelope.version, '1.0');
    assert.equal((plain.back as { max_tokens: number }).max_tokens, 1024);
  });

  test('an empty system or tool list, or a model that is not a name, is kept as written', () => {
    const body = {
      model: null,
      max_tokens: 1024,
      system: '',
      tools: [],
      mcp_servers: [],
      messages: [{ role: 'user', content: 'Hi' }],
    };
    const { envelope, warnings, back } = roundTrip(body);
    assert.deepEqual(warnings, []);
    assert.deepEqual(envelope.request?.fields, {
      model: null,
      system: '',
      tools: [],
      mcp_servers: [],
    });
    assert.deepEqual(back, body);
    const list = { ...body, model: MODEL, system: [] };
    assert.deepEqual(roundTrip(list).back, list);
  });

  test('a body without max_tokens is named; other APIs leave the fields out with a warning', () => {
    const { envelope, warnings } = roundTrip({
      model: MODEL,
      temperature: 0,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    assert.deepEqual(codes(warnings), ['max-tokens-added']);
    const openai = exportEnvelope(envelope, { target: 'openai' });
    assert.ok(codes(openai.warnings).includes('request-fields-not-sent'));
    assert.equal((openai.body as unknown as Record<string, unknown>).temperature, undefined);
  });
});

describe('system blocks and cache markers (item 2)', () => {
  test('a system list keeps its blocks and each cache marker; one block stays a list', () => {
    const system = [
      { type: 'text', text: 'You are a reviewer.' },
      { type: 'text', text: 'Rules: be brief.', cache_control: { type: 'ephemeral', ttl: '1h' } },
    ];
    const body = {
      model: MODEL,
      max_tokens: 1024,
      system,
      messages: [{ role: 'user', content: 'Hi' }],
    };
    const { envelope, warnings, back } = roundTrip(body);
    assert.deepEqual(warnings, []);
    const first = envelope.messages[0]!;
    assert.equal(first.contentForm, 'parts');
    assert.deepEqual(first.segments, [
      { kind: 'system_prompt', content: 'You are a reviewer.', collapsed: true },
      {
        kind: 'system_prompt',
        content: 'Rules: be brief.',
        collapsed: true,
        cacheControl: { type: 'ephemeral', ttl: '1h' },
      },
    ]);
    assert.deepEqual(back, body);
    const one = { ...body, system: [{ type: 'text', text: 'Be brief.' }] };
    assert.deepEqual(roundTrip(one).back, one);
  });

  test('system blocks changed by components are sent as one string, their markers named', () => {
    const { envelope } = roundTrip({
      model: MODEL,
      max_tokens: 1024,
      system: [{ type: 'text', text: 'A', cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: 'Hi' }],
    });
    const out = exportEnvelope(envelope, {
      target: 'anthropic',
      components: [
        { id: 'c', kind: 'supplement', role: 'system', order: 5, enabled: true, template: 'More' },
      ],
    });
    assert.equal((out.body as { system: unknown }).system, 'A\n\nMore');
    assert.deepEqual(codes(out.warnings), ['cache-control-omitted']);
  });

  test('a system list with tools keeps them in tools, not in the text', () => {
    const body = {
      model: MODEL,
      max_tokens: 1024,
      system: [{ type: 'text', text: 'S', cache_control: { type: 'ephemeral' } }],
      tools: [{ name: 'f', description: 'F', input_schema: { type: 'object', properties: {} } }],
      messages: [{ role: 'user', content: 'Hi' }],
    };
    assert.deepEqual(roundTrip(body).back, body);
  });

  test('cache_control on texts of user and assistant messages comes back on its block', () => {
    const body = {
      model: MODEL,
      max_tokens: 1024,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'A long document', cache_control: { type: 'ephemeral' } },
            { type: 'text', text: 'Summarise it.' },
          ],
        },
        {
          role: 'assistant',
          content: [{ type: 'text', text: 'Done.', cache_control: { type: 'ephemeral' } }],
        },
        { role: 'user', content: 'Thanks' },
      ],
    };
    const { envelope, warnings, back } = roundTrip(body);
    assert.deepEqual(warnings, []);
    assert.deepEqual(segmentsOf(envelope, 'user')[0], {
      kind: 'text',
      content: 'A long document',
      cacheControl: { type: 'ephemeral' },
    });
    assert.deepEqual(back, body);
  });

  test('a tool_result with a list of blocks, is_error false or a cache marker comes back whole', () => {
    const result = {
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: [{ type: 'text', text: 'Sunny' }],
      is_error: false,
      cache_control: { type: 'ephemeral' },
    };
    const body = {
      model: MODEL,
      max_tokens: 1024,
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'weather', input: {} }],
        },
        { role: 'user', content: [result] },
      ],
    };
    const { envelope, warnings, back } = roundTrip(body);
    assert.deepEqual(warnings, []);
    const segment = segmentsOf(envelope, 'tool')[0]!;
    assert.equal(segment.kind === 'tool_call_result' && segment.result, 'Sunny');
    assert.deepEqual(segment.kind === 'tool_call_result' && segment.item, result);
    assert.deepEqual(back, body);
    // The text the envelope holds is what other APIs get.
    const openai = exportEnvelope(envelope, { target: 'openai' }).body as {
      messages: { role: string; content: unknown }[];
    };
    assert.equal(openai.messages.at(-1)!.content, 'Sunny');
  });

  test('an edited result is sent with its new text and outcome', () => {
    const body = {
      model: MODEL,
      max_tokens: 1024,
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'w', input: {} }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_1',
              content: [{ type: 'text', text: 'x' }],
              is_error: false,
            },
          ],
        },
      ],
    };
    const { envelope } = roundTrip(body);
    const result = envelope.messages.at(-1)!.segments[0]!;
    assert.equal(result.kind, 'tool_call_result');
    if (result.kind !== 'tool_call_result') return;
    result.result = 'Rain';
    result.success = false;
    const back = exportEnvelope(envelope, { target: 'anthropic' }).body as {
      messages: { content: unknown[] }[];
    };
    assert.deepEqual(back.messages[2]!.content[0], {
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: 'Rain',
      is_error: true,
    });
  });
});

describe('thinking (item 3)', () => {
  const body = {
    model: MODEL,
    max_tokens: 4096,
    thinking: { type: 'enabled', budget_tokens: 1024 },
    messages: [
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'I should call the tool.', signature: SIGNATURE },
          { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix/LafPsn4a' },
          { type: 'text', text: 'Let me look.' },
          { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'Sunny' }],
      },
    ],
  };

  test('thinking and redacted thinking become thinking segments in place, signatures byte for byte', () => {
    const { envelope, warnings, back, exportWarnings } = roundTrip(body);
    assert.deepEqual(warnings, []);
    assert.deepEqual(exportWarnings, []);
    assert.deepEqual(segmentsOf(envelope, 'assistant').slice(0, 3), [
      {
        kind: 'thinking',
        content: 'I should call the tool.',
        collapsed: true,
        signature: SIGNATURE,
      },
      {
        kind: 'thinking',
        content: '',
        collapsed: true,
        redactedData: 'EmwKAhgBEgy3va3pzix/LafPsn4a',
      },
      { kind: 'text', content: 'Let me look.' },
    ]);
    assert.deepEqual(back, body);
  });

  test('other APIs leave the thinking out and say so', () => {
    const { envelope } = roundTrip(body);
    const openai = exportEnvelope(envelope, { target: 'openai' });
    assert.ok(codes(openai.warnings).includes('thinking-omitted'));
    assert.ok(!JSON.stringify(openai.body).includes(SIGNATURE));
  });

  test('Anthropic sends signed, redacted and plain thinking, not another API’s reasoning', () => {
    const sends = anthropicTarget.sends!;
    const thinking = { kind: 'thinking', content: 'x', collapsed: true } as const;
    assert.equal(sends({ ...thinking, signature: SIGNATURE }), true);
    assert.equal(sends({ ...thinking, redactedData: 'abc' }), true);
    assert.equal(sends(thinking), true);
    assert.equal(sends({ ...thinking, itemId: 'rs_1', encryptedContent: 'gAAA' }), false);
    assert.equal(sends({ ...thinking, summary: ['s'] }), false);
    assert.equal(sends({ ...thinking, field: 'reasoning_content' }), false);
  });

  test('thinking without a signature is sent as it came, and the check names it', () => {
    const plain = {
      model: MODEL,
      max_tokens: 1024,
      messages: [
        { role: 'user', content: 'Hi' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Hmm' },
            { type: 'text', text: 'Hello' },
          ],
        },
        { role: 'user', content: 'Bye' },
      ],
    };
    const { back, exportWarnings } = roundTrip(plain);
    assert.deepEqual(back, plain);
    assert.deepEqual(codes(exportWarnings), ['thinking-signature-missing']);
  });
});

describe('tools the provider runs (item 4)', () => {
  const webSearch = {
    type: 'web_search_20250305',
    name: 'web_search',
    max_uses: 3,
    allowed_domains: ['example.com'],
    user_location: { type: 'approximate', city: 'Paris' },
  };
  const server = {
    type: 'url',
    url: 'https://mcp.example.com/sse',
    name: 'docs',
    authorization_token: 'tok-123',
    tool_configuration: { enabled: true, allowed_tools: ['search'] },
  };
  const body = {
    model: MODEL,
    max_tokens: 1024,
    tools: [
      webSearch,
      { type: 'code_execution_20250825', name: 'code_execution' },
      { type: 'bash_20250124', name: 'bash' },
      { type: 'memory_20250818', name: 'memory' },
      {
        name: 'lookup',
        description: 'Looks up a word.',
        input_schema: { type: 'object', properties: { word: { type: 'string' } } },
        cache_control: { type: 'ephemeral' },
        strict: true,
      },
    ],
    mcp_servers: [server],
    messages: [{ role: 'user', content: 'Search' }],
  };

  test('declarations are kept verbatim, MCP servers in mcp_servers, tokens and all', () => {
    const { envelope, warnings, back } = roundTrip(body);
    assert.deepEqual(warnings, []);
    const overview = envelope.messages[0]!.segments.find((s) => s.kind === 'tool_overview');
    assert.ok(overview && overview.kind === 'tool_overview');
    assert.equal(overview.inSystemText, false);
    assert.deepEqual(overview.items[0], {
      name: 'web_search',
      description: '',
      parameters: '',
      runBy: 'provider',
      declaration: webSearch,
    });
    assert.deepEqual(overview.items.at(-1), {
      name: 'docs',
      description: '',
      parameters: '',
      runBy: 'provider',
      declaration: server,
      declaredIn: 'mcp_servers',
    });
    // A function tool with fields the protocol does not model keeps them in its declaration.
    assert.equal(overview.items[4]!.runBy, undefined);
    assert.equal(overview.items[4]!.declaration?.strict, true);
    assert.deepEqual(back, body);
  });

  test('a provider tool is never sent as a function; another API’s is left out with a warning', () => {
    const envelope: Envelope = {
      version: '1.1',
      model: MODEL,
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
                // As the Responses API declares its web search: no name in the declaration.
                {
                  name: 'web_search',
                  description: '',
                  parameters: '',
                  runBy: 'provider',
                  declaration: { type: 'web_search' },
                },
                { name: 'code', description: '', parameters: '', runBy: 'provider' },
              ],
            },
          ],
        },
        { id: 'u', role: 'user', timestamp: 1, segments: [{ kind: 'text', content: 'Hi' }] },
      ],
    };
    const out = exportEnvelope(envelope, { target: 'anthropic' });
    assert.equal((out.body as { tools?: unknown }).tools, undefined);
    assert.deepEqual(codes(out.warnings), ['provider-tool-omitted', 'provider-tool-omitted']);
  });
});

describe('calls the provider runs and their results (item 5), citations (item 6)', () => {
  const searchResult = {
    type: 'web_search_tool_result',
    tool_use_id: 'srvtoolu_1',
    content: [
      {
        type: 'web_search_result',
        title: 'Burj Khalifa',
        url: 'https://example.com/burj',
        encrypted_content: 'Eq',
        page_age: null,
      },
      {
        type: 'web_search_result',
        title: '',
        url: 'https://example.com/other',
        encrypted_content: 'Er',
      },
    ],
  };
  const citations = [
    {
      type: 'web_search_result_location',
      cited_text: 'The Burj…',
      url: 'https://example.com/burj',
      title: 'Burj Khalifa',
      encrypted_index: 'Eo8B',
    },
  ];
  const body = {
    model: MODEL,
    max_tokens: 1024,
    tools: [
      { type: 'web_search_20250305', name: 'web_search' },
      { type: 'code_execution_20250825', name: 'code_execution' },
    ],
    mcp_servers: [{ type: 'url', url: 'https://mcp.example.com', name: 'echo' }],
    messages: [
      { role: 'user', content: 'Tallest building, and 6 × 7?' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Searching.' },
          {
            type: 'server_tool_use',
            id: 'srvtoolu_1',
            name: 'web_search',
            input: { query: 'tallest building' },
          },
          searchResult,
          { type: 'text', text: 'The Burj Khalifa.', citations },
          {
            type: 'server_tool_use',
            id: 'srvtoolu_2',
            name: 'bash_code_execution',
            input: { command: 'echo $((6*7))' },
          },
          {
            type: 'bash_code_execution_tool_result',
            tool_use_id: 'srvtoolu_2',
            content: {
              type: 'bash_code_execution_result',
              stdout: '42\n',
              stderr: '',
              return_code: 0,
              content: [],
            },
          },
          { type: 'server_tool_use', id: 'srvtoolu_3', name: 'web_search', input: { query: 'x' } },
          {
            type: 'web_search_tool_result',
            tool_use_id: 'srvtoolu_3',
            content: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' },
          },
          {
            type: 'mcp_tool_use',
            id: 'mcptoolu_1',
            name: 'echo',
            server_name: 'echo',
            input: { message: 'hi' },
          },
          {
            type: 'mcp_tool_result',
            tool_use_id: 'mcptoolu_1',
            is_error: false,
            content: [{ type: 'text', text: 'hi' }],
          },
          { type: 'mcp_tool_use', id: 'mcptoolu_2', name: 'echo', server_name: 'echo', input: {} },
          {
            type: 'mcp_tool_result',
            tool_use_id: 'mcptoolu_2',
            is_error: true,
            content: 'Missing message',
          },
          // A newer API says who called it: kept whole.
          {
            type: 'server_tool_use',
            id: 'srvtoolu_4',
            name: 'web_search',
            input: { query: 'y' },
            caller: { type: 'direct' },
          },
          { type: 'text', text: '6 × 7 = 42.' },
        ],
      },
      { role: 'user', content: 'Thanks' },
    ],
  };

  test('each block becomes its segment, in the assistant message, in order', () => {
    const { envelope, warnings } = roundTrip(body);
    assert.deepEqual(warnings, []);
    const segments = segmentsOf(envelope, 'assistant');
    assert.deepEqual(
      segments.map((s) => s.kind),
      [
        'text',
        'tool_call_request',
        'tool_call_result',
        'text',
        'tool_call_request',
        'tool_call_result',
        'tool_call_request',
        'tool_call_result',
        'tool_call_request',
        'tool_call_result',
        'tool_call_request',
        'tool_call_result',
        'tool_call_request',
        'text',
      ],
    );
    assert.deepEqual(segments[1], {
      kind: 'tool_call_request',
      toolName: 'web_search',
      arguments: { query: 'tallest building' },
      collapsed: false,
      runBy: 'provider',
      callId: 'srvtoolu_1',
    });
    assert.deepEqual(segments[2], {
      kind: 'tool_call_result',
      toolName: 'web_search',
      result: 'Burj Khalifa (https://example.com/burj)\nhttps://example.com/other',
      success: true,
      collapsed: true,
      callId: 'srvtoolu_1',
      runBy: 'provider',
      resultType: 'web_search_tool_result',
      structured: searchResult.content,
    });
    assert.deepEqual(segments[3], { kind: 'text', content: 'The Burj Khalifa.', citations });
    const result = (i: number) => segments[i] as Extract<Segment, { kind: 'tool_call_result' }>;
    assert.equal(result(5).result, '42\n');
    assert.equal(result(5).toolName, 'bash_code_execution');
    assert.equal(result(7).result, 'Error: max_uses_exceeded');
    assert.equal(result(7).success, false);
    assert.deepEqual(segments[8], {
      kind: 'tool_call_request',
      toolName: 'echo',
      arguments: { message: 'hi' },
      collapsed: false,
      runBy: 'provider',
      callId: 'mcptoolu_1',
      server: 'echo',
    });
    // is_error: false is not what success says alone: the block is kept whole.
    assert.equal(result(9).result, 'hi');
    assert.deepEqual(result(9).item, body.messages[1]!.content[9]);
    assert.equal(result(11).success, false);
    assert.equal(result(11).item, undefined);
    assert.deepEqual(
      (segments[12] as Extract<Segment, { kind: 'tool_call_request' }>).item,
      body.messages[1]!.content[12],
    );
  });

  test('the export writes every block back in its place', () => {
    const { back, exportWarnings } = roundTrip(body);
    assert.deepEqual(exportWarnings, []);
    assert.deepEqual(back, body);
  });

  test('other APIs leave provider-run blocks out and say so; their citations stay Anthropic’s', () => {
    const { envelope } = roundTrip(body);
    const gemini = exportEnvelope(envelope, { target: 'gemini' });
    assert.ok(codes(gemini.warnings).includes('provider-tool-omitted'));
    assert.ok(!JSON.stringify(gemini.body).includes('srvtoolu_1'));
  });

  test('an unknown block is named by its path, never dropped in silence (item 7)', () => {
    const odd = {
      model: MODEL,
      max_tokens: 1024,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Read' },
            { type: 'document', source: { type: 'url', url: 'https://example.com/a.pdf' } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'compaction', content: 'Summary' },
            { type: 'text', text: 'OK' },
          ],
        },
        { role: 'user', content: [{ type: 'web_search_tool_result', content: [] }] },
      ],
    };
    const { warnings } = roundTrip(odd);
    assert.deepEqual(
      warnings.map((w) => [w.code, w.path]),
      [
        ['block-unknown', '/messages/0/content/1'],
        ['block-unknown', '/messages/1/content/0'],
        ['block-unknown', '/messages/2/content/0'],
      ],
    );
  });

  test('a logged response keeps its thinking and server blocks; citations: null is no citation', () => {
    const read = importEnvelope({
      request: { model: MODEL, max_tokens: 1024, messages: [{ role: 'user', content: 'Hi' }] },
      response: {
        type: 'message',
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Greet.', signature: SIGNATURE },
          { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'hi' } },
          { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] },
          { type: 'text', text: 'Hello', citations: null },
        ],
        stop_reason: 'end_turn',
      },
    });
    assert.deepEqual(read.warnings, []);
    assert.deepEqual(
      read.envelope!.messages.at(-1)!.segments.map((s) => s.kind),
      ['thinking', 'tool_call_request', 'tool_call_result', 'text'],
    );
  });
});

describe('the stream reader keeps what the request reader keeps (item 8)', () => {
  const start = { type: 'message_start', message: { model: MODEL, content: [], usage: {} } };
  const block = (index: number, content_block: Record<string, unknown>) => ({
    type: 'content_block_start',
    index,
    content_block,
  });
  const delta = (index: number, d: Record<string, unknown>) => ({
    type: 'content_block_delta',
    index,
    delta: d,
  });
  const stop = (index: number) => ({ type: 'content_block_stop', index });
  const end = [
    { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 9 } },
    { type: 'message_stop' },
  ];

  function read(events: unknown[]) {
    const reader = createStreamReader({ messageId: 'a1', timestamp: 0 });
    const updates = events.flatMap((e) => reader.read(e));
    updates.push(...reader.end());
    // Applying the updates gives the message.
    let message: Message | undefined;
    for (const u of updates)
      message = u.type === 'append' ? u.message : message && applyStreamUpdate(message, u);
    assert.deepEqual(message, reader.message());
    return { reader, updates };
  }

  test('thinking streams into one segment, sent when its block is complete', () => {
    const { reader, updates } = read([
      start,
      block(0, { type: 'thinking', thinking: '', signature: '' }),
      delta(0, { type: 'thinking_delta', thinking: 'Let me ' }),
      delta(0, { type: 'thinking_delta', thinking: 'think.' }),
      delta(0, { type: 'signature_delta', signature: SIGNATURE }),
      stop(0),
      block(1, { type: 'redacted_thinking', data: 'EmwKAhgB' }),
      stop(1),
      block(2, { type: 'text', text: '' }),
      delta(2, { type: 'text_delta', text: 'Hi' }),
      stop(2),
      ...end,
    ]);
    assert.deepEqual(reader.message().segments, [
      { kind: 'thinking', content: 'Let me think.', collapsed: true, signature: SIGNATURE },
      { kind: 'thinking', content: '', collapsed: true, redactedData: 'EmwKAhgB' },
      { kind: 'text', content: 'Hi' },
    ]);
    assert.deepEqual(reader.warnings, []);
    // No update per piece of thinking: the append, the thinking's start and then the whole of
    // it, the redacted block, the text block's start (only that segment), its text, the end.
    assert.deepEqual(
      updates.map((u) => u.type),
      ['append', 'update', 'update', 'update', 'segment', 'text', 'end'],
    );
  });

  test('an MCP call streams its input; its result and a citation are kept', () => {
    const citation = {
      type: 'char_location',
      cited_text: 'hi',
      document_index: 0,
      start_char_index: 0,
      end_char_index: 2,
    };
    const { reader } = read([
      start,
      block(0, {
        type: 'mcp_tool_use',
        id: 'mcptoolu_1',
        name: 'echo',
        server_name: 'echo',
        input: {},
      }),
      delta(0, { type: 'input_json_delta', partial_json: '{"message": ' }),
      delta(0, { type: 'input_json_delta', partial_json: '"hi"}' }),
      stop(0),
      block(1, {
        type: 'mcp_tool_result',
        tool_use_id: 'mcptoolu_1',
        is_error: false,
        content: [{ type: 'text', text: 'hi' }],
      }),
      stop(1),
      block(2, { type: 'text', text: '' }),
      delta(2, { type: 'text_delta', text: 'It said hi.' }),
      delta(2, { type: 'citations_delta', citation }),
      stop(2),
      ...end,
    ]);
    const [call, result, text] = reader.message().segments;
    assert.deepEqual(call, {
      kind: 'tool_call_request',
      toolName: 'echo',
      arguments: { message: 'hi' },
      collapsed: false,
      runBy: 'provider',
      callId: 'mcptoolu_1',
      server: 'echo',
    });
    assert.equal(result!.kind === 'tool_call_result' && result.toolName, 'echo');
    assert.equal(result!.kind === 'tool_call_result' && result.item?.is_error, false);
    assert.deepEqual(text, { kind: 'text', content: 'It said hi.', citations: [citation] });
  });

  test('a call with fields the protocol does not model is kept whole, with the input that streamed', () => {
    const { reader } = read([
      start,
      block(0, {
        type: 'server_tool_use',
        id: 'srvtoolu_1',
        name: 'web_search',
        input: {},
        caller: { type: 'direct' },
      }),
      delta(0, { type: 'input_json_delta', partial_json: '{"query":"x"}' }),
      stop(0),
      ...end,
    ]);
    const call = reader.message().segments[0]!;
    assert.equal(call.kind, 'tool_call_request');
    assert.deepEqual(call.kind === 'tool_call_request' && call.item, {
      type: 'server_tool_use',
      id: 'srvtoolu_1',
      name: 'web_search',
      input: { query: 'x' },
      caller: { type: 'direct' },
    });
  });

  test('a streamed message exports as the next request sends it', () => {
    const { reader } = read([
      start,
      block(0, { type: 'thinking', thinking: 'Hmm', signature: SIGNATURE }),
      stop(0),
      block(1, { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} }),
      delta(1, { type: 'input_json_delta', partial_json: '{"query":"q"}' }),
      stop(1),
      block(2, { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] }),
      stop(2),
      block(3, { type: 'text', text: 'Done.' }),
      stop(3),
      ...end,
    ]);
    const envelope: Envelope = {
      version: '1.1',
      model: MODEL,
      messages: [
        { id: 'u', role: 'user', timestamp: 0, segments: [{ kind: 'text', content: 'Search' }] },
        reader.message(),
      ],
    };
    const body = exportEnvelope(envelope, { target: 'anthropic' }).body as {
      messages: { content: unknown }[];
    };
    assert.deepEqual(body.messages[1]!.content, [
      { type: 'thinking', thinking: 'Hmm', signature: SIGNATURE },
      { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'q' } },
      { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] },
      { type: 'text', text: 'Done.' },
    ]);
  });
});
