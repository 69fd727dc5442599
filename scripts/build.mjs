#!/usr/bin/env node
// `npm run build` (also run by `npm pack`, through `prepack`): writes dist/ from nothing.
// - tsc: one ES module and its types per source file (what the package's exports point to);
// - the JSON Schema the validator's rules come from (`prompt-envelope/schema.json`);
// - the script-tag bundles (SPEC §1): one ES module and one classic-script IIFE with every
//   element, Lit and marked inlined; the parts that load on demand (see LAZY; DOMPurify is one)
//   are files of their own in dist/lazy/, beside them;
// - the code-split script-tag build, dist/split/: an autoloader, one module per element and a few
//   shared chunks, by rolldown (scripts/split-build.mjs says why);
// - every script-tag file minified by esbuild (dist/split/: by rolldown), then once more by terser
//   (see squeezed);
// - the offload worker beside the ES module bundles (dist/offload-worker.js, which the split
//   build starts too);
// - the core alone (for the no-eval check).
// No source maps ship: the modules are readable, unminified ES2022 that an app's own bundler maps,
// and maps of the minified bundles would weigh four times the bundles (4 MB of a 3 MB budget).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { build, transform } from 'esbuild';
import { minify } from 'terser';
import { minifyCssLiterals, squeezedElementSource } from './css-literals.mjs';
import { buildSplit, lazyKey } from './split-build.mjs';

rmSync('dist', { recursive: true, force: true });
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
  stdio: 'inherit',
});
const schema = 'core/protocol/schema/prompt-envelope.schema.json';
mkdirSync(`dist/${schema.replace(/[^/]+$/, '')}`, { recursive: true });
copyFileSync(`src/${schema}`, `dist/${schema}`);
// The demos as programs read them (prompt-envelope/demos/*.json): without the indentation of
// their sources, a third of their size.
for (const file of readdirSync('dist/data/demos').filter((name) => name.endsWith('.json'))) {
  const path = `dist/data/demos/${file}`;
  writeFileSync(path, JSON.stringify(JSON.parse(readFileSync(path, 'utf8'))));
}
// The recorded stream the README's example reads (`prompt-envelope/demos/anthropic-text.sse`).
copyFileSync('src/data/demos/anthropic-text.sse', 'dist/data/demos/anthropic-text.sse');
// The modules' doc comments are in their .d.ts files (where editors read them): the .js files
// go without, as esbuild prints them (same code, readable). Ajv's generated validator is 200 kB
// of repetitive code that nobody reads in dist: minified, 70. The elements' CSS is minified as
// in the script-tag builds: an app's bundler minifies the code around a `css` literal, never the
// text inside it (about 2 kB gzip of every element-size entry).
const validator = 'dist/core/protocol/generated/envelope-validator.js';
for (const file of readdirSync('dist', { recursive: true, encoding: 'utf8' })) {
  if (!file.endsWith('.js')) continue;
  const path = `dist/${file}`;
  const { code } = await transform(readFileSync(path, 'utf8'), {
    format: 'esm',
    target: 'esnext',
    legalComments: 'inline',
    minify: path === validator,
  });
  // After esbuild: it prints tsc's `css \`` as `css\``, the form minifyCssSource finds. The
  // templates are unindented as in the script-tag builds: a page rendered on a server with these
  // modules hydrates with the bundles only if their templates' text is the same.
  writeFileSync(path, await squeezedElementSource(code));
}

const common = {
  bundle: true,
  minify: true,
  sourcemap: false,
  target: 'es2022',
  // Lit's production build, without the dev-mode checks and warnings.
  conditions: ['production'],
  tsconfig: 'tsconfig.json',
  legalComments: 'linked',
  logLevel: 'warning',
};

/**
 * What the sources load with a dynamic `import()`, by specifier: the file each becomes in
 * dist/lazy/ and what it exports (the names the importing code reads). A bundle without code
 * splitting would inline them, so the bundles import them instead from `./lazy/<name>.js`:
 * relative to the ES module's own URL, and, in the IIFE, to the script's URL (a classic script
 * resolves `import()` against the URL it was fetched from). So they load from wherever the
 * bundle was loaded: a CDN, node_modules, a copy on the page's own server (copy dist/lazy/ too).
 * Each part is a leaf (it imports nothing the bundle holds), so both bundles share one copy.
 */
