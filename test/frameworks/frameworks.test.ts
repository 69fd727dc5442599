// The demo apps (demos/react, vue, svelte, html, vitepress, astro, sveltekit, docusaurus) as a
// user of the package gets them: installed from the registry with their own package.json and the
// packed tarball, outside the repository (./install.ts, ./fixtures.ts), each app is typechecked
// with its own tools (and fails the typecheck with a wrong prop), built for production with its
// own tools, and opened in Chromium, where it renders the chat of demo A and the protocol panel,
// a `segment-toggle` from the memory panel reaches the app's own code, which shows it, the
// scripts the page loads hold one copy of the library, and the console has no error and no
// warning from the library. A server-rendered app (Astro, SvelteKit) also shows demo A with
// JavaScript off, and hydrates without any warning. A site of several pages (Docusaurus) also
// shows demo A after its router's link from one page to the other. (Angular and Next.js: their
// own test files.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import demo from '../../src/data/demos/demo-a.json' with { type: 'json' };
import {
  APPS,
  build,
  installed,
  installedPackages,
  LIBRARY_MARKER,
  markedFiles,
  markersIn,
  out,
  packTarball,
  typecheck,
  undeclaredImports,
} from './fixtures.js';
import { installFixture } from './install.js';
import { compareWithClientRender, hydrationPage, serveHydrationPages } from './hydration.js';
import { snippetsOf } from '../fixtures/doc-snippets.js';
import { expectDemoAWithPanel, firstUserWords } from './support.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** A static file server for `root` on a free port of 127.0.0.1. */
async function serve(root: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    let file = join(
      root,
      normalize(decodeURIComponent(new URL(request.url!, 'http://x').pathname)),
    );
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!file.startsWith(root) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Collects the page's errors and its console's errors and warnings into `errors`. */
function listen(page: Page, errors: string[]) {
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      errors.push(`${message.type()}: ${message.text()} ${message.location().url}`);
    }
  });
}

let packageDir: string;
let browser: Browser;
/** Each app's install (./install.ts), started together: installs wait on the network. */
const installs = new Map<string, Promise<string>>();

