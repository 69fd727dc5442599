// The code-split script-tag build (dist/split/, `npm run build` first) in Chromium, served the
// way a CDN serves it (gzip): a page with only the autoloader and one <envelope-chat> downloads
// the chat's module and the chunks it shares, and nothing of the elements it does not show; a
// <prompt-studio> added later loads then. Every element is defined once.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { collecting } from './page-problems.js';
import { renderEnvelopeHTML } from 'prompt-envelope/ssr';
import demoB from '../../src/data/demos/demo-b.json' with { type: 'json' };

/** demo-b's messages of text alone: a chat of plain conversation. */
const textOnly = {
  ...demoB,
  messages: demoB.messages.filter((message) =>
    message.segments.every((segment) => segment.kind === 'text'),
  ),
};

const root = fileURLToPath(new URL('../../', import.meta.url));
let browser: Browser;
let server: Server;
let origin = '';
let ssrPage = '';
/** Every response of the server: path and the bytes sent (gzip for scripts and JSON). */
const sent: { path: string; bytes: number }[] = [];

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'">
<script type="module" src="/dist/split/autoloader.js"></script>
</head>
<body>
<envelope-chat src="/demo-b.json"></envelope-chat>
</body>
</html>`;

before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1'],
  });
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    let body: Buffer | undefined;
    let type = 'text/javascript';
    if (path === '/page.html') [body, type] = [Buffer.from(PAGE), 'text/html; charset=utf-8'];
    else if (path === '/ssr.html')
      [body, type] = [Buffer.from(ssrPage), 'text/html; charset=utf-8'];
    else if (path === '/demo-b.json')
      [body, type] = [Buffer.from(JSON.stringify(demoB)), 'application/json'];
    else if (path === '/text.json')
      [body, type] = [Buffer.from(JSON.stringify(textOnly)), 'application/json'];
    else if (path === '/page-text.html')
      [body, type] = [
        Buffer.from(PAGE.replace('/demo-b.json', '/text.json')),
        'text/html; charset=utf-8',
      ];
    else if (path === '/page-zh.html')
      [body, type] = [
        Buffer.from(PAGE.replace('<envelope-chat ', '<envelope-chat lang="zh-CN" ')),
        'text/html; charset=utf-8',
      ];
    else if (/^\/dist\/(split\/[\w/-]+|lazy\/[\w-]+|offload-worker)\.js$/.test(path)) {
      try {
        body = readFileSync(join(root, path));
      } catch {
        body = undefined;
      }
    }
    if (path === '/favicon.ico') return void response.writeHead(204).end();
    if (!body) return void response.writeHead(404).end();
    const gzipped = gzipSync(body, { level: 9 });
    sent.push({ path, bytes: gzipped.length });
    response.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip' }).end(gzipped);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

after(async () => {
  await browser?.close();
  server?.close();
});

describe('the code-split build with its autoloader', () => {
  test('one <envelope-chat>: only its module and chunks load; a <prompt-studio> added later loads then', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning' || m.text().includes('already defined'))
        problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    sent.length = 0;
    await page.goto(`${origin}/page.html`);
    // Locators read through shadow roots without eval, which the page's policy refuses.
    await page
      .locator('envelope-chat envelope-message')
      .nth(demoB.messages.length - 1)
      .waitFor();
    assert.equal(
      await page.locator('envelope-chat envelope-message').count(),
      demoB.messages.length,
    );
    await page.waitForLoadState('networkidle');
    const modules = (list: typeof sent) =>
      list
        .map((r) => r.path)
        .filter((p) => p.startsWith('/dist/split/') && !p.includes('/chunks/'))
        .sort();
    // The chat's header meter is <context-meter>'s own module, loaded after the first paint; the
    // messages are <envelope-message>'s module, and the segment views they draw one chunk, loaded
    // with the first view.
    assert.deepEqual(modules(sent), [
      '/dist/split/autoloader.js',
      '/dist/split/elements/context-meter/context-meter.js',
      '/dist/split/elements/envelope-chat/envelope-chat.js',
      '/dist/split/elements/envelope-message/envelope-message.js',
    ]);
    // The chunks are the chat's own static imports and the segment views: no other part loaded
    // on demand (Chinese, YAML, jsdiff) and nothing of the elements not on the page.
    const chatChunks = new Set<string>();
    const visit = (file: string) => {
      for (const m of readFileSync(join(root, file), 'utf8').matchAll(
        /(?:from|import)"((?:\.\.?\/)+[\w/-]+\.js)"|import\("((?:\.\.?\/)+(?:chunks\/)?(?:views-[\w-]+|context-meter\/context-meter)\.js)"\)/g,
      )) {
        const next = join(dirname(file), m[1] ?? m[2]);
        if (!chatChunks.has(next)) {
          chatChunks.add(next);
          visit(next);
        }
      }
    };
    visit('dist/split/elements/envelope-chat/envelope-chat.js');
    const chunks = sent.filter((r) => r.path.includes('/chunks/')).map((r) => r.path.slice(1));
    for (const chunk of chunks) assert.ok(chatChunks.has(chunk), `${chunk} is not the chat's`);
    const total = sent.reduce((sum, r) => sum + r.bytes, 0);
    const bundle = gzipSync(readFileSync(join(root, 'dist/prompt-envelope.js')), {
      level: 9,
    }).length;
    console.log(
      `a page with one <envelope-chat>: ${sent.length} responses, ${(total / 1000).toFixed(1)} kB transferred (the one-file bundle alone is ${(bundle / 1000).toFixed(1)} kB)`,
    );
    assert.ok(total < bundle, `${total} bytes, more than the one-file bundle (${bundle})`);

    const before = sent.length;
    await page.evaluate(`document.body.append(document.createElement('prompt-studio'))`);
    await page.locator('prompt-studio [part~="base"]').waitFor();
    assert.ok(
      modules(sent.slice(before)).includes('/dist/split/elements/prompt-studio/prompt-studio.js'),
    );
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a page with one <envelope-chat> loads at most 6 scripts in all, without an error', async () => {
    const page = await browser.newPage();
    const problems = collecting(page);
    await page.goto(`${origin}/page.html`);
    await page
      .locator('envelope-chat envelope-message')
      .nth(demoB.messages.length - 1)
      .waitFor();
    // Everything the page will load: the meter in the chat's header and its measuring come after
    // the first paint, so the count waits for the network to go quiet.
    await page.locator('envelope-chat context-meter [part~="header"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = await page.evaluate(`performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js'))`);
    assert.ok(Array.isArray(scripts) && scripts.length <= 6, `${scripts}`);
    assert.ok(scripts.includes('/dist/split/elements/envelope-chat/envelope-chat.js'));
    // The chat's meter measures OpenAI's request: another provider's renderer loads when a meter
    // measures for it (here in the chunk the panel shares), not with the chat.
    await page.evaluate(`(() => {
      const meter = document.createElement('context-meter');
      meter.target = 'anthropic';
      meter.setAttribute('src', document.querySelector('envelope-chat').getAttribute('src'));
      meter.id = 'anthropic-meter';
      document.body.append(meter);
    })()`);
    await page.locator('#anthropic-meter [part~="header"]').waitFor();
    await page.waitForLoadState('networkidle');
    const later = (await page.evaluate(`performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js'))`)) as string[];
    const added = later.filter((path) => !scripts.includes(path));
    assert.ok(added.length > 0, `${later}`);
    assert.match(await page.locator('#anthropic-meter [part~="base"]').innerText(), /Anthropic/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a chat of text loads no segment view but the text view (5 scripts)', async () => {
    const page = await browser.newPage();
    const problems = collecting(page);
    await page.goto(`${origin}/page-text.html`);
    await page
      .locator('envelope-chat envelope-message')
      .nth(textOnly.messages.length - 1)
      .waitFor();
    await page.locator('envelope-chat context-meter [part~="header"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = (await page.evaluate(`performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js'))`)) as string[];
    assert.ok(textOnly.messages.length >= 4);
    assert.equal(scripts.length, 5, `${scripts}`);
    assert.deepEqual(
      scripts.filter((path) => path.includes('/chunks/views-')),
      [],
    );
    assert.deepEqual(problems, []);
    await page.close();
  });

  test("a Chinese chat takes its words from dist/lazy/, the one-file bundles' copy", async () => {
    const page = await browser.newPage();
    const problems = collecting(page);
    sent.length = 0;
    await page.goto(`${origin}/page-zh.html`);
    await page.locator('envelope-chat envelope-message').first().waitFor();
    await page.getByText('系统提示词').first().waitFor();
    await page.waitForLoadState('networkidle');
    // The chat's words, and its meter's (which loads after the first paint).
    const lazy = sent.map((r) => r.path).filter((path) => path.startsWith('/dist/lazy/'));
    assert.deepEqual(
      lazy.sort(),
      ['base', 'chat', 'meter'].map((area) => `/dist/lazy/zh-CN-${area}.js`),
    );
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a server-rendered chat hydrates onto its server DOM', async () => {
    ssrPage = `<!doctype html><meta charset="utf-8"><body>${await renderEnvelopeHTML(demoB)}<script type="module" src="/dist/split/autoloader.js"></script>`;
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto(`${origin}/ssr.html`);
    assert.equal(
      await page.locator('envelope-chat envelope-message').count(),
      demoB.messages.length,
    );
    await page.close();
    const live = await browser.newPage();
    const problems = collecting(live);
    await live.goto(`${origin}/ssr.html`, { waitUntil: 'commit' });
    await live.locator('envelope-chat .item').first().waitFor();
    await live.evaluate(`(() => {
      const chat = document.querySelector('envelope-chat').shadowRoot;
      window.marked = [...chat.querySelectorAll('.item')];
    })()`);
    await live.waitForFunction(`customElements.get('envelope-chat') !== undefined`);
    await live.locator('envelope-chat context-meter').first().waitFor();
    const kept = await live.evaluate(
      `window.marked.length > 0 && window.marked.every((el) => el.isConnected)`,
    );
    assert.equal(kept, true);
    assert.deepEqual(problems, []);
    await live.close();
  });
});
