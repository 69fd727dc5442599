import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { diffEnvelopes, type EnvelopeDiffResult } from '../../src/core/insight/diff.js';
import type { Envelope, MemorySegment, Message } from '../../src/core/protocol/types.js';
import { demoEnvelopes } from '../../src/data/demos/index.js';

const copy = <T>(value: T): T => structuredClone(value);
const demoA = demoEnvelopes.a;

/** `[status, idBefore, idAfter]` per message row: the shape of an alignment at a glance. */
const rows = (diff: EnvelopeDiffResult) =>
  diff.messages.map((row) => [row.status, row.a?.message.id, row.b?.message.id]);

const msg = (id: string, text: string, role: Message['role'] = 'user'): Message => ({
  id,
  role,
  timestamp: 1,
  segments: [{ kind: 'text', content: text }],
});
const envelope = (...messages: Message[]): Envelope => ({ version: '1.0', messages });

describe('diffEnvelopes (SPEC §3.8)', () => {
  test('identical envelopes: every message unchanged, nothing else', () => {
    for (const demo of Object.values(demoEnvelopes)) {
      const diff = diffEnvelopes(demo, copy(demo));
      assert.equal(diff.valid, true);
      assert.equal(diff.identical, true);
      assert.deepEqual(diff.fields, []);
      assert.equal(diff.summary.unchanged, demo.messages.length);
      assert.ok(diff.messages.every((row) => row.status === 'unchanged'));
      assert.ok(
        diff.messages.flatMap((row) => row.segments).every((s) => s.status === 'unchanged'),
      );
    }
  });

  test('demo A against a copy with one changed memory item marks exactly that item', () => {
    const after = copy(demoA);
    const memory = after.messages[0].segments.find((s) => s.kind === 'memory') as MemorySegment;
    const memoryIndex = after.messages[0].segments.indexOf(memory);
    const before = memory.items[2].content;
    memory.items[2].content = 'Usability study report due Friday, June 19, 2026.';
    const diff = diffEnvelopes(demoA, after);

    assert.equal(diff.identical, false);
    assert.deepEqual(diff.summary, { added: 0, removed: 0, changed: 1, unchanged: 6 });
    const changed = diff.messages.filter((row) => row.status === 'changed');
    assert.equal(changed.length, 1);
    assert.equal(changed[0].b!.message.id, 'a-1');
    assert.deepEqual(changed[0].fields, []);
    const segments = changed[0].segments.filter((s) => s.status !== 'unchanged');
    assert.equal(segments.length, 1);
    assert.equal(segments[0].status, 'changed');
    assert.equal(segments[0].a!.index, memoryIndex);
    assert.equal(segments[0].b!.index, memoryIndex);
    assert.deepEqual(segments[0].changes, [
      { path: '/items/2/content', before, after: memory.items[2].content },
    ]);
  });

  test('envelope-level fields and message fields are listed with their paths', () => {
    const after = copy(demoA);
    after.model = 'gpt-5';
    after.messages[1].timestamp += 1000;
    const diff = diffEnvelopes(demoA, after);
    assert.deepEqual(diff.fields, [{ path: '/model', before: 'gpt-4.1', after: 'gpt-5' }]);
    const row = diff.messages[1];
    assert.equal(row.status, 'changed');
    assert.deepEqual(row.fields, [
      {
        path: '/timestamp',
        before: demoA.messages[1].timestamp,
        after: demoA.messages[1].timestamp + 1000,
      },
    ]);
    assert.ok(row.segments.every((s) => s.status === 'unchanged'));
  });

  test('a message added in the middle and one removed are found by id; the rest stay paired', () => {
    const before = envelope(msg('m1', 'one'), msg('m2', 'two'), msg('m3', 'three'));
    const after = envelope(msg('m1', 'one'), msg('new', 'inserted'), msg('m2', 'two'));
    const diff = diffEnvelopes(before, after);
    assert.deepEqual(rows(diff), [
      ['unchanged', 'm1', 'm1'],
      ['added', undefined, 'new'],
      ['unchanged', 'm2', 'm2'],
      ['removed', 'm3', undefined],
    ]);
    assert.deepEqual(diff.summary, { added: 1, removed: 1, changed: 0, unchanged: 2 });
    assert.deepEqual(diff.messages[1].b!.index, 1);
    assert.deepEqual(
      diff.messages[1].segments.map((s) => [s.status, s.b?.index]),
      [['added', 0]],
    );
    assert.deepEqual(diff.messages[3].a!.index, 2);
  });

  test('a message moved to another place is one changed row, at its new place, marked moved', () => {
    const before = envelope(msg('m1', 'one'), msg('m2', 'two'), msg('m3', 'three'));
    const after = envelope(msg('m2', 'two'), msg('m3', 'three'), msg('m1', 'one'));
    const diff = diffEnvelopes(before, after);
    assert.deepEqual(rows(diff), [
      ['unchanged', 'm2', 'm2'],
      ['unchanged', 'm3', 'm3'],
      ['changed', 'm1', 'm1'],
    ]);
    assert.equal(diff.messages[2].moved, true);
    assert.deepEqual([diff.messages[2].a!.index, diff.messages[2].b!.index], [0, 2]);
    assert.equal(diff.messages[0].moved, undefined);
  });

  test('the same id with another role is one changed message with the role field', () => {
    const diff = diffEnvelopes(
      envelope(msg('m1', 'hello', 'user')),
      envelope(msg('m1', 'hello', 'assistant')),
    );
    assert.deepEqual(rows(diff), [['changed', 'm1', 'm1']]);
    assert.deepEqual(diff.messages[0].fields, [
      { path: '/role', before: 'user', after: 'assistant' },
    ]);
  });

  test('messages without matching ids pair by identical content, then by position', () => {
    const before = envelope(msg('x1', 'one'), msg('x2', 'two'), msg('x3', 'three'));
    const after = envelope(
      msg('y0', 'zero'),
      msg('y1', 'one'),
      msg('y2', 'two!'),
      msg('y3', 'three'),
    );
    const diff = diffEnvelopes(before, after);
    assert.deepEqual(rows(diff), [
      ['added', undefined, 'y0'],
      ['changed', 'x1', 'y1'],
      ['changed', 'x2', 'y2'],
      ['changed', 'x3', 'y3'],
    ]);
    assert.deepEqual(diff.messages[1].fields, [{ path: '/id', before: 'x1', after: 'y1' }]);
    assert.deepEqual(diff.messages[2].segments[0].changes, [
      { path: '/content', before: 'two', after: 'two!' },
    ]);
  });

  test('an inserted segment is added; the segments after it stay unchanged', () => {
    const after = copy(demoA);
    after.messages[0].segments.splice(1, 0, { kind: 'static_var', name: 'city', value: 'Delft' });
    const diff = diffEnvelopes(demoA, after);
    const row = diff.messages[0];
    assert.equal(row.status, 'changed');
    assert.deepEqual(
      row.segments.map((s) => [s.status, s.a?.index, s.b?.index]),
      [
        ['unchanged', 0, 0],
        ['added', undefined, 1],
        ...demoA.messages[0].segments.slice(1).map((_, k) => ['unchanged', k + 1, k + 2]),
      ],
    );
  });

  test('a removed segment and a changed one of the same kind are told apart', () => {
    const before = envelope({
      id: 'm',
      role: 'assistant',
      timestamp: 1,
      segments: [
        { kind: 'text', content: 'Let me check.' },
        {
          kind: 'tool_call_request',
          toolName: 'search',
          arguments: { q: 'cats' },
          collapsed: false,
        },
        { kind: 'tool_call_request', toolName: 'fetch', arguments: { url: 'a' }, collapsed: false },
      ],
    });
    const after = copy(before);
    after.messages[0].segments.splice(1, 1);
    (after.messages[0].segments[1] as { arguments: object }).arguments = { url: 'b', depth: 2 };
    const diff = diffEnvelopes(before, after);
    const segments = diff.messages[0].segments;
    assert.deepEqual(
      segments.map((s) => [s.status, s.a?.index, s.b?.index]),
      [
        ['unchanged', 0, 0],
        ['removed', 1, undefined],
        ['changed', 2, 1],
      ],
    );
    assert.deepEqual(segments[2].changes, [
      { path: '/arguments/url', before: 'a', after: 'b' },
      { path: '/arguments/depth', after: 2 },
    ]);
  });

  test('list items: an inserted item is added by itself, a renamed tool is changed by name', () => {
    const before = copy(demoA);
    const after = copy(demoA);
    const memory = after.messages[0].segments.find((s) => s.kind === 'memory') as MemorySegment;
    memory.items.splice(1, 0, { title: 'Pet', content: 'A cat called Miso.' });
    memory.items[4].content = 'Changed study plan.';
    const diff = diffEnvelopes(before, after);
    const segment = diff.messages[0].segments.find((s) => s.status === 'changed')!;
    assert.deepEqual(segment.changes, [
      { path: '/items/1', after: { title: 'Pet', content: 'A cat called Miso.' } },
      {
        path: '/items/4/content',
        beforePath: '/items/3/content',
        before: (demoA.messages[0].segments[5] as MemorySegment).items[3].content,
        after: 'Changed study plan.',
      },
    ]);
  });

  test('object key order is not a change', () => {
    const before = envelope({
      id: 'm',
      role: 'assistant',
      timestamp: 1,
      segments: [
        { kind: 'tool_call_request', toolName: 't', arguments: { a: 1, b: 2 }, collapsed: false },
      ],
    });
    const after = copy(before);
    (after.messages[0].segments[0] as { arguments: object }).arguments = { b: 2, a: 1 };
    assert.equal(diffEnvelopes(before, after).identical, true);
  });

  test('JSON text is accepted on either side', () => {
    const diff = diffEnvelopes(JSON.stringify(demoA), demoA);
    assert.equal(diff.valid, true);
    assert.equal(diff.identical, true);
  });

  test('an invalid side gives errors naming the side and the path, and nothing else', () => {
    const bad = copy(demoA) as unknown as { messages: { role: string }[] };
    bad.messages[1].role = 'robot';
    const diff = diffEnvelopes(demoA, bad);
    assert.equal(diff.valid, false);
    assert.deepEqual(diff.messages, []);
    assert.ok(diff.errors.length > 0);
    assert.ok(diff.errors.every((e) => e.side === 'b'));
    assert.ok(diff.errors.some((e) => e.path === '/messages/1/role'));

    const both = diffEnvelopes('{"version": ', 42);
    assert.deepEqual(
      both.errors.map((e) => e.side),
      ['a', 'b'],
    );
    assert.match(both.errors[0].message, /line 1/);
  });

  test('never throws: cycles, deep nesting, shared structure', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const withArguments = (args: object) =>
      envelope({
        id: 'm',
        role: 'assistant',
        timestamp: 1,
        segments: [
          { kind: 'tool_call_request', toolName: 't', arguments: args as never, collapsed: false },
        ],
      });
    // The validator already refuses a cycle: the side is named.
    assert.deepEqual(
      [
        ...new Set(
          diffEnvelopes(withArguments({}), withArguments(cyclic)).errors.map((e) => e.side),
        ),
      ],
      ['b'],
    );
    let deep: object = { leaf: true };
    for (let i = 0; i < 5000; i++) deep = { next: deep };
    let shared: object = { leaf: 1 };
    for (let i = 0; i < 16; i++) shared = { x: shared, y: shared };
    for (const [x, y] of [
      [deep, { leaf: false }],
      [shared, { x: shared }],
    ]) {
      const diff = diffEnvelopes(withArguments(x), withArguments(y));
      assert.equal(diff.valid, true);
      assert.equal(diff.messages[0].status, 'changed');
      assert.ok(diff.messages[0].segments[0].changes.length > 0);
    }
  });

  test('a shared value repeated at every level: keys stay small, equal values stay equal', () => {
    const withSchema = (schema: object) =>
      envelope({
        id: 'm',
        role: 'system',
        timestamp: 1,
        segments: [
          {
            kind: 'tool_overview',
            collapsed: false,
            items: [
              { name: 'branchy', description: 'd', parameters: 'p', schema: schema as never },
            ],
          },
        ],
      });
    // One object per level, listed six times: 6^levels paths. Spelled out, the key of 10
    // levels would be over 1 GB (V8 refuses such a string); 8 levels took most of a second.
    const anyOfTree = (levels: number, leaf: object) => {
      let schema: object = leaf;
      for (let level = 0; level < levels; level++) {
        const inner = schema;
        schema = { anyOf: Array.from({ length: 6 }, () => inner) };
      }
      return schema;
    };
    const wide = diffEnvelopes(
      withSchema(anyOfTree(10, { type: 'string' })),
      withSchema(anyOfTree(10, { type: 'number' })),
    );
    assert.equal(wide.messages[0].status, 'changed');
    const firstChange = wide.messages[0].segments[0].changes[0];
    assert.equal(firstChange.path, `/items/0/schema${'/anyOf/0'.repeat(10)}/type`);
    assert.equal(firstChange.after, 'number');
    // The same structure written out without sharing, and equal long strings that are different
    // string objects, are equal.
    const shared = anyOfTree(4, { type: 'string', description: 'x'.repeat(40) });
    const unshared = JSON.parse(JSON.stringify(shared)) as object;
    const same = diffEnvelopes(withSchema(shared), withSchema(unshared));
    assert.equal(same.identical, true);
  });

  test('thousands of messages with nothing in common stay fast (no quadratic pairing)', () => {
    const many = (prefix: string) =>
      envelope(...Array.from({ length: 5000 }, (_, i) => msg(`${prefix}${i}`, `${prefix} ${i}`)));
    const started = performance.now();
    const diff = diffEnvelopes(many('a'), many('b'));
    assert.ok(performance.now() - started < 10_000, 'under 10 s');
    assert.deepEqual(diff.summary, { added: 0, removed: 0, changed: 5000, unchanged: 0 });
  });

  test('is deterministic', () => {
    const after = copy(demoEnvelopes.b);
    after.messages.splice(2, 1);
    after.messages[0].segments.reverse();
    assert.deepEqual(
      JSON.stringify(diffEnvelopes(demoEnvelopes.b, after)),
      JSON.stringify(diffEnvelopes(copy(demoEnvelopes.b), copy(after))),
    );
  });
});

