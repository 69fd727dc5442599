// The framework demos (demos/react, demos/vue, demos/angular), built by
// `node scripts/build-framework-demos.mjs`, in Chromium: each renders the chat of demo A, and a
// `segment-toggle` from the memory panel reaches the framework's own code, which renders it.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator } from 'playwright-core';
import { preview } from 'vite';
import demo from '../../src/data/demos/demo-a.json' with { type: 'json' };

const DEMOS = ['react', 'vue', 'angular'];
const dist = fileURLToPath(new URL('../../dist/framework-demos/', import.meta.url));

const memoryMessage = demo.messages.find((m) => m.segments.some((s) => s.kind === 'memory'))!;
const memoryIndex = memoryMessage.segments.findIndex((s) => s.kind === 'memory');

let browser: Browser;

/** Waits until the locator's text is `expected`; fails with the text it has when it never is. */
async function expectText(locator: Locator, expected: string, timeout = 5000) {
  const deadline = Date.now() + timeout;
  let actual = '';
  while (Date.now() < deadline) {
    actual = ((await locator.textContent()) ?? '').trim();
    if (actual === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(actual, expected);
}

before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1'],
  });
});

after(async () => {
  await browser?.close();
});

for (const name of DEMOS) {
  describe(`demos/${name}`, () => {
    const outDir = `${dist}${name}`;

    test('renders demo A and shows the last segment-toggle', async () => {
      assert.ok(
        existsSync(`${outDir}/index.html`),
        `${outDir} is missing: run node scripts/build-framework-demos.mjs first`,
      );
      const server = await preview({
        root: outDir,
        configFile: false,
        logLevel: 'silent',
        build: { outDir },
        preview: { port: 0, host: '127.0.0.1', strictPort: true, open: false },
      });
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      try {
        await page.goto(server.resolvedUrls!.local[0]);

        // Every message of demo A is rendered in the chat's shadow root.
        await page.waitForFunction(
          (count) =>
            document
              .querySelector('envelope-chat')
              ?.shadowRoot?.querySelectorAll('envelope-message').length === count,
          demo.messages.length,
        );
        // The protocol panel (for="chat") shows the request of the same envelope.
        await page.locator('protocol-panel').getByText(demo.model).first().waitFor();

        const status = page.locator('#last-toggle');
        assert.match((await status.textContent()) ?? '', /^\s*Last toggle:/);

        // Playwright's CSS locators pierce open shadow roots.
        const header = page.locator(`envelope-chat segment-memory button[part="header"]`);
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
        await server.close();
      }
    });
  });
}
