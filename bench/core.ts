/**
 * The Node half of `npm run bench`: bundled by bench/run.ts with esbuild and run in a plain
 * `node` process, so the core is measured as it ships (a TypeScript loader such as tsx adds
 * work of its own to every call: exports measured 2–3× slower under it). Prints its raw
 * figures as JSON; bench/run.ts turns them into ratios.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { exportEnvelope } from '../src/core/targets/export.js';
import { validateEnvelope } from '../src/core/protocol/validate.js';
import { demoEnvelopes } from '../src/data/demos/index.js';
import { mixedEnvelope } from './data.js';

/**
 * Median time of `run` over `rounds`, after ten warm-up calls: on a 10,000-message envelope
 * V8 needs about eight before its optimised code settles.
 */
function time(run: () => unknown, rounds: number): number {
  for (let i = 0; i < 10; i++) run();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const big = mixedEnvelope(10_000);
const exportTime = time(() => exportEnvelope(big, { target: 'openai' }), 25);
const stringifyTime = time(() => JSON.stringify(big), 25);

// The same Ajv and options as scripts/generate.mjs uses for its full validator, compiled at
// run time instead of ahead.
const schema = JSON.parse(
  readFileSync('src/core/protocol/schema/prompt-envelope.schema.json', 'utf8'),
);
const ajvValidate = new Ajv2020({ allErrors: true, strict: true, inlineRefs: false }).compile(
  schema,
);
const corpus = [...Object.values(demoEnvelopes), mixedEnvelope(200, 2)];
for (const envelope of corpus) {
  if (!validateEnvelope(envelope).valid || !ajvValidate(envelope))
    throw new Error('The validation corpus must be valid for both validators.');
}
const perSecond = (run: (envelope: unknown) => unknown) => {
  const elapsed = time(() => {
    for (let i = 0; i < 20; i++) for (const envelope of corpus) run(envelope);
  }, 25);
  return (20 * 1000) / elapsed;
};
const oursRate = perSecond(validateEnvelope);
const ajvRate = perSecond(ajvValidate);

console.log(JSON.stringify({ exportTime, stringifyTime, oursRate, ajvRate }));
