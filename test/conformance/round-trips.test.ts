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
 * types) is imported and exported to the same target. The body comes back identical, or
 * identical but for what docs/protocol-additions-18.md documents (item ids and `status:
 * "completed"` of Responses items, the optional `type: "message"`), or the import warned.
 * Nothing is lost silently. The counts are printed as a table.
 */

const RUNS = 400;

type Outcome = 'identical' | 'documented' | 'warned';
const table: Record<string, Record<Outcome, number>> = {};

/** A Responses body without what the protocol documents as not kept. */
function withoutItemBookkeeping(body: unknown): unknown {
  const b = structuredClone(body) as { input?: unknown };
  if (!Array.isArray(b.input)) return b;
  b.input = b.input.map((item: Record<string, unknown>) => {
    const rest = { ...item };
    delete rest.id;
    if (rest.status === 'completed') delete rest.status;
    if (rest.type === 'message') delete rest.type;
    return rest;
  });
  return b;
}

const cases: [ImportSource, fc.Arbitrary<Record<string, unknown>>, string | undefined][] = [
  ['openai', chatBodyArbitrary, undefined],
  ['openai-responses', responsesBodyArbitrary, undefined],
  ['anthropic', anthropicBodyArbitrary, undefined],
  ['gemini', geminiBodyArbitrary, 'gemini-2.5-flash'],
];

describe('a generated SDK-valid body round-trips through the envelope, or the import warns', () => {
  for (const [format, arbitrary, model] of cases) {
    test(format, () => {
      const counts = (table[format] = { identical: 0, documented: 0, warned: 0 });
      fc.assert(
        fc.property(arbitrary, (body) => {
          const imported = importEnvelope(body, { from: format, model });
          assert.deepEqual(imported.errors, []);
          const back = exportEnvelope(imported.envelope, { target: format, model }).body;
          let outcome: Outcome | null = null;
          if (isDeepEqual(back, body)) outcome = 'identical';
          else if (
            format === 'openai-responses' &&
            isDeepEqual(withoutItemBookkeeping(back), withoutItemBookkeeping(body))
          )
            outcome = 'documented';
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
    ([format, c]) =>
      `| ${format} | ${c.identical + c.documented + c.warned} | ${c.identical} | ${c.documented} | ${c.warned} |`,
  );
  console.log(
    [
      '| format | bodies | identical | documented differences only | warned |',
      '|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
});

/** Equal as JSON: fast-check's records have no prototype, which deepStrictEqual would count. */
function isDeepEqual(a: unknown, b: unknown): boolean {
  const plain = (v: unknown): unknown => (v === undefined ? v : JSON.parse(JSON.stringify(v)));
  try {
    assert.deepStrictEqual(plain(a), plain(b));
    return true;
  } catch {
    return false;
  }
}
