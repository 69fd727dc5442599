import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/segment-memory/segment-memory.js';
import type { SegmentMemory } from '../../src/elements/segment-memory/segment-memory.js';
import type { MemorySegment } from '../../src/core/protocol/types.js';
import { segmentContract } from './contract.js';
import { togglesOnClick } from './helpers.js';

const memory: MemorySegment = {
  kind: 'memory',
  description: 'Facts from earlier conversations.',
  items: [
    { title: 'Background', content: 'Design student, **second year**.' },
    { title: 'Deadline', content: 'Report due June 16.' },
  ],
  collapsed: true,
};

segmentContract('segment-memory', memory, { kind: 'text', content: 'hi' });

describe('<segment-memory>', () => {
  it('starts collapsed, shows the count, and expands on click with aria-expanded and one event', async () => {
    const el = await fixture<SegmentMemory>(
      html`<segment-memory message-id="a-1" segment-index="2" .segment=${memory}></segment-memory>`,
    );
    const header = el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="header"]')!;
    expect(header.getAttribute('aria-expanded')).to.equal('false');
    expect(header.textContent).to.include('Memory');
    expect(header.textContent).to.include('2 items');
    expect(el.shadowRoot!.querySelector('[part~="item"]')).to.not.exist;

    expect(await togglesOnClick(el, header)).to.deep.equal([
      { messageId: 'a-1', segmentIndex: 2, collapsed: false },
    ]);
    expect(header.getAttribute('aria-expanded')).to.equal('true');
    const items = el.shadowRoot!.querySelectorAll('[part~="item"]');
    expect(items).to.have.length(2);
    expect(items[0].textContent).to.include('Background');
    expect(items[0].querySelector('strong')!.textContent).to.equal('second year');
    expect(el.shadowRoot!.textContent).to.include('Facts from earlier conversations.');
  });

  it('respects collapsed: false in the data', async () => {
    const el = await fixture<SegmentMemory>(
      html`<segment-memory .segment=${{ ...memory, collapsed: false }}></segment-memory>`,
    );
    expect(el.shadowRoot!.querySelectorAll('[part~="item"]')).to.have.length(2);
  });

  it('remembers a toggle in the shared memory', async () => {
    const collapseMemory = new Map<string, boolean>();
    const el = await fixture<SegmentMemory>(
      html`<segment-memory
        message-id="m"
        .collapseMemory=${collapseMemory}
        .segment=${memory}
      ></segment-memory>`,
    );
    el.toggle();
    await el.updateComplete;
    expect(collapseMemory.get('m/0')).to.equal(false);
    const again = await fixture<SegmentMemory>(
      html`<segment-memory
        message-id="m"
        .collapseMemory=${collapseMemory}
        .segment=${memory}
      ></segment-memory>`,
    );
    expect(again.collapsed).to.equal(false);
  });

  it('shows Chinese labels under lang="zh-CN"', async () => {
    const host = await fixture(
      html`<div lang="zh-CN"><segment-memory .segment=${memory}></segment-memory></div>`,
    );
    const el = host.querySelector('segment-memory')!;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part~="label"]')!.textContent).to.equal('记忆');
    expect(el.shadowRoot!.querySelector('[part~="summary"]')!.textContent).to.equal('2 项');
  });

  it('draws open segments with much text a few per frame, collapsed ones at once (issue 20)', async () => {
    const box = await fixture<HTMLDivElement>(html`<div></div>`);
    const long = (i: number): MemorySegment => ({
      kind: 'memory',
      items: [{ title: `Item ${i}`, content: `**Fact ${i}** ${'word '.repeat(8_000)}` }],
      collapsed: i === 5,
    });
    const segments = Array.from({ length: 6 }, (_, i) => {
      const el = document.createElement('segment-memory') as SegmentMemory;
      el.segment = long(i);
      box.append(el);
      return el;
    });
    // Every first update, and nothing else: no frame or timer runs between microtasks.
    for (let i = 0; i < 1_000 && !segments.every((el) => el.hasUpdated); i++)
      await Promise.resolve();
    const waiting = () =>
      segments.map((el) => el.shadowRoot!.querySelector('[aria-busy="true"]') !== null);
    // 40,000 characters each: one turn draws the first open one, plus the collapsed one.
    expect(waiting()).to.deep.equal([false, true, true, true, true, false]);
    expect(segments[5]!.shadowRoot!.querySelector('[part~="header"]')).to.exist;
    await Promise.all(segments.map((el) => el.updateComplete));
    expect(waiting()).to.deep.equal([false, false, false, false, false, false]);
    expect(segments[4]!.shadowRoot!.querySelector('strong')!.textContent).to.equal('Fact 4');
  });
});
