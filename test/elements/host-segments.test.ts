import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { LitElement } from 'lit';
import { ContextProvider } from '@lit/context';
import '../../src/elements/protocol-panel/protocol-panel.js';
import '../../src/elements/envelope-viewer/envelope-viewer.js';
import type { ProtocolPanel } from '../../src/elements/protocol-panel/protocol-panel.js';
import type { EnvelopeViewer } from '../../src/elements/envelope-viewer/envelope-viewer.js';
import { createSegmentRegistry, type PromptSegment } from '../../src/core/assembly/registry.js';
import { segmentRegistryContext } from '../../src/elements/internal/input/contexts.js';
import { deepQuery, loadDemo, settle } from './helpers.js';

const GUIDELINE = 'Platform rule: answer in at most three sentences and never share order numbers.';

const guideline = (id = 'acme:guideline', text = GUIDELINE): PromptSegment => ({
  id,
  kind: 'platform',
  weight: 10,
  inject: () => text,
});

interface OpenAIBody {
  messages: { role: string; content: unknown }[];
}

/** The OpenAI body the panel shows, parsed. */
function shownBody(panel: ProtocolPanel): OpenAIBody {
  panel.tab = 'openai';
  return JSON.parse(panel.shownText) as OpenAIBody;
}

const systemText = (body: OpenAIBody) => {
  const first = body.messages[0]!;
  expect(first.role).to.equal('system');
  return String(first.content);
};

/** The Trace tab's row for `id`, or null. */
async function traceRow(panel: ProtocolPanel, id: string) {
  panel.tab = 'trace';
  await settle(panel);
  return panel.shadowRoot!.querySelector<HTMLTableRowElement>(`tbody tr[data-id="${id}"]`);
}

async function viewerWithPanel(envelope: object) {
  const viewer = await fixture<EnvelopeViewer>(
    html`<envelope-viewer .envelope=${envelope}></envelope-viewer>`,
  );
  await settle(viewer);
  const panel = deepQuery<ProtocolPanel>(viewer, 'protocol-panel')!;
  expect(panel, 'the viewer has a protocol panel').to.exist;
  return { viewer, panel };
}

class RegistryHost extends LitElement {
  readonly registry = createSegmentRegistry();
  constructor() {
    super();
    new ContextProvider(this, { context: segmentRegistryContext, initialValue: this.registry });
  }
  protected override createRenderRoot() {
    return this;
  }
}
customElements.define('test-registry-host', RegistryHost);

