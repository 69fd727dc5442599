// The code-split script-tag build, dist/split/ (scripts/build.mjs runs it; its terser pass and
// the offload worker's copies follow there): `autoloader.js`, which imports `elements/<tag>.js`
// when the tag is on the page, one module per element, and a few chunks they share.
//
// Built by rolldown, not esbuild: esbuild splits by the set of entries that reach each module,
// which with 19 element entries made about 50 chunks, and a page with one <envelope-chat> took
// 33 JS requests before the chat showed (106 kB gzip). rolldown's code-splitting groups name the
// chunks, here by what reaches each module:
// - `shared`: Lit and its hydration support, marked, the core and elements/internal as far as the
//   chat and its meter reach them, the compiler's helpers, and what both the views and the
//   measuring use: what every element draws with;
// - `message`: <envelope-message> (its module), with the text view (Markdown, marked) and the
//   segment styles, which a message loads with its first view: a chat of text needs no more;
// - `views`: the view of every other segment kind, which an app's bundler splits off to load the
//   first time a message draws that kind: here all of them come in one request with a message's
//   first segment of such a kind (segment-view-loaders.split.ts);
// - `measure`: what measuring an envelope needs beyond `shared` (with OpenAI's renderer, which
//   the chat's meter measures for), with <context-meter>'s module, which the chat loads after
//   the first paint and the protocol panel, studio, diff and viewer import;
// - `tools`: the rest of the library that two or more elements use (compose, curl, tabs, ...);
// - each element's own code in its module, which another element that draws it imports (the
//   viewer imports the chat's); the offload jobs and the panel's targets in chunks of their own;
//   the other parts that load on demand (Chinese strings, DOMPurify, js-yaml, jsdiff, ...) are
//   the files of dist/lazy/ that the one-file bundles load too.
// A page with one chat loads the autoloader, the chat, `shared` and `message`, then `views` with
// the first segment that is not text and its meter (<context-meter>'s module, with the
// measuring) after the first paint: 6 JS requests in all, 5 for a chat of text (`npm run size` lists them and sums them). A
// two-pass esbuild build (a shared bundle, then the elements with it external) was the other way:
// it needs a re-export of every shared module under a unique name, and keeps no tree shaking.

import { readFileSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { rolldown } from 'rolldown';
import { squeezedElementSource } from './css-literals.mjs';

const root = process.cwd();

/** The tags the autoloader knows (test/core/bundle-parts checks them against the elements). */
const tags = [...readFileSync('src/autoloader.ts', 'utf8').matchAll(/^ {2}'([a-z-]+)',$/gm)].map(
  (m) => m[1],
);
const defineModule = (tag) => resolve(root, `src/elements/${tag}/${tag}.ts`);

/** The library's base, as opposed to an element's own code. */
const BASE =
  /node_modules|[\\/]src[\\/](core|events\.ts|hydrate\.ts)|[\\/]src[\\/]elements[\\/]internal[\\/]/;

/**
 * What the esbuild plugins of the other script-tag builds do, for rolldown:
 * - each element's define module imports Lit's hydration support first (as in the bundles), so
 *   that it runs before LitElement is defined. It is the entry itself, not a wrapper module around
 *   it: a wrapper would make each entry a stub that imports its element from one more chunk;
 * - the elements' `css` literals minified and their templates unindented (squeezedElementSource).
 */
const scriptTagSources = {
  name: 'script-tag-sources',
  async load(id) {
    if (tags.some((tag) => defineModule(tag) === id))
      return {
        code: `import ${JSON.stringify(resolve(root, 'src/hydrate.ts'))};\n${readFileSync(id, 'utf8')}`,
        moduleType: 'ts',
      };
    if (!/[\\/]src[\\/]elements[\\/].*\.ts$/.test(id)) return null;
    return { code: await squeezedElementSource(readFileSync(id, 'utf8')), moduleType: 'ts' };
  },
};

/**
 * The licences of the packages in each chunk, as esbuild's `legalComments: 'linked'` writes them
 * for the bundles: `<chunk>.LEGAL.txt` beside it, and a comment in the chunk that points there.
 */
const linkedLicences = {
  name: 'linked-licences',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const notes = chunk.moduleIds
        .filter((id) => id.includes('node_modules'))
        .map((id) => [id, licenceComments(readFileSync(id, 'utf8'))])
        .filter(([, comments]) => comments.length > 0)
        .map(
          ([id, comments]) => `${relative(`${root}/node_modules`, id)}:\n${comments.join('\n')}`,
        );
      if (notes.length === 0) continue;
      const legal = `${basename(chunk.fileName)}.LEGAL.txt`;
      this.emitFile({
        type: 'asset',
        fileName: `${chunk.fileName}.LEGAL.txt`,
        source: `Bundled license information:\n\n${notes.join('\n\n')}\n`,
      });
      chunk.code = `/*! For license information please see ${legal} */\n${chunk.code}`;
    }
  },
};

