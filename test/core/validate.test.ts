import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  messageRangeErrors,
  validateEnvelope,
  validateMessage,
  validateSegment,
} from '../../src/core/protocol/validate.js';
import { findSemanticWarnings } from '../../src/core/protocol/semantic-checks.js';
import { normalizeEnvelope } from '../../src/core/protocol/normalize.js';
import type { Envelope } from '../../src/core/protocol/types.js';
import { demoEnvelopes } from '../../src/data/demos/index.js';
import {
  call,
  envelope,
  everyKindEnvelope,
  msg,
  result,
  staticVar,
  systemPrompt,
  text,
} from '../fixtures/envelopes.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- cases break the types on purpose */

describe('demo envelopes', () => {
  for (const [id, demo] of Object.entries(demoEnvelopes)) {
    test(`demo ${id} is valid and has no semantic warnings`, () => {
      assert.deepEqual(validateEnvelope(demo), { valid: true, errors: [], warnings: [] });
    });
  }
});

describe('semantic warnings (SPEC §3.1)', () => {
  const cases: {
    name: string;
    envelope: Envelope;
    expected: { path: string; code: string; message: RegExp }[];
  }[] = [
    {
      name: 'duplicate message ids',
      envelope: envelope([
        msg('x', 'user', text('a')),
        msg('y', 'assistant', text('b')),
        msg('x', 'user', text('c')),
      ]),
      expected: [
        {
          path: '/messages/2/id',
          code: 'duplicate-message-id',
          message: /Message 2 reuses the id 'x' of message 0/,
        },
      ],
    },
    {
      name: 'charCount that does not match the content',
      envelope: envelope([
        msg('x', 'user', { kind: 'long_text', content: 'abcdef', charCount: 5, collapsed: true }),
      ]),
      expected: [
        {
          path: '/messages/0/segments/0/charCount',
          code: 'char-count-mismatch',
          message:
            /charCount of segment 0 of message 'x' \(long_text\) is 5, but its content has 6 characters/,
        },
      ],
    },
    {
      name: 'snippet longer than 200 characters',
      envelope: envelope([
        msg('x', 'user', {
          kind: 'document',
          fileName: 'a.txt',
          mimeType: 'text/plain',
          snippet: 'a'.repeat(201),
          sizeBytes: 201,
        }),
      ]),
      expected: [
        {
          path: '/messages/0/segments/0/snippet',
          code: 'snippet-too-long',
          message: /has 201 characters; a snippet holds at most the first 200/,
        },
      ],
    },
    {
      name: 'a {{var}} with no static_var',
      envelope: envelope([
        msg('s', 'system', staticVar('a', '1'), systemPrompt('{{a}} {{ b }} {{b}}')),
        msg('u', 'user', text('hi')),
      ]),
      expected: [
        {
          path: '/messages/0/segments/1/content',
          code: 'unknown-template-variable',
          message:
            /\{\{b\}\} in segment 1 of message 's' \(system_prompt\) has no static_var named 'b'/,
        },
      ],
    },
    {
      name: 'a static_var defined after the prompt still counts',
      envelope: envelope([
        msg('s', 'system', systemPrompt('{{a}}')),
        msg('u', 'user', staticVar('a', '1'), text('hi')),
      ]),
      expected: [],
    },
    {
      name: 'a tool result with no matching request',
      envelope: envelope([
        msg('u', 'user', text('go')),
        msg('a', 'assistant', call('search')),
        msg('t', 'tool', result('search', 'ok'), result('search', 'again'), result('fetch', 'x')),
      ]),
      expected: [
        {
          path: '/messages/2/segments/1',
          code: 'tool-result-without-request',
          message:
            /Segment 1 of message 't' \(tool_call_result\) answers no earlier tool_call_request for 'search'/,
        },
        {
          path: '/messages/2/segments/2',
          code: 'tool-result-without-request',
          message: /for 'fetch'/,
        },
      ],
    },
    {
      name: 'a result before its request is an orphan',
      envelope: envelope([
        msg('t', 'tool', result('search', 'early')),
        msg('a', 'assistant', call('search')),
      ]),
      expected: [
        {
          path: '/messages/0/segments/0',
          code: 'tool-result-without-request',
          message: /answers no earlier tool_call_request/,
        },
      ],
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const result = validateEnvelope(c.envelope);
      assert.equal(result.valid, true);
      assert.deepEqual(
        result.warnings.map((w) => [w.path, w.code]),
        c.expected.map((w) => [w.path, w.code]),
      );
      result.warnings.forEach((w, i) => assert.match(w.message, c.expected[i].message));
      assert.deepEqual(findSemanticWarnings(c.envelope), result.warnings);
    });
  }
});

