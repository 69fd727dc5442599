import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateEnvelope } from '../../src/core/protocol/validate.js';
import { everyKindEnvelope } from '../fixtures/envelopes.js';
import { schemaCases as cases } from '../fixtures/schema-cases.js';

describe('validateEnvelope: one invalid document per schema rule', () => {
  test('the base document is valid, so each case breaks exactly one rule', () => {
    assert.deepEqual(validateEnvelope(everyKindEnvelope()), {
      valid: true,
      errors: [],
      warnings: [],
    });
  });
  assert.ok(cases.length >= 30);
  for (const c of cases) {
    test(c.rule, () => {
      const result = validateEnvelope(c.mutate(everyKindEnvelope()));
      assert.equal(result.valid, false);
      assert.equal(
        result.errors.length,
        1,
        `exactly one error, got ${JSON.stringify(result.errors, null, 2)}`,
      );
      assert.equal(result.errors[0].path, c.path);
      assert.match(result.errors[0].message, c.message);
    });
  }
});
