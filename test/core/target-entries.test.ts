import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { exportToAnthropic } from '../../src/core/anthropic.js';
import { exportToGemini } from '../../src/core/gemini.js';
import { exportToOpenAI } from '../../src/core/openai.js';
import { exportToOpenAIResponses } from '../../src/core/openai-responses.js';
import { exportToOTel } from '../../src/core/otel.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { EXPORT_TARGETS, type ExportTarget } from '../../src/core/targets/target-names.js';
import type { TargetExportOptions } from '../../src/core/targets/export-pipeline.js';
import { demoEnvelopes } from '../../src/data/demos/index.js';

// Each target's own entry point (prompt-envelope/core/<target>) gives what exportEnvelope gives.
const exporters: Record<
  ExportTarget,
  (envelope: unknown, options?: TargetExportOptions) => unknown
> = {
  openai: exportToOpenAI,
  'openai-responses': exportToOpenAIResponses,
  anthropic: exportToAnthropic,
  gemini: exportToGemini,
  otel: exportToOTel,
};

describe("each target's export function", () => {
  test('there is one for every target', () => {
    assert.deepEqual(Object.keys(exporters).sort(), [...EXPORT_TARGETS].sort());
  });

  for (const target of EXPORT_TARGETS) {
    test(`${target}: the same result as exportEnvelope for every demo`, () => {
      const demos = Object.entries(demoEnvelopes);
      assert.ok(demos.length >= 7, `${demos.length} demos`);
      for (const [id, demo] of demos) {
        const options = { model: 'gpt-4o', maxTokens: 2048, timeZone: 'Europe/Paris' };
        const own = exporters[target](demo, options);
        assert.deepEqual(own, exportEnvelope(demo, { ...options, target }), `${id}`);
        assert.notEqual((own as { body: unknown }).body, null, `${id}: a body`);
      }
    });

    test(`${target}: an invalid envelope gives its validation errors and no body`, () => {
      const invalid = { version: '1.1', messages: [{ id: 1 }] };
      const own = exporters[target](invalid) as { body: unknown; errors: unknown[] };
      assert.equal(own.body, null);
      assert.ok(own.errors.length > 0);
      assert.deepEqual(own, exportEnvelope(invalid, { target }));
      for (const hostile of [undefined, null, 'text', 42, [], { messages: 'no' }])
        assert.equal((exporters[target](hostile) as { body: unknown }).body, null);
    });
  }

  test('components are refused with an error that names exportEnvelope, not left out', () => {
    const demo = Object.values(demoEnvelopes)[0];
    const components = [
      {
        id: 'tone',
        kind: 'supplement',
        role: 'system',
        order: 0,
        enabled: true,
        template: 'Be brief.',
      },
    ];
    const own = exportToOpenAI(demo, { components } as TargetExportOptions) as {
      body: unknown;
      errors: { message: string }[];
    };
    assert.equal(own.body, null);
    assert.match(own.errors[0]!.message, /exportEnvelope/);
    // An empty list is no composition.
    assert.deepEqual(
      exportToOpenAI(demo, { components: [] } as TargetExportOptions),
      exportToOpenAI(demo),
    );
  });
});

// Through the package's exports map, as an app imports them: each entry alone in a fresh Node
// process, with the same body as the core's exportEnvelope.
test('prompt-envelope/core/<target> entries export in Node like prompt-envelope/core', () => {
  const script = `
    import { exportEnvelope } from 'prompt-envelope/core';
    import { readFileSync } from 'node:fs';
    const demo = JSON.parse(readFileSync('src/data/demos/demo-c.json', 'utf8'));
    const entries = {
      openai: ['prompt-envelope/core/openai', 'exportToOpenAI'],
      'openai-responses': ['prompt-envelope/core/openai-responses', 'exportToOpenAIResponses'],
      anthropic: ['prompt-envelope/core/anthropic', 'exportToAnthropic'],
      gemini: ['prompt-envelope/core/gemini', 'exportToGemini'],
      otel: ['prompt-envelope/core/otel', 'exportToOTel'],
    };
    const same = {};
    for (const [target, [specifier, name]] of Object.entries(entries)) {
      const own = (await import(specifier))[name](demo);
      same[target] = own.body !== null && JSON.stringify(own) === JSON.stringify(exportEnvelope(demo, { target }));
    }
    console.log(JSON.stringify(same));`;
  const output = execFileSync(
    process.execPath,
    ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script],
    { cwd: fileURLToPath(new URL('../../', import.meta.url)), encoding: 'utf8' },
  );
  assert.deepEqual(JSON.parse(output), Object.fromEntries(EXPORT_TARGETS.map((t) => [t, true])));
});
