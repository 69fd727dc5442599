import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';

// Sizes and benchmark ratios in README.md and the guides are written by scripts/figures.mjs
// from the measuring scripts' own output (check-size.mjs --json, bench/results.json), never by
// hand; this fails when one differs from a fresh size measurement (after `npm run build`) or
// from the last benchmark run, or when the sentence around a size does not say what it measures
// (an import line, one file, every script a page loads).
test('the figures in the docs are the measured ones', () => {
  const run = spawnSync(process.execPath, ['scripts/figures.mjs', '--check'], {
    cwd: new URL('../../', import.meta.url),
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  // The README's sizes, and the performance guide's sizes and benchmark table.
  const regions = Number(/^(\d+) figures regions are up to date$/m.exec(run.stdout)?.[1]);
  assert.ok(regions >= 3, run.stdout);
});
