// prompt-envelope/ssr and `prompt-envelope render`, as users get them (the built package), in
// Chromium: the server's HTML shows the conversation with JavaScript off, hydrates without
// rebuilding its DOM when the script loads, renders bad input as the error panel, and stays
// inert for the whole XSS corpus.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { collecting } from './page-problems.js';
import { renderEnvelopeHTML, renderEnvelopePage } from 'prompt-envelope/ssr';
import demoB from '../../src/data/demos/demo-b.json' with { type: 'json' };
import dompurifyCorpus from '../fixtures/xss/dompurify-payloads.json' with { type: 'json' };
import { armPayload, hostileEnvelope, OWN_PAYLOADS } from '../fixtures/xss/own-payloads.js';
import type { Envelope } from '../../src/core/protocol/types.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bundle = readFileSync(join(root, 'dist/prompt-envelope.js'), 'utf8');
const folder = mkdtempSync(join(tmpdir(), 'ssr-'));
let browser: Browser;
let server: Server;
let origin = '';
/** What the test server answers, by path; `/bundle.js` waits for `release()` when held. */
const pages = new Map<string, string>();
let held: Promise<void> | null = null;
/** The files of dist/lazy/ that pages asked for. */
const lazyRequests: string[] = [];

before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1'],
  });
  server = createServer(async (request, response) => {
    if (request.url === '/bundle.js') {
      await held;
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
      return;
    }
    // The parts the bundle loads on demand, beside it as in dist/.
    const lazy = /^\/lazy\/([\w-]+\.js)$/.exec(request.url ?? '');
    if (lazy) {
      lazyRequests.push(request.url!);
      const text = readFileSync(join(root, 'dist/lazy', lazy[1]!), 'utf8');
      return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(text);
    }
    if (request.url === '/favicon.ico') return void response.writeHead(204).end();
    const page = pages.get(request.url ?? '');
    if (page === undefined) response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

after(async () => {
  await browser?.close();
  server?.close();
});

// Page functions are passed as source text: the test runner's transform would add helpers
// (esbuild's __name) to functions that the page cannot see.

/** Every text of the page, shadow roots included, in document order. */
function deepText(page: Page): Promise<string> {
  return page.evaluate(`(() => {
    const walk = (node) => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (node instanceof HTMLTemplateElement) return walk(node.content);
      if (node instanceof Element && ['STYLE', 'SCRIPT'].includes(node.tagName)) return '';
      let text = '';
      if (node instanceof Element && node.shadowRoot) text += walk(node.shadowRoot);
      for (const child of node.childNodes) text += walk(child);
      return text;
    };
    return walk(document.body).replace(/\\s+/g, ' ');
  })()`);
}

const demo = demoB as unknown as Envelope;
const texts = demo.messages.flatMap((m) =>
  m.segments.flatMap((s) => (s.kind === 'text' ? [s.content.replace(/[*`_|#\n]/g, ' ')] : [])),
);
/** A few words of each text segment, as Markdown renders them. */
const phrases = texts.map((t) => t.replace(/\s+/g, ' ').trim().split(' ').slice(0, 4).join(' '));

/** Whether `url` is the page `file` or one of the files it loads from beside it. */
const besidePage = (url: string, file: string) =>
  url === `file://${file}` ||
  url.startsWith(`file://${join(file, '..', 'prompt-envelope-files')}/`);

describe('prompt-envelope render (the command, as a process)', () => {
  test('writes a page that shows every message with JavaScript off', async () => {
    const file = join(folder, 'demo-b.html');
    execFileSync(process.execPath, [
      join(root, 'bin/prompt-envelope.js'),
      'render',
      join(root, 'src/data/demos/demo-b.json'),
      '-o',
      file,
    ]);
    const html = readFileSync(file, 'utf8');
    assert.match(html, /<template shadowroot(mode)?="open"/);
    assert.doesNotMatch(html, /<script type="module"/);
    const page = await browser.newPage({ javaScriptEnabled: false });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`file://${file}`);
    const text = await deepText(page);
    for (const phrase of phrases) assert.ok(text.includes(phrase), `missing: ${phrase}`);
    assert.ok(text.includes('System prompt') && text.includes('Tools'), 'segment headers');
    // Collapsed as the data says: the system prompt's body is not drawn, the tool call's is.
    const expanded = (await page.evaluate(`(() => {
      const states = {};
      const visit = (root) => {
        for (const el of root.querySelectorAll('*')) {
          if (el.shadowRoot) visit(el.shadowRoot);
          // A message draws each segment in a wrapper whose class names its kind.
          const kind = el.matches('[part~="segment"]') && el.classList[1];
          const button = kind && el.querySelector('button[aria-expanded]');
          if (button) (states[kind] ??= []).push(button.getAttribute('aria-expanded'));
        }
      };
      visit(document);
      return states;
    })()`)) as Record<string, string[]>;
    assert.deepEqual(expanded['segment-system_prompt'], ['false']);
    assert.ok(expanded['segment-tool_call_request']!.every((state) => state === 'true'));
    assert.deepEqual(requests, [`file://${file}`]);
    await page.close();
  });

  test('--interactive hydrates with zero console errors, and a disclosure opens on click', async () => {
    const file = join(folder, 'demo-b-interactive.html');
    execFileSync(process.execPath, [
      join(root, 'bin/prompt-envelope.js'),
      'render',
      join(root, 'src/data/demos/demo-b.json'),
      '--interactive',
      '-o',
      file,
    ]);
    const page = await browser.newPage();
    const problems = collecting(page);
    await page.goto(`file://${file}`);
    const header = page
      .locator('envelope-chat envelope-message .segment-system_prompt button[aria-expanded]')
      .first();
    await page.waitForFunction(`customElements.get('envelope-chat') !== undefined`);
    assert.equal(await header.getAttribute('aria-expanded'), 'false');
    await header.click();
    await page.waitForFunction(
      `document.querySelector('envelope-chat').shadowRoot.querySelector('envelope-message')
        .shadowRoot.querySelector('.segment-system_prompt button[aria-expanded]')
        .getAttribute('aria-expanded') === 'true'`,
    );
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('--interactive pages of every demo, chat and viewer, hydrate with no page or console error', async () => {
    const failures: string[] = [];
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g'])
      for (const viewer of [false, true]) {
        const file = join(folder, `demo-${id}${viewer ? '-viewer' : ''}.html`);
        execFileSync(process.execPath, [
          join(root, 'bin/prompt-envelope.js'),
          'render',
          join(root, `src/data/demos/demo-${id}.json`),
          '--interactive',
          ...(viewer ? ['--viewer'] : []),
          '-o',
          file,
        ]);
        const page = await browser.newPage();
        const problems = collecting(page);
        // Demo D's audio clip is remote: the page may load it on play, never by itself.
        page.on('request', (r) => {
          if (!besidePage(r.url(), file)) problems.push(`loaded ${r.url()}`);
        });
        await page.goto(`file://${file}`);
        const tag = viewer ? 'envelope-viewer' : 'envelope-chat';
        await page.waitForFunction(`customElements.get('${tag}') !== undefined`);
        await page.evaluate(`document.querySelector('${tag}').updateComplete`);
        failures.push(...problems.map((problem) => `demo ${id} ${tag}: ${problem}`));
        await page.close();
      }
    assert.deepEqual(failures, []);
  });

  test('--interactive: a remote audio clip loads when the reader presses play, not before', async () => {
    const clip = `${origin}/clip.mp3`;
    const source = join(folder, 'audio.json');
    writeFileSync(
      source,
      JSON.stringify({
        version: '1.0',
        messages: [
          {
            id: 'm1',
            role: 'user',
            timestamp: 1776584525731,
            segments: [{ kind: 'media', mediaType: 'audio', url: clip, altText: 'A roar' }],
          },
        ],
      }),
    );
    const file = join(folder, 'audio.html');
    execFileSync(process.execPath, [
      join(root, 'bin/prompt-envelope.js'),
      'render',
      source,
      '--interactive',
      '-o',
      file,
    ]);
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`file://${file}`);
    await page.waitForFunction(`customElements.get('envelope-chat') !== undefined`);
    await page.evaluate(`document.querySelector('envelope-chat').updateComplete`);
    assert.deepEqual(
      requests.filter((url) => !besidePage(url, file)),
      [],
    );
    await page.mouse.click(1, 1); // play() needs a user gesture
    const fetched = page.waitForRequest(clip, { timeout: 10_000 });
    await page.locator('audio').evaluate((audio: HTMLAudioElement) => {
      audio.play().catch(() => {}); // the test server has no clip: only the request matters
    });
    await fetched;
    await page.close();
  });

  test('--interactive --lang zh-CN stays Chinese when it hydrates, loading nothing', async () => {
    const file = join(folder, 'demo-b-zh.html');
    execFileSync(process.execPath, [
      join(root, 'bin/prompt-envelope.js'),
      'render',
      join(root, 'src/data/demos/demo-b.json'),
      '--interactive',
      '--lang',
      'zh-CN',
      '-o',
      file,
    ]);
    const page = await browser.newPage();
    const problems = collecting(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`file://${file}`);
    await page.waitForFunction(`customElements.get('envelope-chat') !== undefined`);
    await page.evaluate(`document.querySelector('envelope-chat').updateComplete`);
    const text = await deepText(page);
    assert.ok(text.includes('系统提示词') && !text.includes('System prompt'), text.slice(0, 300));
    assert.deepEqual(
      requests.filter((url) => !besidePage(url, file)),
      [],
    );
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('--interactive -o: the page loads its script and styles from beside it, drawn as the one-file page is', async () => {
    const render = (file: string, ...more: string[]) =>
      spawnSync(
        process.execPath,
        [
          join(root, 'bin/prompt-envelope.js'),
          'render',
          join(root, 'src/data/demos/demo-b.json'),
          '--interactive',
          '--viewer',
          '-o',
          file,
          ...more,
        ],
        { encoding: 'utf8' },
      );
    const sub = mkdtempSync(join(folder, 'beside-'));
    const beside = join(sub, 'demo-b.html');
    const single = join(sub, 'demo-b-single.html');
    const out = render(beside);
    assert.equal(out.status, 0, out.stderr);
    assert.equal(render(single, '--inline').status, 0);
    const files = readdirSync(join(sub, 'prompt-envelope-files')).sort();
    assert.match(out.stderr, new RegExp(`, and ${files.length} files it loads in `));
    assert.equal(files.filter((name) => /^prompt-envelope\.\w{12}\.js$/.test(name)).length, 1);
    assert.ok(files.filter((name) => name.endsWith('.css')).length >= 3, files.join());
    const html = readFileSync(beside, 'utf8');
    const body = html.slice(html.indexOf('<body>'));
    assert.ok(!body.includes('<style>'), 'no shadow root repeats its styles');
    assert.equal(body.match(/<link rel="stylesheet"/g)?.length, body.match(/<template /g)?.length);
    assert.ok(statSync(beside).size <= 300_000, `${statSync(beside).size} B`);
    // Rendering again into the folder rewrites the same files (their names are their content).
    render(join(sub, 'again.html'));
    assert.deepEqual(readdirSync(join(sub, 'prompt-envelope-files')).sort(), files);

    /** Each element's tag, text and a few computed styles, through every shadow root. */
    const drawn = `(() => {
      const rows = [];
      const visit = (root) => {
        for (const el of root.querySelectorAll('*')) {
          if (['STYLE', 'LINK', 'SCRIPT', 'TEMPLATE'].includes(el.tagName)) continue;
          const style = getComputedStyle(el);
          rows.push([el.localName, el.className, style.display, style.color, style.backgroundColor, style.fontSize, style.borderTopWidth].join(' '));
          if (el.shadowRoot) visit(el.shadowRoot);
        }
      };
      visit(document.body);
      return rows;
    })()`;
    const open = async (file: string, javaScriptEnabled: boolean) => {
      const page = await browser.newPage({ javaScriptEnabled });
      const problems = collecting(page);
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(`file://${file}`);
      if (javaScriptEnabled) {
        await page.waitForFunction(`customElements.get('envelope-viewer') !== undefined`);
        await page.evaluate(`document.querySelector('envelope-viewer').updateComplete`);
      }
      const rows = (await page.evaluate(drawn)) as string[];
      await page.close();
      return { rows, problems, requests };
    };
    const reference = await open(single, true);
    const hydrated = await open(beside, true);
    assert.deepEqual(hydrated.problems, []);
    assert.deepEqual(
      hydrated.requests.filter((url) => !besidePage(url, beside)),
      [],
    );
    assert.ok(hydrated.rows.length > 500, `${hydrated.rows.length} elements`);
    assert.deepEqual(hydrated.rows, reference.rows);
    // With JavaScript off, the linked styles still apply: as the one-file page without script.
    const still = await open(beside, false);
    const stillSingle = await open(single, false);
    assert.deepEqual(still.rows, stillSingle.rows);
  });

  test('reads what view reads: a request body, a log of several conversations, and says what it read', () => {
    const run = (input: string, output: string) =>
      spawnSync(
        process.execPath,
        [
          join(root, 'bin/prompt-envelope.js'),
          'render',
          join(root, 'test/fixtures/open', input),
          '-o',
          join(folder, output),
        ],
        { encoding: 'utf8' },
      );
    const body = run('openai-chat.json', 'openai-chat.html');
    assert.equal(body.status, 0, body.stderr);
    assert.match(body.stderr, /openai-chat\.json: 1 conversation \(openai\)\n/);
    const page = readFileSync(join(folder, 'openai-chat.html'), 'utf8');
    assert.ok(page.includes('Which one is better for a walk tomorrow?'));
    assert.ok(!page.includes('This input cannot be shown'));

    const batch = run('openai-batch-input.jsonl', 'batch.html');
    assert.equal(batch.status, 0, batch.stderr);
    assert.match(batch.stderr, /: 3 conversations \(openai\)\n/);
    const headings = [
      ...readFileSync(join(folder, 'batch.html'), 'utf8').matchAll(
        /<h2 id="conversation-\d+">([^<]*)</g,
      ),
    ];
    assert.deepEqual(
      headings.map((m) => m[1]),
      ['Conversation 1 of 3', 'Conversation 2 of 3', 'Conversation 3 of 3'],
    );
  });

  test('a file no format reads gives exit code 1, the reason on the terminal, and a page with the error panel', () => {
    const unread = join(folder, 'unread.json');
    writeFileSync(unread, '{"model": 5}');
    const out = spawnSync(
      process.execPath,
      [join(root, 'bin/prompt-envelope.js'), 'render', unread, '-o', join(folder, 'unread.html')],
      { encoding: 'utf8' },
    );
    assert.equal(out.status, 1);
    assert.match(
      out.stderr,
      /unread\.json: 0 conversations \(unread\), 1 error\n {2}\/: Not a format that can be read/,
    );
    assert.match(readFileSync(join(folder, 'unread.html'), 'utf8'), /part="error"/);
  });

  test('a file that is not an envelope gives exit code 1 and a page with the error panel', () => {
    const bad = join(folder, 'bad.json');
    writeFileSync(bad, '{"version": "1.0", "messages": [{"id": 1}]}');
    const file = join(folder, 'bad.html');
    let status = 0;
    try {
      execFileSync(
        process.execPath,
        [join(root, 'bin/prompt-envelope.js'), 'render', bad, '-o', file],
        {
          stdio: 'pipe',
        },
      );
    } catch (error) {
      status = (error as { status: number }).status;
    }
    assert.equal(status, 1);
    assert.match(readFileSync(file, 'utf8'), /part="error"/);
  });
});

describe('renderEnvelopeHTML', () => {
  test('hydrates onto the server DOM instead of drawing it again', async () => {
    const html = await renderEnvelopeHTML(demo);
    pages.set(
      '/hydrate.html',
      `<!doctype html><meta charset="utf-8"><body>${html}<script type="module" src="/bundle.js"></script>`,
    );
    let release!: () => void;
    held = new Promise((resolve) => (release = resolve));
    const page = await browser.newPage();
    const problems = collecting(page);
    // The module script holds DOMContentLoaded back while it is held: wait for the HTML only.
    await page.goto(`${origin}/hydrate.html`, { waitUntil: 'commit' });
    await page.waitForFunction(
      `document.querySelector('envelope-chat')?.shadowRoot?.querySelector('.item') != null`,
    );
    // Mark server-drawn nodes while the script is held back; after hydration they must remain.
    await page.evaluate(`(() => {
      const chat = document.querySelector('envelope-chat').shadowRoot;
      window.marked = [...chat.querySelectorAll('.item'), chat.querySelector('.header')];
      // Every node of every Markdown body the server drew, text nodes included.
      window.markdown = [];
      for (const message of chat.querySelectorAll('envelope-message'))
        for (const body of message.shadowRoot.querySelectorAll('.markdown')) {
          const walker = document.createTreeWalker(body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
          while (walker.nextNode()) window.markdown.push(walker.currentNode);
        }
    })()`);
    release();
    await page.waitForFunction(`customElements.get('envelope-chat') !== undefined`);
    await page.waitForFunction(
      `!!document.querySelector('envelope-chat').shadowRoot.querySelector('context-meter')`,
    );
    const kept = (await page.evaluate(`(() => {
      const chat = document.querySelector('envelope-chat').shadowRoot;
      return {
        marked: window.marked.length,
        stillThere: window.marked.filter((el) => el.isConnected && chat.contains(el)).length,
        items: chat.querySelectorAll('.item').length,
        markdown: window.markdown.length,
        markdownKept: window.markdown.filter((node) => node.isConnected).length,
      };
    })()`)) as {
      marked: number;
      stillThere: number;
      items: number;
      markdown: number;
      markdownKept: number;
    };
    assert.equal(kept.items, demo.messages.length);
    assert.equal(kept.stillThere, kept.marked);
    // The Markdown is adopted as the server wrote it, not drawn again.
    assert.ok(kept.markdown > 20, `${kept.markdown} Markdown nodes`);
    assert.equal(kept.markdownKept, kept.markdown);
    assert.deepEqual(problems, []);
    held = null;
    await page.close();
  });

  test("a message's root carries the styles of the kinds it draws; hydrated, it has them all", async () => {
    const call = {
      kind: 'tool_call_request',
      toolName: 'lookup',
      arguments: { q: 'x' },
      collapsed: false,
    } as const;
    const envelope = {
      version: '1.0',
      messages: [
        { id: 'u1', role: 'user', timestamp: 1, segments: [{ kind: 'text', content: 'hi' }] },
        { id: 'a1', role: 'assistant', timestamp: 2, segments: [call] },
        { id: 'a2', role: 'assistant', timestamp: 3, segments: [{ kind: 'text', content: 'ok' }] },
      ],
    } as unknown as Envelope;
    const html = await renderEnvelopeHTML(envelope);
    const roots = html.split('<envelope-message').slice(1);
    assert.equal(roots.length, 3);
    const styled = (kind: string) => roots.map((root) => root.includes(`.segment-${kind} {`));
    assert.deepEqual(styled('text'), [true, false, true]);
    assert.deepEqual(styled('tool_call_request'), [false, true, false]);
    assert.deepEqual(styled('memory'), [false, false, false]);

    pages.set(
      '/kinds.html',
      `<!doctype html><meta charset="utf-8"><body>${html}<script type="module" src="/bundle.js"></script>`,
    );
    const page = await browser.newPage();
    const problems = collecting(page);
    await page.goto(`${origin}/kinds.html`);
    await page.waitForFunction(`customElements.get('envelope-chat') !== undefined`);
    // A live change draws a kind the server did not draw in that message.
    await page.evaluate(`(async () => {
      const chat = document.querySelector('envelope-chat');
      await chat.updateComplete;
      chat.updateMessage('a2', { id: 'a2', role: 'assistant', timestamp: 3, segments: [${JSON.stringify(call)}] });
    })()`);
    const scheme = `(() => {
      const message = document.querySelector('envelope-chat').shadowRoot
        .querySelectorAll('envelope-message')[2];
      const terminal = message?.shadowRoot?.querySelector('.segment-tool_call_request .terminal');
      return terminal ? getComputedStyle(terminal).colorScheme : null;
    })()`;
    await page.waitForFunction(`${scheme} !== null`);
    assert.equal(await page.evaluate(scheme), 'dark');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a Chinese page hydrates in Chinese: the bundle loads the strings from beside it', async () => {
    const html = await renderEnvelopeHTML(demo, { lang: 'zh-CN' });
    pages.set(
      '/hydrate-zh.html',
      `<!doctype html><meta charset="utf-8"><body>${html}<script type="module" src="/bundle.js"></script>`,
    );
    lazyRequests.length = 0;
    const page = await browser.newPage();
    const problems = collecting(page);
    await page.goto(`${origin}/hydrate-zh.html`);
    await page.waitForFunction(`customElements.get('envelope-chat') !== undefined`);
    await page.evaluate(`document.querySelector('envelope-chat').updateComplete`);
    const text = await deepText(page);
    assert.ok(text.includes('系统提示词') && !text.includes('System prompt'), text.slice(0, 300));
    // The words the chat shows: the shared ones, its own and its header meter's.
    assert.deepEqual(lazyRequests.sort(), [
      '/lazy/zh-CN-base.js',
      '/lazy/zh-CN-chat.js',
      '/lazy/zh-CN-meter.js',
    ]);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('Markdown is drawn on the server from its tokens, with no DOM', async () => {
    const content =
      '| a | b |\n|:-|-:|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n[site](https://example.com) [bad](javascript:x)';
    const html = await renderEnvelopeHTML({
      version: '1.0',
      messages: [
        { id: 'm', role: 'user', timestamp: 1780897800000, segments: [{ kind: 'text', content }] },
      ],
    });
    // Lit's markers aside, the elements the browser draws.
    const bare = html.replace(/<!--[^>]*-->|<\?>/g, '');
    assert.match(
      bare,
      /<table tabindex="0"><thead><tr><th align="left">a<\/th><th align="right">b/,
    );
    assert.match(bare, /<li><input type="checkbox" disabled="" checked=""> done<\/li>/);
    assert.match(bare, /<li><input type="checkbox" disabled=""> todo<\/li>/);
    assert.match(
      bare,
      /<a href="https:\/\/example.com"[^>]* target="_blank" rel="noopener noreferrer"/,
    );
    assert.match(bare, /<a\s*>bad<\/a>/);
  });

  test('character references are drawn as their characters on the server, and hydrate as they are', async () => {
    const content = [
      'caf&eacute; &hearts; &frac12; &ngE; &#x1F600; &#0; &notaname; &copy',
      '[t&eacute;l&eacute;](https://example.com/caf&eacute; "&frac12;") `span &eacute;`',
      '',
      '```f&ouml;&ouml;',
      'code &eacute;',
      '```',
    ].join('\n');
    const envelope: Envelope = {
      version: '1.0',
      messages: [
        { id: 'm', role: 'user', timestamp: 1780897800000, segments: [{ kind: 'text', content }] },
      ],
    };
    const html = await renderEnvelopeHTML(envelope);
    const bare = html.replace(/<!--[^>]*-->|<\?>/g, '');
    assert.ok(bare.includes('café ♥ ½ ≧̸ 😀 \ufffd &amp;notaname; &amp;copy'), 'text');
    assert.match(bare, /<a href="https:\/\/example.com\/caf%C3%A9" title="½"[^>]*>télé<\/a>/);
    assert.ok(bare.includes('<code>span &amp;eacute;</code>'), 'code span as written');
    assert.ok(bare.includes('<code class="language-föö">code &amp;eacute;</code>'), 'fence');
    // The command's page, as the same server render writes it.
    const file = join(folder, 'references.json');
    writeFileSync(file, JSON.stringify(envelope));
    const out = join(folder, 'references.html');
    execFileSync(process.execPath, [
      join(root, 'bin/prompt-envelope.js'),
      'render',
      file,
      '-o',
      out,
    ]);
    assert.ok(readFileSync(out, 'utf8').includes('café ♥ ½ ≧̸ 😀'), 'prompt-envelope render');
    // Hydration adopts the server's characters: the list of names is not loaded for them.
    pages.set(
      '/references.html',
      `<!doctype html><meta charset="utf-8"><body>${html}<script type="module" src="/bundle.js"></script>`,
    );
    lazyRequests.length = 0;
    const tab = await browser.newPage();
    const problems = collecting(tab);
    await tab.goto(`${origin}/references.html`);
    await tab.waitForFunction(
      `!!document.querySelector('envelope-chat').shadowRoot.querySelector('context-meter')`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok((await deepText(tab)).includes('café ♥ ½ ≧̸ 😀 \ufffd &notaname; &copy'), 'hydrated');
    assert.deepEqual(lazyRequests, []);
    assert.deepEqual(problems, []);
    await tab.close();
  });

  test('raw HTML in Markdown is text on the server, and sanitized HTML once the script runs', async () => {
    const envelope: Envelope = {
      version: '1.0',
      messages: [
        {
          id: 'm',
          role: 'assistant',
          timestamp: 1780897800000,
          segments: [
            {
              kind: 'text',
              content:
                'Say <b>bold</b> and **strong** <img src="data:image/png;base64,AA" onerror="document.title=\'ran\'">',
            },
          ],
        },
      ],
    };
    const html = await renderEnvelopeHTML(envelope);
    // No DOM on the server: the tags are text, the Markdown around them is drawn.
    assert.match(html, /Say &lt;b&gt;bold&lt;\/b&gt; and (<!--[^>]*-->)*<strong>/);
    assert.doesNotMatch(html, /<b>|<img/);
    pages.set(
      '/raw-html.html',
      `<!doctype html><meta charset="utf-8"><title>t</title><body>${html}<script type="module" src="/bundle.js"></script>`,
    );
    lazyRequests.length = 0;
    const page = await browser.newPage();
    const problems = collecting(page);
    await page.goto(`${origin}/raw-html.html`);
    const find = (selector: string) => `(() => {
      const visit = (root) => {
        for (const el of root.querySelectorAll('*')) {
          if (el.matches(${JSON.stringify(selector)})) return el;
          const found = el.shadowRoot && visit(el.shadowRoot);
          if (found) return found;
        }
        return null;
      };
      return visit(document);
    })()`;
    const text = `${find('envelope-message')}?.shadowRoot.querySelector('.segment-text')`;
    await page.waitForFunction(`${text}?.querySelector('p b') != null`);
    const shown = (await page.evaluate(`(() => {
      const p = ${text}.querySelector('p');
      const img = p.querySelector('img');
      return { text: p.textContent, strong: p.querySelector('strong')?.textContent, onerror: img?.getAttribute('onerror') };
    })()`)) as { text: string; strong?: string; onerror?: string | null };
    assert.deepEqual(shown, { text: 'Say bold and strong ', strong: 'strong', onerror: null });
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(await page.title(), 't');
    assert.deepEqual(lazyRequests, ['/lazy/dompurify.js']);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('invalid input renders the error panel with the path and the sentence, never throws', async () => {
    const cases: [unknown, RegExp][] = [
      ['{"version": "1.0", "messages": [', /JSON syntax error at line 1/],
      [{ version: '1.0', messages: [] }, /\/messages/],
      [42, /The envelope must be a JSON object, but it is the number 42/],
      [
        (() => {
          const cyclic: Record<string, unknown> = { version: '1.0' };
          cyclic.messages = [cyclic];
          return cyclic;
        })(),
        /Message 0 is missing required field/,
      ],
    ];
    for (const [input, sentence] of cases) {
      const html = await renderEnvelopeHTML(input);
      assert.match(html, /part="error"/);
      assert.match(html, sentence);
    }
  });

  test('the viewer renders with its protocol panel', async () => {
    const html = await renderEnvelopeHTML(demo, { element: 'envelope-viewer' });
    assert.match(html, /<envelope-viewer/);
    assert.match(html, /<protocol-panel/);
  });
});

describe('the XSS corpus through the server path', () => {
  const payloads = [...dompurifyCorpus.payloads, ...OWN_PAYLOADS].map(armPayload);
  const BATCH = 20;

  for (let start = 0; start < payloads.length; start += BATCH) {
    const batch = payloads.slice(start, start + BATCH);
    test(`payloads ${start}–${start + batch.length - 1} render inert, every segment expanded`, async () => {
      const bodies = await Promise.all(
        batch.map((payload) => renderEnvelopeHTML(hostileEnvelope(payload), { theme: 'light' })),
      );
      pages.set('/xss.html', `<!doctype html><meta charset="utf-8"><body>${bodies.join('\n')}`);
      const page = await browser.newPage();
      let dialogs = 0;
      page.on('dialog', (dialog) => {
        dialogs++;
        void dialog.dismiss();
      });
      await page.goto(`${origin}/xss.html`);
      const found = (await page.evaluate(`(() => {
        const problems = [];
        const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction', 'poster', 'data', 'srcset'];
        const FORBIDDEN = ['script', 'iframe', 'object', 'embed', 'form', 'style', 'frame', 'frameset', 'base', 'meta', 'link'];
        const visit = (root, inShadow) => {
          for (const el of root.querySelectorAll('*')) {
            if (el.shadowRoot) visit(el.shadowRoot, true);
            const tag = el.localName;
            // Lit's own styles are the first children of each shadow root; the envelope's JSON
            // travels in a script child of each host, outside the shadow roots.
            const ownStyle = tag === 'style' && inShadow && el.parentNode instanceof ShadowRoot;
            const envelopeScript = tag === 'script' && el.type === 'application/json' && !inShadow;
            if (!ownStyle && !envelopeScript && FORBIDDEN.includes(tag)) problems.push('<' + tag + '>');
            for (const attr of el.attributes) {
              if (/^on/i.test(attr.name)) problems.push(tag + '[' + attr.name + ']');
              if (attr.name === 'srcdoc') problems.push(tag + '[srcdoc]');
              if (URL_ATTRIBUTES.includes(attr.name) && /^\\s*(javascript|vbscript):|^\\s*data:text\\/html/i.test(attr.value))
                problems.push(tag + '[' + attr.name + '=' + attr.value + ']');
            }
            // Every link (Markdown, citations, provider-run tools): http(s) or mailto, no opener.
            if (tag === 'a' && el.hasAttribute('href') && (!/^\\s*(https?:|mailto:)/i.test(el.getAttribute('href')) || el.rel !== 'noopener noreferrer'))
              problems.push('a[href=' + el.getAttribute('href').slice(0, 60) + '] rel=' + el.rel);
          }
        };
        visit(document.body, false);
        return { problems, pwned: window.__pwned };
      })()`)) as { problems: string[]; pwned: unknown };
      assert.deepEqual(found.problems, []);
      assert.equal(found.pwned, undefined);
      assert.equal(dialogs, 0);
      await page.close();
    });
  }
});

test('renderEnvelopePage writes a whole document with a policy that loads nothing', async () => {
  const html = await renderEnvelopePage(demo, { title: 'Bug <1234>' });
  assert.match(html, /^<!doctype html>/);
  assert.match(html, /<title>Bug &lt;1234&gt;<\/title>/);
  // Styles by their hashes (test/ssr/strict-csp.test.ts opens such pages under it), no script.
  assert.match(
    html,
    /Content-Security-Policy" content="default-src 'none'; style-src( 'sha256-[\w+/]+=*')+; img-src data:; media-src data: https: http:"/,
  );
  assert.doesNotMatch(html, /<script\b/);
});
