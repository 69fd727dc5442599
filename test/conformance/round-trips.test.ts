import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import fc from 'fast-check';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { importEnvelope, type ImportSource } from '../../src/core/targets/import.js';
import {
  anthropicBodyArbitrary,
  chatBodyArbitrary,
  geminiBodyArbitrary,
  responsesBodyArbitrary,
} from '../fixtures/request-arbitraries.js';

/**
 * Issue #18: a request body as another project writes it (valid under the provider SDK's
 * types) is imported and exported to the same target. The body comes back identical, or the
 * import warned. Nothing is lost silently. The counts are printed as a table. (Responses item
 * ids, `status` and the optional `type: "message"` once came back only as documented
 * differences; since issue 43 they are kept.)
 */

const RUNS = 400;

type Outcome = 'identical' | 'warned';
const table: Record<string, Record<Outcome, number>> = {};

const cases: [ImportSource, fc.Arbitrary<Record<string, unknown>>, string | undefined][] = [
  ['openai', chatBodyArbitrary, undefined],
  ['openai-responses', responsesBodyArbitrary, undefined],
  ['anthropic', anthropicBodyArbitrary, undefined],
  ['gemini', geminiBodyArbitrary, 'gemini-2.5-flash'],
];

describe('a generated SDK-valid body round-trips through the envelope, or the import warns', () => {
  for (const [format, arbitrary, model] of cases) {
    test(format, () => {
      const counts = (table[format] = { identical: 0, warned: 0 });
      fc.assert(
        fc.property(arbitrary, (body) => {
          const imported = importEnvelope(body, { from: format, model });
          assert.deepEqual(imported.errors, []);
          const back = exportEnvelope(imported.envelope, { target: format, model }).body;
          let outcome: Outcome | null = null;
          if (isDeepEqual(back, body)) outcome = 'identical';
          else if (imported.warnings.length > 0) outcome = 'warned';
          assert.ok(
            outcome,
            `lost without a warning:\n${JSON.stringify(body)}\n→\n${JSON.stringify(back)}`,
          );
          counts[outcome]++;
        }),
        { numRuns: RUNS },
      );
    });
  }
});

after(() => {
  const rows = Object.entries(table).map(
    ([format, c]) => `| ${format} | ${c.identical + c.warned} | ${c.identical} | ${c.warned} |`,
  );
  console.log(
    ['| format | bodies | identical | warned |', '|---|---|---|---|', ...rows].join('\n'),
  );
});

/** Bodies are JSON: compared as JSON (a generated object may have no prototype). */
function isDeepEqual(a: unknown, b: unknown): boolean {
  try {
    assert.deepStrictEqual(asJson(a), asJson(b));
    return true;
  } catch {
    return false;
  }
}

const asJson = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));
