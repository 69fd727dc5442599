// The demo apps of demos/<app>, installed and built the way a user of the package installs and
// builds them (used by frameworks.test.ts): `npm pack` of the repository, then each app copied
// outside the repository and installed from the registry with its own package.json and the packed
// tarball (./install.ts). Each app is typechecked and built with its own installed tools (its
// node_modules/.bin) and its own configuration. A Vite-based build (Vite, SvelteKit, Astro,
// VitePress) runs through ./build-app.mjs, which adds one plugin to the app's own build: no module
// may come from the repository, and the package's modules must come from the app's
// node_modules/prompt-envelope.
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export { installed } from './install.js';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));
/** Where the tarball is packed and extracted (the installed apps live in `installed`). */
export const out = join(repo, 'test/frameworks/.out');
/** A command of the app's own node_modules/.bin. */
const tool = (copy: string, name: string) => join(copy, 'node_modules/.bin', name);

/** A typecheck command of the app's node_modules/.bin, and where its output puts each error. */
interface Checker {
  /** Run first (SvelteKit writes the tsconfig.json its app extends). */
  before?: string[];
  /** The command's name in node_modules/.bin, and its arguments. */
  command: string[];
  errors: (output: string) => { file: string; line: number }[];
}

const tscErrors = (output: string) =>
  [...output.matchAll(/^(.+?)\((\d+),\d+\): error/gm)].map((m) => ({ file: m[1]!, line: +m[2]! }));
export const tsc: Checker = {
  command: ['tsc', '--noEmit', '-p', '.'],
  errors: tscErrors,
};
const vueTsc: Checker = {
  command: ['vue-tsc', '--noEmit', '-p', '.'],
  errors: tscErrors,
};
const svelteCheck: Checker = {
  command: ['svelte-check', '--output', 'machine', '--fail-on-warnings'],
  errors: (output) =>
    [...output.matchAll(/^\d+ (?:ERROR|WARNING) "(.+?)" (\d+):\d+/gm)].map((m) => ({
      file: m[1]!,
      line: +m[2]!,
    })),
};

/** The terminal's colour codes, which `astro check` writes even into a pipe. */
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const astroCheck: Checker = {
  command: ['astro', 'check'],
  errors: (output) =>
    [...output.replace(COLOURS, '').matchAll(/^(\S+?):(\d+):\d+ - error/gm)].map((m) => ({
      file: m[1]!,
      line: +m[2]!,
    })),
};

const svelteKitCheck: Checker = {
  ...svelteCheck,
  before: ['svelte-kit', 'sync'],
};

export interface App {
  name: string;
  /** How the app's users check it. */
  typecheck?: Checker;
  /**
   * The file whose copy gets wrong props, and the edits (`from` occurs once in it); the copy is
   * `as`, else the file's name with `.wrong` before its extension.
   */
  wrong?: { file: string; edits: [from: string, to: string][]; as?: string };
  build?: 'vite' | 'vitepress' | 'astro' | 'sveltekit' | 'docusaurus';
  /** The server's HTML shows the conversation (declarative shadow DOM), and the page hydrates. */
  serverRendered?: boolean;
  /**
   * The pages to open: the folder served as the site's root (relative to `installed`, where each
   * app is installed in a folder of its name), and the path.
   */
  pages: { root: string; path: string }[];
  /**
   * Client-side navigations (a link of the site's router, no page load) from one of `pages` to
   * another, which then shows demo A; `twoCopies`: the page left loaded the library from the
   * script tag, the page reached bundles it, and the console says so once.
   */
  navigations?: { from: string; to: string; twoCopies?: boolean }[];
}

