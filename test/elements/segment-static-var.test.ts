import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/segment-static-var/segment-static-var.js';
import type { SegmentStaticVar } from '../../src/elements/segment-static-var/segment-static-var.js';
import type { StaticVarSegment } from '../../src/core/protocol/types.js';
import { segmentContract } from './contract.js';
import { expectInert, HOSTILE, part, togglesOnClick } from './helpers.js';

const variable: StaticVarSegment = {
  kind: 'static_var',
  name: 'current_date',
  value: 'Sunday, June 7, 2026',
  description: 'Date of the conversation, filled in by the app when the chat starts.',
};

segmentContract('segment-static-var', variable, { kind: 'text', content: 'hi' });

describe('<segment-static-var>', () => {
  it('shows name = value in a pill, the name in a monospace font', async () => {
    const el = await fixture<SegmentStaticVar>(
      html`<segment-static-var .segment=${variable}></segment-static-var>`,
    );
    expect(part(el, 'name')!.textContent).to.equal('current_date');
    expect(part(el, 'value')!.textContent).to.equal('Sunday, June 7, 2026');
    expect(part(el, 'pill')!.textContent!.replace(/\s+/g, ' ')).to.include(
      'current_date = Sunday, June 7, 2026',
    );
    expect(getComputedStyle(part(el, 'name')!).fontFamily).to.match(/mono|Menlo|Consolas/i);
  });

  it('reveals the description with its button, and fires no segment-toggle', async () => {
    const el = await fixture<SegmentStaticVar>(
      html`<segment-static-var .segment=${variable}></segment-static-var>`,
    );
    const pill = part(el, 'pill')!;
    const description = part(el, 'description')!;
    expect(pill.localName).to.equal('button');
    expect(pill.getAttribute('type')).to.equal('button');
    expect(pill.getAttribute('aria-expanded')).to.equal('false');
    expect(el.shadowRoot!.getElementById(pill.getAttribute('aria-controls')!)).to.equal(
      description,
    );
    expect(description.hidden).to.equal(true);
    expect(description.getBoundingClientRect().height).to.equal(0);
    // The description is also the button's accessible description.
    const describedBy = el.shadowRoot!.getElementById(pill.getAttribute('aria-describedby')!)!;
    expect(describedBy.textContent).to.equal(variable.description);

    const noToggle = 'static_var has no collapsed state: no segment-toggle';
    expect(await togglesOnClick(el, pill), noToggle).to.deep.equal([]);
    expect(pill.getAttribute('aria-expanded')).to.equal('true');
    expect(description.hidden).to.equal(false);
    expect(description.textContent).to.include(variable.description!);
    expect(description.getBoundingClientRect().height).to.be.greaterThan(0);

    expect(await togglesOnClick(el, pill), noToggle).to.deep.equal([]);
    expect(pill.getAttribute('aria-expanded')).to.equal('false');
    expect(description.hidden).to.equal(true);
  });

  it('is a plain pill without a button when there is no description', async () => {
    const el = await fixture<SegmentStaticVar>(
      html`<segment-static-var
        .segment=${{ kind: 'static_var', name: 'currency', value: 'EUR' }}
      ></segment-static-var>`,
    );
    expect(part(el, 'pill')!.localName).to.equal('span');
    expect(el.shadowRoot!.querySelector('button')).to.equal(null);
    expect(part(el, 'description')).to.equal(null);
  });

  it('wraps a long value inside its container instead of overflowing', async () => {
    const long = {
      ...variable,
      value: `${'verylongvaluewithoutspaces'.repeat(20)} and more words ${'x'.repeat(200)}`,
    };
    const host = await fixture<HTMLElement>(
      html`<div style="width: 240px">
        <segment-static-var .segment=${long}></segment-static-var>
      </div>`,
    );
    const el = host.querySelector('segment-static-var')!;
    await el.updateComplete;
    const pill = part(el, 'pill')!;
    expect(pill.getBoundingClientRect().right).to.be.at.most(
      host.getBoundingClientRect().right + 0.5,
    );
    expect(el.scrollWidth).to.be.at.most(el.clientWidth + 1);
    expect(
      pill.getBoundingClientRect().height,
      'the value wraps onto several lines',
    ).to.be.greaterThan(60);
  });

  it('is accessible with the description open, in both themes', async () => {
    for (const theme of ['light', 'dark']) {
      const el = await fixture<SegmentStaticVar>(
        html`<segment-static-var theme=${theme} .segment=${variable}></segment-static-var>`,
      );
      part(el, 'pill')!.click();
      await el.updateComplete;
      await expect(el).to.be.accessible();
    }
  });

  it('shows Chinese labels under lang="zh-CN"', async () => {
    const host = await fixture(
      html`<div lang="zh-CN"><segment-static-var .segment=${variable}></segment-static-var></div>`,
    );
    const el = host.querySelector('segment-static-var')!;
    await el.updateComplete;
    expect(part(el, 'pill')!.textContent).to.include('变量');
    expect(part(el, 'description')!.textContent).to.include('用途');
    expect(el.shadowRoot!.textContent).to.not.include('Variable');
    expect(el.shadowRoot!.textContent).to.not.include('What it is for');
  });

  it('renders hostile strings as inert text', async () => {
    const hostile = { kind: 'static_var', name: HOSTILE, value: HOSTILE, description: HOSTILE };
    const el = await fixture<SegmentStaticVar>(
      html`<segment-static-var .segment=${hostile}></segment-static-var>`,
    );
    part(el, 'pill')!.click();
    await el.updateComplete;
    await expectInert(el.shadowRoot!);
    expect(el.shadowRoot!.querySelector('img')).to.equal(null);
    expect(part(el, 'name')!.textContent).to.equal(HOSTILE);
    expect(part(el, 'value')!.textContent).to.equal(HOSTILE);
    expect(part(el, 'description')!.textContent).to.include(HOSTILE);
  });
});
