import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/segment-long-text/segment-long-text.js';
import type { SegmentLongText } from '../../src/elements/segment-long-text/segment-long-text.js';
import type { LongTextSegment } from '../../src/core/protocol/types.js';
import { segmentContract } from './contract.js';
import { expectInert, HOSTILE, part, togglesOnClick } from './helpers.js';

const lines = Array.from(
  { length: 40 },
  (_, i) =>
    `2024-06-0${(i % 9) + 1}T10:${String(i).padStart(2, '0')}:00Z INFO worker-${i} **handled** request #${i}`,
);
const content = lines.join('\n');

const longText: LongTextSegment = {
  kind: 'long_text',
  content,
  charCount: 2375,
  collapsed: true,
};

segmentContract('segment-long-text', longText, { kind: 'text', content: 'hi' });

describe('<segment-long-text>', () => {
  it('starts collapsed with the first two lines, the character count and "Show all"', async () => {
    const el = await fixture<SegmentLongText>(
      html`<segment-long-text .segment=${longText}></segment-long-text>`,
    );
    const preview = part(el, 'preview') as HTMLElement;
    expect(preview.textContent).to.equal(`${lines[0]}\n${lines[1]}`);
    expect(el.shadowRoot!.textContent).to.not.include(lines[2]);
    const lineHeight = parseFloat(getComputedStyle(preview).lineHeight);
    expect(preview.getBoundingClientRect().height).to.be.closeTo(2 * lineHeight, 2);
    expect(part(el, 'count')!.textContent).to.equal('2,375 characters');
    expect(part(el, 'label')!.textContent).to.equal('Long text');
    const button = part(el, 'toggle') as HTMLButtonElement;
    expect(button.type).to.equal('button');
    expect(button.textContent!.trim()).to.equal('Show all');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(part(el, 'text')).to.equal(null);
  });

  it('clamps a single long first line to two visual lines', async () => {
    const host = await fixture<HTMLElement>(
      html`<div style="width: 300px">
        <segment-long-text
          .segment=${{ ...longText, content: 'word '.repeat(400) }}
        ></segment-long-text>
      </div>`,
    );
    const el = host.querySelector('segment-long-text')!;
    await el.updateComplete;
    const preview = part(el, 'preview') as HTMLElement;
    const lineHeight = parseFloat(getComputedStyle(preview).lineHeight);
    expect(preview.getBoundingClientRect().height).to.be.closeTo(2 * lineHeight, 2);
    expect(preview.scrollHeight).to.be.greaterThan(preview.clientHeight);
  });

  it('expands on click to the full text, with one segment-toggle event, and collapses again', async () => {
    const el = await fixture<SegmentLongText>(
      html`<segment-long-text
        message-id="u-2"
        segment-index="3"
        .segment=${longText}
      ></segment-long-text>`,
    );
    const button = part(el, 'toggle') as HTMLButtonElement;
    expect(button.getAttribute('aria-controls')).to.equal(part(el, 'content')!.id);

    expect(await togglesOnClick(el, button)).to.deep.equal([
      { messageId: 'u-2', segmentIndex: 3, collapsed: false },
    ]);
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(button.textContent!.trim()).to.equal('Show less');
    const text = part(el, 'text') as HTMLElement;
    expect(text.textContent).to.equal(content);
    const style = getComputedStyle(text);
    expect(style.whiteSpace).to.equal('pre-wrap');
    expect(style.fontFamily).to.match(/mono|Menlo|Consolas/i);
    expect(style.overflowY).to.equal('auto');
    expect(style.maxHeight).to.not.equal('none');
    expect(text.tabIndex).to.equal(0);
    expect(part(el, 'preview')).to.equal(null);

    expect(await togglesOnClick(el, button)).to.deep.equal([
      { messageId: 'u-2', segmentIndex: 3, collapsed: true },
    ]);
    expect(part(el, 'preview')).to.not.equal(null);
    expect(button.textContent!.trim()).to.equal('Show all');
  });

  it('respects collapsed: false in the data', async () => {
    const el = await fixture<SegmentLongText>(
      html`<segment-long-text .segment=${{ ...longText, collapsed: false }}></segment-long-text>`,
    );
    expect(part(el, 'text')!.textContent).to.equal(content);
  });

  it('shows the content as text, never as Markdown', async () => {
    const el = await fixture<SegmentLongText>(
      html`<segment-long-text .segment=${{ ...longText, collapsed: false }}></segment-long-text>`,
    );
    expect(part(el, 'text')!.textContent).to.include('**handled**');
    expect(el.shadowRoot!.querySelector('strong')).to.equal(null);
  });

  it('is accessible expanded, in both themes', async () => {
    for (const theme of ['light', 'dark']) {
      const el = await fixture<SegmentLongText>(
        html`<segment-long-text
          theme=${theme}
          .segment=${{ ...longText, collapsed: false }}
        ></segment-long-text>`,
      );
      await expect(el).to.be.accessible();
    }
  });

  it('shows Chinese labels and a grouped count under lang="zh-CN"', async () => {
    const host = await fixture(
      html`<div lang="zh-CN"><segment-long-text .segment=${longText}></segment-long-text></div>`,
    );
    const el = host.querySelector('segment-long-text')!;
    await el.updateComplete;
    expect(part(el, 'count')!.textContent).to.equal('2,375 个字符');
    expect(part(el, 'label')!.textContent).to.equal('长文本');
    const button = part(el, 'toggle') as HTMLButtonElement;
    expect(button.textContent!.trim()).to.equal('显示全部');
    button.click();
    await el.updateComplete;
    expect(button.textContent!.trim()).to.equal('收起');
  });

  it('formats the count for the page language and survives an invalid lang tag', async () => {
    const host = await fixture(
      html`<div>
        <segment-long-text lang="de" .segment=${longText}></segment-long-text>
        <segment-long-text lang="not a language!" .segment=${longText}></segment-long-text>
        <segment-long-text .segment=${{ ...longText, charCount: 1 }}></segment-long-text>
      </div>`,
    );
    const [german, invalid, one] = host.querySelectorAll('segment-long-text');
    await Promise.all([german.updateComplete, invalid.updateComplete, one.updateComplete]);
    expect(part(german, 'count')!.textContent).to.equal('2.375 characters');
    expect(part(invalid, 'count')!.textContent).to.equal('2,375 characters');
    expect(part(one, 'count')!.textContent).to.equal('1 character');
  });

  it('shows hostile text as text: nothing runs, no handler, no javascript: URL', async () => {
    const el = await fixture<SegmentLongText>(
      html`<segment-long-text
        .segment=${{ ...longText, content: `${HOSTILE}\n${HOSTILE}` }}
      ></segment-long-text>`,
    );
    expect(part(el, 'preview')!.textContent).to.equal(`${HOSTILE}\n${HOSTILE}`);
    (part(el, 'toggle') as HTMLButtonElement).click();
    await el.updateComplete;
    await expectInert(el.shadowRoot!);
    expect(part(el, 'text')!.textContent).to.equal(`${HOSTILE}\n${HOSTILE}`);
  });
});
