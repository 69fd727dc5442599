// The Next.js page's app as a user makes it: demos/next installed with its own package.json and
// the packed tarball (./install.ts), once as the page shows it (with Lit's plugin,
// @lit-labs/nextjs) and once without the plugin (the same app with a plain next.config.js). Each
// is built with `next build` and served by `next start`, then served by `next dev`; in Chromium,
// each of its pages (the React wrappers; `renderEnvelopeHTML` in a server component, alone and
// beside a wrapper) shows demo A on a direct load and after a client navigation, with no console
// error or warning (hydration included), and with JavaScript off where the server draws it.
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import demo from '../../src/data/demos/demo-a.json' with { type: 'json' };
import { type App, LIBRARY_MARKER, markersIn, tsc, typecheck } from './fixtures.js';
import { installed, installFixture } from './install.js';
import {
  consoleProblems,
  expectDemoA,
  expectDemoAWithPanel,
  firstUserWords,
  freePort,
  launchChromium,
  pack,
} from './support.js';

const run = promisify(execFile);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: undefined };

/** The app's pages: the link that leads to each, and whether it has the panel and status line. */
const PAGES = [
  { path: '/', link: 'React wrappers', panel: true },
  { path: '/server', link: 'renderEnvelopeHTML', panel: false },
  { path: '/server-with-panel', link: 'renderEnvelopeHTML with a wrapper', panel: true },
];

/** The configuration of a user who does not add Lit's plugin. */
const PLAIN_CONFIG = 'export default { eslint: { ignoreDuringBuilds: true } };\n';

const VARIANTS = [
  { name: "with Lit's plugin, as the Next.js page shows", folder: 'next', plugin: true },
  { name: "without Lit's plugin", folder: 'next-plain', plugin: false },
];

/** Lit's notice that a development build runs (`next dev` loads one): expected there. */
const LIT_DEV_NOTICE = /Lit is in dev mode/;

/** `next start` or `next dev` in `copy`, on a free port; resolves once it answers. */
async function nextServer(copy: string, command: 'start' | 'dev') {
  const port = await freePort();
  const server: ChildProcess = spawn(
    process.execPath,
    [join(copy, 'node_modules/next/dist/bin/next'), command, '-p', String(port), '-H', '127.0.0.1'],
    { cwd: copy, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  server.stdout!.on('data', (data: Buffer) => (output += String(data)));
  server.stderr!.on('data', (data: Buffer) => (output += String(data)));
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    server.once('exit', (code) =>
      reject(new Error(`next ${command} exited (${code}):\n${output}`)),
    );
    const ready = () => (/Ready in/.test(output) ? resolve() : setTimeout(ready, 100));
    ready();
  });
  return {
    url,
    output: () => output,
    // next dev starts workers of its own: the whole process group goes.
    stop: () => process.kill(-server.pid!, 'SIGTERM'),
  };
}

/** Checks `page` (already at one of PAGES): what that page shows. */
async function expectPage(page: Page, panel: boolean) {
  await (panel ? expectDemoAWithPanel(page) : expectDemoA(page));
  // The elements' script ran: the chat drawn on the server was taken over (its shadow root's
  // content drawn once, not once more beside the server's).
  await page.waitForFunction(
    () => (document.querySelector('envelope-chat') as { hasUpdated?: boolean } | null)?.hasUpdated,
  );
  assert.equal(
    await page.evaluate(
      () =>
        document.querySelector('envelope-chat')!.shadowRoot!.querySelectorAll('.messages').length,
    ),
    1,
  );
  // Every declarative shadow root was parsed: none is left as a template in the light DOM.
  assert.equal(await page.locator('envelope-chat > template').count(), 0);
}

/** A page whose console problems are collected, Lit's development notice aside. */
async function newPage(browser: Browser, dev: boolean) {
  const page = await browser.newPage();
  const all = consoleProblems(page);
  return { page, problems: () => all.filter((p) => !(dev && LIT_DEV_NOTICE.test(p))) };
}

let browser: Browser;
let installs: Promise<Record<string, string>>;

before(async () => {
  const tarball = pack('next');
  installs = tarball.then(async (path) => {
    const copy = await installFixture('next', path);
    // The same app and install without the plugin: its node_modules hard-linked, not installed
    // twice.
    const plain = join(installed, 'next-plain');
    rmSync(plain, { recursive: true, force: true });
    cpSync(copy, plain, {
      recursive: true,
      filter: (p) => !p.startsWith(join(copy, 'node_modules')),
    });
    await run('cp', ['-al', join(copy, 'node_modules'), join(plain, 'node_modules')]);
    writeFileSync(join(plain, 'next.config.js'), PLAIN_CONFIG);
    return { next: copy, 'next-plain': plain };
  });
  installs.catch(() => {}); // reported by the suites that wait for them
  [, browser] = await Promise.all([tarball, launchChromium()]);
});

