import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/envelope-diff/envelope-diff.js';
import type { EnvelopeDiff } from '../../src/elements/envelope-diff/envelope-diff.js';
import type { DiffError } from '../../src/core/insight/diff.js';
import type { Envelope, MemorySegment, Message } from '../../src/core/protocol/types.js';
import type { EnvelopeErrorEvent } from '../../src/events.js';
import { HOSTILE, deepQueryAll, expectInert, loadDemo, settle } from './helpers.js';

const copy = <T>(value: T): T => structuredClone(value);

/** Demo A and a copy whose third memory item says something else. */
async function memoryChange(): Promise<[Envelope, Envelope, string]> {
  const before = await loadDemo('a');
  const after = copy(before);
  const memory = after.messages[0].segments.find((s) => s.kind === 'memory') as MemorySegment;
  memory.items[2].content = 'Usability study report moved to Friday, June 19, 2026.';
  return [before, after, memory.items[2].content];
}

async function mount(before: unknown, after: unknown) {
  const el = await fixture<EnvelopeDiff>(
    html`<envelope-diff .beforeEnvelope=${before} .afterEnvelope=${after}></envelope-diff>`,
  );
  await settle(el);
  return el;
}

const $$ = (el: EnvelopeDiff, selector: string) => [
  ...el.shadowRoot!.querySelectorAll<HTMLElement>(selector),
];

