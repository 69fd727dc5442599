import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/segment-document/segment-document.js';
import type { SegmentDocument } from '../../src/elements/segment-document/segment-document.js';
import type { DocumentSegment } from '../../src/core/protocol/types.js';
import { segmentContract } from './contract.js';
import { expectInert, HOSTILE, part, togglesOnClick } from './helpers.js';

const doc: DocumentSegment = {
  kind: 'document',
  fileName: 'Q3-board-report.pdf',
  mimeType: 'application/pdf',
  snippet: 'Quarterly report, third quarter.\nRevenue grew 12 % over the second quarter.',
  sizeBytes: 2_845_000,
  parsedContent:
    '## Summary\n\nRevenue grew **12 %**.\n\n| Region | Growth |\n|---|---|\n| EU | 9 % |',
};

segmentContract('segment-document', doc, { kind: 'text', content: 'hi' });

describe('<segment-document>', () => {
  it('shows the file name, human size, MIME type and snippet', async () => {
    const el = await fixture<SegmentDocument>(
      html`<segment-document .segment=${doc}></segment-document>`,
    );
    expect(part(el, 'file-name')!.textContent).to.include('Q3-board-report.pdf');
    expect(part(el, 'size')!.textContent).to.equal('2.7 MB');
    expect(part(el, 'mime-type')!.textContent).to.equal('application/pdf');
    const snippet = part(el, 'snippet')!;
    expect(snippet.textContent).to.equal(doc.snippet);
    expect(getComputedStyle(snippet).whiteSpace).to.equal('pre-wrap');
    expect(part(el, 'icon')!.querySelector('svg')).to.not.equal(null);
    expect(part(el, 'parsed')!.hasAttribute('hidden')).to.equal(true);
  });

  it('reveals the parsed content as Markdown with its button, without a segment-toggle', async () => {
    const el = await fixture<SegmentDocument>(
      html`<segment-document .segment=${doc}></segment-document>`,
    );
    const button = part(el, 'toggle') as HTMLButtonElement;
    expect(button.type).to.equal('button');
    expect(button.textContent!.trim()).to.equal('View parsed content');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(button.getAttribute('aria-controls')).to.equal(part(el, 'parsed')!.id);

    expect(await togglesOnClick(el, button), 'no segment-toggle').to.deep.equal([]);
    const parsed = part(el, 'parsed')!;
    expect(parsed.hasAttribute('hidden')).to.equal(false);
    expect(parsed.querySelector('h2')!.textContent).to.equal('Summary');
    expect(parsed.querySelector('strong')!.textContent).to.equal('12 %');
    expect(parsed.querySelector('td')!.textContent).to.equal('EU');
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(button.textContent!.trim()).to.equal('Hide parsed content');

    expect(await togglesOnClick(el, button), 'no segment-toggle').to.deep.equal([]);
    expect(parsed.hasAttribute('hidden')).to.equal(true);
    expect(button.textContent!.trim()).to.equal('View parsed content');
  });

  it('has no button without parsed content', async () => {
    const plain: DocumentSegment = { ...doc };
    delete plain.parsedContent;
    const el = await fixture<SegmentDocument>(
      html`<segment-document .segment=${plain}></segment-document>`,
    );
    expect(part(el, 'toggle')).to.equal(null);
    expect(part(el, 'parsed')).to.equal(null);
  });

  it('wraps a long file name instead of overflowing', async () => {
    const long = { ...doc, fileName: `${'very-long-file-name-without-spaces-'.repeat(8)}.pdf` };
    const host = await fixture<HTMLElement>(
      html`<div style="width: 240px"><segment-document .segment=${long}></segment-document></div>`,
    );
    const el = host.querySelector('segment-document')!;
    await el.updateComplete;
    const card = part(el, 'card') as HTMLElement;
    expect(card.scrollWidth).to.be.at.most(card.clientWidth);
    expect(card.getBoundingClientRect().width).to.be.at.most(240);
    const name = part(el, 'file-name')!.getBoundingClientRect();
    expect(name.right).to.be.at.most(card.getBoundingClientRect().right);
  });

  it('is accessible with the parsed content shown, in both themes', async () => {
    for (const theme of ['light', 'dark']) {
      const el = await fixture<SegmentDocument>(
        html`<segment-document theme=${theme} .segment=${doc}></segment-document>`,
      );
      (part(el, 'toggle') as HTMLButtonElement).click();
      await el.updateComplete;
      await expect(el).to.be.accessible();
    }
  });

  it('shows Chinese labels under lang="zh-CN"', async () => {
    const host = await fixture(
      html`<div lang="zh-CN"><segment-document .segment=${doc}></segment-document></div>`,
    );
    const el = host.querySelector('segment-document')!;
    await el.updateComplete;
    const button = part(el, 'toggle') as HTMLButtonElement;
    expect(button.textContent!.trim()).to.equal('查看解析');
    button.click();
    await el.updateComplete;
    expect(button.textContent!.trim()).to.equal('收起解析');
    expect(part(el, 'file-name')!.textContent).to.include('文档');
  });

  it('shows hostile strings as text and sanitizes hostile Markdown', async () => {
    const hostile = {
      ...doc,
      fileName: HOSTILE,
      mimeType: HOSTILE,
      snippet: HOSTILE,
      parsedContent: HOSTILE,
    };
    const el = await fixture<SegmentDocument>(
      html`<segment-document .segment=${hostile}></segment-document>`,
    );
    (part(el, 'toggle') as HTMLButtonElement).click();
    await el.updateComplete;
    await expectInert(el.shadowRoot!);
    expect(part(el, 'file-name')!.textContent).to.include(HOSTILE);
    expect(part(el, 'snippet')!.textContent).to.equal(HOSTILE);
    const parsed = part(el, 'parsed')!;
    expect(parsed.textContent).to.include('x');
    expect(parsed.querySelector('a')?.hasAttribute('href') ?? false).to.equal(false);
  });
});
