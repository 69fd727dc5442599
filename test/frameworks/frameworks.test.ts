// The demo apps (demos/react, next, vue, svelte, angular, html, vitepress, astro, sveltekit) as a
// user of the package gets them: built from the packed tarball (./fixtures.ts), each app is typechecked (and
// fails the typecheck with a wrong prop), built for production, and opened in Chromium, where it
// renders the chat of demo A and the protocol panel, a `segment-toggle` from the memory panel
// reaches the app's own code, which shows it, and the console has no error. A server-rendered
// app (Next.js, Astro, SvelteKit) also shows demo A with JavaScript off, and hydrates without a warning.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type Locator } from 'playwright-core';
import demo from '../../src/data/demos/demo-a.json' with { type: 'json' };
import {
  APPS,
  build,
  installedPackages,
  out,
  packTarball,
  prepare,
  typecheck,
  undeclaredImports,
} from './fixtures.js';
import { compareWithClientRender, hydrationPage, serveHydrationPages } from './hydration.js';
import { snippetsOf } from '../fixtures/doc-snippets.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const memoryMessage = demo.messages.find((m) => m.segments.some((s) => s.kind === 'memory'))!;
const memoryIndex = memoryMessage.segments.findIndex((s) => s.kind === 'memory');
const firstUserWords = (
  demo.messages.find((m) => m.role === 'user')!.segments[0] as { content: string }
).content.slice(0, 40);

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

/** Waits until the locator's text is `expected`; fails with the text it has when it never is. */
async function expectText(locator: Locator, expected: string, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  let actual = '';
  while (Date.now() < deadline) {
    actual = ((await locator.textContent()) ?? '').trim();
    if (actual === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(actual, expected);
}

let packageDir: string;
let browser: Browser;

before(async () => {
  const started = Date.now();
  let prepacked: boolean;
  [{ dir: packageDir, prepacked }, browser] = await Promise.all([
    packTarball(),
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1'],
    }),
  ]);
  const how = prepacked ? 'with its prepack build' : 'dist/ is fresh: without its prepack build';
  console.log(`npm pack (${how}) and Chromium: ${Date.now() - started} ms`);
});

after(async () => {
  await browser?.close();
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

// Two apps at a time: while one builds, the other typechecks or runs in Chromium.
describe('the demo apps, from the tarball', { concurrency: availableParallelism() }, () => {
  for (const app of APPS) {
    // One step after the other (a suite's concurrency is inherited otherwise).
    describe(app.name, { concurrency: 1 }, () => {
      let copy: string;

      before(() => {
        copy = prepare(app, packageDir);
      });

      if (app.typecheck) {
        const what = app.wrong ? 'no error; an error on each wrong prop' : 'no error';
        test(`typecheck: ${what}`, async () => {
          const { code, output, errors, wrongFile, wrongLines } = await typecheck(app, copy);
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
          await build(app, copy);
        });
      }

      for (const { root, path } of app.serverRendered ? app.pages : []) {
        test(`Chromium with JavaScript off, ${path}: the server's HTML shows demo A`, async () => {
          const { server, url } = await serve(join(out, root));
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
        test(`Chromium, ${path}: demo A, the last segment-toggle, no console error`, async () => {
          const site = join(out, root);
          const file = join(site, path.endsWith('/') ? `${path}index.html` : path);
          assert.ok(existsSync(file), `${file} is missing`);
          const { server, url } = await serve(site);
          const page = await browser.newPage();
          const errors: string[] = [];
          page.on('pageerror', (error) => errors.push(error.message));
          // A server-rendered page must hydrate without a warning either.
          const reported = app.serverRendered ? ['error', 'warning'] : ['error'];
          page.on('console', (message) => {
            if (reported.includes(message.type())) {
              errors.push(`${message.type()}: ${message.text()} ${message.location().url}`);
            }
          });
          try {
            await page.goto(url + path);

            // Every message of demo A is in the chat's shadow root, and a user's words show.
            await page.waitForFunction(
              (count) =>
                document
                  .querySelector('envelope-chat')
                  ?.shadowRoot?.querySelectorAll('envelope-message').length === count,
              demo.messages.length,
            );
            await page.locator('envelope-chat').getByText(firstUserWords).waitFor();
            // The protocol panel (for="chat") shows the request of the same envelope.
            await page.locator('protocol-panel').getByText(demo.model).first().waitFor();

            const status = page.locator('#last-toggle');
            await expectText(status, 'Last toggle: none yet');
            // Playwright's CSS locators pierce open shadow roots.
            // A message draws its segments in its own shadow root, their parts named `segment-…`.
            const header = page.locator(
              'envelope-chat envelope-message .segment-memory button[part="segment-header"]',
            );
            await header.click();
            await expectText(
              status,
              `Last toggle: message ${memoryMessage.id}, segment ${memoryIndex}, expanded`,
            );
            await header.click();
            await expectText(
              status,
              `Last toggle: message ${memoryMessage.id}, segment ${memoryIndex}, collapsed`,
            );

            assert.deepEqual(errors, []);
          } finally {
            await page.close();
            server.close();
          }
        });
      }
    });
  }
});