describe('host prompt segments', () => {
  it('a platform segment registered on a viewer reaches the export and the trace until disposed', async () => {
    const envelope = await loadDemo('a');
    const { viewer, panel } = await viewerWithPanel(envelope);
    expect(systemText(shownBody(panel))).not.to.include(GUIDELINE);

    const dispose = viewer.registry.register(guideline());
    await settle(viewer);
    const system = systemText(shownBody(panel));
    expect(system).to.include(GUIDELINE);
    // Text kinds go in fixed order: the envelope's own system text first, the platform after it.
    expect(system.indexOf(GUIDELINE)).to.be.greaterThan(0);
    await settle(panel);
    expect(panel.shadowRoot!.querySelector('[part~="code"]')!.textContent).to.include(GUIDELINE);

    // Every provider tab renders it.
    for (const target of ['anthropic', 'gemini', 'otel'] as const) {
      panel.tab = target;
      await settle(panel);
      expect(panel.shownText, target).to.include('three sentences');
    }

    const row = await traceRow(panel, 'acme:guideline');
    expect(row, 'host row').to.exist;
    const cells = [...row!.cells].map((c) => c.textContent!.trim());
    expect(cells.slice(0, 4)).to.deep.equal([
      'acme:guideline',
      'platform',
      '10',
      String(GUIDELINE.length),
    ]);
    expect(cells).to.include('host');
    expect(row!.classList.contains('host')).to.equal(true);

    dispose();
    await settle(viewer);
    expect(await traceRow(panel, 'acme:guideline')).to.equal(null);
    expect(systemText(shownBody(panel))).not.to.include(GUIDELINE);
  });

  it('a panel inside a viewer uses the viewer registry; its own registry property wins', async () => {
    const { viewer, panel } = await viewerWithPanel(await loadDemo('a'));
    expect(panel.registry).to.equal(viewer.registry);

    // A registry the host assigns to the viewer reaches the panel too.
    const shared = createSegmentRegistry();
    shared.register(guideline('shared:rule', 'Shared rule.'));
    viewer.registry = shared;
    await settle(viewer);
    expect(panel.registry).to.equal(shared);
    expect(systemText(shownBody(panel))).to.include('Shared rule.');

    // Unassigning goes back to the viewer's own (empty) registry.
    const own0 = viewer.registry;
    viewer.registry = undefined;
    await settle(viewer);
    expect(viewer.registry).not.to.equal(shared);
    expect(viewer.registry).to.not.equal(undefined);
    expect(panel.registry).to.equal(viewer.registry);
    expect(systemText(shownBody(panel))).not.to.include('Shared rule.');
    expect(own0).to.equal(shared);

    // A standalone panel with its own registry property uses that one.
    const own = createSegmentRegistry();
    own.register(guideline('own:rule', 'Own rule.'));
    const standalone = await fixture<ProtocolPanel>(
      html`<protocol-panel .registry=${own} .envelope=${await loadDemo('a')}></protocol-panel>`,
    );
    expect(standalone.registry).to.equal(own);
    expect(systemText(shownBody(standalone))).to.include('Own rule.');
    expect(systemText(shownBody(standalone))).not.to.include('Shared rule.');

    // A panel without anything has a registry of its own that works at once.
    const plain = await fixture<ProtocolPanel>(
      html`<protocol-panel .envelope=${await loadDemo('a')}></protocol-panel>`,
    );
    plain.registry.register(guideline('plain:rule', 'Plain rule.'));
    await settle(plain);
    expect(systemText(shownBody(plain))).to.include('Plain rule.');
  });

  it('a panel in any element that provides the context uses that registry unless its own is set', async () => {
    const envelope = await loadDemo('a');
    const host = await fixture<RegistryHost>(
      html`<test-registry-host>
        <protocol-panel id="ctx" .envelope=${envelope}></protocol-panel>
      </test-registry-host>`,
    );
    const panel = host.querySelector<ProtocolPanel>('#ctx')!;
    await settle(host);
    expect(panel.registry).to.equal(host.registry);
    const dispose = host.registry.register(guideline('ctx:rule', 'Context rule.'));
    await settle(panel);
    expect(systemText(shownBody(panel))).to.include('Context rule.');

    const own = createSegmentRegistry();
    panel.registry = own;
    await settle(panel);
    expect(panel.registry).to.equal(own);
    expect(systemText(shownBody(panel))).not.to.include('Context rule.');
    // No longer listening to the context's registry: its changes do not reach the panel.
    dispose();
    own.register(guideline('own:rule', 'Own rule.'));
    await settle(panel);
    expect(systemText(shownBody(panel))).to.include('Own rule.');

    // Unassigning falls back to the context again.
    panel.registry = undefined;
    host.registry.register(guideline('ctx:again', 'Context again.'));
    await settle(panel);
    expect(panel.registry).to.equal(host.registry);
    expect(systemText(shownBody(panel))).to.include('Context again.');
  });

  it('stops listening when disconnected and catches up when connected again', async () => {
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel .envelope=${await loadDemo('a')}></protocol-panel>`,
    );
    let listeners = 0;
    const registry = createSegmentRegistry();
    const subscribe = registry.subscribe;
    registry.subscribe = (listener) => {
      listeners++;
      const off = subscribe(listener);
      return () => {
        listeners--;
        off();
      };
    };
    panel.registry = registry;
    await settle(panel);
    expect(listeners).to.equal(1);
    const parent = panel.parentElement!;
    panel.remove();
    expect(listeners).to.equal(0);
    registry.register(guideline('late:rule', 'Registered while away.'));
    parent.append(panel);
    await settle(panel);
    expect(listeners).to.equal(1);
    expect(systemText(shownBody(panel))).to.include('Registered while away.');
  });

  it('a host segment whose inject throws gives a warning, not an exception', async () => {
    const { viewer, panel } = await viewerWithPanel(await loadDemo('a'));
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.error);
    window.addEventListener('error', onError);
    try {
      viewer.registry.register({
        id: 'acme:broken',
        kind: 'platform',
        weight: 1,
        inject: () => {
          throw new Error('lookup service down');
        },
      });
      viewer.registry.register(guideline());
      await settle(viewer);
      panel.tab = 'openai';
      await settle(panel);
      const warnings = panel.shadowRoot!.querySelector('[part~="warnings"]')!.textContent!;
      expect(warnings).to.include("Segment 'acme:broken' failed (lookup service down)");
      // The rest of the request is still there.
      expect(systemText(shownBody(panel))).to.include(GUIDELINE);
      const row = await traceRow(panel, 'acme:broken');
      expect(row!.cells[3]!.textContent!.trim()).to.equal('0');
      expect(errors).to.deep.equal([]);
    } finally {
      window.removeEventListener('error', onError);
    }
  });

  it('a state segment from the host is traced with how it was sent', async () => {
    const envelope = await loadDemo('g');
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel tab="trace" .envelope=${envelope}></protocol-panel>`,
    );
    const last = envelope.messages.at(-1)!;
    panel.registry.register({
      id: 'acme:notice',
      kind: 'state',
      weight: 0,
      inject: () => [
        {
          id: 'host-notice',
          role: 'system',
          timestamp: last.timestamp + 1,
          segments: [{ kind: 'text', content: 'Maintenance starts in ten minutes.' }],
        },
      ],
    });
    const row = await traceRow(panel, 'acme:notice');
    expect(row, 'host state row').to.exist;
    const cells = [...row!.cells].map((c) => c.textContent!.replace(/\s+/g, ' ').trim());
    expect(cells[1]).to.equal('state');
    expect(cells[5]).to.equal('host');
    expect(cells[6]).to.equal('1');
    panel.tab = 'openai';
    await settle(panel);
    const body = JSON.parse(panel.shownText) as OpenAIBody;
    expect(body.messages.at(-1)).to.deep.equal({
      role: 'system',
      content: 'Maintenance starts in ten minutes.',
    });
  });

  it('passes the viewer registry to the panel the viewer renders', async () => {
    // Listening before the viewer connects: a quick load can fire before `fixture` returns.
    const loaded = oneEvent(document, 'envelope-load');
    const viewer = await fixture<EnvelopeViewer>(
      html`<envelope-viewer src="/src/data/demos/demo-a.json"></envelope-viewer>`,
    );
    await loaded;
    await settle(viewer);
    const panel = deepQuery<ProtocolPanel>(viewer, 'protocol-panel')!;
    viewer.registry.register(guideline());
    await settle(viewer);
    expect(panel.registry).to.equal(viewer.registry);
    expect(systemText(shownBody(panel))).to.include(GUIDELINE);
  });
});
