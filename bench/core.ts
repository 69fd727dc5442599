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
import { importEnvelope } from '../src/core/targets/import.js';
import { createSseParser } from '../src/core/targets/streams/sse.js';
import { createStreamReader } from '../src/core/targets/streams/stream-reader.js';
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

/** One SSE line of `megabytes`, sent in 16 kB pieces as a network body arrives. */
const sseLine = (megabytes: number) => {
  const piece = 'x'.repeat(16_384);
  const sse = createSseParser();
  sse.push('data: ');
  for (let i = 0; i < megabytes * 64; i++) sse.push(piece);
  return sse.push('\n\n');
};
const sseLine2 = time(() => sseLine(2), 5);
const sseLine16 = time(() => sseLine(16), 5);

/** An Anthropic stream of `count` tool calls, text deltas or argument deltas. */
const stream = (shape: 'tools' | 'text' | 'arguments', count: number) => {
  const reader = createStreamReader({ messageId: 'a', timestamp: 0, provider: 'anthropic' });
  reader.read({ type: 'message_start', message: { model: 'm' } });
  const block =
    shape === 'text' ? { type: 'text', text: '' } : { type: 'tool_use', id: 't', name: 'f' };
  if (shape !== 'tools')
    reader.read({ type: 'content_block_start', index: 0, content_block: block });
  for (let index = 0; index < count; index++) {
    if (shape === 'tools') {
      reader.read({
        type: 'content_block_start',
        index,
        content_block: { ...block, id: `t${index}` },
      });
      reader.read({ type: 'content_block_stop', index });
    } else {
      const delta =
        shape === 'text'
          ? { type: 'text_delta', text: 'word ' }
          : { type: 'input_json_delta', partial_json: '1,' };
      reader.read({ type: 'content_block_delta', index: 0, delta });
    }
  }
  reader.read({ type: 'message_stop' });
  return reader.end();
};
const streams = Object.fromEntries(
  (['tools', 'text', 'arguments'] as const).flatMap((shape) => [
    [`${shape}Small`, time(() => stream(shape, 2_500), 5) / 2_500],
    [`${shape}Large`, time(() => stream(shape, 20_000), 5) / 20_000],
  ]),
);

// A list of a million numbers: a million errors once, now the first thousand and a count.
const million = Array.from({ length: 1_000_000 }, (_, i) => i);
const numbers = JSON.stringify(million);
const numbersParse = time(() => JSON.parse(numbers), 3);
const numbersImport = time(() => importEnvelope(numbers), 3);
// The same text given to validateEnvelope: one error (an envelope is an object), read whole.
const numbersValidate = time(() => validateEnvelope(JSON.parse(numbers)), 3);
for (const { errors } of [importEnvelope(numbers), validateEnvelope(JSON.parse(numbers))])
  if (errors.length > 1_001) throw new Error('A million numbers must list at most 1,001 errors.');

console.log(
  JSON.stringify({
    numbersParse,
    numbersImport,
    numbersValidate,
    exportTime,
    stringifyTime,
    oursRate,
    ajvRate,
    sseLine2,
    sseLine16,
    ...streams,
  }),
);
