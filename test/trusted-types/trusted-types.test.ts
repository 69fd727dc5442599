import { expect } from '@open-wc/testing';
import { deepQueryAll, deepText, expandAll, settle } from '../elements/helpers.js';

// This page loads dist/prompt-envelope.iife.js twice under a strict CSP with Trusted Types
// (see the "trusted-types" group in web-test-runner.config.js); this file uses the elements the
// bundle defined, the way a page with two copies of the library would.
const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (e) =>
  violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
);

async function render<T extends HTMLElement>(tag: string, attributes: Record<string, string>) {
  const element = document.createElement(tag) as T;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

const loaded = (element: Element) =>
  new Promise((resolve, reject) => {
    element.addEventListener('envelope-load', resolve, { once: true });
    element.addEventListener('envelope-error', reject, { once: true });
  });

describe('under Trusted Types with two copies of the bundle', () => {
  afterEach(() => document.body.replaceChildren());

  it('the policy is really in force', async () => {
    const div = document.createElement('div');
    expect(() => (div.innerHTML = '<b>x</b>')).to.throw(TypeError);
    await new Promise((r) => setTimeout(r, 50));
    expect(violations.map((v) => v.split(' ')[0])).to.deep.equal(['require-trusted-types-for']);
    violations.length = 0;
  });

  it('both copies loaded; the first defined every element and the second did not break it', () => {
    expect(document.querySelectorAll('script[src="/dist/prompt-envelope.iife.js"]')).to.have.length(
      2,
    );
    const global = (window as unknown as { PromptEnvelope?: Record<string, unknown> })
      .PromptEnvelope;
    expect(global?.exportEnvelope).to.be.a('function');
    for (const tag of ['envelope-viewer', 'envelope-chat', 'protocol-panel', 'segment-memory'])
      expect(customElements.get(tag), tag).to.be.a('function');
  });

  for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) {
    it(`renders demo ${id} everywhere (every segment expanded, every panel tab) with no violation`, async () => {
      const viewer = await render('envelope-viewer', {
        scenario: id,
        scenarios: '/src/data/demos/manifest.json',
      });
      await loaded(viewer);
      await settle(viewer);
      await expandAll(viewer);
      expect(deepQueryAll(viewer, '[part~="segment"]').length).to.be.greaterThan(3);
      // Markdown went through DOMPurify and Lit's unsafeHTML: both need their policy.
      if (id === 'a') expect(deepQueryAll(viewer, '.markdown table').length).to.be.greaterThan(0);
      for (const tab of deepQueryAll<HTMLElement>(viewer, '[role="tab"]')) {
        tab.click();
        await settle(viewer);
      }
      const search = deepQueryAll<HTMLInputElement>(viewer, '[part~="search-input"]')[0];
      search.value = 'the';
      search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
      await settle(viewer);
      await new Promise((r) => setTimeout(r, 50));
      expect(violations).to.deep.equal([]);
    });
  }

  it('loads its on-demand parts from beside the script (dist/lazy/), under the policy', async () => {
    const viewer = await render('envelope-viewer', {
      scenario: 'b',
      scenarios: '/src/data/demos/manifest.json',
      lang: 'zh-CN',
    });
    await loaded(viewer);
    await settle(viewer);
    expect(deepText(viewer)).to.include('系统提示词').and.not.include('System prompt');
    const demo = await (await fetch('/src/data/demos/demo-b.json')).text();
    const diff = await render('envelope-diff', {
      before: demo,
      after: demo.replace('"gpt-4.1"', '"gpt-5"'),
      view: 'bodies',
    });
    await settle(diff);
    expect(diff.shadowRoot!.querySelectorAll('[part~="lines"] .line.add')).to.have.length(1);
    const studio = await render<HTMLElement & { exportYaml(): Promise<string> }>(
      'prompt-studio',
      {},
    );
    expect(await studio.exportYaml()).to.match(/^prompt-studio:/);
    const loadedFiles = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.includes('/lazy/'))
      .sort();
    expect(loadedFiles).to.deep.equal([
      '/dist/lazy/diff.js',
      '/dist/lazy/js-yaml.js',
      // The painting of the matches of the search the test before typed.
      '/dist/lazy/search-highlighter.js',
      // The Chinese viewer's words: the shared ones and those of the elements it shows; not the
      // diff's or the studio's, which are shown in English here.
      '/dist/lazy/zh-CN-base.js',
      '/dist/lazy/zh-CN-chat.js',
      '/dist/lazy/zh-CN-meter.js',
      '/dist/lazy/zh-CN-panel.js',
      '/dist/lazy/zh-CN-viewer.js',
    ]);
    expect(violations).to.deep.equal([]);
  });
});
