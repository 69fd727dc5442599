import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/elements/envelope-viewer/envelope-viewer.js';
import type { EnvelopeViewer } from '../../src/elements/envelope-viewer/envelope-viewer.js';
import type { PromptStudio } from '../../src/elements/prompt-studio/prompt-studio.js';
import type { ProtocolPanel } from '../../src/elements/protocol-panel/protocol-panel.js';
import { exportToOpenAIFormat } from '../../src/core/targets/export.js';
import type { StudioChangeEvent } from '../../src/events.js';
import { loadDemo, settle } from './helpers.js';

async function viewerWithDemoA() {
  const envelope = await loadDemo('a');
  const viewer = await fixture<EnvelopeViewer>(
    html`<envelope-viewer .envelope=${envelope}></envelope-viewer>`,
  );
  await settle(viewer);
  return { viewer, envelope };
}

const tab = (viewer: EnvelopeViewer, id: string) =>
  viewer.shadowRoot!.querySelector<HTMLButtonElement>(`#view-${id}`)!;

describe('<envelope-viewer> Studio view', () => {
  it('shows the studio for the current envelope in the Studio tab', async () => {
    const { viewer } = await viewerWithDemoA();
    expect(viewer.shadowRoot!.querySelector('prompt-studio'), 'not before it is opened').to.equal(
      null,
    );
    tab(viewer, 'studio').click();
    await settle(viewer);
    expect(viewer.view).to.equal('studio');
    expect(tab(viewer, 'studio').getAttribute('aria-selected')).to.equal('true');
    const studio = viewer.shadowRoot!.querySelector<PromptStudio>('prompt-studio')!;
    expect(studio.hidden).to.equal(false);
    const natives = [...studio.shadowRoot!.querySelectorAll<HTMLElement>('[part~="native"]')];
    expect(natives.map((n) => n.dataset.id)).to.include('native:memory:0');
    // Back to Protocol: the studio stays (hidden) with its unsaved edits.
    tab(viewer, 'protocol').click();
    await settle(viewer);
    expect(studio.isConnected && studio.hidden).to.equal(true);
  });

  it('lists a host segment registered on the viewer as a native row, and drops it when disposed', async () => {
    const { viewer } = await viewerWithDemoA();
    tab(viewer, 'studio').click();
    await settle(viewer);
    const studio = viewer.shadowRoot!.querySelector<PromptStudio>('prompt-studio')!;
    const ids = () =>
      [...studio.shadowRoot!.querySelectorAll<HTMLElement>('[part~="native"]')].map(
        (n) => n.dataset.id,
      );
    const dispose = viewer.registry.register({
      id: 'acme:guide',
      kind: 'platform',
      weight: 1,
      inject: () => 'Answer in three sentences.',
    });
    await settle(viewer);
    expect(ids()).to.include('native:host:acme:guide');
    dispose();
    await settle(viewer);
    expect(ids()).not.to.include('native:host:acme:guide');
  });

  it('applies saved supplements to the protocol panel, with a note that turns them off', async () => {
    const { viewer, envelope } = await viewerWithDemoA();
    tab(viewer, 'studio').click();
    await settle(viewer);
    const studio = viewer.shadowRoot!.querySelector<PromptStudio>('prompt-studio')!;
    studio.components = [
      {
        id: 'tone',
        kind: 'supplement',
        role: 'system',
        order: 15,
        enabled: true,
        template: 'Answer in a warm, plain tone.',
      },
    ];
    await settle(viewer);
    const changed = oneEvent(viewer, 'studio-change') as Promise<StudioChangeEvent>;
    studio.shadowRoot!.querySelector<HTMLButtonElement>('#save')!.click();
    expect((await changed).detail.components[0]!.id).to.equal('tone');
    tab(viewer, 'protocol').click();
    await settle(viewer);
    const panel = viewer.shadowRoot!.querySelector<ProtocolPanel>('protocol-panel')!;
    const system = () =>
      (JSON.parse(panel.shownText) as { messages: { content: string }[] }).messages[0]!.content;
    expect(system()).to.include('\n\nAnswer in a warm, plain tone.\n\nSkills are built-in');
    const note = viewer.shadowRoot!.querySelector<HTMLElement>('[part~="studio-note"]')!;
    expect(note.textContent).to.include('Studio supplements are active in this request (1).');
    note.querySelector('button')!.click();
    await settle(viewer);
    expect(panel.shownText).to.equal(JSON.stringify(exportToOpenAIFormat(envelope), null, 2));
    expect(note.textContent).to.include('turned off');
    note.querySelector('button')!.click();
    await settle(viewer);
    expect(system()).to.include('Answer in a warm, plain tone.');
  });

  it('keeps the Studio view accessible (axe)', async () => {
    const { viewer } = await viewerWithDemoA();
    viewer.view = 'studio';
    await settle(viewer);
    await expect(viewer).to.be.accessible();
  });
});
