import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { exportToAnthropic } from '../../src/core/anthropic.js';
import { exportToGemini } from '../../src/core/gemini.js';
import { exportToOpenAIResponses } from '../../src/core/openai-responses.js';
import { exportToOpenAI } from '../../src/core/openai.js';
import { exportToOTel } from '../../src/core/otel.js';
import { validateEnvelope } from '../../src/core/protocol/validate.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { importEnvelope } from '../../src/core/targets/import.js';
import { createSseParser } from '../../src/core/targets/streams/sse.js';
import { createStreamReader } from '../../src/core/targets/streams/stream-reader.js';
import { EXPORT_TARGETS, type ExportTarget } from '../../src/core/targets/target-names.js';
import { demoEnvelopes } from '../../src/data/demos/index.js';
import { everyKindEnvelope } from '../fixtures/envelopes.js';
import { schemaCases } from '../fixtures/schema-cases.js';

// The same results for every envelope, log and stream the repository holds, whatever the core's
// modules look like inside: the validation sentences (errors and warnings) in full, each export
// target's result (body, warnings, errors) and each import and stream's result by digest. The
// golden file test/golden/same-results.json was written by the core as it stood before it was
// split for size; `UPDATE_GOLDEN=1` rewrites it after an intended change (review the diff).

const update = process.env.UPDATE_GOLDEN === '1';
const GOLDEN = new URL('../golden/same-results.json', import.meta.url);

const digest = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(value) ?? 'undefined')
    .digest('hex')
    .slice(0, 16);

const entryPoints: Record<ExportTarget, (envelope: unknown) => unknown> = {
  openai: exportToOpenAI,
  'openai-responses': exportToOpenAIResponses,
  anthropic: exportToAnthropic,
  gemini: exportToGemini,
  otel: exportToOTel,
};

/** What a user sees of an envelope: its validation in full, each target's export by digest. */
function envelopeResults(envelope: unknown) {
  const { valid, errors, warnings } = validateEnvelope(envelope);
  const exports: Record<string, string> = {};
  for (const target of EXPORT_TARGETS) {
    const result = exportEnvelope(envelope, { target });
    exports[target] = digest(result);
    // A target's own entry point gives what exportEnvelope gives.
    assert.equal(digest(entryPoints[target](envelope)), exports[target], `${target} entry point`);
  }
  return { valid, errors, warnings, exports };
}

const fixtures = (folder: string, extensions: RegExp) => {
  const dir = new URL(`../fixtures/${folder}/`, import.meta.url);
  return readdirSync(dir)
    .filter((name) => extensions.test(name))
    .sort()
    .map((name) => [`${folder}/${name}`, readFileSync(new URL(name, dir), 'utf8')] as const);
};

/** Every case by name, computed now. */
function computeAll(): Record<string, unknown> {
  const all: Record<string, unknown> = {};
  for (const [id, envelope] of Object.entries(demoEnvelopes))
    all[`demo ${id}`] = envelopeResults(envelope);
  all['every kind'] = envelopeResults(everyKindEnvelope());
  for (const c of schemaCases)
    all[`schema case: ${c.rule}`] = envelopeResults(c.mutate(everyKindEnvelope()));
  // Logs and requests, imported (format detected), then validated and exported like envelopes.
  for (const [name, text] of [
    ...fixtures('open', /\.jsonl?$/),
    ...fixtures('recordings/requests', /\.json$/),
  ]) {
    const imported = importEnvelope(text);
    const { envelope, ...rest } = imported as unknown as { envelope?: unknown };
    all[`import ${name}`] = {
      import: digest(rest),
      envelope: digest(envelope),
      ...(envelope === undefined ? {} : envelopeResults(envelope)),
    };
  }
  // Provider streams: every update the reader gives, the provider found from the first event.
  for (const [name, text] of [
    ...fixtures('streams', /\.sse$/),
    ...fixtures('recordings/streams', /\.(sse|jsonl)$/),
  ]) {
    const reader = createStreamReader({ messageId: 'm', timestamp: 0 });
    const events = name.endsWith('.sse')
      ? (() => {
          const parser = createSseParser();
          return [...parser.push(text), ...parser.end()];
        })()
      : text.split('\n').filter((line) => line.trim() !== '');
    const updates = events.flatMap((event) => reader.read(event));
    updates.push(...reader.end());
    all[`stream ${name}`] = digest({
      updates,
      message: reader.message(),
      warnings: reader.warnings,
    });
  }
  return all;
}

describe('the same results before and after the core was split for size', () => {
  const all = computeAll();
  if (update) writeFileSync(GOLDEN, `${JSON.stringify(all, null, 1)}\n`);
  const golden = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, unknown>;

  test('every case of the golden file is still computed, and no other', () => {
    assert.deepEqual(Object.keys(all).sort(), Object.keys(golden).sort());
  });
  for (const [name, expected] of Object.entries(golden))
    test(name, () => assert.deepEqual(all[name], expected));
});
