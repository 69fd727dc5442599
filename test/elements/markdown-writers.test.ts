import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { renderMarkdown } from '../../src/elements/internal/markdown/markdown.js';
import { markdownToHtml } from '../../src/elements/internal/markdown/markdown-html-writer.js';
import { loadEntityNames } from '../../src/elements/internal/markdown/html-entities.js';
import { sanitizerLoaded } from '../../src/elements/internal/markdown/markdown-html.js';
import { armPayload, OWN_PAYLOADS } from '../fixtures/xss/own-payloads.js';

// One walker, two writers (markdown-walker.ts): what the browser parses from the server's HTML
// is, node for node, what the client draws. Every string of every demo, every payload of the XSS
// corpus (alone and inside Markdown) and every example of the CommonMark and GFM specs is drawn
// both ways. DOMPurify is never loaded in this file, so raw HTML is text on both sides, as the
// server shows it.

/** Each string value anywhere in `value`. */
function strings(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) strings(v, into);
  return into;
}

/** A node and its children as lines: kind, name, sorted attributes, text; comments left out. */
function outline(node: Node, depth = 0, lines: string[] = []): string[] {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === Node.COMMENT_NODE) continue;
    if (child.nodeType === Node.TEXT_NODE) {
      lines.push(`${depth} #text ${JSON.stringify(child.nodeValue)}`);
      continue;
    }
    const element = child as Element;
    const attributes = [...element.attributes].map((a) => `${a.name}=${JSON.stringify(a.value)}`);
    lines.push(`${depth} <${element.localName}> ${attributes.sort().join(' ')}`);
    outline(element, depth + 1, lines);
  }
  return lines;
}

/** Adjacent text nodes as one, as a parser makes them. */
function normalized(root: Node): Node {
  root.normalize();
  return root;
}

function compare(source: string) {
  const client = document.createElement('div');
  render(renderMarkdown(source, 'note'), client);
  const server = document.createElement('template');
  // The server's HTML parsed as a browser parses a page: test code, not the library's.
  server.innerHTML = markdownToHtml(source);
  expect(outline(normalized(client)), JSON.stringify(source.slice(0, 200))).to.deep.equal(
    outline(server.content),
  );
}

const fetchJson = async (url: string) => (await fetch(url)).json() as Promise<unknown>;
const demos = await Promise.all(
  'abcdefg'.split('').map((id) => fetchJson(`/src/data/demos/demo-${id}.json`)),
);
// The server has HTML's whole list of character reference names before it renders; the client
// once it has loaded (before it, both write a rare name as written).
await loadEntityNames();
const dompurifyCorpus = (await (
  await fetch('/test/fixtures/xss/dompurify-payloads.json')
).json()) as {
  payloads: string[];
};

/** The Markdown of every CommonMark and GFM spec example (tabs are written "→" there). */
const specExamples = [
  ...(await (await fetch('/node_modules/commonmark-spec/spec.txt')).text()).matchAll(
    /^`{32} example[^\n]*\n([^]*?)^\.\n/gm,
  ),
].map(([, markdown]) => markdown!.replace(/→/g, '\t'));
const gfmExamples = (
  (await (await fetch('/test/fixtures/markdown/gfm-extension-examples.json')).json()) as {
    examples: { markdown: string }[];
  }
).examples.map((example) => example.markdown);

describe('Markdown: the server writes what the client draws, node for node', () => {
  // First: the other tests' raw HTML starts DOMPurify loading, which it must not have done yet.
  it('character references: every name of HTML, numbers, and what stays as written', () => {
    const sources = [
      'caf&eacute; &hearts; &frac12;',
      '&ngE; &#x1F600; &#0; &notaname; &copy &amp;lt;',
      '[t&eacute;l&eacute;](https://example.com/caf&eacute; "&frac12;") ![&hearts;](https://example.com/x.png "&dagger;")',
      '```f&ouml;&ouml;\ncode &eacute;\n```\n\n`span &eacute;`',
      'caf&eacute; <b title="&eacute;">&hearts;</b>\n\n<div>&frac12;</div>',
    ];
    for (const source of sources) compare(source);
    const server = document.createElement('template');
    server.innerHTML = markdownToHtml(sources.join('\n\n'));
    expect(server.content.textContent)
      .to.include('café ♥ ½')
      .and.include('≧̸ 😀 \ufffd &notaname; &copy &lt;');
  });

  it('every string of every demo', () => {
    let count = 0;
    for (const envelope of demos)
      for (const source of strings(envelope)) {
        compare(source);
        count++;
      }
    expect(count).to.be.greaterThan(500);
  });

  // One test: drawing raw HTML starts loading DOMPurify, which must not arrive in between.
  it('every payload of the XSS corpus (alone and inside Markdown), every CommonMark and GFM spec example', () => {
    const examples = [...specExamples, ...gfmExamples];
    expect(examples).to.have.length(652 + 24);
    for (const example of examples) compare(example);
    const payloads = [...OWN_PAYLOADS, ...dompurifyCorpus.payloads].map(armPayload);
    for (const payload of payloads) {
      compare(payload);
      compare(
        `# ${payload}\n\n- **${payload}**\n- [x](${payload})\n\n> ${payload}\n\n| a |\n|---|\n| ${payload} |\n\n![${payload}](https://e.com/x.png "${payload}")`,
      );
    }
    expect(sanitizerLoaded(), 'DOMPurify never loaded here').to.equal(false);
  });
});
