/**
 * `npm run bench` (SPEC §7): every figure is a ratio against a baseline measured in the same run
 * on the same machine, so the numbers mean the same on a laptop and in CI. Core figures run in
 * Node, rendering in headless Chromium (Debian's /usr/bin/chromium, as the tests use). Writes
 * bench/results.json; `--readme` also rewrites the README's Performance table.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium } from 'playwright';

// A stuck browser or process must not hang `npm run bench` silently.
setTimeout(() => {
  console.error('npm run bench took more than 5 minutes; stopping.');
  process.exit(1);
}, 300_000).unref();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
};

interface Figure {
  name: string;
  value: number;
  baseline: number;
  unit: string;
  ratio: number;
  goal: string;
  met: boolean;
  note: string;
}
const figures: Figure[] = [];

function record(
  name: string,
  value: number,
  baseline: number,
  unit: string,
  goal: { atMost?: number; atLeast?: number },
  note: string,
  ratio = value / baseline,
) {
  const met = goal.atMost !== undefined ? ratio <= goal.atMost : ratio >= goal.atLeast!;
  const goalText = goal.atMost !== undefined ? `≤ ${goal.atMost}×` : `≥ ${goal.atLeast}×`;
  figures.push({ name, value, baseline, unit, ratio, goal: goalText, met, note });
  console.log(
    `${met ? 'met ' : 'MISS'} ${name}: ${ratio.toFixed(2)}× (goal ${goalText}) — ${value.toFixed(1)} vs ${baseline.toFixed(1)} ${unit}; ${note}`,
  );
}

// ---- Core, in Node ------------------------------------------------------------------------

await build({
  entryPoints: ['bench/core.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outfile: 'bench/.out/core.mjs',
  logLevel: 'warning',
});
// V8 settles in one of two speeds per process (whether it decides to allocate the export's
// objects straight in the old generation), so the core runs in five fresh processes and each
// figure is the median of their medians.
const processes = Array.from(
  { length: 5 },
  () =>
    JSON.parse(execFileSync('node', ['bench/.out/core.mjs'], { encoding: 'utf8' })) as Record<
      'exportTime' | 'stringifyTime' | 'oursRate' | 'ajvRate',
      number
    >,
);
const core = Object.fromEntries(
  (['exportTime', 'stringifyTime', 'oursRate', 'ajvRate'] as const).map((key) => [
    key,
    median(processes.map((p) => p[key])),
  ]),
) as (typeof processes)[number];
record(
  'OpenAI export of 10,000 messages vs `JSON.stringify` of the envelope',
  core.exportTime,
  core.stringifyTime,
  'ms',
  { atMost: 3 },
  'export validates, builds the conversation, renders and checks the body',
);
record(
  'Validation throughput vs Ajv compiled at run time',
  core.oursRate,
  core.ajvRate,
  'corpus passes/s',
  { atLeast: 0.9 },
  'ours also checks free-form values (cycles, NaN, functions) that JSON cannot hold',
);

// ---- Sizes ---------------------------------------------------------------------------------

execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
const sizes = JSON.parse(
  execFileSync('node', ['scripts/check-size.mjs', '--json'], { encoding: 'utf8' }),
) as Record<string, { gzip: number; budget: number }>;
for (const [name, size] of Object.entries(sizes)) {
  record(
    `${name === 'bundle' ? 'Script-tag bundle' : 'Core (validate + export + import)'} size vs budget`,
    size.gzip / 1000,
    size.budget / 1000,
    'kB gzip',
    { atMost: 1 },
    'min + gzip -9',
  );
}

// ---- Rendering, in Chromium -----------------------------------------------------------------

mkdirSync('bench/.out', { recursive: true });
await build({
  entryPoints: ['bench/browser.ts'],
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  conditions: ['production'],
  tsconfig: 'tsconfig.json',
  outfile: 'bench/.out/browser.js',
  logLevel: 'warning',
});
const page = `<!doctype html><html lang="en"><meta charset="utf-8"><body style="margin:0">
<script type="module" src="/browser.js"></script></body></html>`;
const server = createServer((request, response) => {
  if (request.url === '/browser.js') {
    response.setHeader('content-type', 'text/javascript');
    response.end(readFileSync('bench/.out/browser.js'));
  } else {
    response.setHeader('content-type', 'text/html');
    response.end(page);
  }
}).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1'],
});
try {
  const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await tab.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await tab.waitForFunction(() => 'bench' in window);

  // Alternating order and a fresh seed each round: no side is favoured by a warm cache.
  const rounds = 7;
  const lit: number[] = [];
  const vanilla: number[] = [];
  for (let round = 0; round < rounds + 1; round++) {
    const first = round % 2 === 0 ? 'elements' : 'vanilla';
    const second = first === 'elements' ? 'vanilla' : 'elements';
    const a = await tab.evaluate(([fn, seed]) => window.bench[fn](1000, seed), [
      first,
      round * 2,
    ] as const);
    await tab.evaluate(() => window.bench.idle());
    const b = await tab.evaluate(([fn, seed]) => window.bench[fn](1000, seed), [
      second,
      round * 2 + 1,
    ] as const);
    await tab.evaluate(() => window.bench.idle());
    if (round === 0) continue; // warm-up
    (first === 'elements' ? lit : vanilla).push(a);
    (second === 'elements' ? lit : vanilla).push(b);
  }
  record(
    'Render 1,000 mixed messages (all in the DOM) vs a hand-written DOM builder',
    median(lit),
    median(vanilla),
    'ms',
    { atMost: 1.3 },
    'every <envelope-message> and segment element, until layout',
  );

  const paint = async (count: number) => {
    const times: number[] = [];
    // Short measurements: more rounds for a stable median.
    for (let round = 0; round < 2 * rounds + 1; round++) {
      const t = await tab.evaluate(([n, seed]) => window.bench.chat(n, seed), [
        count,
        100 + round,
      ] as const);
      await tab.evaluate(() => window.bench.idle());
      if (round > 0) times.push(t);
    }
    return median(times);
  };
  const small = await paint(100);
  const large = await paint(10_000);
  record(
    'First paint of `<envelope-chat>` with 10,000 messages vs 100',
    large,
    small,
    'ms',
    { atMost: 2 },
    'validation and indexing are linear; rendering is lazy',
  );

  const frames = await tab.evaluate(() => window.bench.scroll(10_000, 300));
  const p95 = percentile(frames, 0.95);
  record(
    'Scrolling 10,000 messages: 95th-percentile frame vs a 60 Hz frame',
    p95,
    1000 / 60,
    'ms',
    { atMost: 2 },
    `600 px per frame; longest frame ${Math.max(...frames).toFixed(1)} ms`,
  );
} finally {
  await browser.close();
  server.close();
}

// ---- Report ----------------------------------------------------------------------------------

const report = {
  date: new Date().toISOString(),
  node: process.version,
  figures: figures.map((f) => ({ ...f, ratio: Number(f.ratio.toFixed(3)) })),
};
writeFileSync('bench/results.json', `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `\nWrote bench/results.json (${figures.filter((f) => f.met).length}/${figures.length} goals met).`,
);

if (process.argv.includes('--readme')) {
  const rows = figures.map(
    (f) =>
      `| ${f.name} | ${f.ratio.toFixed(2)}× | ${f.goal} | ${f.met ? 'met' : 'not met'} | ${f.value.toFixed(1)} vs ${f.baseline.toFixed(1)} ${f.unit} |`,
  );
  const table = [
    '<!-- bench:start -->',
    `Latest run: ${report.date.slice(0, 10)}, Node ${process.version}, Chromium headless.`,
    '',
    '| Measure | Ratio | Goal | | Figures |',
    '|---|---|---|---|---|',
    ...rows,
    '<!-- bench:end -->',
  ].join('\n');
  const readme = readFileSync('README.md', 'utf8');
  const updated = readme.replace(/<!-- bench:start -->[\s\S]*<!-- bench:end -->/, table);
  if (updated === readme && !readme.includes(table))
    throw new Error('README.md has no <!-- bench:start --> … <!-- bench:end --> block.');
  writeFileSync('README.md', updated);
  // The README is checked by Prettier, which aligns tables.
  execFileSync('npx', ['prettier', '--write', 'README.md'], { stdio: 'ignore' });
  console.log('Updated the Performance table in README.md.');
}
