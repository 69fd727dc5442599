import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import {
  validateEnvelopeSchema,
  validateSegmentSchema,
} from '../../src/core/protocol/generated/envelope-validator.js';
import { demoEnvelopes } from '../../src/data/demos/index.js';
import {
  envelopeArbitrary,
  mutatedEnvelopeArbitrary,
  mutatedEnvelopes,
} from '../fixtures/arbitraries.js';
import { everyKindEnvelope } from '../fixtures/envelopes.js';
import { groupChatArbitrary } from '../fixtures/group-chats.js';
import { schemaCases } from '../fixtures/schema-cases.js';
import { validateEnvelope } from '../../src/core/protocol/validate.js';

/**
 * The validator is compiled from a faster way of writing the published schema's rules
 * (scripts/generate.mjs, validatorVariant), and the rule of what "1.0" may not use is checked by a
 * loop in validate.ts. Here the published schema itself, compiled by Ajv at run time, must say
 * the same of every document as the two together: they may not accept more or less.
 */
const compiledEnvelope = (value: unknown) =>
  validateEnvelopeSchema(value) &&
  !validateEnvelope(value).errors.some((e) => e.keyword === 'version');
const published = JSON.parse(
  readFileSync('src/core/protocol/schema/prompt-envelope.schema.json', 'utf8'),
) as { $id: string };
const ajv = new Ajv2020({ allErrors: true, strict: true });
ajv.addSchema(published);
const publishedEnvelope = ajv.getSchema(published.$id)!;
const publishedSegment = ajv.getSchema(`${published.$id}#/$defs/Segment`)!;

function outcome(validate: (value: unknown) => unknown, value: unknown): boolean | 'throws' {
  try {
    return Boolean(validate(value));
  } catch {
    return 'throws';
  }
}

function label(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 80) ?? String(value);
  } catch {
    return '(too deeply nested to show)';
  }
}

function assertSame(value: unknown, label = '') {
  assert.equal(
    outcome(compiledEnvelope, value),
    outcome(publishedEnvelope, value),
    `envelope ${label}`,
  );
}

describe('the compiled validator accepts exactly what the published schema accepts', () => {
  const event = (segments: unknown[], extra = {}) => ({
    id: 'e1',
    role: 'event',
    timestamp: 1,
    segments,
    ...extra,
  });
  const joined = { kind: 'state_change', change: 'member_joined', userId: 'u2' };
  const v11 = (message: unknown) => ({ version: '1.1', messages: [message] });
  const v10 = (message: unknown) => ({ version: '1.0', messages: [message] });
  const documents: [string, unknown, boolean][] = [
    ['every kind', everyKindEnvelope(), true],
    ['a 1.1 event', v11(event([joined])), true],
    ['an event in 1.0', v10(event([joined])), false],
    ['a state change in a 1.0 user message', v10({ ...event([joined]), role: 'user' }), false],
    ['a state change in a 1.1 user message', v11({ ...event([joined]), role: 'user' }), true],
    ['an event with text', v11(event([joined, { kind: 'text', content: 'hi' }])), false],
    ['an event with an actor', v11(event([joined], { actor: { userId: 'u1' } })), false],
    [
      'member_changed without a value',
      v11(event([{ ...joined, change: 'member_changed', field: 'name' }])),
      false,
    ],
    ['an unknown role', v11({ ...event([joined]), role: 'moderator' }), false],
    ['a segment without a kind', v11({ ...event([{}]), role: 'user' }), false],
    ['a kind that is not a string', v11({ ...event([{ kind: 7 }]), role: 'user' }), false],
    ['a role that is not a string', v11({ ...event([joined]), role: 7 }), false],
  ];
  for (const [name, document, valid] of documents) {
    test(name, () => {
      assert.equal(publishedEnvelope(document), valid, 'the published schema');
      assert.equal(compiledEnvelope(document), valid, 'the compiled validator');
    });
  }

  test('the demos and every one-rule invalid document', () => {
    for (const [name, demo] of Object.entries(demoEnvelopes)) assertSame(demo, name);
    for (const c of schemaCases) assertSame(c.mutate(everyKindEnvelope()), c.rule);
  });

  test('random valid, mutated and 1.1 envelopes (fast-check)', () => {
    const property = fc.property(
      fc.oneof(
        envelopeArbitrary,
        mutatedEnvelopeArbitrary,
        groupChatArbitrary.map((chat) => chat.envelope),
        mutatedEnvelopes(groupChatArbitrary.map((chat) => chat.envelope)),
      ),
      (value) => assertSame(value),
    );
    fc.assert(property, { numRuns: 2_000 });
  });

  test('single segments, as validateSegment checks them', () => {
    const sameSegment = (segment: unknown) => {
      const compiled = outcome(validateSegmentSchema, segment);
      const reference = outcome(publishedSegment, segment);
      // The label only on a mismatch: JSON.stringify of a segment whose arguments the mutator
      // nested thousands deep overflows the stack, which failed this test now and then.
      if (compiled !== reference) assert.equal(compiled, reference, label(segment));
    };
    for (const segment of everyKindEnvelope().messages.flatMap((m) => m.segments)) {
      for (const broken of [
        segment,
        { ...segment, kind: 'nope' },
        { ...segment, extra: 1 },
        { kind: segment.kind },
        { ...segment, kind: 'state_change' },
      ])
        sameSegment(broken);
    }
    // Every segment-shaped value inside mutated envelopes.
    fc.assert(
      fc.property(mutatedEnvelopeArbitrary, (value) => {
        const messages = (value as { messages?: unknown }).messages;
        if (!Array.isArray(messages)) return;
        for (const message of messages) {
          const segments = (message as { segments?: unknown } | null)?.segments;
          if (Array.isArray(segments)) segments.forEach(sameSegment);
        }
      }),
      { numRuns: 1_000 },
    );
  });
});
