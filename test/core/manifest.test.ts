import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  looksLikeScenarioManifest,
  validateScenarioManifest,
} from '../../src/core/protocol/manifest.js';
import { demoManifest } from '../../src/data/demos/index.js';

describe('scenario manifests', () => {
  test('the demo manifest is valid, ordered A, B, C, D, F, E, then G, with F first', () => {
    assert.deepEqual(validateScenarioManifest(demoManifest), {
      valid: true,
      errors: [],
      warnings: [],
    });
    assert.deepEqual(
      demoManifest.scenarios.map((s) => s.id),
      ['a', 'b', 'c', 'd', 'f', 'e', 'g'],
    );
    assert.equal(demoManifest.defaultScenario, 'f');
    for (const s of demoManifest.scenarios)
      assert.ok(s.title['zh-CN'] && s.summary?.['zh-CN'], s.id);
  });

  const entry = { id: 'a', label: 'A', file: 'a.json', title: { en: 'A' } };
  const cases: [string, unknown, string, RegExp][] = [
    ['not an object', [], '', /must be a JSON object/],
    ['no scenarios', { scenarios: [] }, '/scenarios', /at least one scenario/],
    [
      'missing file',
      { scenarios: [{ ...entry, file: '' }] },
      '/scenarios/0/file',
      /needs a non-empty text 'file'/,
    ],
    [
      'title without en',
      { scenarios: [{ ...entry, title: { 'zh-CN': '甲' } }] },
      '/scenarios/0/title',
      /at least "en"/,
    ],
    ['duplicate ids', { scenarios: [entry, entry] }, '/scenarios/1/id', /used twice/],
    [
      'unknown default',
      { defaultScenario: 'z', scenarios: [entry] },
      '/defaultScenario',
      /"z" names no scenario/,
    ],
    [
      'unknown field',
      { scenarios: [{ ...entry, url: 'x' }] },
      '/scenarios/0/url',
      /unknown field 'url'/,
    ],
  ];
  for (const [name, value, path, message] of cases) {
    test(name, () => {
      const result = validateScenarioManifest(value);
      assert.equal(result.valid, false);
      assert.equal(result.errors[0].path, path);
      assert.match(result.errors[0].message, message);
    });
  }

  test('manifests are told apart from envelopes', () => {
    assert.equal(looksLikeScenarioManifest(demoManifest), true);
    assert.equal(looksLikeScenarioManifest({ version: '1.0', messages: [] }), false);
  });
});
