import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/segment-text.js';
import type { SegmentText } from '../../src/elements/segment-text.js';
import type { TextSegment } from '../../src/core/protocol.js';
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
});
