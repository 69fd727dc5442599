import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/segment-text.js';
import type { SegmentText } from '../../src/elements/segment-text.js';
import type { TextSegment } from '../../src/core/protocol.js';
import { segmentContract } from './contract.js';

const text: TextSegment = {
  kind: 'text',
  content:
    'Here is the plan for **Tuesday**:\n\n- Book the `BER → LIS` flight\n- See [the fares](https://example.com/fares)\n\n| Day | Task |\n|---|---|\n| Tue | Fly |',
};

const HOSTILE =
  '<img src=x onerror="window.__pwned=1"> <script>window.__pwned=1</script> [x](javascript:alert(1))';

/** No script, no event handler attribute and no javascript: link anywhere in the shadow root. */
function expectInert(root: ShadowRoot) {
  expect((window as { __pwned?: unknown }).__pwned, 'window.__pwned').to.equal(undefined);
  expect(root.querySelectorAll('script'), 'script elements').to.have.length(0);
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(attribute.name, `attribute on <${element.localName}>`).to.not.match(/^on/i);
      expect(attribute.value, `${attribute.name} on <${element.localName}>`).to.not.match(
        /^\s*javascript:/i,
      );
    }
  }
}

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
    await new Promise((resolve) => setTimeout(resolve, 100));
    expectInert(el.shadowRoot!);
    expect(
      el.shadowRoot!.querySelector('img')?.hasAttribute('src') ?? false,
      'img keeps no src',
    ).to.equal(false);
    expect(el.shadowRoot!.querySelector('a'), 'the link text stays, without its href').to.not.equal(
      null,
    );
  });
});