after(async () => {
  await browser?.close();
});

test('tsc: no error in the app; an error on a wrong prop of a wrapper', async () => {
  const copy = (await installs).next!;
  const app: App = {
    name: 'next',
    typecheck: tsc,
    wrong: { file: 'app/chat.tsx', edits: [['envelope={envelope}', 'envelope={42}']] },
    pages: [],
  };
  const { output, errors, wrongFile, wrongLines } = await typecheck(app, copy);
  assert.deepEqual(
    errors.map((e) => [e.file, e.line]),
    [[wrongFile, wrongLines[0]]],
    output,
  );
});

for (const variant of VARIANTS) {
  describe(`demos/next ${variant.name}, from the tarball`, { concurrency: 1 }, () => {
    let copy: string;
    before(async () => {
      copy = (await installs)[variant.folder]!;
    });

    test('next build: no error, no warning; the server-rendered pages hold the conversation', async () => {
      const { stdout, stderr } = await run(
        process.execPath,
        [join(copy, 'node_modules/next/dist/bin/next'), 'build'],
        { cwd: copy, env, maxBuffer: 64 * 1024 * 1024 },
      );
      const output = stdout + stderr;
      assert.doesNotMatch(output, /warn|two copies|another copy|could not be rendered/i, output);
    });

    describe('next start', { concurrency: 1 }, () => {
      let server: Awaited<ReturnType<typeof nextServer>>;
      before(async () => {
        server = await nextServer(copy, 'start');
      });
      after(() => server?.stop());

      for (const { path, panel } of PAGES) {
        if (path === '/' && !variant.plugin) continue; // without the plugin the wrappers draw in the browser only
        test(`Chromium with JavaScript off, ${path}: the server's HTML shows demo A`, async () => {
          const context = await browser.newContext({ javaScriptEnabled: false });
          try {
            const page = await context.newPage();
            await page.goto(server.url + path);
            const chat = page.locator('envelope-chat');
            assert.equal(await chat.locator('envelope-message').count(), demo.messages.length);
            assert.equal(await chat.getByText(firstUserWords).count(), 1);
            assert.equal(await page.locator('protocol-panel').count(), panel ? 1 : 0);
          } finally {
            await context.close();
          }
        });
      }

      for (const { path, panel } of PAGES)
        test(`Chromium, a direct load of ${path}: demo A, one copy of the library, no console error or warning`, async () => {
          const { page, problems } = await newPage(browser, false);
          const scripts: Promise<string>[] = [];
          page.on('response', (response) => {
            if (response.request().resourceType() === 'script') scripts.push(response.text());
          });
          try {
            await page.goto(server.url + path);
            await expectPage(page, panel);
            assert.deepEqual(problems(), []);
            const copies = (await Promise.all(scripts)).map(markersIn);
            assert.equal(
              copies.reduce((a, b) => a + b, 0),
              1,
              `${LIBRARY_MARKER} in the page's scripts: ${copies}`,
            );
          } finally {
            await page.close();
          }
          assert.equal(server.output().match(/error|warn/gi), null, server.output());
        });

      test('Chromium, client navigation through every page: demo A each time, no console error or warning', async () => {
        await navigateAll(browser, server.url, false);
      });
    });

    describe('next dev', { concurrency: 1 }, () => {
      let server: Awaited<ReturnType<typeof nextServer>>;
      before(async () => {
        server = await nextServer(copy, 'dev');
      });
      after(() => server?.stop());

      for (const { path, panel } of PAGES)
        test(`Chromium, a direct load of ${path}: demo A, no console error or warning (Lit's dev-mode notice aside)`, async () => {
          const { page, problems } = await newPage(browser, true);
          try {
            await page.goto(server.url + path, { timeout: 120_000 }); // compiled on demand
            await expectPage(page, panel);
            assert.deepEqual(problems(), []);
          } finally {
            await page.close();
          }
        });

      test('Chromium, client navigation through every page: demo A each time, no console error or warning', async () => {
        await navigateAll(browser, server.url, true);
        assert.doesNotMatch(server.output(), /error|warn/i, server.output());
      });
    });
  });
}

/** From `/`, each page in turn through the app's links, then back to the first. */
async function navigateAll(browser: Browser, url: string, dev: boolean) {
  const { page, problems } = await newPage(browser, dev);
  try {
    await page.goto(url + '/');
    await expectPage(page, true);
    for (const { path, link, panel } of [...PAGES.slice(1), PAGES[0]!]) {
      await page.getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL(url + path);
      await expectPage(page, panel);
    }
    assert.deepEqual(problems(), []);
  } finally {
    await page.close();
  }
}
