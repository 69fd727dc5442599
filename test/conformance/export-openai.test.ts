import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkOpenAIRequest } from '../../src/core/targets/openai/export.js';
import { formatBytes } from '../../src/core/assembly/conversation.js';
import { exportEnvelope, exportToOpenAIFormat } from '../../src/core/targets/export.js';
import type { Envelope } from '../../src/core/protocol/types.js';
import { hydrateSkills } from '../../src/core/skills/registry.js';
import { MAX_EXPANDED_CHARS } from '../../src/core/protocol/template.js';
import { validateEnvelope } from '../../src/core/protocol/validate.js';
import { demoEnvelopes } from '../../src/data/demos/index.js';
import { createBuiltInSkillRegistry } from '../../src/data/skill-registry.js';
import {
  call,
  envelope,
  everyKindEnvelope,
  image,
  msg,
  result,
  staticVar,
  systemPrompt,
  text,
  tools,
} from '../fixtures/envelopes.js';
import { openAISchemaErrors } from '../fixtures/provider-schemas.js';

/** Exports and asserts the conformance rule: a valid request, or a warning for every broken rule. */
function exportChecked(
  e: Envelope,
  options: { model?: string; midConversationSystem?: 'system' | 'developer' | 'none' } = {},
) {
  const out = exportEnvelope(e, { target: 'openai', ...options });
  assert.deepEqual(out.errors, []);
  assert.ok(out.body);
  const schemaErrors = openAISchemaErrors(out.body);
  if (schemaErrors.length > 0) {
    assert.ok(
      out.warnings.some((w) => w.code === 'model-missing' || w.code === 'image-url-invalid'),
      JSON.stringify(schemaErrors),
    );
  }
  for (const violation of checkOpenAIRequest(out.body)) {
    const warning = out.warnings.find((w) => w.code === violation.rule);
    assert.ok(warning, `no warning for ${violation.rule} at ${violation.path}`);
    if (violation.rule !== 'model-missing')
      assert.ok(warning.messageIds.length > 0, `${violation.rule} names no message`);
  }
  return out;
}

const codes = (out: { warnings: { code: string }[] }) => out.warnings.map((w) => w.code);

