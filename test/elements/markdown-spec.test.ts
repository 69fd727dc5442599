import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { marked } from 'marked';
import { renderMarkdown } from '../../src/elements/internal/markdown/markdown.js';
import { defuseInlineCode } from '../../src/elements/internal/markdown/html-defuse.js';
import { loadEntityNames } from '../../src/elements/internal/markdown/html-entities.js';
import { loadSanitizer } from '../../src/elements/internal/markdown/markdown-html.js';
import { markdownToHtml } from '../../src/elements/internal/markdown/markdown-html-writer.js';
import {
  holdsRawHtml,
  MARKED_OPTIONS,
} from '../../src/elements/internal/markdown/markdown-walker.js';

/**
 * Markdown is drawn as marked parses it: every example of the CommonMark spec 0.31.2 (the
 * `commonmark-spec` package) and of GitHub Flavored Markdown's extensions (tables, task lists,
 * strikethrough, extended autolinks, disallowed raw HTML; copied into
 * test/fixtures/markdown/gfm-extension-examples.json) is drawn by the client and written by the
 * server, and compared, node for node, with marked's own HTML (`marked.parse` with the library's
 * options) passed through the library's sanitizer, both parsed by the browser. The server shows
 * raw HTML as text, so it is compared on the examples without raw HTML (test/elements/
 * markdown-writers.test.ts compares it with the client's drawing on all of them).
 *
 * What the library adds on purpose is named in ADDITIONS and taken out of both sides. Where the
 * drawing still differs from the reference, the example is listed in DRAWN_DIFFERENCES with the
 * reason; where marked departs from the spec's own HTML, in MARKED_DEPARTURES with the reason.
 * Both lists are checked: an example that starts or stops differing fails the test.
 */
interface Example {
  number: number;
  section: string;
  markdown: string;
  html: string;
}

/**
 * The library's deliberate additions to marked's HTML, each taken out of both sides. The
 * security guide's "Markdown as marked parses it" (stories/guides/security.mdx) lists the same.
 */
const ADDITIONS: readonly {
  what: string;
  /** Applied to marked's HTML before it is sanitized. */
  reference?: (html: string) => string;
  normalize?: (root: DocumentFragment) => void;
}[] = [
  {
    what: "GFM's disallowed raw HTML (title, textarea, style, xmp, iframe, noembed, noframes, script, plaintext) is shown as text, as GFM's tag filter does: marked leaves the filter out",
    // The filter as GFM's spec words it: the `<` of these tags, opening or closing, becomes `&lt;`.
    reference: (html) =>
      html.replace(
        /<(?=\/?(title|textarea|style|xmp|iframe|noembed|noframes|script|plaintext)[\s/>])/gi,
        '&lt;',
      ),
  },
  {
    what: 'links open in a new tab without a referrer: target="_blank" rel="noopener noreferrer"',
    normalize: (root) => strip(root, 'a', ['target', 'rel']),
  },
  {
    what: 'pictures load near the viewport without a referrer: loading="lazy" referrerpolicy="no-referrer"',
    normalize: (root) => strip(root, 'img', ['loading', 'referrerpolicy']),
  },
  {
    what: 'code blocks and tables scroll sideways and take the keyboard focus: tabindex="0"',
    normalize: (root) => strip(root, 'pre, table', ['tabindex']),
  },
  {
    what: 'a code block keeps its language as class="language-…" (the sanitizer drops marked\'s)',
    normalize: (root) => strip(root, 'pre > code', ['class']),
  },
  {
    what: "task list items keep their disabled checkbox (the sanitizer drops marked's input)",
    normalize: (root) => {
      for (const input of root.querySelectorAll('li > input[type="checkbox"][disabled]'))
        input.remove();
    },
  },
  {
    what: 'a code block does not end with the newline marked adds (it draws nothing)',
    normalize: (root) => {
      for (const code of root.querySelectorAll('pre > code')) {
        const last = code.lastChild;
        if (last?.nodeType === Node.TEXT_NODE) last.nodeValue = last.nodeValue!.replace(/\n$/, '');
      }
    },
  },
];

/**
 * Examples whose drawing differs from marked's sanitized HTML, why, and what is left of the
 * difference (applied to both sides, they must then be equal).
 */
interface DrawnDifference {
  why: string;
  normalize: (root: DocumentFragment) => void;
}

const DRAWN_DIFFERENCES = new Map<string, DrawnDifference>([
  [
    'commonmark 196',
    {
      why: "the sanitizer trims the line breaks at the ends of marked's link title; the drawn title keeps them, as marked and the spec write it",
      normalize: (root) => trimAttributes(root),
    },
  ],
]);

