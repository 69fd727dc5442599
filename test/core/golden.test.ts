import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { type ExportTarget } from '../../src/core/targets/export-targets.js';
import { demoEnvelopes, type DemoId } from '../../src/data/demos/index.js';

// Golden request bodies, read and checked by a person. `npm run golden` rewrites them after an
// intended change; review the diff before committing.
const update = process.env.UPDATE_GOLDEN === '1';

// Demo G (protocol 1.1) is kept for Anthropic too: there events become user messages with a
// host header, merged with their neighbours.
const cases: [ExportTarget, DemoId[]][] = [
  ['openai', ['a', 'b', 'd', 'f', 'g']],
  ['anthropic', ['g']],
  // Responses bodies of the tool-call, skills and group-chat demos (issue #18).
  ['openai-responses', ['b', 'f', 'g']],
];

for (const [target, ids] of cases) {
  const goldenDir = new URL(`../golden/${target}/`, import.meta.url);
  describe(`${target} golden exports`, () => {
    for (const id of ids) {
      test(`demo ${id}`, () => {
        const out = exportEnvelope(demoEnvelopes[id], { target });
        const actual = `${JSON.stringify(out.body, null, 2)}\n`;
        const file = new URL(`demo-${id}.json`, goldenDir);
        if (update) {
          mkdirSync(goldenDir, { recursive: true });
          writeFileSync(file, actual);
        }
        assert.ok(existsSync(file), `missing ${file.pathname}: run npm run golden`);
        assert.equal(actual, readFileSync(file, 'utf8'));
        // Every demo has static_var segments, which are folded into the system text.
        assert.deepEqual(
          out.warnings.map((w) => w.code),
          ['segments-folded'],
        );
      });
    }
  });
}
