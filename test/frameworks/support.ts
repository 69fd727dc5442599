// What the fixture tests of one framework share (angular.test.ts, next.test.ts): the packed
// tarball, Chromium without a network, a free port, and the check every demo page passes.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import demo from '../../src/data/demos/demo-a.json' with { type: 'json' };

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));

export const memoryMessage = demo.messages.find((m) =>
  m.segments.some((s) => s.kind === 'memory'),
)!;
export const memoryIndex = memoryMessage.segments.findIndex((s) => s.kind === 'memory');
export const firstUserWords = (
  demo.messages.find((m) => m.role === 'user')!.segments[0] as { content: string }
).content.slice(0, 40);

/** The newest modification time under `path`. */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/**
 * `npm pack` of the repository into a folder of `name` in the system's temporary folder
 * (building it first when dist/ is older than its sources); resolves to the tarball's path.
 */
export async function pack(name: string): Promise<string> {
  const dir = join(tmpdir(), `prompt-envelope-${name}-pack`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const built = join(repo, 'dist/prompt-envelope.iife.js'); // the build's last output
  const sources = ['src', 'package.json', 'scripts/build.mjs'].map((p) => newest(join(repo, p)));
  const fresh = existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources);
  const { stdout } = await run(
    'npm',
    ['pack', '--json', '--pack-destination', dir, ...(fresh ? ['--ignore-scripts'] : [])],
    { cwd: repo, maxBuffer: 64 * 1024 * 1024 },
  );
  const [{ filename }] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string }[];
  return join(dir, filename);
}

/** Chromium with no network beyond this machine (a page must need nothing from outside). */
export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1'],
  });

/** A port no one listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits until the locator's text is `expected`; fails with the text it has when it never is. */
export async function expectText(page: Page, selector: string, expected: string, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  let actual = '';
  while (Date.now() < deadline) {
    actual = ((await page.locator(selector).textContent()) ?? '').trim();
    if (actual === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(actual, expected);
}

/** Every console error and warning of `page`, and its uncaught errors, as they come. */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type()))
      problems.push(`${message.type()}: ${message.text()} ${message.location().url}`);
  });
  return problems;
}

/** Demo A's messages in the page's chat, a user's words shown. */
export async function expectDemoA(page: Page) {
  await page.waitForFunction(
    (count) =>
      document.querySelector('envelope-chat')?.shadowRoot?.querySelectorAll('envelope-message')
        .length === count,
    demo.messages.length,
  );
  await page.locator('envelope-chat').getByText(firstUserWords).waitFor();
}

/**
 * Demo A beside the protocol panel showing its request; a click on the memory segment's header
 * (twice) reaches the app's `#last-toggle` status line.
 */
export async function expectDemoAWithPanel(page: Page) {
  await expectDemoA(page);
  await page.locator('protocol-panel').getByText(demo.model).first().waitFor();
  await expectText(page, '#last-toggle', 'Last toggle: none yet');
  const header = page.locator(
    'envelope-chat envelope-message .segment-memory button[part="segment-header"]',
  );
  const shown = `Last toggle: message ${memoryMessage.id}, segment ${memoryIndex}`;
  await header.click();
  await expectText(page, '#last-toggle', `${shown}, expanded`);
  await header.click();
  await expectText(page, '#last-toggle', `${shown}, collapsed`);
}

/** Opens `url`: demo A with the panel and the toggles shown by the app; no console error or warning. */
export async function checkPage(browser: Browser, url: string) {
  const page = await browser.newPage();
  const problems = consoleProblems(page);
  try {
    await page.goto(url);
    await expectDemoAWithPanel(page);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
}