/** Resolves to `work`'s result, and logs how long it took. */
async function timed<T>(what: string, work: Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work;
  } finally {
    console.log(`${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

before(async () => {
  const started = Date.now();
  let prepacked: boolean;
  let tarball: string;
  [{ dir: packageDir, tarball, prepacked }, browser] = await Promise.all([
    packTarball(),
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1'],
    }),
  ]);
  const how = prepacked ? 'with its prepack build' : 'dist/ is fresh: without its prepack build';
  console.log(`npm pack (${how}) and Chromium: ${Date.now() - started} ms`);
  for (const app of APPS) {
    const install = timed(`${app.name}: npm install`, installFixture(app.name, tarball));
    install.catch(() => {}); // reported by the app's own tests, which await it
    installs.set(app.name, install);
  }
});

after(async () => {
  await browser?.close();
});

test(`each build of the library holds ${JSON.stringify(LIBRARY_MARKER)} once (the fixtures count it)`, () => {
  const files = markedFiles(packageDir);
  assert.equal(files['dist/elements/internal/loading/define.js'], 1, JSON.stringify(files));
  for (const [file, count] of Object.entries(files)) assert.equal(count, 1, file);
});

test('the tarball imports only the packages it declares', () => {
  assert.deepEqual(undeclaredImports(packageDir), []);
});

test("a browser user's install is at most 15 packages (the server and React parts are optional peers)", () => {
  const packages = installedPackages(packageDir);
  assert.ok(packages.length <= 15, `${packages.length} packages: ${packages.join(', ')}`);
  for (const optional of ['@lit-labs/ssr', '@lit/react', 'react', 'jsdom'])
    assert.ok(!packages.includes(optional), optional);
});

test("the README's Node examples run against the tarball and print what the README says", () => {
  const app = join(out, 'readme');
  mkdirSync(join(app, 'node_modules'), { recursive: true });
  symlinkSync(packageDir, join(app, 'node_modules/prompt-envelope'));
  // A package of its own: without one, Node resolves `prompt-envelope` from inside the
  // repository to the repository itself (a package may import itself by name).
  writeFileSync(join(app, 'package.json'), '{ "name": "readme-examples", "private": true }\n');
  const runs = snippetsOf(pathToFileURL(repo), 'README.md').filter(
    (s) => s.source === 'run with node',
  );
  assert.ok(runs.length >= 3, `${runs.length} examples`);
  const where = `console.log(import.meta.resolve('prompt-envelope/core'))`;
  const resolved = spawnSync(process.execPath, ['--input-type=module', '-e', where], {
    cwd: app,
    encoding: 'utf8',
  });
  assert.equal(resolved.stdout.trim(), pathToFileURL(join(packageDir, 'dist/core/index.js')).href);
  for (const { line, code, output } of runs) {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
      cwd: app,
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, `README.md:${line} failed:\n${run.stderr}`);
    assert.equal(run.stdout, output, `README.md:${line}`);
  }
});

describe('server-rendered pages hydrate, from the tarball', () => {
  const demos = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) =>
    JSON.parse(readFileSync(join(repo, `src/data/demos/demo-${id}.json`), 'utf8')),
  );
  const pages = new Map<string, string>();
  let served: Awaited<ReturnType<typeof serveHydrationPages>>;
  before(async () => {
    served = await serveHydrationPages(packageDir, pages);
  });
  after(() => served?.server.close());

  for (const element of ['envelope-chat', 'envelope-viewer'] as const)
    for (const theme of ['auto', 'light', 'dark'] as const)
      for (const lang of ['en', 'zh-CN'])
        test(`<${element}> theme=${theme} lang=${lang}, every demo: no error, the DOM a client render draws`, async () => {
          const path = `/${element}-${theme}-${lang}.html`;
          pages.set(path, await hydrationPage(packageDir, demos, element, theme, lang));
          const result = await compareWithClientRender(browser, served.origin + path, element);
          assert.equal(result.compared, demos.length);
          assert.deepEqual(result.problems, []);
          assert.deepEqual(result.differences, []);
        });
});

// As many apps at a time as the machine has cores: while one builds, another typechecks or runs
// in Chromium. The installs all started in the first `before`.
describe('the demo apps, from the tarball', { concurrency: availableParallelism() }, () => {
  for (const app of APPS) {
    // One step after the other (a suite's concurrency is inherited otherwise).
    describe(app.name, { concurrency: 1 }, () => {
      let copy: string;

      before(async () => {
        copy = await installs.get(app.name)!;
      });

      if (app.typecheck) {
        const what = app.wrong ? 'no error; an error on each wrong prop' : 'no error';
        test(`typecheck: ${what}`, async () => {
          const { code, output, errors, wrongFile, wrongLines } = await timed(
            `${app.name}: typecheck`,
            typecheck(app, copy),
          );
          const elsewhere = errors.filter((error) => error.file !== wrongFile);
          assert.deepEqual(elsewhere, [], output);
          const caught = errors.filter((error) => error.file === wrongFile).map((e) => e.line);
          const byLine = (a: number, b: number) => a - b;
          assert.deepEqual([...new Set(caught)].sort(byLine), wrongLines.sort(byLine), output);
          assert.equal(code === 0, wrongLines.length === 0, output);
        });
      }

      if (app.build) {
        test(`${app.build} build`, async () => {
          await timed(`${app.name}: ${app.build} build`, build(app, copy));
        });
      }

      for (const { root, path } of app.serverRendered ? app.pages : []) {
        test(`Chromium with JavaScript off, ${path}: the server's HTML shows demo A`, async () => {
          const { server, url } = await serve(join(installed, root));
          const context = await browser.newContext({ javaScriptEnabled: false });
          try {
            const page = await context.newPage();
            await page.goto(url + path);
            // Declarative shadow DOM: the messages are in the chat's shadow root with no script.
            const chat = page.locator('envelope-chat');
            assert.equal(await chat.locator('envelope-message').count(), demo.messages.length);
            assert.equal(await chat.getByText(firstUserWords).count(), 1);
            assert.equal(await page.locator('protocol-panel').count(), 1);
          } finally {
            await context.close();
            server.close();
          }
        });
      }

      for (const { root, path } of app.pages) {
        test(`Chromium, ${path}: demo A, the last segment-toggle, one copy of the library, no console error or warning`, async () => {
          const site = join(installed, root);
          const file = join(site, path.endsWith('/') ? `${path}index.html` : path);
          assert.ok(existsSync(file), `${file} is missing`);
          const { server, url } = await serve(site);
          const page = await browser.newPage();
          const errors: string[] = [];
          // Warnings too: a second copy of the library says so in a warning, and a
          // server-rendered page must hydrate without one.
          listen(page, errors);
          // Every script the page loads (modules, their preloads, chunks loaded on demand),
          // read back from the built files the server sends.
          const scripts = new Set<string>();
          page.on('request', (request) => {
            const { origin, pathname } = new URL(request.url());
            if (origin === url && request.resourceType() === 'script')
              scripts.add(decodeURIComponent(pathname));
          });
          try {
            await page.goto(url + path);
            await expectDemoAWithPanel(page);
            assert.deepEqual(errors, []);

            // The page and its scripts hold the library once: a second copy in another chunk
            // (or bundled twice into one) would double the marker.
            const loaded = [path.endsWith('/') ? `${path}index.html` : path, ...scripts];
            const copies = loaded.map((p) => [p, markersIn(readFileSync(join(site, p), 'utf8'))]);
            const total = copies.reduce((sum, [, count]) => sum + (count as number), 0);
            assert.equal(
              total,
              1,
              `${LIBRARY_MARKER} in ${JSON.stringify(copies.filter(([, c]) => c))}`,
            );
          } finally {
            await page.close();
            server.close();
          }
        });
      }

      for (const { from, to, twoCopies } of app.navigations ?? []) {
        const warns = twoCopies ? 'the one warning of two copies' : 'no console error or warning';
        test(`Chromium, ${from} then a link to ${to}, no page load: demo A, ${warns}`, async () => {
          const { server, url } = await serve(join(installed, app.pages[0]!.root));
          const page = await browser.newPage();
          const errors: string[] = [];
          listen(page, errors);
          try {
            await page.goto(url + from);
            await page.locator('envelope-chat').getByText(firstUserWords).waitFor();
            // Hydrated: the site's router handles the link.
            await page.waitForFunction(() => document.documentElement.dataset.hasHydrated);
            await page.evaluate(() => ((window as { loadedOnce?: boolean }).loadedOnce = true));
            await page.locator(`a[href="${to}"]`).click();
            await page.waitForURL(url + to);
            await expectDemoAWithPanel(page);
            assert.ok(await page.evaluate(() => (window as { loadedOnce?: boolean }).loadedOnce));
            if (twoCopies) {
              assert.equal(errors.length, 1, errors.join('\n'));
              // The script tag's copy defined the elements first, and is the one used.
              assert.match(
                errors[0]!,
                /two copies of the library on this page: \S+\/prompt-envelope\/split\/\S+ \(used\)/,
              );
            } else assert.deepEqual(errors, []);
          } finally {
            await page.close();
            server.close();
          }
        });
      }
    });
  }
});
