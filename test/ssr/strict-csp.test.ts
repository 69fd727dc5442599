// Server output under a strict Content-Security-Policy, in Chromium: renderEnvelopeHTML with a
// nonce, served with the policy as a header (demos/strict-csp/server.ts, the guide's example),
// draws the demos and the XSS corpus with JavaScript off and hydrated with zero violations and
// looks as it does without the policy; `prompt-envelope render` pages, opened from disk, break
// none of their own policy (hashed styles, no script, no remote picture requested).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { NextRequest } from 'next/server.js';
import { chromium, type Browser, type Page } from 'playwright-core';
import { renderEnvelopeHTML, renderEnvelopePage } from 'prompt-envelope/ssr';
import { sendEnvelopePage, strictPolicy } from '../../demos/strict-csp/server.js';
import { middleware } from '../../demos/strict-csp/middleware.js';
import dompurifyCorpus from '../fixtures/xss/dompurify-payloads.json' with { type: 'json' };
import { armPayload, hostileEnvelope, OWN_PAYLOADS } from '../fixtures/xss/own-payloads.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const DEMOS = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
const demo = (id: string): unknown =>
  JSON.parse(readFileSync(join(root, `src/data/demos/demo-${id}.json`), 'utf8'));
const folder = mkdtempSync(join(tmpdir(), 'strict-csp-'));

let browser: Browser;
let server: Server;
let origin = '';
/** What `/page/<name>` answers: the response is written by the function (policy and all). */
const pages = new Map<string, (response: ServerResponse) => Promise<void>>();

before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1'],
  });
  server = createServer((request, response) => {
    const url = request.url ?? '';
    // The script-tag bundle and its on-demand parts, as the example page loads them.
    const file = /^\/prompt-envelope\/((?:lazy\/)?[\w.-]+\.js)$/.exec(url);
    if (file) {
      const text = readFileSync(join(root, 'dist', file[1]!), 'utf8');
      return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(text);
    }
    const page = pages.get(url);
    if (!page) return void response.writeHead(404).end();
    page(response).catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

after(async () => {
  await browser?.close();
  server?.close();
});

/**
 * Every policy violation `page` meets, JavaScript on or off: Chromium's console errors about the
 * policy, its DevTools issues (reported without any script on the page), and, with script, the
 * page's `securitypolicyviolation` events.
 */
async function violationsOf(page: Page): Promise<string[]> {
  const found: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Trusted Type/i.test(m.text()))
      found.push(`console: ${m.text().slice(0, 160)}`);
  });
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => {
    const csp = issue.details.contentSecurityPolicyIssueDetails;
    if (csp) found.push(`issue: ${csp.violatedDirective} ${csp.blockedURL ?? ''}`.trim());
  });
  await cdp.send('Audits.enable');
  await page.addInitScript(`document.addEventListener('securitypolicyviolation', (e) =>
    console.error('Content Security Policy event: ' + e.violatedDirective + ' ' + e.blockedURI))`);
  return found;
}

/** Clicks every closed disclosure, through every shadow root, until none is left (JS on). */
const EXPAND_ALL = `(async () => {
  for (let round = 0; round < 5; round++) {
    const closed = [];
    const visit = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) visit(el.shadowRoot);
        if (el.matches('button[aria-expanded="false"]')) closed.push(el);
      }
    };
    visit(document);
    if (closed.length === 0) return;
    for (const button of closed) button.click();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
})()`;

/**
 * How many pixels of two screenshots differ by more than antialiasing does (a channel by more
 * than 16 of 255; two renders of one page differ by 1 on some rounded corners), decoded by
 * Chromium; -1 when their sizes differ.
 */
async function differentPixels(a: Buffer, b: Buffer): Promise<number> {
  const page = await browser.newPage();
  const count = (await page.evaluate(`(async () => {
    const pixels = async (base64) => {
      const bitmap = await createImageBitmap(await (await fetch('data:image/png;base64,' + base64)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      context.drawImage(bitmap, 0, 0);
      return context.getImageData(0, 0, bitmap.width, bitmap.height);
    };
    const [x, y] = [await pixels('${a.toString('base64')}'), await pixels('${b.toString('base64')}')];
    if (x.width !== y.width || x.height !== y.height) return -1;
    let count = 0;
    for (let i = 0; i < x.data.length; i += 4)
      if ([0, 1, 2].some((c) => Math.abs(x.data[i + c] - y.data[i + c]) > 16)) count++;
    return count;
  })()`)) as number;
  await page.close();
  return count;
}

