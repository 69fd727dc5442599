import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { checkAnthropicRequest } from '../../src/core/targets/anthropic/export.js';
import { checkOpenAIRequest } from '../../src/core/targets/openai/export.js';
import { checkOpenAIResponsesRequest } from '../../src/core/targets/openai-responses/export.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { type ExportTarget } from '../../src/core/targets/export-targets.js';
import { checkGeminiRequest } from '../../src/core/targets/gemini/export.js';
import { importEnvelope } from '../../src/core/targets/import.js';
import { checkOTelRecord } from '../../src/core/targets/otel/export.js';
import { validateEnvelope } from '../../src/core/protocol/validate.js';
import { conversationArbitrary, envelopeArbitrary } from '../fixtures/arbitraries.js';
import { otelSchemaErrors } from '../fixtures/provider-schemas.js';

const checkers: Record<ExportTarget, (body: unknown) => { rule: string }[]> = {
  openai: checkOpenAIRequest,
  'openai-responses': checkOpenAIResponsesRequest,
  anthropic: checkAnthropicRequest,
  gemini: checkGeminiRequest,
  otel: checkOTelRecord,
};

const RUNS = 500;

/** A body with no message and no system text has no envelope to come back to (exports warn). */
function carriesSomething(body: unknown): boolean {
  const b = body as {
    messages?: unknown[];
    system?: string;
    inputMessages?: unknown[];
    systemInstructions?: unknown[];
  };
  return (
    (b.messages?.length ?? 0) +
      (b.inputMessages?.length ?? 0) +
      (b.systemInstructions?.length ?? 0) >
      0 || b.system !== undefined
  );
}

describe('property tests over generated envelopes (fast-check)', () => {
  test('the arbitraries produce valid envelopes', () => {
    fc.assert(
      fc.property(envelopeArbitrary, (e) => validateEnvelope(e).valid),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(conversationArbitrary, (e) => validateEnvelope(e).valid),
      { numRuns: 200 },
    );
  });

  for (const target of ['openai', 'anthropic', 'otel'] as const) {
    test(`${target}: import of any exported body never throws and gives a valid envelope`, () => {
      fc.assert(
        fc.property(envelopeArbitrary, (envelope) => {
          const first = exportEnvelope(envelope, { target });
          fc.pre(carriesSomething(first.body));
          const imported = importEnvelope(first.body, { from: target, model: envelope.model });
          assert.deepEqual(imported.errors, []);
          assert.equal(validateEnvelope(imported.envelope).valid, true);
        }),
        { numRuns: RUNS },
      );
    });
  }

  for (const target of ['openai', 'anthropic', 'gemini', 'otel'] as const) {
    test(`${target}: export never throws, and every broken rule carries a warning`, () => {
      fc.assert(
        fc.property(envelopeArbitrary, (envelope) => {
          const out = exportEnvelope(envelope, { target });
          assert.deepEqual(out.errors, []);
          assert.ok(out.body);
          const codes = new Set(out.warnings.map((w) => w.code));
          for (const v of checkers[target](out.body))
            assert.ok(codes.has(v.rule), `no warning for ${v.rule}`);
          if (target === 'otel') assert.deepEqual(otelSchemaErrors(out.body), []);
        }),
        { numRuns: RUNS },
      );
    });

    if (target === 'gemini') continue;
    test(`${target}: export → import → export gives the same body (well-formed conversations)`, () => {
      fc.assert(
        fc.property(conversationArbitrary, (envelope) => {
          const first = exportEnvelope(envelope, { target });
          fc.pre(carriesSomething(first.body));
          const imported = importEnvelope(first.body, { from: target, model: envelope.model });
          assert.deepEqual(imported.errors, []);
          const second = exportEnvelope(imported.envelope, { target });
          assert.deepEqual(second.body, first.body);
        }),
        { numRuns: RUNS },
      );
    });
  }
});