describe('OpenAI export: edge envelopes', () => {
  test('1 minimal chat', () => {
    const out = exportChecked(
      envelope([
        msg('s', 'system', systemPrompt('Be brief.')),
        msg('u', 'user', text('Hi')),
        msg('a', 'assistant', text('Hello!')),
      ]),
    );
    assert.deepEqual(out.body, {
      model: 'gpt-4.1',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
      ],
    });
    assert.deepEqual(out.warnings, []);
  });

  test('2 header merges every structural kind in document order, with tools', () => {
    const out = exportChecked(everyKindEnvelope());
    assert.equal(
      out.body!.messages[0].content,
      [
        'Today is 2026-06-08.',
        'Known facts\n- Name: Maya',
        '- /verify: Check results.',
        '- search(query: string): Search the web',
      ].join('\n\n'),
    );
    assert.deepEqual(out.body!.tools, [
      {
        type: 'function',
        function: { name: 'search', description: 'Search the web', parameters: { type: 'object' } },
      },
    ]);
  });

  test('3 a tool without a schema gets an empty object schema', () => {
    const out = exportChecked(
      envelope([msg('s', 'system', tools('lookup')), msg('u', 'user', text('x'))]),
    );
    assert.deepEqual(out.body!.tools![0].function.parameters, { type: 'object', properties: {} });
    assert.equal(out.body!.messages[0].content, '- lookup(q: string): The lookup tool');
  });

  test('4 static variables: expansion, later definition wins, unknown stays, no re-expansion', () => {
    const out = exportChecked(
      envelope([
        msg(
          's',
          'system',
          staticVar('lang', 'French'),
          staticVar('trap', '{{lang}}'),
          systemPrompt('Reply in {{lang}}. {{trap}} {{missing}}'),
        ),
        msg('u', 'user', staticVar('lang', 'German'), text('Hallo')),
      ]),
    );
    assert.equal(out.body!.messages[0].content, 'Reply in German. {{lang}} {{missing}}');
    assert.deepEqual(codes(out), [
      'static-var-redefined',
      'unknown-template-variable',
      'segments-folded',
    ]);
    assert.deepEqual(out.warnings[0].messageIds, ['s', 'u']);
    assert.deepEqual(out.body!.messages.length, 2);
  });

  test('5 an empty system prompt gives no header', () => {
    const out = exportChecked(
      envelope([msg('s', 'system', systemPrompt('')), msg('u', 'user', text('Hi'))]),
    );
    assert.deepEqual(out.body!.messages, [{ role: 'user', content: 'Hi' }]);
  });

  test('6 leading system text joins the header; a later system message keeps its place', () => {
    const out = exportChecked(
      envelope([
        msg('s1', 'system', systemPrompt('Rules.')),
        msg('s2', 'system', text('Also: be kind.')),
        msg('u', 'user', text('Hi')),
        msg('s3', 'system', text('The user is now verified.')),
        msg('a', 'assistant', text('Welcome.')),
      ]),
    );
    assert.deepEqual(out.body!.messages, [
      { role: 'system', content: 'Rules.\n\nAlso: be kind.' },
      { role: 'user', content: 'Hi' },
      { role: 'system', content: 'The user is now verified.' },
      { role: 'assistant', content: 'Welcome.' },
    ]);
  });

  test('7 o-series models get developer messages', () => {
    const e = envelope(
      [
        msg('s', 'system', systemPrompt('Rules.')),
        msg('u', 'user', text('Hi')),
        msg('s2', 'system', text('Note.')),
      ],
      'o3-mini',
    );
    const out = exportChecked(e);
    assert.deepEqual(
      out.body!.messages.map((m) => m.role),
      ['developer', 'user', 'developer'],
    );
    assert.deepEqual(
      exportChecked(e, { midConversationSystem: 'system' }).body!.messages[0].role,
      'system',
    );
    assert.ok(
      codes(exportChecked(e, { midConversationSystem: 'system' })).includes(
        'system-role-unsupported',
      ),
    );
  });

  test('8 two calls of one tool are answered in order (FIFO)', () => {
    const out = exportChecked(
      envelope([
        msg('u', 'user', text('Weather in Paris and Oslo?')),
        msg(
          'a',
          'assistant',
          call('weather', { city: 'Paris' }),
          call('weather', { city: 'Oslo' }),
        ),
        msg('t', 'tool', result('weather', '18°C'), result('weather', '9°C')),
        msg('a2', 'assistant', text('Paris 18°C, Oslo 9°C.')),
      ]),
    );
    assert.deepEqual(out.body!.messages.slice(1, 4), [
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_a_0',
            type: 'function',
            function: { name: 'weather', arguments: '{"city":"Paris"}' },
          },
          {
            id: 'call_a_1',
            type: 'function',
            function: { name: 'weather', arguments: '{"city":"Oslo"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_a_0', content: '18°C' },
      { role: 'tool', tool_call_id: 'call_a_1', content: '9°C' },
    ]);
    assert.deepEqual(out.warnings, []);
  });

  test('9 calls of different tools pair by name, whatever the result order', () => {
    const out = exportChecked(
      envelope([
        msg('u', 'user', text('go')),
        msg('a', 'assistant', call('a_tool'), call('b_tool')),
        msg('t', 'tool', result('b_tool', 'B'), result('a_tool', 'A')),
      ]),
    );
    assert.deepEqual(
      out
        .body!.messages.slice(2)
        .map((m) => ('tool_call_id' in m ? [m.tool_call_id, m.content] : null)),
      [
        ['call_a_1', 'B'],
        ['call_a_0', 'A'],
      ],
    );
    assert.deepEqual(out.warnings, []);
  });

  test('10 an orphan result is kept, with a warning naming its message', () => {
    const out = exportChecked(
      envelope([msg('u', 'user', text('go')), msg('t', 'tool', result('search', 'stray'))]),
    );
    assert.deepEqual(out.body!.messages[1], {
      role: 'tool',
      tool_call_id: 'orphan_t_0',
      content: 'stray',
    });
    assert.deepEqual(codes(out), ['tool-result-orphan']);
    assert.deepEqual(out.warnings[0].messageIds, ['t']);
    assert.match(
      out.warnings[0].message,
      /\(from message 't'\)\. The API would reject this request\.$/,
    );
  });

  test('11 a call never answered gets a warning naming the assistant message', () => {
    const out = exportChecked(
      envelope([
        msg('u', 'user', text('go')),
        msg('a9', 'assistant', text('Let me look.'), call('search', { q: 'x' })),
      ]),
    );
    assert.deepEqual(out.body!.messages[1], {
      role: 'assistant',
      content: 'Let me look.',
      tool_calls: [
        { id: 'call_a9_0', type: 'function', function: { name: 'search', arguments: '{"q":"x"}' } },
      ],
    });
    assert.deepEqual(codes(out), ['tool-call-unanswered']);
    assert.deepEqual(out.warnings[0].messageIds, ['a9']);
  });

  test('12 a user message between a call and its result breaks both rules, named', () => {
    const out = exportChecked(
      envelope([
        msg('u1', 'user', text('go')),
        msg('a', 'assistant', call('search')),
        msg('u2', 'user', text('hurry')),
        msg('t', 'tool', result('search', 'done')),
      ]),
    );
    assert.deepEqual(
      out.body!.messages.map((m) => m.role),
      ['user', 'assistant', 'user', 'tool'],
    );
    assert.deepEqual(
      out.warnings.map((w) => [w.code, w.messageIds]),
      [
        ['tool-call-unanswered', ['a']],
        ['tool-result-orphan', ['t']],
      ],
    );
  });

  test('13 an image in a user message makes content parts in segment order', () => {
    const out = exportChecked(
      envelope([
        msg(
          'u',
          'user',
          text('What is this?'),
          image('https://example.com/cat.jpg', 'a cat'),
          text('And the colour?'),
        ),
      ]),
    );
    assert.deepEqual(out.body!.messages[0], {
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
        { type: 'text', text: 'And the colour?' },
      ],
    });
  });

  test('14 media only: an image-only user message has a single image part', () => {
    const out = exportChecked(
      envelope([msg('u', 'user', image('data:image/png;base64,iVBORw0KGgo='))]),
    );
    assert.deepEqual(out.body!.messages[0].content, [
      { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
    ]);
  });

  test('15 an image in an assistant message falls back to a text line', () => {
    const out = exportChecked(
      envelope([
        msg('u', 'user', text('Draw')),
        msg('a', 'assistant', text('Here:'), image('https://example.com/d.png', 'a drawing')),
      ]),
    );
    assert.deepEqual(out.body!.messages[1], {
      role: 'assistant',
      content: 'Here:\n\n[image: a drawing]',
    });
  });

  test('16 audio and video fall back to text lines (alt text, else URL)', () => {
    const out = exportChecked(
      envelope([
        msg(
          'u',
          'user',
          {
            kind: 'media',
            mediaType: 'audio',
            url: 'https://example.com/a.mp3',
            altText: 'voice note',
          },
          { kind: 'media', mediaType: 'video', url: 'https://example.com/v.mp4' },
        ),
      ]),
    );
    assert.equal(
      out.body!.messages[0].content,
      '[audio: voice note]\n\n[video: https://example.com/v.mp4]',
    );
  });

  test('17 documents show name and human size; long texts join with a blank line', () => {
    const out = exportChecked(
      envelope([
        msg(
          'u',
          'user',
          text('Read these'),
          {
            kind: 'document',
            fileName: 'report.pdf',
            mimeType: 'application/pdf',
            snippet: '# Q2 report',
            sizeBytes: 2845000,
          },
          { kind: 'long_text', content: 'log line', charCount: 8, collapsed: true },
        ),
      ]),
    );
    assert.equal(
      out.body!.messages[0].content,
      'Read these\n\n[Document: report.pdf (2.7 MB)]\n# Q2 report\n\nlog line',
    );
  });

  test('18 failed results start with "Error: " once', () => {
    const out = exportChecked(
      envelope([
        msg('u', 'user', text('go')),
        msg('a', 'assistant', call('f'), call('f')),
        msg(
          't',
          'tool',
          result('f', 'timeout after 30 s', false),
          result('f', 'Error: 503', false),
        ),
      ]),
    );
    assert.deepEqual(
      out.body!.messages.slice(2).map((m) => m.content),
      ['Error: timeout after 30 s', 'Error: 503'],
    );
  });

  test('19 nested arguments are sent as a JSON string', () => {
    const args = {
      filter: { tags: ['a', 'b'], range: { from: 1, to: null } },
      note: 'quote " and \\ backslash',
    };
    const out = exportChecked(
      envelope([
        msg('u', 'user', text('go')),
        msg('a', 'assistant', call('q', args)),
        msg('t', 'tool', result('q', 'ok')),
      ]),
    );
    const sent = out.body!.messages[1] as { tool_calls: { function: { arguments: string } }[] };
    assert.deepEqual(JSON.parse(sent.tool_calls[0].function.arguments), args);
  });

  test('20 the model option overrides; no model at all is a warning', () => {
    assert.equal(
      exportChecked(envelope([msg('u', 'user', text('x'))]), { model: 'gpt-4o' }).body!.model,
      'gpt-4o',
    );
    const out = exportChecked(envelope([msg('u', 'user', text('x'))], null));
    assert.equal('model' in out.body!, false);
    assert.deepEqual(codes(out), ['model-missing']);
  });

  test('21 invalid and duplicate tool names are warnings naming the message', () => {
    const out = exportChecked(
      envelope([
        msg('s', 'system', tools('web search', 'fetch', 'fetch')),
        msg('u', 'user', text('x')),
      ]),
    );
    assert.deepEqual(
      out.warnings.map((w) => [w.code, w.messageIds]),
      [
        ['tool-name-invalid', ['s']],
        ['tool-name-duplicate', ['s']],
      ],
    );
  });

  test('22 a tool call in a user message is sent as an assistant message, with a warning', () => {
    const out = exportChecked(
      envelope([
        msg('u', 'user', text('run it'), call('search')),
        msg('t', 'tool', result('search', 'ok')),
      ]),
    );
    assert.deepEqual(
      out.body!.messages.map((m) => m.role),
      ['user', 'assistant', 'tool'],
    );
    assert.deepEqual(codes(out), ['tool-call-outside-assistant']);
  });

  test('23 text in a tool message is sent as a user message after the results, with a warning', () => {
    const out = exportChecked(
      envelope([
        msg('u', 'user', text('go')),
        msg('a', 'assistant', call('s')),
        msg('t', 'tool', result('s', 'ok'), text('(truncated)')),
      ]),
    );
    assert.deepEqual(out.body!.messages.slice(2), [
      { role: 'tool', tool_call_id: 'call_a_0', content: 'ok' },
      { role: 'user', content: '(truncated)' },
    ]);
    assert.deepEqual(codes(out), ['tool-message-text']);
  });

  test('23b a user message that carries results sends them before its text', () => {
    const out = exportChecked(
      envelope([
        msg('u', 'user', text('go')),
        msg('a', 'assistant', call('s')),
        msg('u2', 'user', result('s', 'ok'), text('thanks')),
      ]),
    );
    assert.deepEqual(
      out.body!.messages.slice(2).map((m) => m.role),
      ['tool', 'user'],
    );
    assert.deepEqual(out.warnings, []);
  });

  test('24 message ids are made safe and unique in call ids', () => {
    const out = exportChecked(
      envelope([
        msg('u', 'user', text('go')),
        msg('a.1', 'assistant', call('s')),
        msg('t1', 'tool', result('s', '1')),
        msg('a_1', 'assistant', call('s')),
        msg('t2', 'tool', result('s', '2')),
      ]),
    );
    const ids = out
      .body!.messages.filter((m) => m.role === 'tool')
      .map((m) => (m as { tool_call_id: string }).tool_call_id);
    assert.deepEqual(ids, ['call_a_1_0', 'call_a_1_1']);
    assert.deepEqual(out.warnings, []);
  });

  test('25 structural segments in a later message still go to the header', () => {
    const out = exportChecked(
      envelope([
        msg('u', 'user', text('Hi')),
        msg('a', 'assistant', text('Hello')),
        msg(
          'u2',
          'user',
          { kind: 'memory', items: [{ title: 'Pet', content: 'cat' }], collapsed: true },
          text('Remember?'),
        ),
      ]),
    );
    assert.deepEqual(out.body!.messages, [
      { role: 'system', content: '- Pet: cat' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
      { role: 'user', content: 'Remember?' },
    ]);
  });

  test('26 a message with only static variables sends nothing', () => {
    const out = exportChecked(
      envelope([msg('v', 'user', staticVar('x', '1')), msg('u', 'user', text('Hi'))]),
    );
    assert.deepEqual(out.body!.messages, [{ role: 'user', content: 'Hi' }]);
  });

  test('27 an image URL the API cannot load is a warning', () => {
    const out = exportChecked(envelope([msg('u', 'user', image('cat.jpg'))]));
    assert.deepEqual(
      out.warnings.map((w) => [w.code, w.messageIds]),
      [['image-url-invalid', ['u']]],
    );
  });

  test('28 a long variable repeated in a prompt expands up to 8 million characters, warned', () => {
    // 2,000 × 1 MB would be 2 GB: more than a JavaScript string holds. Export threw.
    const value = 'v'.repeat(1_000_000);
    const e = envelope([
      msg('s', 'system', staticVar('big', value), systemPrompt('{{big}}'.repeat(2_000))),
      msg('u', 'user', text('hi')),
    ]);
    const out = exportEnvelope(e, { target: 'openai' });
    const system = out.body!.messages[0]!.content as string;
    assert.ok(system.length <= MAX_EXPANDED_CHARS, `${system.length} characters`);
    assert.equal(system.length, 7 * value.length + 1_993 * '{{big}}'.length);
    assert.deepEqual(codes(out), ['template-too-long', 'segments-folded']);
    assert.match(out.warnings[0]!.message, /so 1993 of its placeholders are sent unchanged\.$/);
  });

  test('29 an envelope that changes after validation gives an error, never an exception', () => {
    // A getter that answers validation, then throws when the export reads it.
    let reads = 0;
    let allowed = Number.POSITIVE_INFINITY;
    const segment = Object.defineProperty({ kind: 'text' }, 'content', {
      enumerable: true,
      get: () => {
        if (++reads > allowed) throw new Error('gone');
        return 'hi';
      },
    });
    const e = envelope([msg('u', 'user', segment as never)]);
    validateEnvelope(e);
    allowed = reads;
    reads = 0;
    const out = exportEnvelope(e, { target: 'openai' });
    assert.equal(out.body, null);
    assert.deepEqual(out.errors, [
      { path: '', keyword: 'input', message: 'The request could not be built (gone).' },
    ]);
  });
});