/** In the order they run, as many at a time as the machine has cores. */
export const APPS: App[] = [
  {
    name: 'vitepress',
    typecheck: vueTsc,
    wrong: { file: 'index.md', edits: [[':envelope="demoEnvelopes.a"', ':envelope="42"']] },
    build: 'vitepress',
    pages: [{ root: 'vitepress/.vitepress/dist', path: '/' }],
  },
  {
    name: 'react',
    typecheck: tsc,
    wrong: {
      file: 'src/App.tsx',
      edits: [
        ['envelope={envelope}', 'envelope={42}'], // on the @lit/react wrapper
        ['<protocol-panel for="chat"', '<protocol-panel for={42}'], // on the element
      ],
    },
    build: 'vite',
    pages: [{ root: 'react/dist', path: '/' }],
  },
  {
    name: 'vue',
    typecheck: vueTsc,
    wrong: { file: 'src/App.vue', edits: [[':envelope="envelope"', ':envelope="42"']] },
    build: 'vite',
    pages: [{ root: 'vue/dist', path: '/' }],
  },
  {
    name: 'svelte',
    typecheck: svelteCheck,
    wrong: { file: 'src/App.svelte', edits: [['{envelope}', 'envelope={42}']] },
    build: 'vite',
    pages: [{ root: 'svelte/dist', path: '/' }],
  },
  // Angular: ./angular.test.ts (its apps use the Angular CLI, not Vite).
  // Next.js: ./next.test.ts (built with and without Lit's plugin, served by next start and next dev).
  {
    name: 'sveltekit',
    typecheck: svelteKitCheck,
    wrong: {
      file: 'src/routes/+page.server.ts',
      edits: [["{ id: 'chat' }", '{ id: 42 }']],
      // A name starting with + in src/routes is SvelteKit's: the copy goes beside the routes.
      as: 'src/page-server.wrong.ts',
    },
    build: 'sveltekit',
    serverRendered: true,
    pages: [{ root: 'sveltekit/build', path: '/' }],
  },
  {
    name: 'astro',
    typecheck: astroCheck,
    wrong: { file: 'src/pages/index.astro', edits: [["{ id: 'chat' }", '{ id: 42 }']] },
    build: 'astro',
    serverRendered: true,
    pages: [{ root: 'astro/dist', path: '/' }],
  },
  {
    // Static pages rendered by React 19 on the server; no shadow DOM in their HTML.
    name: 'docusaurus',
    build: 'docusaurus',
    pages: [
      { root: 'docusaurus/build', path: '/' }, // the React wrappers
      { root: 'docusaurus/build', path: '/script-tag/' }, // the self-hosted script, raw tags
    ],
    navigations: [
      { from: '/', to: '/script-tag' },
      { from: '/script-tag/', to: '/', twoCopies: true },
    ],
  },
  {
    name: 'html',
    // Served from `installed`: the pages link ../shared/ and ./node_modules/prompt-envelope/.
    pages: [
      { root: '.', path: '/html/index.html' },
      { root: '.', path: '/html/iife.html' },
    ],
  },
];

/** The newest modification time of the files under `paths` (relative to the repository). */
function newest(paths: string[]): number {
  let time = 0;
  for (const path of paths.map((p) => join(repo, p))) {
    const files = statSync(path).isDirectory()
      ? readdirSync(path, { recursive: true, encoding: 'utf8' }).map((f) => join(path, f))
      : [path];
    for (const file of files) time = Math.max(time, statSync(file).mtimeMs);
  }
  return time;
}

/**
 * `npm pack` into .out/, extracted into .out/package/; resolves to both, `tarball` being the
 * .tgz that installFixture installs. The pack's prepack is a full build; when dist/ is newer
 * than every source (as after `npm run build`), it is skipped.
 */
export async function packTarball(): Promise<{
  dir: string;
  tarball: string;
  prepacked: boolean;
}> {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const built = join(repo, 'dist/prompt-envelope.iife.js'); // the build's last output
  const sources = [
    'src',
    'package.json',
    'tsconfig.json',
    'tsconfig.build.json',
    'scripts/build.mjs',
  ];
  const prepacked = !existsSync(built) || statSync(built).mtimeMs < newest(sources);
  const { stdout } = await run(
    'npm',
    ['pack', '--json', '--pack-destination', out, ...(prepacked ? [] : ['--ignore-scripts'])],
    { cwd: repo, maxBuffer: 64 * 1024 * 1024 },
  );
  const [{ filename }] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string }[];
  const tarball = join(out, filename);
  const dir = join(out, 'package');
  mkdirSync(dir);
  await run('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1']);
  return { dir, tarball, prepacked };
}

/**
 * A string each build of the library holds exactly once: the `Symbol.for` key under which the
 * first copy on a page records itself, in the module that registers the elements. A minifier
 * keeps it (a registry key is data, not a name), and no other code of the library or of an app
 * has a reason to write it; so the scripts a page loads hold it once per copy of the library.
 */
export const LIBRARY_MARKER = 'prompt-envelope.copy';

/** How many times `text` holds LIBRARY_MARKER. */
export const markersIn = (text: string) => text.split(LIBRARY_MARKER).length - 1;

/** The package's .js files that hold LIBRARY_MARKER, with how many times each holds it. */
export function markedFiles(dir: string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    const count = markersIn(readFileSync(join(dir, file), 'utf8'));
    if (count) found[file] = count;
  }
  return found;
}

/** The packages that the package's modules import but its package.json does not declare. */
export function undeclaredImports(dir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const declared = new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ]);
  const importRE =
    /^(?:import|export)\s[^;]*?\bfrom\s*['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;
  const undeclared = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    for (const match of readFileSync(join(dir, file), 'utf8').matchAll(importRE)) {
      const specifier = (match[1] ?? match[2] ?? match[3])!;
      if (/^[./]/.test(specifier) || isBuiltin(specifier)) continue;
      const name = specifier.match(/^(@[^/]+\/)?[^/]+/)![0];
      if (!declared.has(name)) undeclared.add(`${name} (${file})`);
    }
  }
  return [...undeclared];
}

