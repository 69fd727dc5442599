import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import '../../src/elements/envelope-viewer/envelope-viewer.js';
import type { EnvelopeViewer } from '../../src/elements/envelope-viewer/envelope-viewer.js';
import { exportToOpenAIFormat } from '../../src/core/targets/export.js';
import { measureEnvelope } from '../../src/core/insight/measure.js';
import { createBuiltInSkillRegistry } from '../../src/data/skill-registry.js';
import { deepQuery, deepText, loadDemo, settle } from './helpers.js';

async function untilLoaded(viewer: EnvelopeViewer) {
  await oneEvent(viewer, 'envelope-load');
  await settle(viewer);
}

/**
 * Renders `template` and waits until its viewer has loaded. The listener is in place before the
 * viewer connects: a quick load can fire before `fixture` returns (the event is composed).
 */
async function loadedViewer(template: TemplateResult): Promise<EnvelopeViewer> {
  const loaded = oneEvent(document, 'envelope-load');
  const root = await fixture<HTMLElement>(template);
  await loaded;
  const viewer = (root.closest('envelope-viewer') ??
    root.querySelector('envelope-viewer')!) as EnvelopeViewer;
  await settle(viewer);
  return viewer;
}

describe('<envelope-viewer>', () => {
  it('shows the scenario bar in manifest order with F first, and switches scenarios', async () => {
    const viewer = await loadedViewer(
      html`<envelope-viewer scenarios="/src/data/demos/manifest.json"></envelope-viewer>`,
    );
    const buttons = () => [
      ...viewer.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="scenario"]'),
    ];
    expect(buttons().map((b) => b.querySelector('.scenario-label')!.textContent)).to.deep.equal([
      'A',
      'B',
      'C',
      'D',
      'F',
      'E',
      'G',
    ]);
    expect(buttons().map((b) => b.getAttribute('aria-pressed'))).to.deep.equal([
      'false',
      'false',
      'false',
      'false',
      'true',
      'false',
      'false',
    ]);
    const panel = viewer.shadowRoot!.querySelector('protocol-panel')!;
    expect(panel.shadowRoot!.querySelector('[part~="code"]')!.textContent).to.equal(
      JSON.stringify(exportToOpenAIFormat(await loadDemo('f')), null, 2),
    );

    buttons()[1].click();
    await untilLoaded(viewer);
    expect(viewer.scenario).to.equal('b');
    expect(buttons()[1].getAttribute('aria-pressed')).to.equal('true');
    const chat = viewer.shadowRoot!.querySelector('envelope-chat')!;
    expect(chat.loadedEnvelope).to.deep.equal(await loadDemo('b'));
    expect(panel.shadowRoot!.querySelector('[part~="code"]')!.textContent).to.equal(
      JSON.stringify(exportToOpenAIFormat(await loadDemo('b')), null, 2),
    );
    expect(viewer.shadowRoot!.querySelector('[part~="summary"]')!.textContent).to.include(
      'travel assistant',
    );
  });

  it('shows skill bodies from a registry in the chat, but keeps the protocol data as loaded', async () => {
    const viewer = await loadedViewer(
      html`<envelope-viewer
        scenario="f"
        scenarios="/src/data/demos/manifest.json"
        .skills=${createBuiltInSkillRegistry()}
      ></envelope-viewer>`,
    );
    // The first skill's instructions are there to open, and open as its Markdown.
    const skills = deepQuery<HTMLElement>(viewer, '.segment-skills')!;
    const header = skills.querySelector<HTMLButtonElement>('[part~="segment-header"]')!;
    if (header.getAttribute('aria-expanded') === 'false') header.click();
    await settle(viewer);
    skills.querySelector<HTMLButtonElement>('[part~="segment-instructions-toggle"]')!.click();
    await settle(viewer);
    expect(skills.querySelector('[part~="segment-instructions"] h1')).to.exist;
    const panel = viewer.shadowRoot!.querySelector('protocol-panel')!;
    panel.tab = 'raw';
    await settle(viewer);
    expect(panel.shadowRoot!.querySelector('[part~="code"]')!.textContent).to.not.include('"body"');
  });

  it('stacks chat and panel on narrow screens', async () => {
    const viewer = await loadedViewer(
      html`<div style="width: 480px">
        <envelope-viewer scenarios="/src/data/demos/manifest.json"></envelope-viewer>
      </div>`,
    );
    const wrapper = viewer.parentElement!;
    const columns = viewer.shadowRoot!.querySelector('.columns')!;
    expect(getComputedStyle(columns).gridTemplateColumns.split(' ')).to.have.length(1);
    wrapper.style.width = '1200px';
    await new Promise((r) => requestAnimationFrame(r));
    expect(getComputedStyle(columns).gridTemplateColumns.split(' ')).to.have.length(2);
  });

  it('shows a readable error for a manifest that cannot be loaded', async () => {
    const failed = oneEvent(document, 'envelope-error');
    const viewer = await fixture<EnvelopeViewer>(
      html`<envelope-viewer scenarios="/nope/manifest.json"></envelope-viewer>`,
    );
    const event = await failed;
    await settle(viewer);
    expect(event.detail.errors[0].message).to.match(
      /Could not load .*\/nope\/manifest\.json: HTTP 404/,
    );
    expect(deepText(viewer.shadowRoot!)).to.include('HTTP 404');
  });

  it('shows a single envelope without a bar', async () => {
    const viewer = await loadedViewer(
      html`<envelope-viewer src="/src/data/demos/demo-d.json"></envelope-viewer>`,
    );
    expect(viewer.shadowRoot!.querySelector('[part~="bar"]')).to.equal(null);
    expect(deepQuery(viewer, '.segment-media')).to.exist;
  });

  it('switches the right column between protocol, context size and compare, by click and keyboard', async () => {
    const viewer = await loadedViewer(
      html`<envelope-viewer
        scenario="a"
        scenarios="/src/data/demos/manifest.json"
      ></envelope-viewer>`,
    );
    const root = viewer.shadowRoot!;
    const tabs = [...root.querySelectorAll<HTMLElement>('[part~="tab"]')];
    expect(tabs.map((t) => t.textContent!.trim())).to.deep.equal([
      'Protocol',
      'Context size',
      'Compare',
      'Studio',
    ]);
    expect(root.querySelector('protocol-panel')!.hidden).to.equal(false);

    tabs[1].click();
    await settle(viewer);
    expect(viewer.view).to.equal('context');
    expect(root.querySelector('protocol-panel')!.hidden, 'kept, hidden').to.equal(true);
    const meter = root.querySelector('context-meter')!;
    const expected = measureEnvelope(await loadDemo('a')).total.tokens;
    expect(deepText(meter)).to.include(expected.toLocaleString('en'));

    // The meter measures the provider last shown in the protocol panel.
    tabs[0].click();
    await settle(viewer);
    const panel = root.querySelector('protocol-panel')!;
    panel.shadowRoot!.querySelector<HTMLElement>('[part~="tab"][id$="anthropic"]')!.click();
    await settle(panel);
    tabs[1].click();
    await settle(viewer);
    const anthropic = root.querySelector('context-meter')!;
    expect(anthropic.target).to.equal('anthropic');
    const tokens = measureEnvelope(await loadDemo('a'), { target: 'anthropic' }).total.tokens;
    expect(deepText(anthropic)).to.include(tokens.toLocaleString('en'));
    expect(deepText(anthropic)).to.include('Anthropic');

    tabs[1].focus();
    tabs[1].dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    await settle(viewer);
    await new Promise((r) => requestAnimationFrame(r));
    expect(viewer.view).to.equal('compare');
    expect(root.activeElement?.id).to.equal('view-compare');
    expect(deepText(root.querySelector('.compare')!)).to.include('Pick another envelope');
  });

  it('compares the shown scenario with another one picked in the Compare view', async () => {
    const viewer = await loadedViewer(
      html`<envelope-viewer
        scenario="a"
        view="compare"
        scenarios="/src/data/demos/manifest.json"
      ></envelope-viewer>`,
    );
    const select = viewer.shadowRoot!.querySelector('select')!;
    expect([...select.options].map((o) => o.value)).to.deep.equal([
      '',
      'b',
      'c',
      'd',
      'f',
      'e',
      'g',
    ]);
    select.value = 'b';
    select.dispatchEvent(new Event('change'));
    await new Promise((r) => setTimeout(r, 200));
    await settle(viewer);
    const diff = viewer.shadowRoot!.querySelector('envelope-diff')!;
    const chat = viewer.shadowRoot!.querySelector('envelope-chat')!;
    expect(diff.afterEnvelope).to.equal(chat.loadedEnvelope);
    expect((diff.beforeEnvelope as { messages: { id: string }[] }).messages[0].id).to.equal('b-1');
    expect(deepText(diff)).to.match(/changed/);
  });

  it('compares with an envelope given as JSON text (an opened file), not only a scenario', async () => {
    const viewer = await loadedViewer(
      html`<envelope-viewer
        scenario="a"
        view="compare"
        scenarios="/src/data/demos/manifest.json"
      ></envelope-viewer>`,
    );
    const edited = await loadDemo('a');
    edited.messages[1].segments[0] = { kind: 'text', content: 'A different question.' };
    viewer.compareWith = JSON.stringify(edited);
    await settle(viewer);
    const diff = viewer.shadowRoot!.querySelector('envelope-diff')!;
    expect(diff.beforeEnvelope).to.equal(viewer.compareWith);
    expect(deepText(diff)).to.include('A different question.');
  });

  it('is accessible (axe)', async () => {
    const viewer = await loadedViewer(
      html`<envelope-viewer scenarios="/src/data/demos/manifest.json"></envelope-viewer>`,
    );
    await expect(viewer).to.be.accessible();
  });
});
