// The demo apps of demos/<app>, built the way a user of the package builds them: from the packed
// tarball, into test/frameworks/.out/<app> (used by frameworks.test.ts).
//
// The tarball is extracted into each app's node_modules/prompt-envelope, not `npm install`ed: an
// install resolves the package's dependencies from the registry, and `npm install <tgz> --offline`
// fails here with ENOTCACHED (npm's cache holds the tarballs of the repository's lockfile, not the
// registry documents an install reads). Every other module (react, vue, lit …) resolves by walking
// up to the repository's node_modules, as Node, TypeScript and Vite all resolve. The copies sit
// outside any node_modules folder: svelte-check reports nothing for files whose path contains one.
// Two checks close what extracting leaves open: `prompt-envelope` must resolve inside each copy
// (the repository's node_modules/prompt-envelope links to the repository, and Node resolves a
// package's own name to itself, so a copy without the tarball would silently use dist/), and the
// tarball's modules may import only the packages it declares.
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build as viteBuild, type Plugin } from 'vite';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));
export const out = join(repo, 'test/frameworks/.out');
const bin = (path: string) => join(repo, 'node_modules', path);

/** A typecheck command, and where its output puts each error. */
interface Checker {
  /** Run first (SvelteKit writes the tsconfig.json its app extends). */
  before?: string[];
  command: string[];
  errors: (output: string) => { file: string; line: number }[];
}

const tscErrors = (output: string) =>
  [...output.matchAll(/^(.+?)\((\d+),\d+\): error/gm)].map((m) => ({ file: m[1]!, line: +m[2]! }));
const tsc: Checker = {
  command: [bin('typescript/bin/tsc'), '--noEmit', '-p', '.'],
  errors: tscErrors,
};
const vueTsc: Checker = {
  command: [bin('vue-tsc/bin/vue-tsc.js'), '--noEmit', '-p', '.'],
  errors: tscErrors,
};
const svelteCheck: Checker = {
  command: [bin('svelte-check/bin/svelte-check'), '--output', 'machine', '--fail-on-warnings'],
  errors: (output) =>
    [...output.matchAll(/^\d+ (?:ERROR|WARNING) "(.+?)" (\d+):\d+/gm)].map((m) => ({
      file: m[1]!,
      line: +m[2]!,
    })),
};

/** The terminal's colour codes, which `astro check` writes even into a pipe. */
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const astroCheck: Checker = {
  command: [bin('astro/astro.js'), 'check'],
  errors: (output) =>
    [...output.replace(COLOURS, '').matchAll(/^(\S+?):(\d+):\d+ - error/gm)].map((m) => ({
      file: m[1]!,
      line: +m[2]!,
    })),
};

const svelteKitCheck: Checker = {
  ...svelteCheck,
  before: [bin('@sveltejs/kit/svelte-kit.js'), 'sync'],
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
  build?: 'vite' | 'vitepress' | 'next' | 'astro' | 'sveltekit';
  /** The server's HTML shows the conversation (declarative shadow DOM), and the page hydrates. */
  serverRendered?: boolean;
  /** The pages to open: the folder served as the site's root (in .out/), and the path. */
  pages: { root: string; path: string }[];
}

/** VitePress first: it takes longest. */
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
  {
    name: 'next',
    typecheck: tsc,
    wrong: { file: 'app/chat.tsx', edits: [['envelope={envelope}', 'envelope={42}']] },
    build: 'next',
    serverRendered: true,
    pages: [{ root: 'next/out', path: '/' }],
  },
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
    name: 'html',
    // Served from .out/: the pages link ../shared/ and ./node_modules/prompt-envelope/.
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
 * `npm pack` into .out/, extracted into .out/package/. The pack's prepack is a full build; when
 * dist/ is newer than every source (as after `npm run build`), it is skipped.
 */
