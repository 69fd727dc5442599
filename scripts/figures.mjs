#!/usr/bin/env node
// The figures in the docs are written by the scripts that measure them, never by hand.
// README.md and the MDX pages under stories/ mark each place with a region:
//   Markdown  <!-- figures:size -->  …  <!-- /figures:size -->
//   MDX       {/* figures:size */}   …  {/* /figures:size */}
// and a single figure inside a sentence, the gzip size of one entry of the size check, or the
// number of files its page loads:
//   Markdown  <!-- gzip:bundle.js -->152.1 kB<!-- /gzip -->  <!-- files:page with one chat -->6<!-- /files -->
//   MDX       {/* gzip:bundle.js */}152.1 kB{/* /gzip */}
// `size` holds what `node scripts/check-size.mjs --json` measures now (after `npm run build`),
// `size-summary` a few of its rows, `size-breakdown` what each module adds to each line of the core,
// `bench` what `npm run bench` last wrote to bench/results.json, `side-by-side` its table of our
// elements against vanilla and deep-chat.
//
//   node scripts/figures.mjs           rewrites every region (npm run bench does it too)
//   node scripts/figures.mjs --check   writes nothing; exits 1 when a region is stale
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

let sizes;
/** What check-size.mjs measures, measured once. */
function measuredSizes() {
  sizes ??= JSON.parse(
    execFileSync(process.execPath, ['scripts/check-size.mjs', '--json'], {
      cwd: root,
      encoding: 'utf8',
    }),
  );
  return sizes;
}

/** What an entry's figure counts, said beside it: an import line, one file, or a page. */
function measures(s) {
  if (s.measures === 'every script a page loads')
    return `every script a page loads (${s.files} files)`;
  return s.measures;
}

/** Sizes by entry; with `ceilings`, the ceiling `npm test` holds each to. */
function sizeTable(names, ceilings = true) {
  const header = [
    'entry',
    'what it measures',
    'min',
    'gzip',
    'goal (gzip)',
    ...(ceilings ? ['ceiling'] : []),
  ];
  return [
    `| ${header.join(' | ')} |`,
    `|${' --- |'.repeat(header.length)}`,
    ...names.map((name) => {
      const s = measuredSizes()[name];
      const goal = s.goal === null ? 'none' : `${kB(s.goal)}${s.gzip <= s.goal ? ', met' : ''}`;
      const row = [
        `\`${name}\``,
        measures(s),
        kB(s.min),
        kB(s.gzip),
        goal,
        ...(ceilings ? [kB(s.ceiling)] : []),
      ];
      return `| ${row.join(' | ')} |`;
    }),
  ].join('\n');
}

/** One row per entry that check-size.mjs measures, whatever its entries are. */
const sizeRegion = () => sizeTable(Object.keys(measuredSizes()));

