import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import 'axe-core/axe.min.js';
import type { AxeResults, RunOptions } from 'axe-core';
import '../../src/elements/envelope-viewer/envelope-viewer.js';
import type {
  EnvelopeViewer,
  ViewerView,
} from '../../src/elements/envelope-viewer/envelope-viewer.component.js';
import { deepQuery, deepText, settle } from './helpers.js';

// axe on every view of the viewer: each demo scenario with its chat and protocol panel, each
// tab of the right column and of the protocol panel, both themes, and a file opened by a person.
// Every violation is listed (not only the first), so that one run shows what is left.

declare global {
  interface Window {
    axe: { run(context: Element, options: RunOptions): Promise<AxeResults> };
  }
}

const SCENARIOS = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
const VIEWS: ViewerView[] = ['protocol', 'context', 'compare', 'studio'];
const PANEL_TABS = ['openai', 'openai-responses', 'anthropic', 'gemini', 'otel', 'raw', 'trace'];

async function violations(viewer: EnvelopeViewer, label: string): Promise<string[]> {
  await settle(viewer, 5);
  const results = await window.axe.run(viewer, { resultTypes: ['violations'] });
  return results.violations.map(
    (v) => `${label}: ${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes[0]?.html.slice(0, 120)}`,
  );
}

async function viewer(theme: string): Promise<EnvelopeViewer> {
  const el = await fixture<EnvelopeViewer>(
    html`<envelope-viewer
      open-files
      theme=${theme}
      scenarios="/src/data/demos/manifest.json"
    ></envelope-viewer>`,
  );
  await waitUntil(() => deepQuery(el, 'envelope-chat'), 'the chat is drawn', { timeout: 5000 });
  return el;
}

async function show(el: EnvelopeViewer, scenario: string) {
  el.scenario = scenario;
  await waitUntil(
    () =>
      (deepQuery(el, 'envelope-chat') as { loadedEnvelope?: object } | undefined)?.loadedEnvelope,
    `scenario ${scenario} is shown`,
    { timeout: 5000 },
  );
  await settle(el, 5);
}

describe('<envelope-viewer> has no axe violations in any view', () => {
  for (const theme of ['light', 'dark']) {
    it(`every scenario, view and protocol tab (${theme})`, async function () {
      // About 30 views, each drawn and checked.
      this.timeout(120_000);
      const el = await viewer(theme);
      const found: string[] = [];
      for (const scenario of SCENARIOS) {
        await show(el, scenario);
        el.view = 'protocol';
        found.push(...(await violations(el, `${scenario} protocol`)));
      }
      for (const scenario of ['d', 'g']) {
        await show(el, scenario);
        for (const view of VIEWS.slice(1)) {
          el.view = view;
          found.push(...(await violations(el, `${scenario} ${view}`)));
        }
        el.view = 'protocol';
        const panel = deepQuery<HTMLElement & { tab: string }>(el, 'protocol-panel')!;
        for (const tab of PANEL_TABS) {
          panel.tab = tab;
          found.push(...(await violations(el, `${scenario} protocol ${tab}`)));
        }
      }
      expect(found).to.deep.equal([]);
    });
  }

  it('a file a person opened', async () => {
    const el = await viewer('light');
    const text = await (await fetch('/test/fixtures/open/pairs.jsonl')).text();
    await el.openFile(text, 'pairs.jsonl');
    await waitUntil(() => deepText(el).includes('pairs.jsonl'), 'the file is listed');
    expect(await violations(el, 'opened file')).to.deep.equal([]);
  });
});
