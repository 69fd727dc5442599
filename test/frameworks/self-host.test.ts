// The README's "Script tag" section, done as written by someone with no CDN: the package packed
// (`npm pack`, what `npm install prompt-envelope` unpacks into node_modules/prompt-envelope/),
// its dist/ folder copied into a site as prompt-envelope/, the README's page (the block after
// `<!-- page: self-hosted -->`) saved as index.html, served by a plain static server that knows
// nothing of the package, and opened in Chromium. Needs `npm run build` first.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(join(repo, 'README.md'), 'utf8');

/** The README's self-hosted page, verbatim. */
const page = /<!-- page: self-hosted -->\n+```html\n([\s\S]*?)```/.exec(readme)?.[1];

/** The folder of the installed package it says to copy, and the name it gives it in the site. */
const [, folder, copyAs] =
  /copy `node_modules\/prompt-envelope\/([^`]*)` into your site\s+as `([^`]+?)\/?`/.exec(readme) ??
  [];

/** The types a plain static server gives by extension (nginx's and `npx serve`'s, in short). */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
};

let site = '';
let browser: Browser;
let server: Server;
let origin = '';
/** What the server sends for .js, so a test can break the README's rule. */
let jsType = TYPES['.js']!;

before(async () => {
  assert.ok(page, 'README.md has no <!-- page: self-hosted --> block of HTML');
  assert.ok(folder !== undefined && copyAs, 'README.md does not say which folder to copy');
  assert.ok(existsSync(join(repo, 'dist/split/autoloader.js')), 'run npm run build first');
  const work = mkdtempSync(join(tmpdir(), 'prompt-envelope-self-host-'));
  const [pack] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
      cwd: repo,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }),
  ) as { filename: string }[];
  execFileSync('tar', ['-xzf', join(work, pack!.filename), '-C', work]);
  // What the README says: the package's folder into the site under its name, and the page
  // (node_modules/prompt-envelope/ is the tarball's package/).
  site = join(work, 'site');
  cpSync(join(work, 'package', folder!), join(site, copyAs!), { recursive: true });
  writeFileSync(join(site, 'index.html'), page!);

  server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(site, path.endsWith('/') ? `${path}index.html` : path));
    let body: Buffer | undefined;
    if (file.startsWith(site))
      try {
        body = readFileSync(file);
      } catch {
        body = undefined; // a folder or a missing file
      }
    if (!body) return void response.writeHead(404).end();
    const type = extname(file) === '.js' ? jsType : TYPES[extname(file)];
    response.writeHead(200, type ? { 'content-type': type } : {}).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1'],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
  if (site) rmSync(join(site, '..'), { recursive: true, force: true });
});

/** The demo conversation the page shows, read from the copied folder. */
function shownDemo(): { path: string; messages: number } {
  const src = /<envelope-chat[^>]*\ssrc="([^"]+)"/.exec(page!)?.[1];
  assert.ok(src, "the README's page has no <envelope-chat src>");
  const path = join(site, src);
  assert.ok(existsSync(path), `${src} is not in the copied folder`);
  return { path: src, messages: JSON.parse(readFileSync(path, 'utf8')).messages.length };
}

test("the README's page, served from the copied folder, draws the chat with no console error", async () => {
  const { messages } = shownDemo();
  const tab = await browser.newPage();
  const problems: string[] = [];
  tab.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  tab.on('console', (m) => {
    // The favicon is the browser's own request: the page has none.
    if (m.type() === 'error' && m.location().url.endsWith('/favicon.ico')) return;
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  const failed: string[] = [];
  tab.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) failed.push(r.url());
  });
  await tab.goto(`${origin}/`);
  await tab
    .locator('envelope-chat envelope-message')
    .nth(messages - 1)
    .waitFor();
  assert.equal(await tab.locator('envelope-chat envelope-message').count(), messages);
  // The chat's meter and the segment views load after the first paint: wait for them too.
  await tab.locator('envelope-chat context-meter [part~="header"]').first().waitFor();
  await tab.waitForLoadState('networkidle');
  assert.deepEqual(problems, []);
  assert.deepEqual(failed, []);
  await tab.close();
});

test('the plain-HTML page quotes the same page as the README', () => {
  const mdx = readFileSync(join(repo, 'stories/frameworks/plain-html.mdx'), 'utf8');
  assert.equal(/\{\/\* page: self-hosted \*\/\}\n+```html\n([\s\S]*?)```/.exec(mdx)?.[1], page);
});

test('the one-file builds the README names are in the copied folder', () => {
  for (const [, name] of readme.matchAll(/`(prompt-envelope(?:\.iife)?\.js)`/g))
    assert.ok(existsSync(join(site, copyAs!, name!)), `${copyAs}/${name}`);
  assert.ok(existsSync(join(site, copyAs!, 'prompt-envelope.iife.js')));
});

test('served as text/plain, as the README warns, the scripts do not run', async () => {
  jsType = 'text/plain';
  try {
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await tab.goto(`${origin}/`);
    await tab.waitForLoadState('networkidle');
    assert.equal(await tab.locator('envelope-chat envelope-message').count(), 0);
    assert.ok(
      errors.some((e) => e.includes('MIME type')),
      errors.join('\n'),
    );
    await tab.close();
  } finally {
    jsType = TYPES['.js']!;
  }
});