/** Examples where marked's HTML departs from the spec's, grouped by why. */
const MARKED_DEPARTURES: ReadonlyMap<string, string> = new Map(
  (
    [
      [
        [49, 56, 70, 87, 93, 113, 222, 223, 224, 241, 252, 255, 275, 276, 280, 552],
        "marked keeps the spaces that begin a paragraph's lines, which the spec strips (a browser collapses them)",
      ],
      [
        [556, 587, 645, 649],
        "marked keeps the spaces that end a paragraph's lines, which the spec strips (a browser collapses them)",
      ],
      [
        [16, 226, 633, 634, 635, 636, 637, 638, 639],
        'marked writes a hard line break as <br> without the line end after it (and keeps the spaces that end a line)',
      ],
      [
        [602, 608, 611, 612],
        "GFM's extended autolinks (on with GFM) make a bare URL or address a link; CommonMark's examples are written without them",
      ],
      [
        [148],
        'marked leaves out the line end before a paragraph that interrupts an HTML block (drawn inside a <pre>, the same)',
      ],
    ] as const
  ).flatMap(([numbers, why]) => numbers.map((n) => [`commonmark ${n}`, why] as const)),
);

function strip(root: DocumentFragment, selector: string, names: string[]) {
  for (const element of root.querySelectorAll(selector))
    for (const name of names) element.removeAttribute(name);
}

const BLOCK = new Set(
  'address article aside blockquote body caption col colgroup dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hr html legend li link main menu nav ol optgroup option p pre section summary table tbody td tfoot th thead title tr ul'.split(
    ' ',
  ),
);
const isBlock = (node: Node | null) =>
  node?.nodeType === Node.ELEMENT_NODE && BLOCK.has((node as Element).localName);

/**
 * Line breaks between blocks, which marked writes and a browser does not draw, taken out of both
 * sides (outside `pre`): a text's newlines where it meets a block or its parent's edge.
 */
function dropBlockNewlines(node: Node) {
  for (let child = node.firstChild; child;) {
    const next = child.nextSibling;
    if (child.nodeType === Node.TEXT_NODE) {
      let text = child.nodeValue!;
      if (!child.previousSibling || isBlock(child.previousSibling)) text = text.replace(/^\n+/, '');
      if (!next || isBlock(next)) text = text.replace(/\n+$/, '');
      if (text === '') child.remove();
      else child.nodeValue = text;
    } else if (child.nodeType === Node.ELEMENT_NODE && (child as Element).localName !== 'pre')
      dropBlockNewlines(child);
    child = next;
  }
}

/** A node and its children as lines: kind, name, sorted attributes, text; comments left out. */
function outline(node: Node, depth = 0, lines: string[] = []): string[] {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === Node.COMMENT_NODE) continue;
    if (child.nodeType === Node.TEXT_NODE) {
      lines.push(`${'  '.repeat(depth)}#text ${JSON.stringify(child.nodeValue)}`);
      continue;
    }
    const element = child as Element;
    const attributes = [...element.attributes].map((a) => `${a.name}=${JSON.stringify(a.value)}`);
    lines.push(`${'  '.repeat(depth)}<${element.localName}> ${attributes.sort().join(' ')}`);
    outline(element, depth + 1, lines);
  }
  return lines;
}

function normalized(root: DocumentFragment, more?: (root: DocumentFragment) => void): string[] {
  const comments = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  const found: Node[] = [];
  while (comments.nextNode()) found.push(comments.currentNode);
  for (const comment of found) comment.parentNode!.removeChild(comment);
  root.normalize();
  for (const addition of ADDITIONS) addition.normalize?.(root);
  more?.(root);
  dropBlockNewlines(root);
  root.normalize();
  return outline(root);
}

/** The examples of a spec text, read as the spec's own test tools read them (tabs are "→"). */
function examples(spec: string): Example[] {
  const found: Example[] = [];
  let section = '';
  const pattern = /^`{32} example[^\n]*\n([^]*?)^\.\n([^]*?)^`{32}$|^#{1,6} *(.*)$/gm;
  for (const [, markdown, html, heading] of spec.replace(/\r\n?/g, '\n').matchAll(pattern)) {
    if (heading !== undefined) section = heading;
    else
      found.push({
        number: found.length + 1,
        section,
        markdown: markdown!.replace(/→/g, '\t'),
        html: html!.replace(/→/g, '\t'),
      });
  }
  return found;
}