describe('diffEnvelopes: a total budget for aligning lists', () => {
  const calls = (count: number, values: (m: number) => unknown[]): Envelope => ({
    version: '1.0',
    messages: Array.from({ length: count }, (_, m) => ({
      id: `a${m}`,
      role: 'assistant' as const,
      timestamp: m,
      segments: [
        {
          kind: 'tool_call_request' as const,
          toolName: 'plot',
          arguments: { values: values(m) },
          collapsed: false,
        },
      ],
    })),
  });

  test("the audit's case: 50 pairs of 1,999-item lists finish fast, coarse, naming the lists", () => {
    const digits = (shift: number) => () =>
      Array.from({ length: 1_999 }, (_, i) => (i * 7 + shift * (i % 3)) % 10);
    const before = calls(50, digits(0));
    const after = calls(50, digits(1));
    assert.ok(JSON.stringify(before).length > 200_000, 'two envelopes of about 206 kB');
    const started = performance.now();
    const diff = diffEnvelopes(before, after);
    // 17 s before the budget; the bound leaves room for a busy CI machine.
    assert.ok(performance.now() - started < 5_000, `${performance.now() - started} ms`);
    assert.equal(diff.coarse, true);
    assert.deepEqual(diff.summary, { added: 0, removed: 0, changed: 50, unchanged: 0 });
    // Two tables of 2,000 × 2,000 cells fit the budget; the other 48 lists are named.
    assert.equal(diff.warnings.length, 21);
    assert.deepEqual(
      diff.warnings.slice(0, 20).map((w) => [w.code, w.path]),
      Array.from({ length: 20 }, (_, k) => [
        'coarse-alignment',
        `/messages/${k + 2}/segments/0/arguments/values`,
      ]),
    );
    assert.equal(
      diff.warnings[0].message,
      "The list at /messages/2/segments/0/arguments/values (1,999 items before, 1,999 after) was aligned by position and by the items found once on each side, not exactly: the diff's budget of 8,000,000 cells for exact alignment was spent.",
    );
    assert.deepEqual(diff.warnings[20], {
      path: '',
      code: 'coarse-alignment',
      message: '28 more lists were aligned coarsely as well.',
    });
  });

  test('under the budget nothing is coarse and the alignment is a longest common subsequence', () => {
    const valuesBefore = (m: number) => Array.from({ length: 1_500 }, (_, i) => (i * (m + 3)) % 7);
    const valuesAfter = (m: number) => Array.from({ length: 1_500 }, (_, i) => (i * (m + 4)) % 7);
    const diff = diffEnvelopes(calls(2, valuesBefore), calls(2, valuesAfter));
    assert.equal(diff.coarse, false);
    assert.deepEqual(diff.warnings, []);
    for (let m = 0; m < 2; m++) {
      const a = valuesBefore(m);
      const b = valuesAfter(m);
      // Unequal numbers between two kept ones are paired by position as changed.
      const changes = diff.messages[m].segments[0].changes;
      const count = (test: (c: (typeof changes)[number]) => boolean) => changes.filter(test).length;
      const changed = count((c) => 'before' in c && 'after' in c);
      const kept = a.length - changed - count((c) => !('after' in c));
      assert.equal(kept, lcsLength(a, b));
      assert.equal(b.length - changed - count((c) => !('before' in c)), kept);
    }
  });

  test('a list too long to align exactly is anchored on its unique items: one insertion stays one', () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => ({ id: `item-${i}`, n: i }));
    const inserted = [...ids.slice(0, 2_500), { id: 'new', n: -1 }, ...ids.slice(2_500)];
    inserted[1] = { id: 'changed', n: 1 };
    const diff = diffEnvelopes(
      calls(1, () => ids),
      calls(1, () => inserted),
    );
    assert.equal(diff.coarse, true);
    assert.match(diff.warnings[0].message, /more than 4,000,000 cells\.$/);
    assert.deepEqual(diff.messages[0].segments[0].changes, [
      { path: '/arguments/values/1/id', before: 'item-1', after: 'changed' },
      { path: '/arguments/values/2500', after: { id: 'new', n: -1 } },
    ]);
  });

  test('the message list itself is named when it is aligned coarsely', () => {
    const many = (prefix: string) =>
      envelope(...Array.from({ length: 2_100 }, (_, i) => msg(`${prefix}${i}`, `${prefix} ${i}`)));
    const diff = diffEnvelopes(many('a'), many('b'));
    assert.equal(diff.coarse, true);
    assert.equal(diff.warnings[0].path, '/messages');
    assert.equal(diff.messages.length, 2_100);
  });
});

/** Length of a longest common subsequence, the textbook way (the reference for the tests). */
function lcsLength(a: readonly unknown[], b: readonly unknown[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const current = [0];
    for (let j = 1; j <= b.length; j++)
      current[j] =
        a[i - 1] === b[j - 1] ? previous[j - 1] + 1 : Math.max(previous[j], current[j - 1]);
    previous = current;
  }
  return previous[b.length];
}