/** Opens `url` with script on or off; with script and a `tag`, waits for that element to hydrate. */
async function open(url: string, javaScriptEnabled: boolean, tag?: string) {
  const page = await browser.newPage({ javaScriptEnabled, viewport: { width: 1000, height: 800 } });
  const violations = await violationsOf(page);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(url);
  if (javaScriptEnabled && tag) {
    await page.waitForFunction(`customElements.get('${tag}') !== undefined`);
    await page.evaluate(`document.querySelector('${tag}').updateComplete`);
  }
  return { page, violations, requests };
}

/** A page of the test server that sends `html` with `policy` (none: no header). */
function serve(name: string, html: string, policy?: string): string {
  pages.set(`/page/${name}`, async (response) => {
    if (policy) response.setHeader('Content-Security-Policy', policy);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  return `${origin}/page/${name}`;
}

/** The example's page around `body`, with its script tag and nonce. */
const documentOf = (body: string, nonce: string) => `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Conversation</title>
${body}
<script type="module" src="/prompt-envelope/prompt-envelope.js" nonce="${nonce}"></script></html>`;

const NONCE = 'cHJvbXB0LWVudmVsb3Bl';

describe('renderEnvelopeHTML with a nonce', () => {
  test('every <style> and <script> carries the nonce, and no element has a style attribute', async () => {
    for (const id of DEMOS)
      for (const element of ['envelope-chat', 'envelope-viewer'] as const) {
        const html = await renderEnvelopeHTML(demo(id), { nonce: NONCE, element });
        const styles = html.match(/<style\b[^>]*>/g) ?? [];
        const scripts = html.match(/<script\b[^>]*>/g) ?? [];
        assert.ok(styles.length > 3, `demo ${id} ${element}: ${styles.length} styles`);
        assert.deepEqual(
          [...new Set([...styles, ...scripts].map((tag) => /nonce="([^"]*)"/.exec(tag)?.[1]))],
          [NONCE],
          `demo ${id} ${element}`,
        );
        // Lit's server renderer writes a `.style` binding as an attribute (`style=""`).
        assert.doesNotMatch(html, /<[a-z][^<>]*\sstyle=/, `demo ${id} ${element}`);
      }
    // A whole page: its own style and its inline script too.
    const page = await renderEnvelopePage(demo('b'), { nonce: NONCE, script: 'void 0' });
    const tags = page.match(/<(style|script)\b[^>]*>/g) ?? [];
    assert.ok(
      tags.length > 3 && tags.every((tag) => tag.includes(` nonce="${NONCE}"`)),
      tags.join(),
    );
  });

  test('a nonce that is not base64 text is refused with a sentence that says so', async () => {
    for (const bad of ['', 'a b', 'abc"><script>', 'abc===', 'ab=c', 5 as unknown as string]) {
      await assert.rejects(renderEnvelopeHTML(demo('a'), { nonce: bad }), (error: Error) => {
        assert.ok(error instanceof TypeError, String(error));
        assert.match(error.message, /the nonce must be base64 text/);
        return true;
      });
      await assert.rejects(renderEnvelopePage(demo('a'), { nonce: bad }), TypeError);
    }
    // base64 and base64url, padded or not.
    for (const good of ['abc+/=', 'abc-_', 'AAAA==', 'x'])
      assert.match(await renderEnvelopeHTML(demo('a'), { nonce: good }), /nonce=/);
  });

  test('the page really enforces the policy: a style attribute or a style without the nonce is reported', async () => {
    const url = serve(
      'control',
      '<!doctype html><p style="color: red">x</p><style>p { color: blue }</style>',
      strictPolicy(NONCE),
    );
    for (const javaScriptEnabled of [true, false]) {
      const { page, violations } = await open(url, javaScriptEnabled);
      await page.waitForTimeout(100);
      assert.ok(
        violations.some((v) => v.includes('style-src-attr')),
        violations.join('\n'),
      );
      assert.ok(
        violations.some((v) => v.includes('style-src-elem')),
        violations.join('\n'),
      );
      await page.close();
    }
  });

  for (const id of DEMOS)
    for (const element of ['envelope-chat', 'envelope-viewer'] as const)
      test(`demo ${id}, ${element}: no violation with JavaScript off or hydrated (every disclosure opened)`, async () => {
        const nonce = `${id}${element.length}${NONCE}`;
        const html = await renderEnvelopeHTML(demo(id), { nonce, element });
        const url = serve(`demo-${id}-${element}`, documentOf(html, nonce), strictPolicy(nonce));
        for (const javaScriptEnabled of [false, true]) {
          const { page, violations } = await open(url, javaScriptEnabled, element);
          if (javaScriptEnabled) await page.evaluate(EXPAND_ALL);
          await page.waitForTimeout(100);
          assert.deepEqual(violations, [], `JavaScript ${javaScriptEnabled ? 'on' : 'off'}`);
          await page.close();
        }
      });

  for (const id of ['b', 'd'])
    test(`demo ${id} looks the same with the policy and without, with JavaScript off and hydrated`, async () => {
      const html = await renderEnvelopeHTML(demo(id), { nonce: NONCE, theme: 'light' });
      const strict = serve(`look-${id}`, documentOf(html, NONCE), strictPolicy(NONCE));
      const open_ = serve(`look-${id}-open`, documentOf(html, NONCE));
      for (const javaScriptEnabled of [false, true]) {
        const shots: Buffer[] = [];
        for (const url of [strict, open_]) {
          const { page, violations } = await open(url, javaScriptEnabled, 'envelope-chat');
          await page.waitForTimeout(200);
          const shot = await page.screenshot({
            fullPage: true,
            animations: 'disabled',
            caret: 'hide',
          });
          writeFileSync(
            join(
              folder,
              `demo-${id}-js-${javaScriptEnabled}-${url === strict ? 'policy' : 'none'}.png`,
            ),
            shot,
          );
          shots.push(shot);
          assert.deepEqual(violations, []);
          await page.close();
        }
        assert.equal(
          await differentPixels(shots[0]!, shots[1]!),
          0,
          `demo ${id}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}: the screenshots differ (${folder})`,
        );
      }
    });

  test('a long conversation: the sleeping blocks get their heights through the CSSOM once hydrated, with no violation', async () => {
    const envelope = {
      version: '1.0',
      messages: Array.from({ length: 120 }, (_, i) => ({
        id: `m${i}`,
        role: i % 2 ? 'assistant' : 'user',
        timestamp: 1776584525731 + i,
        segments: [{ kind: 'text', content: `Message **${i}**` }],
      })),
    };
    const html = await renderEnvelopeHTML(envelope, { nonce: NONCE });
    // Server-side the list sleeps past its first chunk, and no block has a style attribute.
    assert.ok((html.match(/data-chunk=/g)?.length ?? 0) > 1);
    assert.doesNotMatch(html, /\sstyle=/);
    const url = serve('long', documentOf(html, NONCE), strictPolicy(NONCE));
    const { page, violations } = await open(url, true, 'envelope-chat');
    const heights = (await page.evaluate(`[...document.querySelector('envelope-chat').shadowRoot
      .querySelectorAll('[data-chunk]')].map((block) => block.style.height)`)) as string[];
    assert.equal(heights[0], '', 'the first chunk is drawn');
    assert.ok(
      heights.slice(1).some((height) => /^\d+(\.\d+)?px$/.test(height)),
      heights.join(),
    );
    assert.deepEqual(violations, []);
    await page.close();
  });

  test("the guide's node:http example serves a page with zero violations", async () => {
    pages.set('/example', (response) => sendEnvelopePage(response, demo('a')));
    const { page, violations } = await open(`${origin}/example`, true, 'envelope-chat');
    const policy = (await page.request.get(`${origin}/example`)).headers()[
      'content-security-policy'
    ];
    assert.match(policy ?? '', /style-src 'self' 'nonce-[\w+/]+={0,2}'/);
    assert.doesNotMatch(policy ?? '', /unsafe-inline/);
    await page.evaluate(EXPAND_ALL);
    await page.waitForTimeout(100);
    assert.deepEqual(violations, []);
    await page.close();
  });

  test("the guide's Next.js middleware: a new nonce per request, in the policy and the request headers; the page rendered with it has zero violations", async () => {
    const first = middleware(new NextRequest('http://localhost/chat'));
    const second = middleware(new NextRequest('http://localhost/chat'));
    const nonce = first.headers.get('x-middleware-request-x-nonce');
    assert.ok(nonce && nonce !== second.headers.get('x-middleware-request-x-nonce'));
    const policy = first.headers.get('content-security-policy')!;
    assert.equal(first.headers.get('x-middleware-request-content-security-policy'), policy);
    assert.ok(policy.includes(`'nonce-${nonce}'`) && !policy.includes('unsafe-inline'));
    // What the page does with it: renderEnvelopeHTML(envelope, { nonce }).
    const html = await renderEnvelopeHTML(demo('b'), { nonce });
    const url = serve('next', documentOf(html, nonce), policy);
    for (const javaScriptEnabled of [false, true]) {
      const { page, violations } = await open(url, javaScriptEnabled, 'envelope-chat');
      if (javaScriptEnabled) await page.evaluate(EXPAND_ALL);
      await page.waitForTimeout(100);
      assert.deepEqual(violations, []);
      await page.close();
    }
  });
});

describe('the XSS corpus under the strict policy', () => {
  const payloads = [...dompurifyCorpus.payloads, ...OWN_PAYLOADS].map(armPayload);
  const BATCH = 20;
  // The corpus's pictures point at outside hosts (which the test browser cannot reach): the
  // policy lets them try, as a page that shows remote pictures would.
  const policy = (nonce: string) =>
    strictPolicy(nonce)
      .replace("img-src 'self' data:", "img-src 'self' data: https: http:")
      .replace("media-src 'self' data:", "media-src 'self' data: https: http:");
  for (let start = 0; start < payloads.length; start += BATCH) {
    const batch = payloads.slice(start, start + BATCH);
    test(`payloads ${start}–${start + batch.length - 1}: no violation with JavaScript off or hydrated`, async () => {
      const nonce = `x${start}${NONCE}`;
      const bodies = await Promise.all(
        batch.map((payload) => renderEnvelopeHTML(hostileEnvelope(payload), { nonce })),
      );
      const url = serve(`xss-${start}`, documentOf(bodies.join('\n'), nonce), policy(nonce));
      for (const javaScriptEnabled of [false, true]) {
        const { page, violations } = await open(url, javaScriptEnabled, 'envelope-chat');
        if (javaScriptEnabled) {
          await page.evaluate(
            `Promise.all([...document.querySelectorAll('envelope-chat')].map((c) => c.updateComplete))`,
          );
          await page.evaluate(EXPAND_ALL);
        }
        await page.waitForTimeout(200);
        assert.deepEqual(violations, [], `JavaScript ${javaScriptEnabled ? 'on' : 'off'}`);
        assert.equal(await page.evaluate('window.__pwned'), undefined);
        await page.close();
      }
    });
  }
});

describe('prompt-envelope render pages under their own policy, from disk', () => {
  const render = (input: string, output: string, ...more: string[]) => {
    const file = join(folder, output);
    execFileSync(process.execPath, [
      join(root, 'bin/prompt-envelope.js'),
      'render',
      input,
      '-o',
      file,
      ...more,
    ]);
    return file;
  };
  const policyOf = (html: string) =>
    /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1] ?? '';

  for (const id of DEMOS)
    test(`demo ${id}: hashed styles, no script, zero violations with JavaScript on or off`, async () => {
      const file = render(join(root, `src/data/demos/demo-${id}.json`), `demo-${id}.html`);
      const html = readFileSync(file, 'utf8');
      const policy = policyOf(html);
      assert.match(policy, /style-src 'sha256-[\w+/]+=*'/);
      assert.doesNotMatch(policy, /unsafe-inline|script-src/);
      assert.doesNotMatch(html, /<script\b/);
      for (const javaScriptEnabled of [false, true]) {
        const { page, violations, requests } = await open(`file://${file}`, javaScriptEnabled);
        await page.waitForTimeout(100);
        assert.deepEqual(violations, []);
        assert.deepEqual(requests, [`file://${file}`]);
        await page.close();
      }
    });

  for (const more of [[], ['--interactive', '--inline'], ['--interactive']])
    test(`demo b ${more.join(' ') || 'static'} (viewer): zero violations, hydrated where it has script`, async () => {
      const file = render(
        join(root, 'src/data/demos/demo-b.json'),
        `viewer-${more.join('')}.html`,
        '--viewer',
        ...more,
      );
      const policy = policyOf(readFileSync(file, 'utf8'));
      assert.doesNotMatch(policy, /unsafe-inline/);
      const { page, violations } = await open(
        `file://${file}`,
        true,
        more.length ? 'envelope-viewer' : undefined,
      );
      if (more.length) await page.evaluate(EXPAND_ALL);
      await page.waitForTimeout(100);
      assert.deepEqual(violations, []);
      await page.close();
    });

  test('the XSS corpus as render pages from disk: every conversation drawn, no violation, nothing runs', async () => {
    const payloads = [...dompurifyCorpus.payloads, ...OWN_PAYLOADS].map(armPayload);
    const BATCH = 40;
    for (let start = 0; start < payloads.length; start += BATCH) {
      const batch = payloads.slice(start, start + BATCH);
      // One conversation a line: `render` draws each of a JSON Lines file, one after the other.
      const source = join(folder, `corpus-${start}.jsonl`);
      writeFileSync(source, batch.map((p) => JSON.stringify(hostileEnvelope(p))).join('\n'));
      const file = render(source, `corpus-${start}.html`);
      const html = readFileSync(file, 'utf8');
      assert.doesNotMatch(policyOf(html), /unsafe-inline|script-src/);
      assert.equal(html.match(/<envelope-chat\b/g)?.length, batch.length, `batch ${start}`);
      for (const javaScriptEnabled of [false, true]) {
        const { page, violations } = await open(`file://${file}`, javaScriptEnabled);
        await page.waitForTimeout(100);
        assert.deepEqual(violations, [], `batch ${start}, JavaScript ${javaScriptEnabled}`);
        assert.equal(await page.evaluate('window.__pwned'), undefined);
        await page.close();
      }
    }
  });

  test('a remote picture is drawn as a link with its text and address, and not requested', async () => {
    const source = join(folder, 'remote.json');
    writeFileSync(
      source,
      JSON.stringify({
        version: '1.0',
        messages: [
          {
            id: 'm1',
            role: 'user',
            timestamp: 1776584525731,
            segments: [
              {
                kind: 'text',
                content: 'Look: ![a cat on a mat](https://example.com/cat.png "Cat")',
              },
              {
                kind: 'media',
                mediaType: 'image',
                url: 'https://example.com/dog.jpg',
                altText: 'A dog',
              },
            ],
          },
        ],
      }),
    );
    const file = render(source, 'remote.html');
    const html = readFileSync(file, 'utf8');
    assert.doesNotMatch(html, /<img\b[^>]*src="https?:/);
    for (const javaScriptEnabled of [false, true]) {
      const { page, violations, requests } = await open(`file://${file}`, javaScriptEnabled);
      await page.waitForTimeout(200);
      const links = (await page.evaluate(`(() => {
        const found = [];
        const visit = (root) => {
          for (const el of root.querySelectorAll('*')) {
            if (el.shadowRoot) visit(el.shadowRoot);
            if (el.localName === 'a') found.push(el.textContent + ' -> ' + el.href + ' ' + el.rel);
          }
        };
        visit(document);
        return found;
      })()`)) as string[];
      assert.deepEqual(links, [
        'Image “a cat on a mat”: https://example.com/cat.png -> https://example.com/cat.png noopener noreferrer',
        'Image “A dog”: https://example.com/dog.jpg -> https://example.com/dog.jpg noopener noreferrer',
      ]);
      assert.deepEqual(violations, []);
      assert.deepEqual(requests, [`file://${file}`]);
      await page.close();
    }
    // An interactive page draws them as the elements do, lazily and without a referrer: its
    // policy allows them (nothing refused, no violation), and the command says they load.
    const interactive = spawnSync(
      process.execPath,
      [
        join(root, 'bin/prompt-envelope.js'),
        'render',
        source,
        '--interactive',
        '--inline',
        '-o',
        join(folder, 'remote-i.html'),
      ],
      { encoding: 'utf8' },
    );
    assert.equal(interactive.status, 0, interactive.stderr);
    assert.match(interactive.stderr, /note: 2 remote pictures load from their hosts when shown/);
    const { page, violations } = await open(
      `file://${join(folder, 'remote-i.html')}`,
      true,
      'envelope-chat',
    );
    await page.waitForTimeout(300);
    assert.deepEqual(violations, []);
    await page.close();
  });
});