/**
 * The autoloader's table of the chunks each element's module imports (statically, through other
 * chunks too), so that it fetches them alongside the module: written over the placeholder that
 * src/autoloader.ts parses.
 */
const chunkTable = {
  name: 'chunk-table',
  generateBundle(_options, bundle) {
    const imported = (file, found = new Set()) => {
      for (const next of bundle[file].imports)
        if (!found.has(next)) imported(next, found.add(next));
      return found;
    };
    const table = Object.fromEntries(
      tags.map((tag) => [
        tag,
        [...imported(`elements/${tag}/${tag}.js`)].map((file) => `./${file}`),
      ]),
    );
    const autoloader = bundle['autoloader.js'];
    const placeholder = /(["'`])\{"split build":\[\]\}\1/;
    if (!placeholder.test(autoloader.code)) throw new Error('split build: no chunk table to fill');
    autoloader.code = autoloader.code.replace(placeholder, () =>
      JSON.stringify(JSON.stringify(table)),
    );
  },
};

/**
 * rolldown's runtime (its helper that makes a module namespace object, for a dynamic import of a
 * module inside a chunk) is a chunk of its own when several chunks call it: one more request, for
 * 0.2 kB, on every page whose chunks do. Each of them gets its own copy instead.
 */
const runtimeInside = {
  name: 'runtime-inside',
  generateBundle(_options, bundle) {
    const runtime = Object.values(bundle).find(
      (chunk) =>
        chunk.type === 'chunk' && chunk.moduleIds.every((id) => id.includes('rolldown/runtime')),
    );
    if (!runtime) return;
    const exports = /export\s*\{\s*([\w$]+)(?:\s+as\s+([\w$]+))?\s*\};?\s*$/.exec(runtime.code);
    if (!exports) throw new Error('split build: the runtime chunk does not end with one export');
    const [, local, exported = local] = exports;
    const helper = `(()=>{${runtime.code.slice(0, exports.index)};return ${local}})()`;
    const file = basename(runtime.fileName).replace(/[.$]/g, '\\$&');
    const statement = new RegExp(
      `import\\s*\\{\\s*${exported}(?:\\s+as\\s+([\\w$]+))?\\s*\\}\\s*from\\s*"[\\w./-]*/${file}";?`,
    );
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || !chunk.imports.includes(runtime.fileName)) continue;
      const found = statement.exec(chunk.code);
      if (!found)
        throw new Error(`split build: ${chunk.fileName} imports the runtime in a way not known`);
      chunk.code = chunk.code.replace(statement, () => `const ${found[1] ?? exported}=${helper};`);
      chunk.imports = chunk.imports.filter((name) => name !== runtime.fileName);
    }
    delete bundle[runtime.fileName];
  },
};

