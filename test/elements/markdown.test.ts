import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/segment-text.js';
import { markdownCacheSize, renderMarkdown } from '../../src/elements/internal/markdown.js';
import type { SegmentText } from '../../src/elements/segment-text.js';

describe('Markdown rendering', () => {
  it('parses and sanitizes each distinct text once, however often it is rendered', async () => {
    const content = `Cached **${Math.random()}**`;
    const before = markdownCacheSize();
    const el = await fixture<SegmentText>(
      html`<segment-text .segment=${{ kind: 'text', content }}></segment-text>`,
    );
    expect(markdownCacheSize()).to.equal(before + 1);
    for (let i = 0; i < 3; i++) {
      el.requestUpdate();
      await el.updateComplete;
    }
    await fixture(html`<segment-text .segment=${{ kind: 'text', content }}></segment-text>`);
    expect(markdownCacheSize()).to.equal(before + 1);
    expect(renderMarkdown(content)).to.equal(renderMarkdown(content));
    expect(el.shadowRoot!.querySelector('strong')).to.exist;
  });

  it('links open in a new tab without opener, and only http, https and mailto survive', () => {
    const out = document.createElement('div');
    out.innerHTML = renderMarkdown(
      '[a](https://example.com) [b](mailto:x@example.com) [c](ftp://example.com) [d](javascript:alert(1))',
    );
    const links = [...out.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal([
      'https://example.com',
      'mailto:x@example.com',
      null,
      null,
    ]);
    for (const a of links.filter((l) => l.hasAttribute('href'))) {
      expect(a.target).to.equal('_blank');
      expect(a.rel).to.equal('noopener noreferrer');
    }
  });

  it('prefixes ids and names so they cannot clobber page globals', () => {
    const out = document.createElement('div');
    out.innerHTML = renderMarkdown(
      '<img id="location" name="cookie" src="https://example.com/x.png">',
    );
    const img = out.querySelector('img')!;
    expect(img.id === '' || img.id.startsWith('user-content-')).to.equal(true);
    expect(
      img.getAttribute('name') === null || img.getAttribute('name')!.startsWith('user-content-'),
    ).to.equal(true);
  });
});
