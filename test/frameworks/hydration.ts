// Server-rendered pages as users make them with the packed package: `renderEnvelopeHTML` from
// its prompt-envelope/ssr, hydrated by its script-tag bundle (which holds the hydration support).
// After hydration the DOM must equal what the same elements draw when created in the browser.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';

export type Element = 'envelope-chat' | 'envelope-viewer';
export type Theme = 'auto' | 'light' | 'dark';

/** Serves `pages` and the package's bundle (with the parts it loads on demand, beside it). */
export async function serveHydrationPages(
  packageDir: string,
  pages: Map<string, string>,
): Promise<{ server: Server; origin: string }> {
  const dist = join(packageDir, 'dist');
  const server = createServer((request, response) => {
    const path = request.url ?? '';
    const script = path === '/prompt-envelope.js' ? path : /^\/lazy\/[\w-]+\.js$/.exec(path)?.[0];
    if (script) {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      return void response.end(readFileSync(join(dist, script)));
    }
    const page = pages.get(path);
    if (page === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A page with one server-rendered `element` per envelope, rendered by the package. */
export async function hydrationPage(
  packageDir: string,
  envelopes: unknown[],
  element: Element,
  theme: Theme,
  lang: string,
): Promise<string> {
  const ssr = pathToFileURL(join(packageDir, 'dist/ssr/index.js')).href;
  const { renderEnvelopeHTML } = (await import(ssr)) as typeof import('prompt-envelope/ssr');
  const parts = await Promise.all(
    envelopes.map((envelope) => renderEnvelopeHTML(envelope, { element, theme, lang })),
  );
  return `<!doctype html><html lang="en"><meta charset="utf-8"><link rel="icon" href="data:,"><body>${parts
    .map((part) => `<div class="server">${part}</div>`)
    .join('')}<script type="module" src="/prompt-envelope.js"></script>`;
}

/**
 * In the page: once the server-rendered elements have hydrated, creates each again in the browser
 * (same attributes, the envelope of its JSON child) and compares the two DOM trees, shadow roots
 * included (elements, attributes, text; Lit's comment markers aside). Returns the differences.
 */
export async function compareWithClientRender(
  browser: Browser,
  url: string,
  element: Element,
): Promise<{ problems: string[]; differences: string[]; compared: number }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  try {
    await page.goto(url);
    await page.waitForFunction(`customElements.get('${element}') !== undefined`);
    // Passed as source text: the test runner's transform would add helpers the page lacks.
    const result = (await page.evaluate(`(async () => {
      const settled = async () => {
        for (let round = 0; round < 3; round++) {
          const pending = [];
          const visit = (root) => {
            for (const el of root.querySelectorAll('*')) {
              if (el.updateComplete) pending.push(el.updateComplete);
              if (el.shadowRoot) visit(el.shadowRoot);
            }
          };
          visit(document);
          await Promise.all(pending);
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
      };
      // A form field's value is compared as the property (a server render writes it as the attribute).
      const fields = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
      const tree = (root) => {
        const lines = [];
        const walk = (node, depth) => {
          for (const child of node.childNodes) {
            const indent = ' '.repeat(depth);
            if (child.nodeType === Node.TEXT_NODE) {
              const text = child.textContent.replace(/\\s+/g, ' ').trim();
              if (text) lines.push(indent + JSON.stringify(text));
            } else if (child.nodeType === Node.ELEMENT_NODE) {
              if (child.localName === 'script' || child.localName === 'style') continue;
              const field = fields.has(child.tagName);
              const attributes = [...child.attributes]
                .filter((a) => !(field && a.name === 'value'))
                .map((a) => a.name + '=' + JSON.stringify(a.value))
                .concat(field ? ['.value=' + JSON.stringify(child.value)] : [])
                .sort();
              lines.push(indent + '<' + child.localName + ' ' + attributes.join(' ') + '>');
              if (child.shadowRoot) {
                lines.push(indent + ' #shadow-root');
                walk(child.shadowRoot, depth + 2);
              }
              walk(child, depth + 1);
            }
          }
        };
        walk(root, 0);
        return lines;
      };
      await settled();
      const differences = [];
      const hydrated = [...document.querySelectorAll('.server > ${element}')];
      for (const [index, server] of hydrated.entries()) {
        const client = document.createElement('${element}');
        for (const attribute of server.attributes) client.setAttribute(attribute.name, attribute.value);
        client.envelope = JSON.parse(server.querySelector('script[type="application/json"]').textContent);
        const holder = document.createElement('div');
        holder.append(client);
        document.body.append(holder);
        await settled();
        const a = tree(server.shadowRoot);
        const b = tree(client.shadowRoot);
        const line = a.findIndex((text, i) => text !== b[i]);
        if (line !== -1 || a.length !== b.length) {
          const at = line === -1 ? Math.min(a.length, b.length) : line;
          differences.push('#' + index + ' line ' + at + ':\\n  hydrated: ' + a.slice(at, at + 2).join(' / ') +
            '\\n  client:   ' + b.slice(at, at + 2).join(' / '));
        }
        holder.remove();
      }
      return { differences, compared: hydrated.length };
    })()`)) as { differences: string[]; compared: number };
    return { problems, ...result };
  } finally {
    await page.close();
  }
}
