import { expect, fixture, html } from '@open-wc/testing';
import { render } from 'lit';
import '../../src/elements/segment-text/segment-text.js';
import { renderMarkdown } from '../../src/elements/internal/markdown/markdown.js';
import { loadSanitizer } from '../../src/elements/internal/markdown/markdown-html.js';
import type { SegmentText } from '../../src/elements/segment-text/segment-text.js';

/** `source` drawn into a fresh container, as a segment draws it. */
function drawn(source: string): HTMLElement {
  const out = document.createElement('div');
  render(renderMarkdown(source), out);
  return out;
}

describe('Markdown rendering', () => {
  it('draws a text as nodes under one part: no marker per token, nodes kept while the text stays', async () => {
    const content = `Kept **${Math.random()}** and *more*\n\n- a\n- b`;
    const el = await fixture<SegmentText>(
      html`<segment-text .segment=${{ kind: 'text', content }}></segment-text>`,
    );
    const body = el.shadowRoot!.querySelector('.markdown')!;
    const comments = (root: Node) =>
      document.createTreeWalker(root, NodeFilter.SHOW_COMMENT).nextNode() ? 1 : 0;
    // Lit marks its own part around the body; nothing inside the drawn blocks.
    for (const block of body.children) expect(comments(block), block.localName).to.equal(0);
    const strong = body.querySelector('strong')!;
    for (let i = 0; i < 3; i++) {
      el.requestUpdate();
      await el.updateComplete;
    }
    el.segment = { kind: 'text', content };
    await el.updateComplete;
    expect(body.querySelector('strong')).to.equal(strong);
  });

  it('a text that grows keeps its finished blocks and draws its last one again', async () => {
    const out = document.createElement('div');
    // The first growth draws the text whole; from then on it is a stream.
    render(renderMarkdown('# Tit'), out);
    const first = '# Title\n\nOne paragraph.\n\n- item';
    render(renderMarkdown(first), out);
    const [h1, p] = [out.querySelector('h1')!, out.querySelector('p')!];
    const ul = out.querySelector('ul')!;
    render(renderMarkdown(`${first} one\n- item two\n\nAfter **it**`), out);
    expect(out.querySelector('h1')).to.equal(h1);
    expect(out.querySelector('p')).to.equal(p);
    expect(out.querySelector('ul')).not.to.equal(ul);
    expect([...out.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal([
      'item one',
      'item two',
    ]);
    expect(out.querySelector('p:last-child strong')!.textContent).to.equal('it');
    // The same text drawn whole at once gives the same nodes.
    const whole = document.createElement('div');
    render(renderMarkdown(`${first} one\n- item two\n\nAfter **it**`), whole);
    expect(out.innerHTML.replace(/<!--[^]*?-->/g, '')).to.equal(
      whole.innerHTML.replace(/<!--[^]*?-->/g, ''),
    );
    // A link defined after its use is found: texts with definitions are drawn whole.
    render(renderMarkdown(`${first} one\n- item two\n\nSee [x].\n\n[x]: https://example.com`), out);
    expect(out.querySelector('a')!.getAttribute('href')).to.equal('https://example.com');
  });

  it('draws blocks as elements: headings, paragraphs, quotes, rules, code with its language', () => {
    const out = drawn(
      '# One\n\n###### Six\n\nA *b* **c** ~~d~~ `e <f> &amp;`\\\nnext \\*g\\* &amp; &copy; &#x41;\n\n> quoted\n\n---\n\n```js extra\nif (a < b && c) {}\n```',
    );
    expect([...out.children].map((c) => c.localName)).to.deep.equal([
      'h1',
      'h6',
      'p',
      'blockquote',
      'hr',
      'pre',
    ]);
    const p = out.querySelector('p')!;
    expect(p.querySelector('em')!.textContent).to.equal('b');
    expect(p.querySelector('strong')!.textContent).to.equal('c');
    expect(p.querySelector('del')!.textContent).to.equal('d');
    // Code is shown as written (no entity decoded); text outside code is decoded.
    expect(p.querySelector('code')!.textContent).to.equal('e <f> &amp;');
    expect(p.querySelector('br')).to.exist;
    expect(p.textContent).to.include('next *g* & © A');
    expect(out.querySelector('blockquote p')!.textContent).to.equal('quoted');
    const pre = out.querySelector('pre')!;
    expect(pre.tabIndex).to.equal(0);
    expect(pre.querySelector('code')!.className).to.equal('language-js');
    expect(pre.textContent).to.equal('if (a < b && c) {}');
  });

  it('draws tables with their alignment, focusable, and lists with their tasks', () => {
    const out = drawn(
      '| left | mid | right |\n|:--|:-:|--:|\n| 1 | **2** | 3 |\n\n3. three\n4. four\n\n- [x] done\n- [ ] todo\n  - nested',
    );
    const table = out.querySelector('table')!;
    expect(table.tabIndex).to.equal(0);
    expect([...table.querySelectorAll('th')].map((th) => th.getAttribute('align'))).to.deep.equal([
      'left',
      'center',
      'right',
    ]);
    expect([...table.querySelectorAll('td')].map((td) => td.textContent)).to.deep.equal([
      '1',
      '2',
      '3',
    ]);
    expect(table.querySelector('td strong')!.textContent).to.equal('2');
    const ol = out.querySelector('ol')!;
    expect(ol.start).to.equal(3);
    expect(ol.querySelectorAll('li')).to.have.length(2);
    const boxes = [...out.querySelectorAll<HTMLInputElement>('ul > li > input[type=checkbox]')];
    expect(boxes.map((box) => [box.checked, box.disabled])).to.deep.equal([
      [true, true],
      [false, true],
    ]);
    expect(out.querySelector('ul ul li')!.textContent).to.equal('nested');
  });

  it('draws long runs whole and in order (lists, inline pieces, blocks)', () => {
    const numbers = Array.from({ length: 30 }, (_, i) => i);
    const out = drawn(
      [
        numbers.map((i) => `- item ${i}`).join('\n'),
        numbers.map((i) => (i % 2 ? `**${i}**` : `${i}`)).join(' '),
        ...numbers.map((i) => `paragraph ${i}`),
      ].join('\n\n'),
    );
    expect([...out.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(
      numbers.map((i) => `item ${i}`),
    );
    const [inline, ...rest] = [...out.querySelectorAll('p')];
    expect(inline!.textContent).to.equal(numbers.join(' '));
    expect(inline!.querySelectorAll('strong')).to.have.length(15);
    expect(rest.map((p) => p.textContent)).to.deep.equal(numbers.map((i) => `paragraph ${i}`));
  });

  it('links open in a new tab without opener, and only http, https and mailto survive', () => {
    const out = drawn(
      '[a](https://example.com "T") [b](mailto:x@example.com) [c](ftp://example.com) [d](javascript:alert(1)) [e](</x y>) www.example.org <https://example.net/p?a=1&amp;b=2>',
    );
    const links = [...out.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal([
      'https://example.com',
      'mailto:x@example.com',
      null,
      null,
      null,
      'http://www.example.org',
      'https://example.net/p?a=1&b=2',
    ]);
    expect(links.map((a) => a.textContent)).to.deep.equal([
      'a',
      'b',
      'c',
      'd',
      'e',
      'www.example.org',
      'https://example.net/p?a=1&b=2',
    ]);
    expect(links[0]!.title).to.equal('T');
    for (const a of links) {
      const safe = a.hasAttribute('href');
      expect(a.target, a.textContent!).to.equal(safe ? '_blank' : '');
      expect(a.rel, a.textContent!).to.equal(safe ? 'noopener noreferrer' : '');
    }
  });

  it('images load lazily without referrer, only from http(s) and data:image, always with alt', () => {
    const out = drawn(
      '![a *b* &amp; c](https://example.com/x.png) ![](data:image/png;base64,AAAA) ![svg](data:image/svg+xml;base64,AAAA) ![js](javascript:alert(1))',
    );
    const images = [...out.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('src'))).to.deep.equal([
      'https://example.com/x.png',
      'data:image/png;base64,AAAA',
      null,
      null,
    ]);
    expect(images.map((img) => img.getAttribute('alt'))).to.deep.equal([
      'a b & c',
      '',
      'svg',
      'js',
    ]);
    for (const img of images) {
      expect(img.getAttribute('loading')).to.equal('lazy');
      expect(img.getAttribute('referrerpolicy')).to.equal('no-referrer');
    }
  });

  it('text that looks like markup stays text', () => {
    const source = '&lt;img src=x onerror=alert(1)&gt; `<script>` \\<b>';
    const out = drawn(source);
    expect(out.querySelectorAll('img, script, b')).to.have.length(0);
    expect(out.textContent).to.equal('<img src=x onerror=alert(1)> <script> <b>');
  });

  it('prefixes ids and names of raw HTML so they cannot clobber page globals', async () => {
    await loadSanitizer();
    const el = await fixture<SegmentText>(
      html`<segment-text
        .segment=${{
          kind: 'text',
          content: '<img id="location" name="cookie" src="https://example.com/x.png">',
        }}
      ></segment-text>`,
    );
    const img = el.shadowRoot!.querySelector('img')!;
    expect(img.id === '' || img.id.startsWith('user-content-')).to.equal(true);
    expect(
      img.getAttribute('name') === null || img.getAttribute('name')!.startsWith('user-content-'),
    ).to.equal(true);
  });

  it('is accessible (axe): an image without alt, raw or drawn, and a table with an empty corner', async () => {
    await loadSanitizer();
    const gif = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
    const el = await fixture<SegmentText>(
      html`<segment-text
        .segment=${{
          kind: 'text',
          content: `![](${gif}) <img src="${gif}">\n\n| | Mon | Tue |\n|---|---|---|\n| Sky | Fog | Sun |`,
        }}
      ></segment-text>`,
    );
    const root = el.shadowRoot!;
    const images = [...root.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('alt'))).to.deep.equal(['', '']);
    const head = [...root.querySelectorAll('thead tr > *')];
    expect(head.map((cell) => `${cell.tagName} ${cell.textContent}`)).to.deep.equal([
      'TD ',
      'TH Mon',
      'TH Tue',
    ]);
    await expect(el).to.be.accessible();
  });
});
