import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/segment-text/segment-text.js';
import type { SegmentText } from '../../src/elements/segment-text/segment-text.js';
import type { TextSegment } from '../../src/core/protocol/types.js';
import { segmentContract } from './contract.js';
import { expectInert, HOSTILE } from './helpers.js';

const text: TextSegment = {
  kind: 'text',
  content:
    'Here is the plan for **Tuesday**:\n\n- Book the `BER → LIS` flight\n- See [the fares](https://example.com/fares)\n\n| Day | Task |\n|---|---|\n| Tue | Fly |',
};

segmentContract('segment-text', text, { kind: 'static_var', name: 'a', value: 'b' });

describe('<segment-text>', () => {
  it('renders the Markdown: emphasis, code, list, table and a safe link', async () => {
    const el = await fixture<SegmentText>(html`<segment-text .segment=${text}></segment-text>`);
    const content = el.shadowRoot!.querySelector('[part~="content"]')!;
    expect(content.querySelector('strong')!.textContent).to.equal('Tuesday');
    expect(content.querySelector('code')!.textContent).to.equal('BER → LIS');
    expect(content.querySelectorAll('li')).to.have.length(2);
    expect(content.querySelectorAll('td')).to.have.length(2);
    const link = content.querySelector('a')!;
    expect(link.getAttribute('href')).to.equal('https://example.com/fares');
    expect(link.getAttribute('rel')).to.equal('noopener noreferrer');
    expect(link.getAttribute('target')).to.equal('_blank');
  });

  it('is always visible: no disclosure button, and toggling state does not hide it', async () => {
    const el = await fixture<SegmentText>(html`<segment-text .segment=${text}></segment-text>`);
    expect(el.shadowRoot!.querySelector('button')).to.equal(null);
    expect(el.shadowRoot!.querySelector('[aria-expanded]')).to.equal(null);
    expect(el.collapsed).to.equal(false);
  });

  it('keeps a long unbroken word inside its box', async () => {
    const el = await fixture<SegmentText>(
      html`<div style="width: 200px">
        <segment-text .segment=${{ kind: 'text', content: 'x'.repeat(500) }}></segment-text>
      </div>`,
    );
    const inner = el.querySelector('segment-text')!;
    await inner.updateComplete;
    const content = inner.shadowRoot!.querySelector<HTMLElement>('[part~="content"]')!;
    expect(content.scrollWidth).to.be.at.most(content.clientWidth + 1);
  });

  it('renders hostile content inert', async () => {
    const el = await fixture<SegmentText>(
      html`<segment-text .segment=${{ kind: 'text', content: HOSTILE }}></segment-text>`,
    );
    await expectInert(el.shadowRoot!);
    expect(
      el.shadowRoot!.querySelector('img')?.hasAttribute('src') ?? false,
      'img keeps no src',
    ).to.equal(false);
    expect(el.shadowRoot!.querySelector('a'), 'the link text stays, without its href').to.not.equal(
      null,
    );
  });

  it('draws long texts a few per frame, each whole once its updateComplete resolves (issue 20)', async () => {
    const box = await fixture<HTMLDivElement>(html`<div></div>`);
    const texts = Array.from({ length: 8 }, (_, i) => {
      const el = document.createElement('segment-text') as SegmentText;
      el.segment = { kind: 'text', content: `**Text ${i}** ${'word '.repeat(10_000)}` };
      box.append(el);
      return el;
    });
    // Every first update, and nothing else: no frame or timer runs between microtasks.
    for (let i = 0; i < 1_000 && !texts.every((el) => el.hasUpdated); i++) await Promise.resolve();
    const drawn = () =>
      texts.filter((el) => el.shadowRoot!.querySelector('[part~="content"] strong')).length;
    const waiting = () =>
      texts.filter((el) => el.shadowRoot!.querySelector('[aria-busy="true"]')).length;
    // 50,000 characters each: the first is drawn at once, the others wait for later turns.
    expect(drawn()).to.equal(1);
    expect(waiting()).to.equal(7);
    await Promise.all(texts.map((el) => el.updateComplete));
    expect(drawn()).to.equal(8);
    expect(waiting()).to.equal(0);
    expect(texts[7]!.shadowRoot!.querySelector('strong')!.textContent).to.equal('Text 7');
  });
});