/** A module's `/*!`, `@license` and `@preserve` comments, indented by two spaces. */
function licenceComments(source) {
  return [...source.matchAll(/\/\*[\s\S]*?\*\//g)]
    .map((m) => m[0])
    .filter((comment) => comment.startsWith('/*!') || /@license|@preserve/.test(comment))
    .map((comment) => comment.replace(/^/gm, '  '));
}

/**
 * A message loads the view of a segment kind with its first segment of that kind
 * (segment-view-loaders.ts): here through its `.split.ts` twin, the text view from the message's
 * own chunk and every other view from one chunk, in one request.
 */
const viewsTogether = {
  name: 'views-together',
  resolveId(source, importer) {
    if (!importer || !/(^|\/)segment-view-loaders\.js$/.test(source)) return null;
    return resolve(dirname(importer), source.replace(/\.js$/, '.split.ts'));
  },
};

/**
 * The key of `LAZY` that a dynamic import names: a package by its name, a module of the
 * repository by its source path (so that moving the importer changes nothing here).
 */
export function lazyKey(specifier, importerDir) {
  if (!specifier.startsWith('.')) return specifier;
  return relative(root, resolve(importerDir, specifier)).replace(/\.js$/, '.ts');
}

/**
 * The parts that load on demand and that the one-file bundles load from dist/lazy/ (`lazy`,
 * scripts/build.mjs's table): the split build imports the same files, so that each ships once.
 */
function lazyParts(lazy) {
  return {
    name: 'lazy-parts',
    resolveId(source, importer, extra) {
      const key = importer ? lazyKey(source, dirname(importer)) : source;
      if (extra.kind !== 'dynamic-import' || !Object.hasOwn(lazy, key)) return null;
      // Written as a relative path by scripts/build.mjs, which knows where each chunk is.
      return { id: `lazy-part:${lazy[key].name}`, external: true };
    },
  };
}

/** The modules that `modules` import statically, transitively, themselves included. */
function reachedFrom(ctx, modules) {
  const found = new Set();
  const visit = (id) => {
    if (found.has(id)) return;
    found.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  for (const module of modules) {
    const id = resolve(root, module);
    // A module that moved would leave its group empty, and the chunks as before: say so.
    if (!ctx.getModuleInfo(id)) throw new Error(`split build: ${module} is not in the graph`);
    visit(id);
  }
  return found;
}

/** A group whose chunk holds the modules that `modules` reach statically and `test` accepts. */
function reachedGroup(name, modules, priority, test = () => true) {
  let reached;
  return {
    name: (id, ctx) => ((reached ??= reachedFrom(ctx, modules)).has(id) && test(id) ? name : null),
    debugName: name,
    priority,
  };
}

/** The segment views but the text view, which load with a message's first segment of theirs. */
const VIEWS = ['src/elements/internal/segments/segment-views.split.ts'];

/**
 * <envelope-message> with what a message of text draws with: the text view (Markdown) and the
 * segment styles, which the message loads with its first view (segment-styles-load.ts).
 */
const MESSAGE = [
  'src/elements/envelope-message/envelope-message.ts',
  'src/elements/segment-text/segment-text.view.ts',
  'src/elements/internal/segments/segment-kind-styles.ts',
];

/**
 * What the chat's meter measures with: the measuring and OpenAI's renderer (the chat measures
 * OpenAI's request; each other target's renderer is a chunk of its own, loaded when measured for).
 */
const MEASURE = ['src/core/insight/measure-target.ts', 'src/core/targets/openai/export.ts'];

/** The helpers that the compiled code of every element calls (decorators). */
const HELPERS = /@oxc-project\+runtime/;

/**
 * `shared`: the base that the chat and its meter reach, the helpers, and the base modules that
 * both the views and the measuring reach (so that neither loads the other's chunk).
 */
function sharedGroup() {
  let chat, views, measure;
  return {
    name(id, ctx) {
      chat ??= reachedFrom(ctx, [
        'src/elements/envelope-chat/envelope-chat.ts',
        'src/elements/context-meter/context-meter.ts',
      ]);
      views ??= reachedFrom(ctx, VIEWS);
      measure ??= reachedFrom(ctx, MEASURE);
      const base = BASE.test(id) && (chat.has(id) || (views.has(id) && measure.has(id)));
      return base || HELPERS.test(id) ? 'shared' : null;
    },
    priority: 4,
  };
}

export async function buildSplit(lazy) {
  const bundle = await rolldown({
    input: {
      autoloader: 'src/autoloader.ts',
      ...Object.fromEntries(tags.map((tag) => [`elements/${tag}/${tag}`, defineModule(tag)])),
    },
    plugins: [
      lazyParts(lazy),
      viewsTogether,
      scriptTagSources,
      runtimeInside,
      linkedLicences,
      chunkTable,
    ],
    platform: 'browser',
    // An element's module may export more than its define module (what another element that
    // draws it imports from it): without this, each would be a stub importing a chunk.
    preserveEntrySignatures: 'allow-extension',
    tsconfig: 'tsconfig.json',
    // Lit's production build, without the dev-mode checks and warnings.
    resolve: { conditionNames: ['production', 'import', 'browser', 'default'] },
    transform: { target: 'es2022' },
    logLevel: 'warn',
    checks: { bundlerTimings: false },
  });
  await bundle.write({
    dir: 'dist/split',
    format: 'es',
    minify: true,
    comments: false,
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    codeSplitting: {
      groups: [
        sharedGroup(),
        reachedGroup('message', MESSAGE, 3),
        reachedGroup('views', VIEWS, 2.5),
        reachedGroup('measure', ['src/elements/context-meter/context-meter.ts', ...MEASURE], 2),
        { name: 'tools', test: BASE, tags: ['$initial'], minShareCount: 2, priority: 1 },
      ],
    },
  });
  await bundle.close();
}
