#!/usr/bin/env node
/* global document, customElements, setTimeout -- used inside page.evaluate, which runs in the browser */
// `node scripts/segment-screenshots.mjs` (after `npm run build`): PNGs of the protocol 1.1
// segments (thinking, provider-run tools, structured results, citations, cache notes) in the
// light and dark themes, drawn by the script-tag bundle from the stories' samples, written to
// docs/protocol-1-1/ for a person to look at. No dev server: the bundle and its lazy parts are
// served as built.
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'docs/protocol-1-1');
mkdirSync(outDir, { recursive: true });
const samples = await tsImport('../stories/samples-1-1.ts', import.meta.url);

const open = (segment) => ({ ...segment, collapsed: false });

/** Each picture: segment elements (tag and segment), and optionally a chat of one message. */
const scenes = {
  thinking: [
    ['segment-thinking', samples.thinking],
    ['segment-thinking', open(samples.thinking)],
    ['segment-thinking', open(samples.summaryOnly)],
    ['segment-thinking', samples.redacted],
    ['segment-thinking', samples.encryptedOnly],
  ],
  'provider-calls': [
    ['tool-call-request', samples.serverSearch],
    ['tool-call-request', samples.responsesSearch],
    ['tool-call-request', samples.codeInterpreter],
    ['tool-call-request', samples.mcpCall],
  ],
  'provider-results': [
    ['tool-call-result', samples.searchResults],
    ['tool-call-result', samples.codeResult],
    ['tool-call-result', samples.searchError],
    ['tool-call-result', samples.geminiResponse],
  ],
  'tools-and-citations': [
    ['segment-tool-overview', samples.providerTools],
    ['segment-system-prompt', samples.cachedPrompt],
    ['segment-text', samples.citedAnswer],
  ],
};

/** The same segments as one assistant message in a chat, as a conversation shows them. */
const chat = {
  version: '1.1',
  model: 'claude-sonnet-4-5',
  messages: [
    {
      id: 'u1',
      role: 'user',
      timestamp: 1783000800000,
      segments: [
        { kind: 'text', content: 'A shaded hike near Boulder this Saturday, under 3 hours?' },
      ],
    },
    {
      id: 'a1',
      role: 'assistant',
      timestamp: 1783000830000,
      segments: [
        samples.thinking,
        samples.serverSearch,
        { ...samples.searchResults, collapsed: true },
        samples.citedAnswer,
      ],
    },
  ],
};

const page = (theme) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<style>
  body { margin: 0; padding: 16px; width: 720px; font-family: system-ui, sans-serif;
    background: ${theme === 'dark' ? '#0b1220' : '#f8fafc'}; }
  .stack { display: grid; gap: 12px; }
</style>
<script src="/dist/prompt-envelope.iife.js"></script>
</head><body><div class="stack" id="stack"></div>
<script type="module">
  const scene = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  const stack = document.getElementById('stack');
  for (const [tag, segment] of scene.elements ?? []) {
    const el = document.createElement(tag);
    el.setAttribute('theme', '${theme}');
    el.segment = segment;
    stack.append(el);
  }
  if (scene.envelope) {
    const el = document.createElement('envelope-chat');
    el.setAttribute('theme', '${theme}');
    el.setAttribute('time-zone', 'UTC');
    el.style.height = '640px';
    el.envelope = scene.envelope;
    stack.append(el);
  }
</script></body></html>`;

const types = { '.js': 'text/javascript', '.html': 'text/html', '.json': 'application/json' };
const server = createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
  if (path === '/light.html' || path === '/dark.html')
    return void response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(page(path.slice(1, -5)));
  if (!path.startsWith('/dist/') || path.includes('..')) return void response.writeHead(404).end();
  try {
    const body = readFileSync(join(root, path));
    response.writeHead(200, { 'content-type': types[extname(path)] ?? 'text/plain' }).end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1'],
});
const problems = [];
try {
  const tab = await browser.newPage({ viewport: { width: 752, height: 900 } });
  tab.on('pageerror', (error) => problems.push(error.message));
  tab.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
      problems.push(m.text());
  });
  const shots = [
    ...Object.entries(scenes).map(([name, elements]) => [name, { elements }]),
    ['chat', { envelope: chat }],
  ];
  for (const theme of ['light', 'dark']) {
    for (const [name, scene] of shots) {
      // A new query each time: a change of the hash alone would not load the page again.
      await tab.goto(
        `${origin}/${theme}.html?${name}#${encodeURIComponent(JSON.stringify(scene))}`,
      );
      await tab.evaluate(async () => {
        const all = [...document.querySelectorAll('#stack > *')];
        await Promise.all(all.map((el) => customElements.whenDefined(el.localName)));
        const settle = async () => {
          for (let round = 0; round < 5; round++) {
            await Promise.all(all.map((el) => el.updateComplete));
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        };
        await settle();
        // One provider tool's declaration open, to show it.
        all
          .map((el) => el.shadowRoot?.querySelector('[part~="declaration-toggle"]'))
          .find(Boolean)
          ?.click();
        await settle();
      });
      const file = join(outDir, `${name}-${theme}.png`);
      await tab.locator('#stack').screenshot({ path: file });
      console.log(`wrote ${file.slice(root.length)}`);
    }
  }
} finally {
  await browser.close();
  server.close();
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
