// The framework pages (stories/frameworks/*.mdx) quote demo files verbatim (their `?raw`
// imports), and a reader copies them into an app of their own. Every relative reference in a
// quoted file (href, src, import, url(), a path in a string) must name a file that the reader has
// too: one inside the demo's own folder, which they copy whole, or one the installed package
// holds (node_modules/prompt-envelope/…, as `npm pack` lists it). A file that exists only in the
// repository, as demos/shared/ does, is a 404 or a failed build in their copy.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const pages = join(repo, 'stories/frameworks');

/** Every `?raw` import of the framework pages: [page, quoted file relative to the repository]. */
const quoted = readdirSync(pages)
  .filter((name) => name.endsWith('.mdx'))
  .flatMap((name) =>
    [...readFileSync(join(pages, name), 'utf8').matchAll(/from '([^']+)\?raw'/g)].map(
      (m) => [name, relative(repo, join(pages, m[1]!))] as const,
    ),
  );

/**
 * The relative references of a quoted file: attribute values (href, src) that are not URLs or
 * site paths, quoted strings that start with ./ or ../ (imports, import maps, new URL), and
 * CSS url().
 */
function references(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\b(?:href|src)\s*=\s*["']([^"']+)["']/g)) found.add(m[1]!);
  for (const m of text.matchAll(/(["'`])(\.{1,2}\/[^"'`\s]*)\1/g)) found.add(m[2]!);
  for (const m of text.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) found.add(m[1]!);
  // URLs, site-root paths, fragments, template expressions and bare package names are not
  // files beside the quoted one.
  return [...found].filter(
    (ref) =>
      !/^(?:[a-z][a-z0-9+.-]*:|\/|#|\{|\$)/i.test(ref) &&
      (ref.startsWith('.') || ref.includes('.')),
  );
}

/** The files `npm pack` puts in the package, as paths inside it (needs `npm run build`). */
function packedFiles(): Set<string> {
  const [pack] = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: repo,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }),
  ) as { files: { path: string }[] }[];
  return new Set(pack!.files.map((file) => file.path));
}

/** A module path as a bundler resolves it: as written, with an extension added, or an index. */
function exists(path: string): boolean {
  const candidates = [
    path,
    ...['.ts', '.tsx', '.js', '.mjs', '.vue', '.svelte'].map((e) => path + e),
  ];
  if (candidates.some((file) => existsSync(file) && statSync(file).isFile())) return true;
  return ['index.ts', 'index.js'].some((index) => existsSync(join(path, index)));
}

test('the scan finds the references a quoted file makes', () => {
  assert.deepEqual(
    references(
      `<link rel="stylesheet" href="../shared/a.css" /><link rel="icon" href="data:," />
       <script src="./node_modules/x/y.js"></script><a href="https://example.com/">x</a>
       import { App } from './app'; import 'lit'; @import url('./b.css');
       { "imports": { "x": "./node_modules/x/z.js" } } <img src="/logo.png">`,
    ).sort(),
    ['../shared/a.css', './app', './b.css', './node_modules/x/y.js', './node_modules/x/z.js'],
  );
});

test('every file a framework page quotes refers only to files a reader has', () => {
  assert.ok(quoted.length >= 10, `${quoted.length} quoted files`);
  const packed = packedFiles();
  assert.ok(packed.has('dist/split/autoloader.js'), 'run npm run build first');
  const missing: string[] = [];
  for (const [page, file] of quoted) {
    const app = file.split('/').slice(0, 2).join('/'); // demos/<app>
    for (const ref of references(readFileSync(join(repo, file), 'utf8'))) {
      const target = relative(app, join(dirname(file), ref.split(/[?#]/)[0]!));
      const inPackage = /^node_modules\/prompt-envelope\/(.+)$/.exec(target.split(sep).join('/'));
      const ok = inPackage
        ? packed.has(inPackage[1]!)
        : !target.startsWith('..') && exists(join(repo, app, target));
      if (!ok)
        missing.push(
          `${page} quotes ${file}, which refers to ${ref}: ${
            target.startsWith('..')
              ? 'outside the demo folder, only in the repository'
              : 'no such file'
          }`,
        );
    }
  }
  assert.deepEqual(missing, []);
});
