import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { render } from 'lit';
import '../../src/elements/segment-text/segment-text.js';
import { decodeCharacterReferences } from '../../src/core/insight/character-references.js';
import {
  entityNamesLoaded,
  loadEntityNames,
} from '../../src/elements/internal/markdown/html-entities.js';
import { renderMarkdown } from '../../src/elements/internal/markdown/markdown.js';
import { loadSanitizer } from '../../src/elements/internal/markdown/markdown-html.js';
import type { SegmentText } from '../../src/elements/segment-text/segment-text.js';

// Character references in Markdown (CommonMark's "Entity and numeric character references"):
// every name of HTML's list and every numeric reference drawn as its character, outside code.
// The tests run in order: the first ones see the page before HTML's list of names has loaded.

function drawn(source: string): HTMLElement {
  const out = document.createElement('div');
  render(renderMarkdown(source), out);
  return out;
}

const RARE = 'caf&eacute; &hearts; &frac12;';

describe('Markdown: character references', () => {
  it('common names and numbers are drawn at once, and the list of names does not load', async () => {
    const out = drawn('&amp; &copy; &mdash; &#169; &#xA9; &#x1F600; &#0; &#xD800; &#1114112;');
    expect(out.textContent).to.equal('& © — © © 😀 \ufffd \ufffd \ufffd');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const requested = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('character-entities'));
    expect(requested).to.deep.equal([]);
    expect(entityNamesLoaded()).to.equal(false);
  });

  it('a rare name is drawn as written, then drawn again once the list of names has loaded', async () => {
    const out = drawn(RARE);
    expect(out.textContent).to.equal(RARE);
    await waitUntil(() => out.textContent === 'café ♥ ½', 'drawn again, decoded');
    expect(entityNamesLoaded()).to.equal(true);
    expect(
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('character-entities')),
    ).to.have.length(1);
  });

  it("a segment's updateComplete waits until the text shows its characters", async () => {
    const el = await fixture<SegmentText>(
      html`<segment-text
        .segment=${{ kind: 'text', content: `Tr&egrave;s ${RARE}` }}
      ></segment-text>`,
    );
    expect(el.shadowRoot!.querySelector('p')!.textContent).to.equal('Très café ♥ ½');
  });

  it('every name and number, in text, link text, titles, URLs and a fence info string', async () => {
    await loadEntityNames();
    const out = drawn(
      [
        `${RARE} &ngE; &CounterClockwiseContourIntegral; &#x1F600; &#128512; a&#0;b`,
        '&notaname; &copy &eacute &#x110000; &#12345678; \\&eacute; & eacute;',
        '[t&eacute;l&eacute;](https://example.com/caf&eacute;?a=1&amp;b=2 "&frac12; &Auml;") ![&hearts;](https://example.com/&#x41;.png "&dagger;")',
        '',
        '```f&ouml;&ouml; bar',
        'code &eacute;',
        '```',
        '',
        '`span &eacute;` **b&ouml;ld** ~~&lt;s&gt;~~',
        '',
        '    indented &eacute;',
      ].join('\n'),
    );
    const [p, last] = out.querySelectorAll('p');
    expect(p!.firstChild!.textContent).to.equal(
      'café ♥ ½ ≧̸ ∳ 😀 😀 a\ufffdb\n&notaname; &copy &eacute \ufffd &#12345678; &eacute; & eacute;\n',
    );
    const a = p!.querySelector('a')!;
    expect(a.textContent).to.equal('télé');
    expect(a.getAttribute('href')).to.equal('https://example.com/caf%C3%A9?a=1&b=2');
    expect(a.title).to.equal('½ Ä');
    const img = p!.querySelector('img')!;
    expect([img.alt, img.getAttribute('src'), img.title]).to.deep.equal([
      '♥',
      'https://example.com/A.png',
      '†',
    ]);
    // Code is shown as written; the fence's info string names its language decoded.
    const codes = out.querySelectorAll('pre code');
    expect(codes[0]!.className).to.equal('language-föö');
    expect(codes[0]!.textContent).to.equal('code &eacute;');
    expect(codes[1]!.textContent).to.equal('indented &eacute;');
    expect(last!.querySelector('code')!.textContent).to.equal('span &eacute;');
    expect(last!.querySelector('strong')!.textContent).to.equal('böld');
    expect(last!.querySelector('del')!.textContent).to.equal('<s>');
  });

  it('raw HTML shown as text keeps its tags as written, the text around them decoded', async () => {
    const source = 'caf&eacute; <b title="&eacute;">&hearts;</b>\n\n<div>&frac12;</div>';
    const out = drawn(source);
    // DOMPurify has not loaded: the tags and the HTML block are their source.
    expect([...out.children].map((e) => e.textContent)).to.deep.equal([
      'café <b title="&eacute;">♥</b>',
      '<div>&frac12;</div>',
    ]);
    await loadSanitizer();
    await waitUntil(() => out.querySelector('b') !== null, 'sanitized');
    expect(out.querySelector('p')!.textContent).to.equal('café ♥');
    expect(out.querySelector('b')!.title).to.equal('é');
    expect(out.querySelector('div')!.textContent).to.equal('½');
  });

  it('the decoder search uses reads the same characters', () => {
    expect(decodeCharacterReferences(`${RARE} &ngE; &#x1F600; &#0; &notaname; &copy`)).to.equal(
      'café ♥ ½ ≧̸ 😀 \ufffd &notaname; &copy',
    );
  });
});