describe('validateMessage', () => {
  test('paths relative to the message; 1.1 fields allowed; warnings found when first read', () => {
    const broken = validateMessage({
      id: 'u1',
      role: 'user',
      timestamp: 1,
      segments: [{ kind: 'text' }],
    });
    assert.equal(broken.valid, false);
    assert.deepEqual(broken.errors, [
      {
        path: '/segments/0/content',
        keyword: 'required',
        message: "Segment 0 of message 'u1' (text) is missing required field 'content' (string).",
      },
    ]);
    const outside = validateMessage({
      id: 'u1',
      role: 'user',
      timestamp: 1,
      actor: { userId: 'u-1', name: 'Ming' },
      segments: [{ kind: 'state_change', change: 'member_joined', userId: 'u-2' }],
    });
    assert.equal(outside.valid, true);
    // A getter, not a list made up front: <envelope-message> validates and never reads them.
    assert.equal(typeof Object.getOwnPropertyDescriptor(outside, 'warnings')?.get, 'function');
    assert.deepEqual(
      outside.warnings.map((w) => [w.path, w.code]),
      [['/segments/0', 'state-change-outside-event']],
    );
    assert.equal(outside.warnings, outside.warnings, 'found once');
  });
});

describe('validateSegment', () => {
  test('accepts every kind of a valid envelope', () => {
    for (const message of everyKindEnvelope().messages) {
      for (const segment of message.segments)
        assert.deepEqual(validateSegment(segment), { valid: true, errors: [], warnings: [] });
    }
  });
  test('reports paths relative to the segment and names the kind', () => {
    const result = validateSegment({
      kind: 'tool_call_result',
      toolName: 'search',
      result: 'x',
      collapsed: true,
    });
    assert.deepEqual(result.errors, [
      {
        path: '/success',
        keyword: 'required',
        message: "The segment (tool_call_result) is missing required field 'success' (boolean).",
      },
    ]);
  });
  test('rejects cycles in arguments', () => {
    const args: any = {};
    args.loop = [args];
    const result = validateSegment({
      kind: 'tool_call_request',
      toolName: 't',
      arguments: args,
      collapsed: false,
    });
    assert.equal(result.valid, false);
    assert.equal(result.errors[0].path, '/arguments/loop/0');
  });
});

