import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/segment-memory.js';
import '../../src/elements/envelope-diff.js';
import type { MemorySegment } from '../../src/core/protocol/types.js';

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
