import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { EXPORT_TARGETS, type ExportTarget } from '../../src/core/targets/export-targets.js';
import type { Envelope } from '../../src/core/protocol/types.js';
import { flatten, type Flat } from '../fixtures/bodies.js';
import {
  build,
  groupChatArbitrary as chat,
  headerValueArbitrary as value,
} from '../fixtures/group-chats.js';
import { at, scene } from '../fixtures/group.js';

/**
 * SPEC §3.6 cache stability, as a property over random 1.1 group chats: between two prefixes
 * that could each be sent (no tool call waiting for its result), the longer one's rendering
 * keeps the system text and every earlier message byte-identical; only the last message may
 * grow by merging, its old blocks staying a prefix of the new ones. A scene rename changes only
 * the scene line. Checked for every target, on every sendable prefix.
 */

const RUNS = 300;

function render(target: ExportTarget, envelope: Envelope): Flat {
  const out = exportEnvelope(envelope, { target });
  assert.deepEqual(out.errors, []);
  return flatten(target, out.body);
}

/** `longer` keeps `shorter`: equal system text, equal messages, the last one grown at most. */
function assertKeeps(shorter: Flat, longer: Flat, label: string) {
  assert.equal(longer.system, shorter.system, `${label}: system text`);
  const last = shorter.messages.length - 1;
  shorter.messages.forEach((before, i) => {
    const after = longer.messages[i];
    assert.ok(after, `${label}: message ${i} is still there`);
    if (i < last) {
      assert.deepEqual(after, before, `${label}: message ${i} unchanged`);
      return;
    }
    assert.equal(after.role, before.role, `${label}: last message keeps its role`);
    assert.deepEqual(after.rest, before.rest, `${label}: last message keeps its fields`);
    before.blocks.forEach((block, b) => {
      const now = after.blocks[b];
      const grows =
        b === before.blocks.length - 1 &&
        typeof (block as { text?: unknown }).text === 'string' &&
        typeof (now as { text?: unknown } | undefined)?.text === 'string';
      if (grows) {
        assert.ok(
          (now as { text: string }).text.startsWith((block as { text: string }).text),
          `${label}: the last text only grows`,
        );
      } else assert.deepEqual(now, block, `${label}: block ${b} of the last message`);
    });
  });
}

describe('cache stability (SPEC §3.6)', () => {
  test(`appending messages keeps what was sent, for ${RUNS} random group chats and every target`, () => {
    let prefixes = 0;
    fc.assert(
      fc.property(chat, ({ envelope, sendable }) => {
        for (const target of EXPORT_TARGETS) {
          let previous: Flat | null = null;
          for (const length of sendable) {
            const current = render(target, {
              ...envelope,
              messages: envelope.messages.slice(0, length),
            });
            if (previous) assertKeeps(previous, current, `${target} at ${length}`);
            previous = current;
            prefixes++;
          }
        }
      }),
      { numRuns: RUNS },
    );
    assert.ok(prefixes > RUNS * 4 * 3, `enough prefixes compared (${prefixes})`);
  });

  test(`a scene rename changes only the scene line, for ${RUNS} random group chats`, () => {
    fc.assert(
      fc.property(chat, value, ({ envelope }, name) => {
        const renamed = { ...envelope, scene: { ...scene, name } };
        for (const target of EXPORT_TARGETS) {
          const before = render(target, envelope);
          const after = render(target, renamed);
          assert.deepEqual(after.messages, before.messages, `${target}: messages`);
          const cut = before.system!.lastIndexOf('\n\n[scene_id:');
          assert.ok(cut > 0, `${target}: the scene line is last`);
          assert.equal(after.system!.slice(0, cut + 2), before.system!.slice(0, cut + 2), target);
        }
      }),
      { numRuns: RUNS },
    );
  });

  test('the property can fail: inserting an event into the history breaks it', () => {
    const { envelope, sendable } = build([
      { type: 'say', who: 0, replyBack: 0, gap: 0 },
      { type: 'say', who: 1, replyBack: 0, gap: 70 },
    ]);
    const shorter = render('openai', {
      ...envelope,
      messages: envelope.messages.slice(0, sendable[1]),
    });
    const inserted = structuredClone(envelope);
    inserted.messages.splice(1, 0, {
      id: 'inserted',
      role: 'event',
      segments: [{ kind: 'state_change', change: 'member_joined', userId: '1', by: 'self' }],
      timestamp: at(0),
    });
    assert.throws(() => assertKeeps(shorter, render('openai', inserted), 'inserted'));
  });
});
