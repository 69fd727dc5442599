import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/envelope-message/envelope-message.js';
import '../../src/elements/segment-memory/segment-memory.js';
import '../../src/elements/segment-text/segment-text.js';
import '../../src/elements/tool-call-request/tool-call-request.js';
import { markdownTooHard } from '../../src/elements/internal/markdown/markdown-guard.js';
import { shownLabel, shownListLabel } from '../../src/elements/internal/pacing/shown-text.js';
import { deepQueryAll, deepText, part, parts } from './helpers.js';

/** Issue 20: every list an element draws shows a slice and a "show N more" for the next one. */
describe('render budgets', () => {
  it('a memory of 250 items shows 100, then 100 more, then the last 50', async () => {
    const items = Array.from({ length: 250 }, (_, i) => ({ title: `t${i}`, content: `c${i}` }));
    const el = await fixture(
      html`<segment-memory
        .segment=${{ kind: 'memory', collapsed: false, items }}
      ></segment-memory>`,
    );
    expect(parts(el, 'item').length).to.equal(100);
    const more = part(el, 'more')!;
    expect(more.textContent!.trim()).to.equal('Show 100 more (150 not shown)');
    more.click();
    await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(parts(el, 'item').length).to.equal(200);
    expect(part(el, 'more')!.textContent!.trim()).to.equal('Show 50 more (50 not shown)');
    part(el, 'more')!.click();
    await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(parts(el, 'item').length).to.equal(250);
    expect(part(el, 'more')).to.equal(null);
  });

  it("the button speaks the element's language", async () => {
    const items = Array.from({ length: 101 }, (_, i) => ({ title: `t${i}`, content: `c${i}` }));
    const el = await fixture(
      html`<segment-memory
        lang="zh-CN"
        .segment=${{ kind: 'memory', collapsed: false, items }}
      ></segment-memory>`,
    );
    expect(part(el, 'more')!.textContent!.trim()).to.equal('再显示 1 项（还有 1 项未显示）');
  });

  it('a million array elements draw one slice; nested values past the budget wait closed', async () => {
    const list = Array.from({ length: 1_000_000 }, (_, i) => i);
    const fields = Object.fromEntries(Array.from({ length: 30 }, (_, k) => [`f${k}`, k]));
    const nested = Array.from({ length: 500 }, (_, i) => ({ id: i, fields }));
    const el = await fixture(
      html`<tool-call-request
        .segment=${{ kind: 'tool_call_request', toolName: 't', collapsed: false, arguments: { list, nested } }}
      ></tool-call-request>`,
    );
    const rows = parts(el, 'argument');
    expect(rows.length).to.be.below(500);
    expect(deepText(el)).to.include('Show 100 more (999,980 not shown)');
    const closed = deepQueryAll<HTMLButtonElement>(
      el,
      '[part~="value-toggle"][aria-expanded="false"]',
    );
    expect(closed.length).to.be.greaterThan(0);
    closed[0]!.click();
    await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(closed[0]!.getAttribute('aria-expanded')).to.equal('true');
  });

  it('a message of 1,000 segments draws 100 and a button for the rest', async () => {
    const segments = Array.from({ length: 1_000 }, (_, i) => ({ kind: 'text', content: `s${i}` }));
    const el = await fixture(
      html`<envelope-message
        .message=${{ id: 'm', role: 'user', timestamp: 0, segments }}
      ></envelope-message>`,
    );
    expect(el.shadowRoot!.querySelectorAll('[part~="segment"]').length).to.equal(100);
    expect(part(el, 'more')!.textContent!.trim()).to.equal('Show 100 more (900 not shown)');
  });

  it('role badges stop at ten and count the rest', async () => {
    const roles = Array.from({ length: 5_000 }, (_, i) => `r${i}`);
    const el = await fixture(
      html`<envelope-message
        .message=${{ id: 'm', role: 'user', timestamp: 0, actor: { userId: 'u', roles }, segments: [{ kind: 'text', content: 'x' }] }}
      ></envelope-message>`,
    );
    expect(parts(el, 'badge').length).to.equal(11);
    expect(part(el, 'more-roles')!.textContent!.trim()).to.equal('+4,990');
  });

  it('the facts list a million roles as the label of their whole list: its first 2,000 characters', () => {
    const many = Array.from({ length: 1_000_000 }, (_, i) => `r${i}`);
    for (const roles of [many, many.slice(0, 3), many.slice(0, 380), many.slice(0, 400), []])
      expect(shownListLabel(roles, ', ')).to.equal(shownLabel(roles.join(', ')));
  });

  it('Markdown shaped to stall the parser is shown as plain text with a note', async () => {
    const content = 'a*_'.repeat(30_000);
    const el = await fixture(
      html`<segment-text .segment=${{ kind: 'text', content }}></segment-text>`,
    );
    expect(el.shadowRoot!.querySelector('.markdown-plain')!.textContent).to.equal(content);
    expect(part(el, 'cut')!.textContent).to.include('plain text');
  });
});

describe('markdownTooHard', () => {
  const CASES: [string, string, boolean][] = [
    ['ordinary prose', 'The *quick* brown **fox**.\n\n- one\n- two\n\n> quote', false],
    ['a long answer in short paragraphs', 'Some *emphasis* and `code`.\n\n'.repeat(3_000), false],
    ['a list of 2,000 bold items', '- **item** _x_\n'.repeat(2_000), false],
    ['`a*_` to 3,000 characters', 'a*_'.repeat(1_000), true],
    ['`a*_` over lines of one paragraph', 'a*_a*_a*_\n'.repeat(400), true],
    ['`a*_` inside a code fence', `\`\`\`\n${'a*_'.repeat(10_000)}\n\`\`\``, false],
    ['quotes 40 deep', `${'> '.repeat(40)}x`, true],
    ['lists 40 deep on one line', `${'- '.repeat(40)}x`, true],
    ['a list item indented 100 columns', `${' '.repeat(100)}- x`, true],
    ['code indented 100 columns', `${' '.repeat(100)}x`, false],
  ];
  for (const [name, source, expected] of CASES)
    it(`${name}: ${expected ? 'plain' : 'Markdown'}`, () =>
      expect(markdownTooHard(source)).to.equal(expected));
});