const LAZY = {
  'js-yaml': { name: 'js-yaml', entry: "export { dump, load } from 'js-yaml';" },
  diff: { name: 'diff', entry: "export { diffLines } from 'diff';" },
  // The sanitizer of raw HTML inside Markdown, loaded the first time a text holds some.
  dompurify: { name: 'dompurify', entry: "export { default } from 'dompurify';" },
  // HTML's list of character reference names, loaded the first time Markdown holds a rare one.
  'character-entities': {
    name: 'character-entities',
    entry: "export { characterEntities } from 'character-entities';",
  },
  // The viewer's live replay of a scenario, loaded on the first click of Replay.
  'src/elements/internal/loading/live-replay.ts': {
    name: 'live-replay',
    entry: "export { replayLive } from './src/elements/internal/loading/live-replay.ts';",
  },
  // The chat's painting of search matches, loaded the first time a person searches.
  'src/elements/internal/loading/search-highlighter.ts': {
    name: 'search-highlighter',
    entry:
      "export { SearchHighlighter, scrollSteadily } from './src/elements/internal/loading/search-highlighter.ts';",
  },
  // The viewer's reading of a URL (`?src=`): streamed, bounded, with a timeout.
  'src/elements/envelope-viewer/read-url.ts': {
    name: 'read-url',
    entry: "export { readUrl } from './src/elements/envelope-viewer/read-url.ts';",
  },
  // The Chinese words, one file per area (strings.ts).
  ...Object.fromEntries(
    ['base', 'chat', 'viewer', 'panel', 'meter', 'diff', 'studio'].map((area) => [
      `src/elements/internal/strings/zh-CN/${area}.ts`,
      {
        name: `zh-CN-${area}`,
        entry: `export { chinese } from './src/elements/internal/strings/zh-CN/${area}.ts';`,
      },
    ]),
  ),
};

/** Dynamic imports become imports of the files in dist/lazy/; an unknown one fails the build. */
const lazyFiles = {
  name: 'lazy-files',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const lazy = LAZY[lazyKey(args.path, args.resolveDir)];
      if (!lazy)
        return {
          errors: [{ text: `import(${args.path}): declare it in LAZY (scripts/build.mjs)` }],
        };
      return { path: `./lazy/${lazy.name}.js`, external: true };
    });
  },
};

/**
 * Modules the elements load with `import()` that the one-file bundles hold anyway: the offload
 * jobs (an app's bundler loads them only where no worker runs), measureEnvelope (the bundles
 * export the whole core), the chat's `<context-meter>` (the bundles define every element) and
 * the protocol panel's export targets and composer (the bundles export the whole core), the
 * message's segment views and their styles (the bundles define every segment element), the
 * offload worker's client and a standalone segment's checks (the bundles hold the core), and
 * the panel's notice of a request imported from a log (the bundles hold the importer). There
 * each loader is its `.bundle.ts` twin, which imports statically: a dynamic import inside a
 * one-file bundle would wrap every module it reaches in lazy init code.
 */
const heldInside = {
  name: 'held-inside',
  setup(b) {
    b.onResolve(
      {
        filter:
          /(^|\/)(measuring|offload-jobs-load|offload-client-load|segment-checks-load|trace-table-load|log-notice-load|meter-element|target-exporters|segment-view-loaders|segment-styles-load)\.js$/,
      },
      (args) => ({
        path: resolve(args.resolveDir, args.path.replace(/\.js$/, '.bundle.ts')),
      }),
    );
  },
};

const scriptTag = {
  ...common,
  entryPoints: ['src/bundle.ts'],
  plugins: [minifyCssLiterals],
};