describe('OpenAI export: guarantees', () => {
  test('every demo exports to a schema-valid request with no rule broken', () => {
    for (const [id, demo] of Object.entries(demoEnvelopes)) {
      const out = exportChecked(demo);
      assert.deepEqual(openAISchemaErrors(out.body), [], `demo ${id}`);
      assert.deepEqual(checkOpenAIRequest(out.body), [], `demo ${id}`);
      // Every demo has static_var segments, which are folded into the system text.
      assert.deepEqual(codes(out), ['segments-folded'], `demo ${id}`);
    }
  });

  test('byte-identical output for identical input, and the input is not modified', () => {
    for (const demo of Object.values(demoEnvelopes)) {
      const before = JSON.stringify(demo);
      const first = JSON.stringify(exportEnvelope(structuredClone(demo), { target: 'openai' }));
      assert.equal(JSON.stringify(exportEnvelope(demo, { target: 'openai' })), first);
      assert.equal(JSON.stringify(demo), before);
    }
  });

  test('skill bodies are never exported', () => {
    const registry = createBuiltInSkillRegistry();
    for (const demo of Object.values(demoEnvelopes)) {
      const hydrated = hydrateSkills(demo, registry);
      assert.deepEqual(exportToOpenAIFormat(hydrated), exportToOpenAIFormat(demo));
    }
  });

  test('an invalid envelope gives no body and the validation errors', () => {
    const out = exportEnvelope({ version: '1.0', messages: [] }, { target: 'openai' });
    assert.equal(out.body, null);
    assert.equal(out.errors[0].path, '/messages');
    assert.deepEqual(
      exportToOpenAIFormat({ version: '1.0', messages: [] } as unknown as Envelope),
      { messages: [] },
    );
  });

  test('an unknown target is an error, not an exception', () => {
    const out = exportEnvelope(everyKindEnvelope(), { target: 'claude' as 'openai' });
    assert.equal(out.body, null);
    assert.match(out.errors[0].message, /Unknown export target "claude"; use one of openai/);
  });

  test('formatBytes', () => {
    const table: [number, string][] = [
      [0, '0 B'],
      [1023, '1023 B'],
      [1024, '1 KB'],
      [1536, '1.5 KB'],
      [2845000, '2.7 MB'],
      [10 * 1024 ** 3, '10 GB'],
    ];
    for (const [bytes, shown] of table) assert.equal(formatBytes(bytes), shown);
  });
});
