import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { importEnvelope } from '../../src/core/targets/import.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { validateEnvelope } from '../../src/core/protocol/validate.js';
import { createStreamReader } from '../../src/core/targets/streams/stream-reader.js';
import { EXPORT_TARGETS } from '../../src/core/targets/export-targets.js';

// Names of Object.prototype's members, given wherever input names a role, kind, type or field:
// a table lookup `table[name]` on a plain object finds the prototype's member instead of nothing.
const NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];

/** JSON text, so that `__proto__` is an own key as a parsed body has it. */
const parsed = (text: string): unknown => JSON.parse(text);

/** Bodies that hold `n` where a name belongs, with the warning or error that must name it. */
const bodies = (n: string): { name: string; body: unknown }[] => [
  { name: 'OpenAI role', body: { model: 'm', messages: [{ role: n, content: 'hi' }] } },
  {
    name: 'OpenAI part type',
    body: { model: 'm', messages: [{ role: 'user', content: [{ type: n, text: 'x' }] }] },
  },
  {
    name: 'OpenAI message field',
    body: parsed(`{"model":"m","messages":[{"role":"user","content":"hi","${n}":1}]}`),
  },
  {
    name: 'Anthropic role',
    body: { model: 'm', max_tokens: 9, system: 's', messages: [{ role: n, content: 'hi' }] },
  },
  {
    name: 'Anthropic block type',
    body: {
      model: 'm',
      max_tokens: 9,
      system: 's',
      messages: [{ role: 'user', content: [{ type: n, text: 'x' }] }],
    },
  },
  { name: 'Responses item type', body: { model: 'm', input: [{ type: n, content: 'hi' }] } },
  { name: 'Responses role', body: { model: 'm', input: [{ role: n, content: 'hi' }] } },
  { name: 'Gemini role', body: { contents: [{ role: n, parts: [{ text: 'hi' }] }] } },
  {
    name: 'Gemini part field',
    body: parsed(`{"contents":[{"role":"user","parts":[{"${n}":"x"}]}]}`),
  },
  {
    name: 'OpenTelemetry role',
    body: { 'gen_ai.system': 'openai', 'gen_ai.input.messages': [{ role: n, parts: [] }] },
  },
  {
    name: 'envelope segment kind',
    body: {
      version: '1.1',
      messages: [{ id: 'a', role: 'user', timestamp: 1, segments: [{ kind: n, content: 'x' }] }],
    },
  },
  {
    name: 'envelope segment field',
    body: parsed(
      `{"version":"1.1","messages":[{"id":"a","role":"user","timestamp":1,"segments":[{"kind":"text","content":"x","${n}":1}]}]}`,
    ),
  },
];

const MALFUNCTION = /is not a function|could not be read|Cannot (read|convert)|\[native code\]/;

test('names of Object.prototype members are ordinary unknown names in imports and validation', () => {
  fc.assert(
    fc.property(fc.constantFrom(...NAMES), fc.nat(bodies('x').length - 1), (n, which) => {
      const { name, body } = bodies(n)[which]!;
      const result = importEnvelope(body);
      const said = JSON.stringify([...result.errors, ...result.warnings]);
      assert.doesNotMatch(said, MALFUNCTION, `${name} ${n}: ${said}`);
      assert.ok(said.includes(n), `${name} ${n}: the name is warned about (${said})`);
      if (result.envelope) {
        for (const target of EXPORT_TARGETS) {
          const exported = exportEnvelope(result.envelope, { target });
          assert.doesNotMatch(JSON.stringify(exported.errors), MALFUNCTION);
        }
      }
      if (name.startsWith('envelope')) {
        const validation = validateEnvelope(body);
        assert.equal(validation.valid, false);
        assert.ok(JSON.stringify(validation.errors).includes(n));
        assert.doesNotMatch(JSON.stringify(validation.errors), MALFUNCTION);
      }
    }),
    { numRuns: 200 },
  );
});

test('names of Object.prototype members in a stream are unknown events and reasons', () => {
  fc.assert(
    fc.property(fc.constantFrom(...NAMES), (n) => {
      const anthropic = createStreamReader({ messageId: 'a', timestamp: 0 });
      const updates = [
        { type: 'message_start', message: { model: 'm' } },
        { type: 'content_block_start', index: 0, content_block: { type: n } },
        { type: 'content_block_delta', index: 0, delta: { type: n } },
        { type: 'message_delta', delta: { stop_reason: n } },
        { type: 'message_stop' },
      ].flatMap((event) => anthropic.read(event));
      const end = [...updates, ...anthropic.end()].find((u) => u.type === 'end');
      assert.equal(end?.type === 'end' && end.reason, 'stop');
      assert.equal(anthropic.read({ type: n }).length, 0);

      const chat = createStreamReader({ messageId: 'c', timestamp: 0 });
      const chunk = (delta: object, finish: string | null) => ({
        object: 'chat.completion.chunk',
        model: 'm',
        choices: [{ index: 0, delta, finish_reason: finish }],
      });
      chat.read(chunk({ role: 'assistant', content: 'Hi' }, null));
      const last = chat.read(chunk({}, n)).find((u) => u.type === 'end');
      assert.equal(last?.type === 'end' && last.reason, 'stop');
      assert.equal(last?.type === 'end' && last.stopReason, n);
      for (const warning of [...anthropic.warnings, ...chat.warnings])
        assert.doesNotMatch(warning.message, MALFUNCTION);
    }),
  );
});

test('no table of src/core keyed by any string is read with [key] or `in`: ownValue() or a Map', () => {
  const files = readdirSync('src/core', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.includes('generated'))
    .map((file) => join('src/core', file));
  const found: string[] = [];
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    // A plain object (not Object.create(null)) whose keys are any string.
    const tables = source.matchAll(
      /(?:const|let) (\w+): (?:Readonly<)?Record<string, [^=]+> = (?!Object\.create\(null\))/g,
    );
    for (const [, table] of tables) {
      const lookup = new RegExp(
        `\\b${table}\\[(?!'|")|\\bin ${table}\\b|\\b${table}\\)?\\.hasOwnProperty`,
      );
      if (lookup.test(source)) found.push(`${file}: ${table}`);
    }
  }
  assert.ok(files.length > 50, 'the scan reads the core');
  assert.deepEqual(found, []);
});
