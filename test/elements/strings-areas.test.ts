import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/segment-memory/segment-memory.js';
import '../../src/elements/envelope-diff/envelope-diff.js';
import type { MemorySegment } from '../../src/core/protocol/types.js';
import { loadDemo } from './helpers.js';

// The words come in areas (strings.ts): the shared ones, and one table per element. A page loads
// a language's table of an area when an element of that area first shows the language.
const memory: MemorySegment = {
  kind: 'memory',
  items: [{ title: 'A', content: 'b' }],
  collapsed: true,
};

const lazyStrings = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path.includes('/strings/zh-CN/'))
    .map((path) => path.replace(/^.*\/strings\/zh-CN\/([a-z]+)\..*$/, '$1'))
    .sort();

describe('strings by area', () => {
  it('loads only the Chinese tables of the elements shown, and a later element its own too', async () => {
    const segment = await fixture(
      html`<segment-memory lang="zh-CN" .segment=${memory}></segment-memory>`,
    );
    const header = segment.shadowRoot!.querySelector('[part~="header"]')!;
    expect(header.textContent).to.include('记忆');
    expect(lazyStrings()).to.deep.equal(['base']);

    // The diff's words arrive after the shared ones were loaded: its own table loads then.
    const diff = await fixture(html`<envelope-diff lang="zh-CN"></envelope-diff>`);
    await (diff as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete;
    expect(diff.shadowRoot!.textContent).to.include('请提供要对比的两个信封');
    expect(lazyStrings()).to.deep.equal(['base', 'diff']);
  });
});

describe('counts in words', () => {
  const withItems = (n: number): MemorySegment => ({
    kind: 'memory',
    items: Array.from({ length: n }, (_, i) => ({ title: `T${i}`, content: 'c' })),
    collapsed: true,
  });
  const summary = async (n: number, lang: string) => {
    const el = await fixture(
      html`<segment-memory lang=${lang} .segment=${withItems(n)}></segment-memory>`,
    );
    return el.shadowRoot!.querySelector('[part~="header"]')!.textContent!.replace(/\s+/g, ' ');
  };

  it('says "1 item" and "2 items" in English, the same form for every count in Chinese', async () => {
    expect(await summary(1, 'en'))
      .to.include('1 item')
      .and.not.include('1 items');
    expect(await summary(2, 'en')).to.include('2 items');
    expect(await summary(1, 'zh-CN')).to.include('1 项');
    expect(await summary(3, 'zh-CN')).to.include('3 项');
  });

  it('a chat of one message says "1 message"', async () => {
    await import('../../src/elements/envelope-chat/envelope-chat.js');
    const demo = await loadDemo('a');
    const one = { ...demo, messages: demo.messages.slice(0, 1) };
    const chat = await fixture(html`<envelope-chat .envelope=${one}></envelope-chat>`);
    await waitUntil(() => chat.shadowRoot?.querySelector('[part~="header"]'));
    const header = chat.shadowRoot!.querySelector('[part~="header"]')!.textContent!;
    expect(header.replace(/\s+/g, ' ')).to.include('1 message').and.not.include('1 messages');
  });
});