describe('<segment-text> citations and cache marker (protocol 1.1)', () => {
  const cited: TextSegment = {
    kind: 'text',
    content: 'Mesa Trail is **closed** north of NCAR until July 20.',
    cacheControl: { type: 'ephemeral' },
    citations: [
      {
        type: 'web_search_result_location',
        url: 'https://bouldercolorado.gov/trail-closures',
        title: 'Trail closures | City of Boulder',
        cited_text: 'Mesa Trail between NCAR and Bear Canyon is closed through July 20.',
        encrypted_index: 'EpMBCioIBhgC',
      },
      {
        type: 'url_citation',
        url: 'https://bouldercolorado.gov/trail-closures',
        title: 'Trail closures | City of Boulder',
        start_index: 0,
        end_index: 10,
      },
      { type: 'file_citation', file_id: 'file-9x', filename: 'trail-report.pdf', index: 12 },
      {
        type: 'char_location',
        cited_text: 'the grass is green',
        document_index: 0,
        document_title: 'Field notes',
        start_char_index: 0,
        end_char_index: 18,
      },
    ],
  };

  it('lists numbered sources under the unchanged text, cited text as a quote', async () => {
    const el = await fixture<SegmentText>(html`<segment-text .segment=${cited}></segment-text>`);
    const root = el.shadowRoot!;
    expect(root.querySelector('[part~="content"]')!.textContent!.trim()).to.equal(
      'Mesa Trail is closed north of NCAR until July 20.',
    );
    const list = root.querySelector('[part~="citations"] ol')!;
    const items = [...list.querySelectorAll('[part~="citation"]')];
    expect(
      items.map((li) => li.firstChild && li.textContent!.replace(/\s+/g, ' ').trim()),
    ).to.deep.equal([
      'Trail closures | City of Boulder — bouldercolorado.gov Mesa Trail between NCAR and Bear Canyon is closed through July 20.',
      'Trail closures | City of Boulder — bouldercolorado.gov',
      'file trail-report.pdf',
      'Field notes the grass is green',
    ]);
    const link = items[0].querySelector<HTMLAnchorElement>('[part~="citation-link"]')!;
    expect(link.getAttribute('href')).to.equal('https://bouldercolorado.gov/trail-closures');
    expect(link.rel).to.equal('noopener noreferrer');
    expect(link.referrerPolicy).to.equal('no-referrer');
    expect(items[0].querySelector('blockquote[part~="cited-text"]')).to.exist;
    expect(root.textContent).to.not.include('EpMBCioI');
    const cache = root.querySelector<HTMLElement>('[part~="cache"]')!;
    expect(cache.textContent!.trim()).to.equal('cached (ephemeral)');
    // A small note, not text of the answer.
    expect(parseFloat(getComputedStyle(cache).fontSize)).to.be.below(
      parseFloat(getComputedStyle(root.querySelector('[part~="content"]')!).fontSize),
    );
  });

  it('draws nothing extra for a plain text', async () => {
    const el = await fixture<SegmentText>(html`<segment-text .segment=${text}></segment-text>`);
    expect(el.shadowRoot!.querySelector('[part~="citations"]')).to.equal(null);
    expect(el.shadowRoot!.querySelector('[part~="cache"]')).to.equal(null);
  });

  it('never links an unsafe citation URL, and shows hostile fields as text', async () => {
    const el = await fixture<SegmentText>(
      html`<segment-text
        .segment=${{
          kind: 'text',
          content: 'x',
          citations: [
            { type: 'url_citation', url: 'javascript:window.__pwned=1', title: HOSTILE },
            { type: 'web_search_result_location', url: HOSTILE, title: 't', cited_text: HOSTILE },
          ],
        }}
      ></segment-text>`,
    );
    await expectInert(el);
    expect(el.shadowRoot!.querySelectorAll('[part~="citations"] a[href]').length).to.equal(0);
    expect(el.shadowRoot!.querySelector('[part~="cited-text"]')!.textContent).to.equal(HOSTILE);
  });
});
