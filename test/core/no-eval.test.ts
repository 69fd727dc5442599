import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

// test/core runs with --disallow-code-generation-from-strings (see package.json), so every
// validation test above would fail if the validator needed eval or new Function.
test('this process refuses code generation from strings', () => {
  assert.throws(() => new Function('return 1'), EvalError);
  assert.throws(() => (0, eval)('1'), EvalError);
});

test('the browser bundle of the core ships no Ajv compiler and no eval', () => {
  const bundle = readFileSync(new URL('../../dist/browser/core.js', import.meta.url), 'utf8');
  assert.ok(bundle.includes('additionalProperty'), 'the bundle contains the generated validator');
  assert.doesNotMatch(bundle, /\bnew Function\b|\beval\(|\bFunction\(/);
  assert.doesNotMatch(bundle, /ajv\/dist\/(compile|core)|compileAsync|addKeyword/);
});
