import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { diffEnvelopes, type EnvelopeDiffResult } from '../../src/core/diff.js';
import type { Envelope, MemorySegment, Message } from '../../src/core/protocol.js';
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
