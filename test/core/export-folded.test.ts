import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Envelope } from '../../src/core/protocol/types.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { EXPORT_TARGETS } from '../../src/core/targets/export-targets.js';
import { demoEnvelopes } from '../../src/data/demos/index.js';

// Segments that lose their kind in the request (a static_var's value fills placeholders, memory
// and skills become lines of the one system text) are named in a warning, for every target.

const folding: Envelope = {
  version: '1.0',
  model: 'gpt-4.1',
  messages: [
    {
      id: 's',
      role: 'system',
      timestamp: 1780897800000,
      segments: [
        { kind: 'static_var', name: 'city', value: 'Oslo' },
        { kind: 'static_var', name: 'unused', value: 'never sent' },
        { kind: 'system_prompt', content: 'You help in {{city}}.', collapsed: false },
        {
          kind: 'memory',
          description: 'Known:',
          items: [{ title: 'Home', content: 'Berlin' }],
          collapsed: false,
        },
      ],
    },
    {
      id: 'u',
      role: 'user',
      timestamp: 1780897801000,
      segments: [{ kind: 'text', content: 'Hi' }],
    },
    {
      id: 'later',
      role: 'system',
      timestamp: 1780897802000,
      segments: [
        {
          kind: 'skills',
          items: [{ name: 'trip', description: 'Plans a trip.' }],
          collapsed: false,
        },
      ],
    },
  ],
};

const plain: Envelope = {
  version: '1.0',
  model: 'gpt-4.1',
  messages: [
    {
      id: 's',
      role: 'system',
      timestamp: 1780897800000,
      segments: [{ kind: 'system_prompt', content: 'Be brief.', collapsed: false }],
    },
    {
      id: 'u',
      role: 'user',
      timestamp: 1780897801000,
      segments: [{ kind: 'text', content: 'Hi' }],
    },
  ],
};

describe('export names the segments it folds into the system text', () => {
  for (const target of EXPORT_TARGETS) {
    test(target, () => {
      const out = exportEnvelope(folding, { target });
      assert.deepEqual(out.errors, []);
      const folded = out.warnings.filter((w) => w.code === 'segments-folded');
      assert.equal(folded.length, 1);
      // The sentence names the messages; messageIds is left empty.
      assert.deepEqual(folded[0]!.messageIds, []);
      assert.equal(
        folded[0]!.message,
        "Folded into the system text (4): static_var \"city\" in message 's', static_var \"unused\" in message 's', memory in message 's', skills in message 'later'.",
      );
      // What the warning says is what the body holds: the value filled in, the unused one absent.
      const body = JSON.stringify(out.body);
      assert.ok(body.includes('You help in Oslo.'));
      assert.ok(!body.includes('never sent'));

      assert.deepEqual(exportEnvelope(plain, { target }).warnings, []);
    });
  }

  test('demo B to Anthropic: its five static_vars are named', () => {
    const out = exportEnvelope(demoEnvelopes.b, { target: 'anthropic' });
    assert.deepEqual(
      out.warnings.map((w) => w.code),
      ['segments-folded'],
    );
    for (const name of ['user_name', 'user_email', 'home_airport', 'currency', 'current_date'])
      assert.ok(out.warnings[0]!.message.includes(`static_var "${name}"`), name);
  });

  test('a hostile number of them: twenty named, the rest counted', () => {
    const many: Envelope = structuredClone(plain);
    for (let i = 0; i < 5000; i++)
      many.messages[0]!.segments.unshift({ kind: 'static_var', name: `v${i}`, value: 'x' });
    const [warning] = exportEnvelope(many, { target: 'openai' }).warnings;
    assert.equal(warning?.code, 'segments-folded');
    assert.match(
      warning!.message,
      /^Folded into the system text \(5000\): static_var "v4999" in message 's', /,
    );
    assert.match(warning!.message, /static_var "v4980" in message 's', …\.$/);
    assert.equal(warning!.message.match(/static_var/g)!.length, 20);
  });
});