const commonmark = examples(
  (await (await fetch('/node_modules/commonmark-spec/spec.txt')).text()).replace(
    /^<!-- END TESTS -->[^]*/m,
    '',
  ),
);
const gfm = (
  (await (await fetch('/test/fixtures/markdown/gfm-extension-examples.json')).json()) as {
    examples: (Example & { example: number; extension: string })[];
  }
).examples.map((e) => ({ ...e, number: e.example }));

const purify = (await loadSanitizer())!;
// HTML's whole list of character reference names, as a page has it once a text needed a rare one.
await loadEntityNames();

/** HTML sanitized as the library sanitizes raw HTML (markdown-html.ts), as nodes. */
function sanitized(html: string): DocumentFragment {
  return purify.sanitize(defuseInlineCode(html)!) as unknown as DocumentFragment;
}

function client(source: string): DocumentFragment {
  const container = document.createElement('div');
  render(renderMarkdown(source), container);
  const fragment = document.createDocumentFragment();
  fragment.append(...container.childNodes);
  return fragment;
}

function server(source: string): DocumentFragment {
  const template = document.createElement('template');
  // The server's HTML parsed as a browser parses a page: test code, not the library's.
  template.innerHTML = markdownToHtml(source);
  return template.content;
}

function trimAttributes(root: DocumentFragment) {
  for (const element of root.querySelectorAll('*'))
    for (const a of element.attributes) a.value = a.value.trim();
}

/** marked's HTML for `markdown`, with what GFM asks for and marked leaves out (ADDITIONS). */
function markedHtml(markdown: string): string {
  return withReferenceAdditions(marked.parse(markdown, MARKED_OPTIONS) as string);
}

function withReferenceAdditions(html: string): string {
  for (const addition of ADDITIONS) html = addition.reference?.(html) ?? html;
  return html;
}

const same = (a: string[], b: string[]) => JSON.stringify(a) === JSON.stringify(b);

/** What differs between `draw`'s drawing and marked's sanitized HTML, against the lists. */
function check(draw: (source: string) => DocumentFragment, only: (e: Example) => boolean) {
  const unlisted: string[] = [];
  const stale: string[] = [];
  let compared = 0;
  for (const [spec, list] of [
    ['commonmark', commonmark],
    ['gfm', gfm],
  ] as const)
    for (const example of list) {
      if (!only(example)) continue;
      compared++;
      const label = `${spec} ${example.number}`;
      const reference = markedHtml(example.markdown);
      const expected = normalized(sanitized(reference));
      const drawn = normalized(draw(example.markdown));
      const listed = DRAWN_DIFFERENCES.get(label);
      if (same(drawn, expected)) {
        if (listed) stale.push(label);
        continue;
      }
      if (
        listed &&
        same(
          normalized(draw(example.markdown), listed.normalize),
          normalized(sanitized(reference), listed.normalize),
        )
      )
        continue;
      unlisted.push(`${label}\n  drawn:\n${drawn.join('\n')}\n  expected:\n${expected.join('\n')}`);
    }
  return { unlisted, stale, compared };
}

describe('Markdown as marked parses it: the CommonMark and GFM spec examples', () => {
  it('reads every example', () => {
    expect(commonmark).to.have.length(652);
    expect(new Set(gfm.map((e) => e.extension))).to.deep.equal(
      new Set(['table', 'tasklist', 'strikethrough', 'autolink', 'tagfilter']),
    );
  });

  it('the client draws what marked writes, through the same sanitizer', () => {
    const { unlisted, stale, compared } = check(client, () => true);
    expect(compared).to.equal(652 + gfm.length);
    expect(unlisted, unlisted.join('\n\n')).to.deep.equal([]);
    expect(stale, 'listed, yet drawn as marked writes').to.deep.equal([]);
  });

  it('the server writes what marked writes, raw HTML aside', () => {
    const { unlisted, stale, compared } = check(server, (e) => !holdsRawHtml(e.markdown));
    expect(compared).to.be.greaterThan(450);
    expect(unlisted, unlisted.join('\n\n')).to.deep.equal([]);
    expect(stale, 'listed, yet drawn as marked writes').to.deep.equal([]);
  });

  it("lists each example where marked's HTML departs from the spec's", () => {
    const departing: string[] = [];
    for (const [spec, list] of [
      ['commonmark', commonmark],
      ['gfm', gfm],
    ] as const)
      for (const example of list) {
        const fromMarked = normalized(sanitized(markedHtml(example.markdown)));
        // GFM's tag filter applies to the spec's raw HTML as well.
        const fromSpec = normalized(sanitized(withReferenceAdditions(example.html)));
        if (!same(fromMarked, fromSpec)) departing.push(`${spec} ${example.number}`);
      }
    expect(departing).to.deep.equal([...MARKED_DEPARTURES.keys()].sort(byExample));
  });
});