export async function packTarball(): Promise<{ dir: string; prepacked: boolean }> {
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
  const dir = join(out, 'package');
  mkdirSync(dir);
  await run('tar', ['-xzf', join(out, filename), '-C', dir, '--strip-components=1']);
  cpSync(join(repo, 'demos/shared'), join(out, 'shared'), { recursive: true });
  return { dir, prepacked };
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

/** demos/<app> copied to .out/<app>, with the package as its node_modules/prompt-envelope. */
export function prepare(app: App, packageDir: string): string {
  const source = join(repo, 'demos', app.name);
  const copy = join(out, app.name);
  const outputs = ['node_modules', 'dist', 'build', 'out', '.next', '.svelte-kit', '.astro'].concat(
    ['cache', 'dist'].map((dir) => `.vitepress/${dir}`),
  );
  const skip = new Set(outputs.map((dir) => join(source, dir)));
  cpSync(source, copy, { recursive: true, filter: (path) => !skip.has(path) });
  cpSync(packageDir, join(copy, 'node_modules/prompt-envelope'), { recursive: true });
  const resolved = createRequire(join(copy, 'package.json')).resolve(
    'prompt-envelope/package.json',
  );
  if (!resolved.startsWith(join(copy, 'node_modules/prompt-envelope/'))) {
    throw new Error(`prompt-envelope resolves to ${resolved}, not to the tarball in ${copy}`);
  }
  return copy;
}

/** Runs a Node script in `cwd`; resolves to its exit code and output. */
async function runIn(cwd: string, [script, ...args]: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [script!, ...args], {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
      // Next.js would report usage to its authors (and wait on a closed network).
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
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
      const before = await runIn(copy, app.typecheck!.before);
      if (before.code !== 0) return { ...before, errors: [], wrongFile, wrongLines };
    }
    const { code, output } = await runIn(copy, app.typecheck!.command);
    return { code, output, errors: app.typecheck!.errors(output), wrongFile, wrongLines };
  } finally {
    if (wrongFile) rmSync(join(copy, wrongFile));
  }
}

/** Fails a Vite build on any module from the repository's src/ or dist/, or none from the tarball. */
function onlyFromTheTarball(copy: string): Plugin {
  const repoModules = [join(repo, 'src/'), join(repo, 'dist/')];
  const tarball = join(copy, 'node_modules/prompt-envelope/');
  return {
    name: 'only-from-the-tarball',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const leaked = ids.filter((id) => repoModules.some((dir) => id.startsWith(dir)));
      if (leaked.length) this.error(`modules from the repository: ${leaked.join(', ')}`);
      if (!ids.some((id) => id.startsWith(tarball))) this.error('no module from the tarball');
    },
  };
}

/** The app's production build: `vite build`, or `vitepress build` (client and SSR). */
export async function build(app: App, copy: string) {
  if (app.build === 'vite') {
    const configFile = join(copy, 'vite.config.ts');
    await viteBuild({
      root: copy,
      configFile: existsSync(configFile) ? configFile : false,
      logLevel: 'warn',
      plugins: [onlyFromTheTarball(copy)],
      // Each demo bundles a framework, two elements and the seven demo envelopes: more than
      // Vite's 500 kB warning, by design.
      build: { chunkSizeWarningLimit: 2000 },
    });
  } else if (app.build === 'vitepress') {
    const { code, output } = await runIn(copy, [bin('vitepress/bin/vitepress.js'), 'build']);
    if (code !== 0) throw new Error(`vitepress build failed:\n${output}`);
  } else {
    // Next.js's, Astro's and SvelteKit's builds read their configuration from the working directory.
    const command = {
      next: bin('next/dist/bin/next'),
      astro: bin('astro/astro.js'),
      sveltekit: bin('vite/bin/vite.js'),
    }[app.build!];
    const { code, output } = await runIn(copy, [command, 'build']);
    if (code !== 0) throw new Error(`${app.build} build failed:\n${output}`);
    // No warning from compiling the app (as Next.js words it), one copy of the library per
    // page. Next.js's advice about a CI build cache (CI=true) is about the machine, not the app.
    if (/Compiled with warnings|another copy/.test(output))
      throw new Error(`${app.build} build warned:\n${output}`);
  }
}
