import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { exportEnvelope } from '../../src/core/export.js';
import { demoEnvelopes } from '../../src/data/demos/index.js';

// Golden request bodies, read and checked by a person. `npm run golden` rewrites them after an
// intended change; review the diff before committing.
const goldenDir = new URL('../golden/openai/', import.meta.url);
const update = process.env.UPDATE_GOLDEN === '1';

describe('OpenAI golden exports', () => {
  for (const id of ['a', 'b', 'd', 'f']) {
    test(`demo ${id}`, () => {
      const out = exportEnvelope(demoEnvelopes[id], { target: 'openai' });
      const actual = `${JSON.stringify(out.body, null, 2)}\n`;
      const file = new URL(`demo-${id}.json`, goldenDir);
      if (update) {
        mkdirSync(goldenDir, { recursive: true });
        writeFileSync(file, actual);
      }
      assert.ok(existsSync(file), `missing ${file.pathname}: run npm run golden`);
      assert.equal(actual, readFileSync(file, 'utf8'));
      assert.deepEqual(out.warnings, []);
    });
  }
});