function byExample(a: string, b: string) {
  const [specA, numberA] = a.split(' ');
  const [specB, numberB] = b.split(' ');
  return specA === specB ? Number(numberA) - Number(numberB) : specA! < specB! ? -1 : 1;
}

describe('raw HTML around Markdown, as marked nests it', () => {
  it("shows GFM's disallowed tags as text and loses nothing after them", () => {
    const drawn = client('Put the name in <title> and the rules in <style>, then save.');
    expect(drawn.querySelector('p')!.textContent).to.equal(
      'Put the name in <title> and the rules in <style>, then save.',
    );
    const blocks = client(
      '<strong> <title> <style> <em>\n\n<blockquote>\n  <xmp> is disallowed.  <XMP> is also disallowed.\n</blockquote>\n\nAfter <script>alert(1)</script> <iframe src="https://e.com"> <textarea> <plaintext> the end.',
    );
    expect(blocks.querySelector('p strong')!.textContent).to.include('<title> <style>');
    expect(blocks.querySelector('blockquote')!.textContent).to.include(
      '<xmp> is disallowed.  <XMP> is also disallowed.',
    );
    expect(blocks.textContent).to.include(
      'After <script>alert(1)</script> <iframe src="https://e.com"> <textarea> <plaintext> the end.',
    );
    expect(blocks.querySelector('script, iframe, textarea, plaintext, xmp, title, style')).to.equal(
      null,
    );
  });

  it('holds the Markdown between an element opened in one block and closed in another', () => {
    const details = client(
      '<details><summary>More</summary>\n\n- one **bold**\n- [two](https://e.com/2)\n\n</details>\n\nAfter.',
    );
    expect(details.querySelector('details > summary')!.textContent).to.equal('More');
    expect(details.querySelectorAll('details > ul > li')).to.have.length(2);
    expect(details.querySelector('details li strong')!.textContent).to.equal('bold');
    const link = details.querySelector('details li a')!;
    expect(link.getAttribute('href')).to.equal('https://e.com/2');
    expect(link.getAttribute('target')).to.equal('_blank');
    expect(details.querySelector('details + p')!.textContent).to.equal('After.');

    const del = client('<del>\n\n*struck*\n\n</del>');
    expect(del.querySelector('del > p > em')!.textContent).to.equal('struck');

    const table = client('<table><tr>\n\n<td>\n\nHi **there**\n\n</td>\n\n</tr></table>');
    expect(table.querySelector('table td > p > strong')!.textContent).to.equal('there');
    expect(table.querySelector('table')!.nextSibling, 'no cell text outside').to.equal(null);
  });

  it("keeps the walker's elements and attributes its own: raw HTML cannot forge them", () => {
    // A title that looks like the mark on the walker's elements is an ordinary title.
    const drawn = client(
      '<div title="pe-1-2-3:0">\n\n```js\ncode\n```\n\n- [x] done\n\n</div>\n\n<p title="pe-0">x</p>',
    );
    expect(drawn.querySelector('div')!.getAttribute('title')).to.equal('pe-1-2-3:0');
    expect(drawn.querySelector('div > pre > code.language-js')!.textContent).to.equal('code');
    expect(drawn.querySelector('div > pre')!.getAttribute('tabindex')).to.equal('0');
    const box = drawn.querySelector('div li > input[type="checkbox"]')!;
    expect(box.hasAttribute('checked') && box.hasAttribute('disabled')).to.equal(true);
    expect(drawn.querySelector('p')!.getAttribute('title')).to.equal('pe-0');
    // No element keeps a mark.
    expect(client('a <b>b</b>\n\n<i>\n\n*c*\n\n</i>').querySelector('[title]')).to.equal(null);
  });

  it('a growing text that holds raw HTML is drawn whole, its HTML nested', () => {
    const out = document.createElement('div');
    const start = '<details><summary>More</summary>\n\n- one';
    render(renderMarkdown(start), out);
    render(renderMarkdown(`${start}\n- two`), out);
    render(renderMarkdown(`${start}\n- two\n\n</details>\n\nAfter`), out);
    expect(out.querySelectorAll('details > ul > li')).to.have.length(2);
    expect(out.querySelector('details + p')!.textContent).to.equal('After');
  });
});
