import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { pointerToken } from '../../src/core/protocol/issues.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { importEnvelope } from '../../src/core/targets/import.js';

// Issue 29: what you logged is what you see. Every request body in
// test/fixtures/recordings/requests (real requests recorded by public instrumentation projects,
// see its README) is imported with format detection, exported again to the same provider, and
// compared with the logged body field by field (key order aside). Each log is then:
// - identical: the same body;
// - warned: it differs, and an import warning names every field that differs;
// - silent: some field differs that no warning names (the goal is none);
// - unread: import or export gave no body.
// The status of each log is kept in round-trips.expected.json: a change, better or worse, fails
// here until the file is reviewed and written again (UPDATE_ROUND_TRIPS=1).

const DIR = new URL('../fixtures/recordings/requests/', import.meta.url);
const EXPECTED = new URL('round-trips.expected.json', DIR);

type Status = 'identical' | 'warned' | 'silent' | 'unread';
interface Outcome {
  detected: string | null;
  status: Status;
  /** The fields that differ and no warning names (JSON Pointers into the logged body). */
  silent?: string[];
}

/** The JSON Pointers where two JSON values differ: the whole list when lengths differ. */
function differences(a: unknown, b: unknown, path = '', out: string[] = []): string[] {
  if (JSON.stringify(sorted(a)) === JSON.stringify(sorted(b))) return out;
  const lists = Array.isArray(a) && Array.isArray(b);
  const objects = isObject(a) && isObject(b);
  if ((lists && a.length === b.length) || objects) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
      differences(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${path}/${pointerToken(key)}`,
        out,
      );
  } else out.push(path);
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const sorted = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sorted)
    : isObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sorted(v[k])]),
        )
      : v;

function roundTrip(file: string): Outcome {
  const logged: unknown = JSON.parse(readFileSync(new URL(file, DIR), 'utf8'));
  const provider = file.split('--')[0] as 'openai' | 'openai-responses' | 'anthropic' | 'gemini';
  const read = importEnvelope(logged);
  const detected = read.source ?? null;
  if (!read.envelope) return { detected, status: 'unread' };
  const body = exportEnvelope(read.envelope, { target: provider }).body;
  if (!body) return { detected, status: 'unread' };
  const paths = differences(logged, body);
  if (paths.length === 0) return { detected, status: 'identical' };
  // A warning names a field when its path is the field, inside it, or holds it.
  const named = (path: string) =>
    read.warnings.some(
      (w) =>
        w.path !== '' &&
        (path === w.path || path.startsWith(`${w.path}/`) || w.path.startsWith(`${path}/`)),
    );
  const silent = paths.filter((path) => !named(path));
  return silent.length === 0
    ? { detected, status: 'warned' }
    : { detected, status: 'silent', silent };
}

const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.json') && f !== 'round-trips.expected.json')
  .sort();

test('the suite holds at least 50 logged requests', () => {
  assert.ok(files.length >= 50, `${files.length} logs`);
});

test('each log round-trips as reviewed (round-trips.expected.json)', (t) => {
  const outcomes = Object.fromEntries(files.map((file) => [file, roundTrip(file)]));
  const table: Record<string, Record<string, number>> = {};
  for (const [file, outcome] of Object.entries(outcomes)) {
    const row = (table[file.split('--')[0]] ??= { logs: 0, detected: 0 });
    row.logs++;
    if (outcome.detected === file.split('--')[0]) row.detected++;
    row[outcome.status] = (row[outcome.status] ?? 0) + 1;
  }
  t.diagnostic(JSON.stringify(table));
  if (process.env.UPDATE_ROUND_TRIPS)
    writeFileSync(EXPECTED, `${JSON.stringify(outcomes, null, 2)}\n`);
  const expected: Record<string, Outcome> = JSON.parse(readFileSync(EXPECTED, 'utf8'));
  assert.deepEqual(outcomes, expected);
});