/** A module of the package as the breakdown names it: `protocol/validate`. */
const moduleName = (path) => path.replace(/^(dist|src)\/core\//, '').replace(/\.[jt]s$/, '');

/**
 * What each module adds to each line of the core (the lines check-size.mjs measures with their
 * breakdown), from esbuild's metafile: minified bytes before gzip, largest first; the modules
 * under 0.5 kB together.
 */
function sizeBreakdownRegion() {
  const lines = Object.entries(measuredSizes()).filter(([, s]) => s.modules);
  return lines
    .map(([name, s]) => {
      const large = s.modules.filter(([, bytes]) => bytes >= 500);
      const small = s.modules.filter(([, bytes]) => bytes < 500);
      const parts = large.map(([path, bytes]) => `\`${moduleName(path)}\` ${kB(bytes)}`);
      if (small.length > 0)
        parts.push(
          `${small.length} smaller modules ${kB(small.reduce((sum, [, bytes]) => sum + bytes, 0))}`,
        );
      return `- **\`${name}\`**: ${kB(s.gzip)} gzip, ${kB(s.min)} minified: ${parts.join(', ')}.`;
    })
    .join('\n');
}

/**
 * The README's few figures, in a sentence that names what each measures: the one-file bundle,
 * one element and the core in an app (the script-tag page's figure is in its own sentence).
 */
function sizeSummaryRegion() {
  const sizes = measuredSizes();
  const figure = (name, what) => {
    const s = sizes[name];
    const goal = s.goal === null ? '' : ` (goal ${kB(s.goal)}${s.gzip <= s.goal ? ', met' : ''})`;
    return `${what}: ${kB(s.gzip)}${goal}`;
  };
  return `${[
    figure('bundle.js', '`bundle.js`, one file'),
    figure('envelope-chat', "the import line `import 'prompt-envelope/elements/envelope-chat.js'`"),
    figure('validateEnvelope', 'the import line of `validateEnvelope` alone'),
  ].join('; ')}.`;
}

/**
 * The benchmark's ratios. Its size rows are left out: the `size` region shows sizes as of the
 * last build, not as of the last benchmark run.
 */
/** Element names as code (`<envelope-chat>`): MDX would read a bare tag as JSX. */
const codeTags = (text) => text.replace(/(?<!`)<[a-z][a-z-]*>(?!`)/g, (tag) => `\`${tag}\``);

function benchRegion() {
  const report = JSON.parse(readFileSync(join(root, 'bench/results.json'), 'utf8'));
  return [
    `Latest run: ${report.date.slice(0, 10)}, Node ${report.node}, Chromium headless.`,
    '',
    '| measure | ratio | goal | | figures |',
    '| --- | --- | --- | --- | --- |',
    ...report.figures
      .filter((f) => f.unit !== 'kB gzip' && f.section !== 'side-by-side')
      .map(
        (f) =>
          `| ${codeTags(f.name)} | ${f.ratio.toFixed(2)}× | ${f.goal} | ${f.met ? 'met' : 'not met'} | ${f.value.toFixed(1)} vs ${f.baseline.toFixed(1)} ${f.unit} |`,
      ),
  ].join('\n');
}

/** A median in its unit: whole milliseconds and nodes, megabytes to a tenth. */
const amount = (value, unit) =>
  unit === 'MB' ? `${value.toFixed(1)} MB` : `${Math.round(value).toLocaleString('en')} ${unit}`;

/** Ours / another, with the goal where one is set: `1.87× (goal ≤ 1.2×, not met)`. */
function versus(ours, other, goal) {
  const ratio = ours / other;
  if (goal === undefined) return `${ratio.toFixed(2)}×`;
  return `${ratio.toFixed(2)}× (goal ≤ ${goal}×, ${ratio <= goal ? 'met' : 'not met'})`;
}

/** The side-by-side section of the benchmark: each median, and ours against the two others. */
function sideBySideRegion() {
  const table = JSON.parse(readFileSync(join(root, 'bench/results.json'), 'utf8')).sideBySide;
  if (!table) throw new Error('bench/results.json has no side-by-side table: run npm run bench.');
  return [
    `Latest run: ${table.date.slice(0, 10)}, Chromium headless, medians of ${table.rounds} interleaved rounds.`,
    '',
    '| measure | ours | vanilla | deep-chat | ours / vanilla | ours / deep-chat |',
    '| --- | --- | --- | --- | --- | --- |',
    ...table.rows.map(
      (r) =>
        `| ${r.measure} | ${amount(r.ours, r.unit)} | ${amount(r.vanilla, r.unit)} | ${amount(r.deepChat, r.unit)} | ${versus(r.ours, r.vanilla, r.goals.vanilla)} | ${versus(r.ours, r.deepChat, r.goals.deepChat)} |`,
    ),
    '',
    ...table.notes.map((note) => `- ${codeTags(note)}`),
    ...(table.streaming ? ['', ...streamingTable(table.streaming)] : []),
  ].join('\n');
}

/** A streaming figure: milliseconds to a tenth below 100, else whole; counts whole. */
const streamed = (value, unit) =>
  unit === 'ms' && value < 100
    ? `${value.toFixed(1)} ms`
    : `${Math.round(value).toLocaleString('en')} ${unit}`;

/** Issue 52's streaming rows: each contestant measured (a ratio to itself with `of`), ours's goal. */
function streamingTable(table) {
  const cell = (figure, unit) => {
    if (!figure) return 'not measured';
    if (figure.of === undefined) return streamed(figure.value, unit);
    const ratio = (figure.value / figure.of).toFixed(2);
    return `${ratio}× (${streamed(figure.value, unit)} vs ${streamed(figure.of, unit)})`;
  };
  const goal = (r) => {
    const bound = `${r.goal.atMost !== undefined ? '≤' : '≥'} ${r.goal.atMost ?? r.goal.atLeast}`;
    if (r.goal.against)
      return `ours / ${r.goal.against === 'deepChat' ? 'deep-chat' : 'vanilla'} ${bound}×: ${r.checked.toFixed(3)}×`;
    return r.figures.ours.of !== undefined ? `${bound}×` : bound;
  };
  return [
    `Streaming, latest run: ${table.date.slice(0, 10)}, medians of ${table.rounds} interleaved rounds.`,
    '',
    '| streaming | ours | deep-chat | goal | |',
    '| --- | --- | --- | --- | --- |',
    ...table.rows.map(
      (r) =>
        `| ${r.measure} | ${cell(r.figures.ours, r.unit)} | ${cell(r.figures.deepChat, r.unit)} | ${goal(r)} | ${r.met ? 'met' : 'not met'} |`,
    ),
    '',
    ...table.notes.map((note) => `- ${codeTags(note)}`),
  ];
}

/**
 * What a sentence must say for each kind of figure: a reader should not take the size of an
 * import line, or of one file, for what a page loads.
 */
const NAMES = {
  'an import line': /\bimport|\bbundle[sd]?\b/i,
  'one file': /\bfile\b|autoloader|`[\w.-]+\.js`/i,
  'every script a page loads': /\bpage\b[\s\S]*\bscripts?\b|\bscripts?\b[\s\S]*\bpage\b/i,
};

/** The sentence around `offset`: from the end of the last one (or a blank line) to its own end. */
function sentenceAt(text, offset) {
  const start = Math.max(
    text.lastIndexOf('\n\n', offset),
    ...[...text.slice(0, offset).matchAll(/[.!?]\s/g)].slice(-1).map((m) => m.index + 1),
  );
  const rest = /[.!?](\s|$)|\n\n/.exec(text.slice(offset));
  // Without the markers, whose entry names would say it for the sentence.
  return text
    .slice(start, rest ? offset + rest.index + 1 : undefined)
    .replace(/<!--[\s\S]*?-->|\{\/\*[\s\S]*?\*\/\}/g, '')
    .trim();
}

const docs = [
  'README.md',
  ...readdirSync(join(root, 'stories'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.mdx'))
    .map((path) => `stories/${path}`)
    .sort(),
];

const regions = {
  size: sizeRegion,
  'size-summary': sizeSummaryRegion,
  'size-breakdown': sizeBreakdownRegion,
  bench: benchRegion,
  'side-by-side': sideBySideRegion,
};
const computed = {};
let found = 0;
let stale = 0;
for (const doc of docs) {
  const file = join(root, doc);
  const current = readFileSync(file, 'utf8');
  let text = current;
  const before = found;
  for (const [name, render] of Object.entries(regions)) {
    const open = doc.endsWith('.mdx') ? `{/* figures:${name} */}` : `<!-- figures:${name} -->`;
    const close = doc.endsWith('.mdx') ? `{/* /figures:${name} */}` : `<!-- /figures:${name} -->`;
    const parts = text.split(open);
    for (let i = 1; i < parts.length; i++) {
      const end = parts[i].indexOf(close);
      if (end < 0) throw new Error(`${doc}: ${open} has no ${close}.`);
      computed[name] ??= render();
      parts[i] = `\n\n${computed[name]}\n\n${parts[i].slice(end)}`;
      found++;
    }
    text = parts.join(open);
  }
  // `gzip:` an entry's gzip size; `files:` how many files its page loads.
  const inline = doc.endsWith('.mdx')
    ? /(\{\/\* (gzip|files):(.+?) \*\/\})[^{]*?(\{\/\* \/\2 \*\/\})/g
    : /(<!-- (gzip|files):(.+?) -->)[^<]*?(<!-- \/\2 -->)/g;
  text = text.replace(inline, (whole, open, kind, name, close, offset) => {
    const entry = measuredSizes()[name];
    if (!entry || (kind === 'files' && entry.files === undefined))
      throw new Error(`${doc}: ${open} names no entry of the size check that counts ${kind}.`);
    const said = sentenceAt(text, offset);
    if (!NAMES[entry.measures].test(said))
      throw new Error(
        `${doc}: the sentence with ${open} does not say what it measures (${entry.measures}): ${said}`,
      );
    found++;
    return `${open}${kind === 'gzip' ? kB(entry.gzip) : entry.files}${close}`;
  });
  if (found === before) continue;
  // Prettier aligns the tables, as `npm run lint` expects.
  text = await format(text, { ...(await resolveConfig(file)), filepath: file });
  if (text === current) continue;
  if (check) {
    console.error(`stale figures: ${doc} (run node scripts/figures.mjs)`);
    stale++;
  } else {
    writeFileSync(file, text);
    console.log(`wrote the figures in ${doc}`);
  }
}
if (found === 0) throw new Error('No figures regions found in README.md or stories/**/*.mdx.');
if (stale) process.exit(1);
if (check) console.log(`${found} figures regions are up to date`);
