import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/segment-thinking/segment-thinking.js';
import type { SegmentThinking } from '../../src/elements/segment-thinking/segment-thinking.js';
import type { ThinkingSegment } from '../../src/core/protocol/types.js';
import { segmentContract } from './contract.js';
import { expectInert, HOSTILE, part, parts, togglesOnClick } from './helpers.js';

const thinking: ThinkingSegment = {
  kind: 'thinking',
  content:
    'The user asks for **three** trails near Boulder.\n\n- Check the distance\n- Prefer shade in July',
  collapsed: true,
  signature: 'EqQBCkYIBxgCKkCQ2x8…signature…',
};

const mount = (segment: ThinkingSegment | string, attrs = '') =>
  fixture<SegmentThinking>(
    attrs
      ? html`<segment-thinking lang=${attrs} .segment=${segment}></segment-thinking>`
      : html`<segment-thinking .segment=${segment}></segment-thinking>`,
  );

segmentContract('segment-thinking', thinking, { kind: 'text', content: 'hi' });

describe('<segment-thinking>', () => {
  it('starts collapsed: "Thinking", its length and "signed", never the signature', async () => {
    const el = await mount(thinking);
    const header = part(el, 'header')!;
    expect(header.localName).to.equal('button');
    expect(header.getAttribute('aria-expanded')).to.equal('false');
    expect(part(el, 'label')!.textContent).to.equal('Thinking');
    expect(part(el, 'summary')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      `${thinking.content.length} characters · signed`,
    );
    expect(part(el, 'content')).to.equal(null);
    expect(el.shadowRoot!.textContent).to.not.include('EqQBCkYI');
  });

  it('groups the digits of a long thinking ("1,204 characters")', async () => {
    const el = await mount({ kind: 'thinking', content: 'x'.repeat(1204), collapsed: true });
    expect(part(el, 'summary')!.textContent!.trim()).to.equal('1,204 characters');
  });

  it('expands to the text as Markdown, with one segment-toggle event', async () => {
    const el = await fixture<SegmentThinking>(
      html`<segment-thinking
        message-id="a-1"
        segment-index="0"
        .segment=${thinking}
      ></segment-thinking>`,
    );
    const header = part(el, 'header')!;
    expect(await togglesOnClick(el, header)).to.deep.equal([
      { messageId: 'a-1', segmentIndex: 0, collapsed: false },
    ]);
    expect(header.getAttribute('aria-expanded')).to.equal('true');
    const content = part(el, 'content')!;
    expect(content.querySelector('strong')!.textContent).to.equal('three');
    expect([...content.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal([
      'Check the distance',
      'Prefer shade in July',
    ]);
    expect(el.shadowRoot!.textContent).to.not.include('EqQBCkYI');
  });

  it('shows redacted thinking as its size only, with nothing to open', async () => {
    const el = await mount({
      kind: 'thinking',
      content: '',
      redactedData: 'EmwKAhgBEgy3va3pzix/LafPsn4a'.repeat(40),
      collapsed: true,
    });
    const header = part(el, 'header')!;
    expect(header.localName).to.equal('div');
    expect(el.shadowRoot!.querySelector('button')).to.equal(null);
    expect(header.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      'Thinking redacted, 1,120 bytes',
    );
    expect(el.shadowRoot!.textContent).to.not.include('EmwKAhgB');
  });

  it('shows an encrypted-only reasoning item as "encrypted, N bytes"', async () => {
    const el = await mount({
      kind: 'thinking',
      content: '',
      encryptedContent: 'gAAAAABo'.repeat(64),
      itemId: 'rs_123',
      collapsed: true,
    });
    expect(part(el, 'summary')!.textContent!.trim()).to.equal('encrypted, 512 bytes');
    expect(el.shadowRoot!.querySelector('button')).to.equal(null);
    expect(el.shadowRoot!.textContent).to.not.include('gAAAA');
    expect(el.shadowRoot!.textContent).to.not.include('rs_123');
  });

  it('shows a summary-only reasoning item: its parts when expanded', async () => {
    const el = await mount({
      kind: 'thinking',
      content: '',
      summary: ['**Planning the answer.** Look up trails.', 'Then rank them by shade.'],
      encryptedContent: 'gAAAAB',
      collapsed: false,
    });
    expect(part(el, 'summary')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      'summary, 2 parts · encrypted, 6 bytes',
    );
    const shown = parts(el, 'summary-part');
    expect(shown.map((p) => p.textContent!.trim())).to.deep.equal([
      'Planning the answer. Look up trails.',
      'Then rank them by shade.',
    ]);
    expect(shown[0].querySelector('strong')).to.exist;
    // One kind of text: no captions.
    expect(part(el, 'caption')).to.equal(null);
  });

  it('captions the summary and the text when both came', async () => {
    const el = await mount({ ...thinking, summary: ['Short.'], collapsed: false });
    expect(parts(el, 'caption').map((c) => c.textContent!.trim())).to.deep.equal([
      'Summary',
      'Thinking text',
    ]);
  });

  it('says "1 part" and "no text" where they apply', async () => {
    const one = await mount({ kind: 'thinking', content: '', summary: ['A'], collapsed: true });
    expect(part(one, 'summary')!.textContent!.trim()).to.equal('summary, 1 part');
    const none = await mount({ kind: 'thinking', content: '', collapsed: true });
    expect(part(none, 'summary')!.textContent!.trim()).to.equal('no text');
    const signed = await mount({ kind: 'thinking', content: '', signature: 'x', collapsed: true });
    expect(part(signed, 'summary')!.textContent!.trim()).to.equal('signed');
  });

  it('is in Chinese under lang="zh-CN"', async () => {
    const el = await mount(
      { kind: 'thinking', content: '', redactedData: 'abcd', collapsed: true },
      'zh-CN',
    );
    await new Promise((r) => setTimeout(r, 50));
    await el.updateComplete;
    expect(part(el, 'label')!.textContent).to.equal('思考');
    expect(part(el, 'summary')!.textContent!.trim()).to.equal('已屏蔽，4 字节');
  });

  it('cuts a huge thinking text with a note, drawn as plain text', async () => {
    const el = await mount({ kind: 'thinking', content: 'word '.repeat(30_000), collapsed: false });
    expect(part(el, 'content')!.textContent!.length).to.equal(100_000);
    expect(part(el, 'cut')!.textContent).to.include('150,000');
  });

  it('keeps hostile text and summary inert', async () => {
    const el = await mount({
      kind: 'thinking',
      content: HOSTILE,
      summary: [HOSTILE],
      collapsed: false,
    });
    // Drawn as Markdown: the raw HTML sanitized, the javascript: link kept as text.
    const link = part(el, 'content')!.querySelector('a')!;
    expect(link.textContent).to.equal('x');
    expect(link.hasAttribute('href')).to.equal(false);
    await expectInert(el);
  });
});