/**
 * The packages `npm install prompt-envelope` brings (the package included), from the tarball's
 * package.json and the repository's lockfile (the versions an install resolves today): its
 * dependencies, theirs, and every peer dependency that is not optional (npm installs those too).
 */
export function installedPackages(dir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')).packages as Record<
    string,
    {
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
      peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    }
  >;
  const needs = (entry: typeof manifest) => [
    ...Object.keys(entry.dependencies ?? {}),
    ...Object.keys(entry.peerDependencies ?? {}).filter(
      (name) => !entry.peerDependenciesMeta?.[name]?.optional,
    ),
  ];
  const found = new Set<string>([manifest.name]);
  const queue = needs(manifest);
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (found.has(name)) continue;
    const entry = lock[`node_modules/${name}`];
    if (!entry) throw new Error(`${name} is not in package-lock.json`);
    found.add(name);
    queue.push(...needs(entry));
  }
  return [...found].sort();
}

/** Runs a Node script in `cwd`; resolves to its exit code and output. */
async function runIn(cwd: string, [script, ...args]: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [script!, ...args], {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
      // Next.js and Astro would report usage to their authors (and wait on a closed network).
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ASTRO_TELEMETRY_DISABLED: '1' },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: unknown; stdout: string; stderr: string };
    if (typeof code !== 'number') throw error;
    return { code, output: stdout + stderr };
  }
}

/**
 * Typechecks the app with the wrong copy of its main file beside it (App.wrong.tsx …). Resolves to
 * the errors found: the test expects one on each wrong line, and none anywhere else.
 */
export async function typecheck(app: App, copy: string) {
  const wrongLines: number[] = [];
  let wrongFile: string | undefined;
  if (app.wrong) {
    let text = readFileSync(join(copy, app.wrong.file), 'utf8');
    for (const [from, to] of app.wrong.edits) {
      const index = text.indexOf(from);
      if (index < 0 || text.indexOf(from, index + 1) >= 0) {
        throw new Error(`${app.wrong.file} must contain ${JSON.stringify(from)} exactly once`);
      }
      wrongLines.push(text.slice(0, index).split('\n').length);
      text = text.slice(0, index) + to + text.slice(index + from.length);
    }
    wrongFile = app.wrong.as ?? app.wrong.file.replace(/(\.\w+)$/, '.wrong$1');
    writeFileSync(join(copy, wrongFile), text);
  }
  try {
    if (app.typecheck!.before) {
      const [name, ...args] = app.typecheck!.before;
      const before = await runIn(copy, [tool(copy, name!), ...args]);
      if (before.code !== 0) return { ...before, errors: [], wrongFile, wrongLines };
    }
    const [name, ...args] = app.typecheck!.command;
    const { code, output } = await runIn(copy, [tool(copy, name!), ...args]);
    return { code, output, errors: app.typecheck!.errors(output), wrongFile, wrongLines };
  } finally {
    if (wrongFile) rmSync(join(copy, wrongFile));
  }
}

/** The builds that run through ./build-app.mjs (a Vite build, with the guard plugin). */
const VITE_BUILDS = new Set(['vite', 'sveltekit', 'astro', 'vitepress']);

/**
 * The app's production build, with its own tools: `vite build`, SvelteKit's (Vite), `astro
 * build`, `vitepress build` (through ./build-app.mjs), `docusaurus build`. Resolves to the tool's
 * output; throws with it when the build fails or warns of a second copy of the library.
 */
export async function build(app: App, copy: string): Promise<string> {
  let result: { code: number; output: string };
  if (VITE_BUILDS.has(app.build!)) {
    const driver = join(copy, 'node_modules/.fixture-build.mjs');
    copyFileSync(fileURLToPath(new URL('build-app.mjs', import.meta.url)), driver);
    result = await runIn(copy, [driver, app.build!, repo]);
  } else if (app.build === 'docusaurus') {
    result = await runIn(copy, [tool(copy, 'docusaurus'), 'build']);
  } else {
    throw new Error(`no build ${app.build}`);
  }
  const { code, output } = result;
  if (code !== 0) throw new Error(`${app.build} build failed:\n${output}`);
  // No warning from compiling the app (as webpack and Vite word it), one copy of the library
  // per page.
  if (/Compiled with warnings|another copy|two copies|\[WARNING\]/.test(output))
    throw new Error(`${app.build} build warned:\n${output}`);
  return output;
}