describe('no exception on any input', () => {
  test('an object shared under many keys is checked once, not once per path (2^40 paths)', () => {
    let shared: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 40; i++) shared = { a: shared, b: shared };
    const envelope = {
      version: '1.0',
      messages: [
        {
          id: 'a1',
          role: 'assistant',
          timestamp: 0,
          segments: [
            { kind: 'tool_call_request', toolName: 'f', arguments: shared, collapsed: false },
          ],
        },
      ],
    };
    assert.equal(validateEnvelope(envelope).valid, true);
  });

  test('arbitrary values give a result, never a throw (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withMap: true,
          withSet: true,
          withDate: true,
          withTypedArray: true,
        }),
        (value) => {
          for (const fn of [validateEnvelope, validateSegment, normalizeEnvelope]) {
            const r = fn(value);
            assert.equal(typeof r.valid, 'boolean');
            if (!r.valid)
              assert.ok(
                r.errors.length > 0 &&
                  r.errors.every((e) => e.message.endsWith('.') || e.message.endsWith('?')),
              );
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  test('mutated valid envelopes report errors with real paths', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom('kind', 'collapsed', 'content', 'items', 'toolName', 'id', 'role'),
        fc.anything(),
        (m, field, value) => {
          const e: any = everyKindEnvelope();
          const target =
            field === 'id' || field === 'role' ? e.messages[m] : e.messages[m].segments[0];
          target[field] = value;
          const r = validateEnvelope(e);
          for (const error of r.errors) assert.match(error.path, /^(\/[^/]+)*$/);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('a throwing getter becomes an error', () => {
    const hostile = {
      version: '1.0',
      get messages(): never {
        throw new Error('boom');
      },
    };
    const r = validateEnvelope(hostile);
    assert.equal(r.valid, false);
    assert.match(r.errors[0].message, /could not be read \(boom\)/);
  });

  test('a revoked proxy becomes an error', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    assert.equal(validateEnvelope(proxy).valid, false);
  });

  test('a 10 MB string and arguments nested 10,000 deep validate', () => {
    let deep: any = { leaf: true };
    for (let i = 0; i < 10_000; i++) deep = { next: deep };
    const big = envelope([
      msg('u', 'user', text('x'.repeat(10_000_000))),
      msg('a', 'assistant', call('t', deep)),
    ]);
    assert.equal(validateEnvelope(big).valid, true);
  });

  test('a bad value deep inside arguments is named by its whole path, and briefly in the sentence', () => {
    let deep: any = { bad: Number.NaN };
    for (let i = 0; i < 1_000; i++) deep = { a: deep };
    const result = validateEnvelope(envelope([msg('a', 'assistant', call('t', deep))]));
    assert.equal(result.valid, false);
    const [error] = result.errors;
    assert.equal(error.path, '/messages/0/segments/0/arguments' + '/a'.repeat(1_000) + '/bad');
    assert.ok(error.message.length < 300, `short sentence: ${error.message.length} characters`);
    assert.match(
      error.message,
      /^The value at \/messages\/0\/segments\/0\/arguments\/a.*….*\/a\/bad is NaN/,
    );
  });

  test('thousands of errors are capped with a summary', () => {
    const e = envelope(
      Array.from({ length: 5_000 }, (_, i) => ({
        ...msg(`m${i}`, 'user', text('x')),
        role: 'nobody' as any,
      })),
    );
    const r = validateEnvelope(e);
    assert.equal(r.errors.length, 1_001);
    assert.equal(r.errors[999]!.path, '/messages/999/role');
    assert.deepEqual(r.errors[1_000], {
      path: '',
      keyword: 'limit',
      message: '4,000 more errors are not listed; fix the ones above first.',
    });
  });

  test('the generated validator gathers errors in place (a copy per sub-validator is quadratic)', () => {
    const code = readFileSync('src/core/protocol/generated/envelope-validator.ts', 'utf8');
    assert.doesNotMatch(code, /\.concat\(/);
  });

  test('an error for one bad segment is reported once, without noise from the other kinds', () => {
    const e: any = everyKindEnvelope();
    e.messages[1].segments[0] = { kind: 'text' };
    assert.equal(validateEnvelope(e).errors.length, 1);
  });
});

describe('messageRangeErrors (the elements check long envelopes in slices)', () => {
  const conversation = (count: number): Envelope => ({
    version: '1.0',
    messages: Array.from({ length: count }, (_, i) => ({
      id: `m${i}`,
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      timestamp: 1_780_000_000_000 + i,
      segments: [{ kind: 'text' as const, content: `Message ${i}.` }],
    })),
  });

  test('a valid slice has no errors; slices together find what the whole check finds', () => {
    const envelope = conversation(30);
    assert.deepEqual(messageRangeErrors(envelope, 10, 20), []);
    (envelope.messages[12] as unknown as { role: string }).role = 'bot';
    delete (envelope.messages[21].segments[0] as { content?: string }).content;
    const whole = validateEnvelope(envelope).errors;
    const sliced = [0, 10, 20].flatMap((from) => messageRangeErrors(envelope, from, from + 10));
    assert.deepEqual(sliced, whole);
    assert.deepEqual(
      sliced.map((e) => e.path),
      ['/messages/12/role', '/messages/21/segments/0/content'],
    );
  });

  test("the pointer in a sentence is the whole envelope's too", () => {
    const envelope = conversation(30);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    envelope.messages[25].segments.push({
      kind: 'tool_call_request',
      toolName: 'f',
      arguments: { cycle },
      collapsed: false,
    });
    const [error] = messageRangeErrors(envelope, 20, 30);
    assert.deepEqual(error, validateEnvelope(envelope).errors[0]);
    assert.equal(error.path, '/messages/25/segments/1/arguments/cycle/self');
    assert.match(error.message, /at \/messages\/25\/segments\/1\/arguments\/cycle\/self /);
  });

  test('a part of one long message: its segments, named by their paths in the whole envelope', () => {
    const envelope = conversation(3);
    envelope.messages[1].segments = Array.from({ length: 5_000 }, (_, i) => ({
      kind: 'text' as const,
      content: `Part ${i}.`,
    }));
    (envelope.messages[1].segments[3_456] as unknown as { kind: string }).kind = 'txt';
    assert.deepEqual(messageRangeErrors(envelope, 1, 2, [0, 2_000]), []);
    const errors = messageRangeErrors(envelope, 1, 2, [2_000, 4_000]);
    assert.deepEqual(errors, validateEnvelope(envelope).errors);
    assert.equal(errors[0].path, '/messages/1/segments/3456/kind');
  });

  test('a later part names its messages by their index in the whole envelope', () => {
    const envelope = conversation(40);
    (envelope.messages[31] as unknown as { role: string }).role = 'bot';
    assert.deepEqual(
      messageRangeErrors(envelope, 30, 40).map((e) => e.path),
      ['/messages/31/role'],
    );
  });
});