describe('<envelope-diff>', () => {
  it('marks exactly the changed memory item of demo A and folds the rest', async () => {
    const [before, after, changed] = await memoryChange();
    const el = await mount(before, after);
    const root = el.shadowRoot!;
    expect(root.querySelector('[part~="summary"]')!.textContent!.trim()).to.equal(
      '1 message changed, 0 added, 0 removed',
    );
    const rows = $$(el, '[part~="row"]');
    expect(rows.map((r) => [r.className.replace('row ', ''), r.dataset.id])).to.deep.equal([
      ['changed', 'a-1'],
    ]);
    const marked = $$(el, '[part~="segment-cell"]').filter((s) => s.dataset.status !== 'unchanged');
    // The memory segment, once per side, and nothing else.
    expect(
      marked.map((s) => [s.dataset.status, s.querySelector('segment-memory') !== null]),
    ).to.deep.equal([
      ['changed', true],
      ['changed', true],
    ]);
    const changes = $$(el, '[part~="changes"] li');
    expect(changes).to.have.length(1);
    expect(changes[0].querySelector('code')!.textContent).to.equal('items/2/content');
    expect(changes[0].querySelector('ins')!.textContent).to.equal(changed);
    expect(changes[0].querySelector('del')!.textContent).to.include('Tuesday, June 16');
    // The changed memory is open on both sides, so the item can be read at once.
    for (const memory of deepQueryAll(el, 'segment-memory'))
      expect(
        memory.shadowRoot!.querySelector('[aria-expanded]')!.getAttribute('aria-expanded'),
      ).to.equal('true');
    const folds = $$(el, '[part~="fold"]');
    // The five unchanged segments of a-1 before its memory, then the six other messages.
    expect(
      folds.map((f) => [f.textContent!.trim(), f.getAttribute('aria-expanded')]),
    ).to.deep.equal([
      ['5 unchanged segments', 'false'],
      ['6 unchanged messages', 'false'],
    ]);
    expect(deepQueryAll(el, 'envelope-message')).to.have.length(0);
  });

  it('expands a folded run of unchanged messages on click', async () => {
    const [before, after] = await memoryChange();
    const el = await mount(before, after);
    const fold = $$(el, '[part~="fold"]').find((f) => f.textContent!.includes('messages'))!;
    fold.click();
    await settle(el);
    expect(fold.getAttribute('aria-expanded')).to.equal('true');
    const rows = $$(el, '[part~="row"].unchanged');
    expect(rows.map((r) => r.dataset.id)).to.deep.equal(['a-2', 'a-3', 'a-4', 'a-5', 'a-6', 'a-7']);
    // Each unchanged message is drawn on both sides.
    expect(rows[0].querySelectorAll('envelope-message')).to.have.length(2);
    fold.click();
    await settle(el);
    expect($$(el, '[part~="row"].unchanged')).to.have.length(0);
  });

  it('opens the unchanged segments of a changed message', async () => {
    const [before, after] = await memoryChange();
    const el = await mount(before, after);
    const fold = $$(el, '[part~="fold"]').find((f) => f.textContent!.includes('segments'))!;
    expect($$(el, '[part~="segment-cell"]')).to.have.length(4); // memory and skills, both sides
    fold.click();
    await settle(el);
    expect(fold.getAttribute('aria-expanded')).to.equal('true');
    const cells = $$(el, '[part~="segment-cell"]');
    expect(cells).to.have.length(14);
    expect(cells.filter((c) => c.dataset.status === 'unchanged')).to.have.length(12);
  });

  it('shows an added message on the right only and a removed one on the left only', async () => {
    const before = await loadDemo('b');
    const after = copy(before);
    const removed = after.messages.splice(3, 1)[0];
    const added: Message = {
      id: 'inserted',
      role: 'user',
      timestamp: before.messages[1].timestamp + 1,
      segments: [{ kind: 'text', content: 'Also: is there a night train?' }],
    };
    after.messages.splice(2, 0, added);
    const el = await mount(before, after);
    expect(el.shadowRoot!.querySelector('[part~="summary"]')!.textContent!.trim()).to.equal(
      '0 messages changed, 1 added, 1 removed',
    );
    const rows = $$(el, '[part~="row"]');
    expect(rows.map((r) => [r.className.replace('row ', ''), r.dataset.id])).to.deep.equal([
      ['added', 'inserted'],
      ['removed', removed.id],
    ]);
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll<HTMLElement>('.pair > .cell')].map((c) =>
        c.classList.contains('none')
          ? 'none'
          : c.querySelector('envelope-message')
            ? 'message'
            : '?',
      );
    expect(cells(rows[0])).to.deep.equal(['none', 'message']);
    expect(cells(rows[1])).to.deep.equal(['message', 'none']);
    expect(rows[0].textContent).to.include('Not in the before envelope');
    expect(rows[0].querySelector('.badge')!.textContent).to.equal('Added');
    expect(rows[1].querySelector('.badge')!.textContent).to.equal('Removed');
  });

  it('diffs the exported bodies of the chosen target, with + and - markers', async () => {
    const before = await loadDemo('b');
    const after = copy(before);
    after.model = 'claude-sonnet-4-5';
    const el = await mount(before, after);
    el.view = 'bodies';
    await settle(el);
    const lines = () =>
      $$(el, '[part~="lines"] .line').map(
        (l) => l.querySelector('.marker')!.textContent + l.textContent!.slice(1),
      );
    const changedLines = () => lines().filter((l) => !l.startsWith(' '));
    expect(changedLines()).to.deep.equal([
      '-Removed:   "model": "gpt-4.1",',
      '+Added:   "model": "claude-sonnet-4-5",',
    ]);
    // Long unchanged runs fold.
    expect($$(el, '[part~="lines"] [part~="fold"]').length).to.be.greaterThan(0);
    // Gemini's body has no model: the bodies are the same.
    const select = el.shadowRoot!.querySelector<HTMLSelectElement>('[part~="target"]')!;
    select.value = 'gemini';
    select.dispatchEvent(new Event('change'));
    await settle(el);
    expect(el.target).to.equal('gemini');
    expect(el.shadowRoot!.querySelector('[role="tabpanel"]')!.textContent).to.include(
      'The two bodies are the same.',
    );
    select.value = 'anthropic';
    select.dispatchEvent(new Event('change'));
    await settle(el);
    expect(changedLines()).to.deep.equal([
      '-Removed:   "model": "gpt-4.1",',
      '+Added:   "model": "claude-sonnet-4-5",',
    ]);
  });

  it('opens a folded run of body lines', async () => {
    const before = await loadDemo('b');
    const after = copy(before);
    after.model = 'gpt-5';
    const el = await mount(before, after);
    el.view = 'bodies';
    await settle(el);
    const count = $$(el, '[part~="lines"] .line').length;
    const fold = el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="lines"] [part~="fold"]')!;
    const hidden = Number(/(\d+)/.exec(fold.textContent!)![1]);
    fold.click();
    await settle(el);
    expect($$(el, '[part~="lines"] .line').length).to.equal(count + hidden);
  });

  for (const side of ['before', 'after'] as const) {
    it(`shows the error panel naming the ${side} side when it is invalid`, async () => {
      const valid = await loadDemo('a');
      const bad =
        '{"version":"1.0","messages":[{"id":"m1","role":"robot","timestamp":0,"segments":[]}]}';
      const events: EnvelopeErrorEvent[] = [];
      const container = await fixture<HTMLElement>(
        html`<div @envelope-error=${(e: EnvelopeErrorEvent) => events.push(e)}>
          ${
            side === 'before'
              ? html`<envelope-diff before=${bad} .afterEnvelope=${valid}></envelope-diff>`
              : html`<envelope-diff .beforeEnvelope=${valid} after=${bad}></envelope-diff>`
          }
        </div>`,
      );
      const el = container.querySelector('envelope-diff')!;
      await settle(el);
      expect(events).to.have.length(1);
      expect([...new Set(events[0].detail.errors.map((e) => (e as DiffError).side))]).to.deep.equal(
        [side === 'before' ? 'a' : 'b'],
      );
      expect(events[0].detail.errors.map((e) => e.path)).to.include('/messages/0/role');
      el.requestUpdate();
      await settle(el);
      expect(events, 'no second event for the same input').to.have.length(1);
      const panels = $$(el, '[part~="error"]');
      expect(panels).to.have.length(1);
      expect(panels[0].getAttribute('role')).to.equal('alert');
      expect(panels[0].textContent).to.include(`The “${side}” envelope cannot be shown`);
      expect(panels[0].textContent).to.include('/messages/0/role');
      expect(el.shadowRoot!.querySelector('[part~="summary"]')).to.equal(null);
      // A valid envelope replaces the error.
      if (side === 'before') el.beforeEnvelope = valid;
      else el.afterEnvelope = valid;
      await settle(el);
      expect($$(el, '[part~="error"]')).to.have.length(0);
      expect(el.diff!.identical).to.equal(true);
    });
  }

  it('takes both envelopes from attributes and from URLs', async () => {
    const [before, after] = await memoryChange();
    const fromAttributes = await fixture<EnvelopeDiff>(
      html`<envelope-diff
        before=${JSON.stringify(before)}
        after=${JSON.stringify(after)}
      ></envelope-diff>`,
    );
    await settle(fromAttributes);
    expect(fromAttributes.diff!.summary).to.deep.equal({
      added: 0,
      removed: 0,
      changed: 1,
      unchanged: 6,
    });
    const fromUrls = await fixture<EnvelopeDiff>(
      html`<envelope-diff
        before-src="/src/data/demos/demo-a.json"
        after-src="/src/data/demos/demo-b.json"
      ></envelope-diff>`,
    );
    for (let i = 0; i < 50 && !fromUrls.diff; i++) await new Promise((r) => setTimeout(r, 20));
    await settle(fromUrls);
    // No id in common: messages pair by position (7 of A with the first 7 of B's 14).
    expect(fromUrls.diff!.summary).to.deep.equal({
      added: 7,
      removed: 0,
      changed: 7,
      unchanged: 0,
    });
    const missing = await fixture<EnvelopeDiff>(
      html`<envelope-diff before-src="/nope.json" .afterEnvelope=${before}></envelope-diff>`,
    );
    for (let i = 0; i < 50 && !missing.shadowRoot!.querySelector('[part~="error"]'); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(missing.shadowRoot!.querySelector('[part~="error"]')!.textContent).to.include(
      'The “before” envelope cannot be shown',
    );
  });

  it('switches views with the keyboard (ARIA tabs pattern)', async () => {
    const [before, after] = await memoryChange();
    const el = await mount(before, after);
    const tabs = () => $$(el, '[role="tab"]');
    expect(
      tabs().map((t) => [t.textContent!.trim(), t.getAttribute('aria-selected'), t.tabIndex]),
    ).to.deep.equal([
      ['Envelopes', 'true', 0],
      ['Provider bodies', 'false', -1],
    ]);
    tabs()[0].focus();
    await sendKeys({ press: 'ArrowRight' });
    await settle(el);
    await nextFrame(); // the tab list moves focus in the next frame (tabs.ts)
    expect(el.view).to.equal('bodies');
    expect(el.shadowRoot!.activeElement).to.equal(tabs()[1]);
    expect(
      el.shadowRoot!.querySelector('[role="tabpanel"]')!.getAttribute('aria-labelledby'),
    ).to.equal('tab-bodies');
    expect(el.shadowRoot!.querySelector('[part~="lines"]')).to.exist;
    await sendKeys({ press: 'ArrowRight' });
    await settle(el);
    expect(el.view).to.equal('envelopes');
    await sendKeys({ press: 'End' });
    await settle(el);
    expect(el.view).to.equal('bodies');
    await sendKeys({ press: 'Home' });
    await settle(el);
    await nextFrame();
    expect(el.view).to.equal('envelopes');
    expect(el.shadowRoot!.activeElement).to.equal(tabs()[0]);
  });

  it('draws the first 10 rows and a "show more" for the next (issue 20)', async () => {
    const message = (i: number, text: string): Message => ({
      id: `m${i}`,
      role: 'user',
      timestamp: 1_790_000_000_000 + i,
      segments: [{ kind: 'text', content: text }],
    });
    const of = (text: string): Envelope => ({
      version: '1.0',
      messages: Array.from({ length: 30 }, (_, i) => message(i, `${text} ${i}`)),
    });
    const el = await mount(of('before'), of('after'));
    const rowCount = () => $$(el, '[part="columns"] > [part~="row"]').length;
    expect(rowCount()).to.equal(10);
    for (const expected of [20, 30]) {
      $$(el, '[part="more"]')
        .find((b) => b.textContent!.includes('10 more'))!
        .click();
      await settle(el);
      expect(rowCount()).to.equal(expected);
    }
    expect($$(el, '[part="more"]')).to.have.length(0);
  });

  it('lists the first 20 changed values of a segment, then 100 more per click (issue 20)', async () => {
    const call = (offset: number): Envelope => ({
      version: '1.0',
      messages: [
        {
          id: 'm1',
          role: 'assistant',
          timestamp: 1_790_000_000_000,
          segments: [
            {
              kind: 'tool_call_request',
              toolName: 'lookup',
              arguments: Object.fromEntries(
                Array.from({ length: 150 }, (_, k) => [`key_${k}`, k + offset]),
              ),
              collapsed: false,
            },
          ],
        },
      ],
    });
    const el = await mount(call(0), call(1));
    const changes = () => $$(el, '[part~="changes"] li');
    expect(changes()).to.have.length(20);
    expect(changes()[19]!.querySelector('code')!.textContent).to.equal('arguments/key_19');
    $$(el, '[part~="changes"] [part="more"]')[0]!.click();
    await settle(el);
    expect(changes()).to.have.length(120);
  });

  it('speaks Chinese with lang="zh-CN"', async () => {
    const [before, after] = await memoryChange();
    const el = await fixture<EnvelopeDiff>(
      html`<envelope-diff
        lang="zh-CN"
        .beforeEnvelope=${before}
        .afterEnvelope=${after}
      ></envelope-diff>`,
    );
    await settle(el);
    expect(el.shadowRoot!.querySelector('[part~="summary"]')!.textContent!.trim()).to.equal(
      '1 条消息有改动，新增 0 条，删除 0 条',
    );
    expect($$(el, '[part~="fold"]').map((f) => f.textContent!.trim())).to.deep.equal([
      '5 个未改动的段落',
      '6 条未改动的消息',
    ]);
  });

  it('keeps hostile strings inert in changed fields', async () => {
    const before = await loadDemo('a');
    const after = copy(before);
    (
      after.messages[0].segments.find((s) => s.kind === 'memory') as MemorySegment
    ).items[0].content = HOSTILE;
    after.messages[1].segments = [{ kind: 'text', content: HOSTILE }];
    const el = await mount(before, after);
    await expectInert(el);
    const values = $$(el, '[part~="changes"] ins').map((i) => i.textContent);
    expect(values).to.include(HOSTILE);
  });

  it('is accessible (axe), in light and dark themes, in both views', async () => {
    const [before, after] = await memoryChange();
    after.messages.pop();
    for (const theme of ['light', 'dark']) {
      for (const view of ['envelopes', 'bodies']) {
        const el = await fixture<EnvelopeDiff>(
          html`<envelope-diff
            theme=${theme}
            view=${view}
            .beforeEnvelope=${before}
            .afterEnvelope=${after}
          ></envelope-diff>`,
        );
        await settle(el);
        await expect(el).to.be.accessible();
      }
    }
  });
});
