#!/usr/bin/env node
// Size budgets (SPEC §7, §8; issue 16), checked by `npm test` after `npm run build`.
// `--json` prints the figures for the benchmark and the docs instead of checking.
//
// Each entry is measured the way an app's bundler takes it: the built package (through its
// `exports`, as `prompt-envelope/...`) bundled by esbuild with Lit's production condition,
// minified, gzip -9. The budgets are issue 16's goals; a budget is lowered when met, never
// raised. The core's older budget (validation, every export and import: 32 kB) stays beside them.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;

/**
 * What an app pays for `source` (module text that imports from the package) before anything
 * loads on demand: the entry chunk and the chunks it imports statically. What the package loads
 * with `import()` (other languages, YAML for the studio, jsdiff) is a chunk of its own, as in an
 * app's bundler.
 */
async function bundled(source) {
  const result = await build({
    stdin: { contents: source, resolveDir: process.cwd(), loader: 'js', sourcefile: 'entry.js' },
    bundle: true,
    splitting: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['production'],
    target: 'es2022',
    outdir: 'size-check',
    write: false,
    logLevel: 'silent',
    metafile: true,
  });
  const outputs = result.metafile.outputs;
  const bytes = new Map(
    result.outputFiles.map((f) => [f.path.slice(process.cwd().length + 1), f.contents]),
  );
  const entry = Object.keys(outputs).find((path) => outputs[path].entryPoint);
  const loaded = new Set();
  const load = (path) => {
    if (loaded.has(path)) return;
    loaded.add(path);
    for (const { path: next, kind } of outputs[path].imports)
      if (kind === 'import-statement') load(next);
  };
  load(entry);
  const files = [...loaded].map((path) => bytes.get(path));
  return {
    min: files.reduce((sum, file) => sum + file.length, 0),
    gzip: files.reduce((sum, file) => sum + gzip(file), 0),
  };
}

/** A file as it is served. */
function file(path) {
  const bytes = readFileSync(path);
  return { min: bytes.length, gzip: gzip(bytes) };
}

/** A module of dist/split/ and every module it imports statically, once each. */
function staticImports(path, found = new Map()) {
  if (found.has(path)) return found;
  const code = readFileSync(path);
  found.set(path, code);
  for (const [, relative] of code.toString().matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+)"/g))
    staticImports(join(dirname(path), relative), found);
  return found;
}

/** What a script-tag page that shows one <envelope-chat> downloads: every file gzipped alone. */
function splitChatPage() {
  const files = [
    ...staticImports(
      'dist/split/elements/envelope-chat.js',
      staticImports('dist/split/autoloader.js'),
    ).values(),
  ];
  return {
    min: files.reduce((sum, bytes) => sum + bytes.length, 0),
    gzip: files.reduce((sum, bytes) => sum + gzip(bytes), 0),
  };
}

const element = (name) => `import 'prompt-envelope/elements/${name}.js';`;
const entries = [
  ['segment-memory', 38_000, () => bundled(element('segment-memory'))],
  ['tool-call-result', 38_000, () => bundled(element('tool-call-result'))],
  ['envelope-chat', 50_000, () => bundled(element('envelope-chat'))],
  [
    'envelope-chat + protocol-panel',
    62_000,
    () => bundled(element('envelope-chat') + element('protocol-panel')),
  ],
  [
    'validate + export',
    15_000,
    () => bundled("export { validateEnvelope, exportEnvelope } from 'prompt-envelope/core';"),
  ],
  ['core', 35_000, () => bundled("export * from 'prompt-envelope/core';")],
  [
    'core: validate, export, import',
    32_000,
    () =>
      bundled(
        "export { validateEnvelope, parseEnvelope, normalizeEnvelope, exportEnvelope, importEnvelope, toCurl } from 'prompt-envelope/core';",
      ),
  ],
  ['bundle.js', 100_000, () => file('dist/prompt-envelope.js')],
  ['bundle.iife.js', 100_000, () => file('dist/prompt-envelope.iife.js')],
  ['split: autoloader', 3_000, () => file('dist/split/autoloader.js')],
  ['split: page with one chat', 55_000, splitChatPage],
];

const figures = {};
for (const [name, budget, measure] of entries) figures[name] = { ...(await measure()), budget };

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(figures));
} else {
  let over = false;
  for (const [name, f] of Object.entries(figures)) {
    const ok = f.gzip <= f.budget;
    over ||= !ok;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${name}: ${(f.min / 1000).toFixed(1)} kB min, ${(f.gzip / 1000).toFixed(1)} kB gzip (budget ${(f.budget / 1000).toFixed(1)} kB gzip)`,
    );
  }
  // Not in the budgets: a page downloads them only when it uses them.
  const lazy = readdirSync('dist/lazy').map(
    (name) => `${name} ${(file(`dist/lazy/${name}`).gzip / 1000).toFixed(1)} kB`,
  );
  console.log(`     loaded on demand, beside the bundles (gzip): ${lazy.join(', ')}`);
  if (over) process.exit(1);
}
