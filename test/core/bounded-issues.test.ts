import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importEnvelope } from '../../src/core/targets/import.js';
import { validateScenarioManifest } from '../../src/core/protocol/manifest.js';

// Whatever the input, an import lists at most a thousand errors and a thousand warnings, and
// says in a last entry how many more there were.

test('a list of 100,000 numbers: the first 1,000 errors, then one that counts the rest', () => {
  const result = importEnvelope(JSON.stringify(Array.from({ length: 100_000 }, (_, i) => i)));
  assert.equal(result.envelope, null);
  assert.equal(result.errors.length, 1_001);
  assert.equal(result.errors[999]!.path, '/999');
  assert.match(result.errors[999]!.message, /found a number/);
  assert.deepEqual(result.errors[1_000], {
    path: '',
    keyword: 'limit',
    message: '99,000 more errors are not listed; fix the ones above first.',
  });
});

test('unknown fields at one place are one warning that counts them, with examples', () => {
  // A request's own top-level fields are kept (Envelope.request); a message's are not.
  const message: Record<string, unknown> = { role: 'user', content: 'hi' };
  for (let i = 0; i < 100_000; i++) message[`k${i}`] = i;
  const { warnings, envelope } = importEnvelope(
    { model: 'm', messages: [message] },
    { from: 'openai' },
  );
  assert.equal(envelope?.messages.length, 1);
  assert.deepEqual(warnings, [
    {
      path: '/messages/0',
      code: 'fields-not-kept',
      message:
        "100,000 fields at /messages/* have no place in the protocol and were left out, for instance '/messages/0/k0', '/messages/0/k1', '/messages/0/k2'.",
    },
  ]);
});

test('a request with 100,000 top-level fields keeps them all, as it came', () => {
  const body: Record<string, unknown> = { model: 'm', messages: [{ role: 'user', content: 'hi' }] };
  for (let i = 0; i < 100_000; i++) body[`k${i}`] = i;
  const { warnings, envelope } = importEnvelope(body, { from: 'openai' });
  assert.deepEqual(warnings, []);
  assert.equal(Object.keys(envelope!.request!.fields!).length, 100_000);
});

test('the same unknown field in every message is one warning; a few stay one each', () => {
  const messages = Array.from({ length: 12 }, () => ({ role: 'user', content: 'hi', x: 1 }));
  const many = importEnvelope({ model: 'm', messages }, { from: 'openai' }).warnings;
  assert.deepEqual(
    many.map((w) => [w.path, w.code]),
    [['/messages/0', 'fields-not-kept']],
  );
  assert.match(many[0]!.message, /^12 fields at \/messages\/\* .*'\/messages\/0\/x'/);
  const few = importEnvelope({ model: 'm', messages: messages.slice(0, 3) }, { from: 'openai' });
  assert.deepEqual(
    few.warnings.map((w) => [w.path, w.code]),
    [0, 1, 2].map((i) => [`/messages/${i}/x`, 'field-not-kept']),
  );
});

test('a manifest with 5,000 bad scenarios: the first 1,000 errors, then one that counts the rest', () => {
  const result = validateScenarioManifest({
    scenarios: Array.from({ length: 5_000 }, () => ({ id: 1 })),
  });
  assert.equal(result.errors.length, 1_001);
  assert.equal(result.errors.at(-1)!.keyword, 'limit');
  assert.match(result.errors.at(-1)!.message, /^[\d,]+ more errors are not listed/);
});