await Promise.all([
  build({
    ...scriptTag,
    plugins: [...scriptTag.plugins, heldInside, lazyFiles],
    format: 'esm',
    outfile: 'dist/prompt-envelope.js',
  }),
  build({
    ...scriptTag,
    plugins: [...scriptTag.plugins, heldInside, lazyFiles],
    format: 'iife',
    globalName: 'PromptEnvelope',
    // A classic script has no import.meta to find the offload worker beside it by: large
    // envelopes are then prepared on the main thread, after a yield (offload.ts).
    define: { 'import.meta.url': 'undefined' },
    outfile: 'dist/prompt-envelope.iife.js',
  }),
  ...Object.values(LAZY).map((lazy) =>
    build({
      ...common,
      stdin: {
        contents: lazy.entry,
        resolveDir: process.cwd(),
        loader: 'ts',
        sourcefile: lazy.name,
      },
      format: 'esm',
      outfile: `dist/lazy/${lazy.name}.js`,
    }),
  ),
  // The code-split build, dist/split/: by rolldown, whose chunks can be grouped by hand.
  buildSplit(LAZY),
  // The offload worker of the ES module bundle, beside it: `new URL('./offload-worker.js',
  // import.meta.url)` from dist/prompt-envelope.js finds it (the per-file modules of tsc have
  // theirs in dist/elements/internal/).
  build({
    ...common,
    entryPoints: ['src/elements/internal/offload/offload-worker.ts'],
    format: 'esm',
    outfile: 'dist/offload-worker.js',
  }),
  build({
    ...common,
    entryPoints: ['src/core/index.ts'],
    format: 'esm',
    outfile: 'dist/browser/core.js',
  }),
]);

/**
 * esbuild's output once more through terser, whose mangler gives the same short names in every
 * function (gzip rewards the repeats) and whose compressor folds a little more: the ES module
 * bundle went from 164.5 to 158.8 kB gzip; a second pass of the compressor folds what the first
 * one uncovered (about 0.1 kB more). Comments starting `/*!` (the links to the licences) stay.
 */
async function squeezed(code, module) {
  const result = await minify(code, {
    module,
    compress: { passes: 2 },
    mangle: true,
    // ASCII only, as esbuild writes it: a page may serve the file without a charset.
    format: { comments: /^!/, ascii_only: true },
  });
  return result.code;
}

const scriptTagFiles = [
  ['dist/prompt-envelope.iife.js', false],
  ...['dist/prompt-envelope.js', 'dist/offload-worker.js'].map((path) => [path, true]),
  ...readdirSync('dist/lazy').map((file) => [`dist/lazy/${file}`, true]),
  ...readdirSync('dist/split', { recursive: true })
    .filter((file) => file.endsWith('.js'))
    .map((file) => [`dist/split/${file}`, true]),
].filter(([path]) => path.endsWith('.js'));
await Promise.all(
  scriptTagFiles.map(async ([path, module]) =>
    writeFileSync(path, await squeezed(readFileSync(path, 'utf8'), module)),
  ),
);

// The two bundles hold the same packages, so esbuild writes the same licences beside each: one
// file, dist/prompt-envelope.LEGAL.txt, that both point to.
const legal = (bundle) => `dist/${bundle}.LEGAL.txt`;
const bundles = ['prompt-envelope.js', 'prompt-envelope.iife.js'];
const licences = bundles.map((bundle) => readFileSync(legal(bundle), 'utf8'));
if (licences[0] !== licences[1]) throw new Error('The bundles hold different packages.');
writeFileSync('dist/prompt-envelope.LEGAL.txt', licences[0]);
for (const bundle of bundles) {
  rmSync(legal(bundle));
  const code = readFileSync(`dist/${bundle}`, 'utf8');
  const pointer = `see ${bundle}.LEGAL.txt`;
  if (!code.includes(pointer)) throw new Error(`${bundle} does not point to its licences.`);
  writeFileSync(`dist/${bundle}`, code.replace(pointer, 'see prompt-envelope.LEGAL.txt'));
}

// The split build's modules start the worker of the ES module bundle, dist/offload-worker.js
// (rolldown leaves `new URL('./offload-worker.js', import.meta.url)` as written, which would look
// for a copy beside each chunk), and import the parts of dist/lazy/ (split-build.mjs names them
// `lazy-part:<name>`): each file ships once.
for (const file of readdirSync('dist/split', { recursive: true, encoding: 'utf8' })) {
  if (!file.endsWith('.js')) continue;
  const path = `dist/split/${file}`;
  const to = (target) => JSON.stringify(relative(dirname(path), target));
  const code = readFileSync(path, 'utf8');
  const linked = code
    .replaceAll('"./offload-worker.js"', to('dist/offload-worker.js'))
    .replace(/"lazy-part:([\w-]+)"/g, (_, name) => to(`dist/lazy/${name}.js`));
  if (linked !== code) writeFileSync(path, linked);
}
