import { expect, fixture, html, nextFrame, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/protocol-panel/protocol-panel.js';
import '../../src/elements/envelope-chat/envelope-chat.js';
import type { ProtocolPanel } from '../../src/elements/protocol-panel/protocol-panel.js';
import { exportEnvelope, exportToOpenAIFormat } from '../../src/core/targets/export.js';
import { EXPORT_TARGETS } from '../../src/core/targets/target-names.js';
import { targetExporters } from '../../src/elements/protocol-panel/target-exporters.js';
import { loadDemo, settle } from './helpers.js';

describe('<protocol-panel>', () => {
  // First in the file: no tab but OpenAI's has been shown yet on this page.
  it("loads a provider's export the first time its tab is shown, busy meanwhile", async () => {
    const envelope = await loadDemo('c');
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel .envelope=${envelope}></protocol-panel>`,
    );
    // Only the tab shown was loaded.
    expect(EXPORT_TARGETS.filter((t) => targetExporters[t].get())).to.deep.equal(['openai']);
    for (const target of EXPORT_TARGETS.slice(1)) {
      panel.tab = target;
      // Drawn now: the import of the target's code cannot have finished.
      (panel as unknown as { performUpdate(): void }).performUpdate();
      const busy = panel.shadowRoot!.querySelector('[role="status"][aria-busy="true"]');
      expect(busy?.textContent?.trim(), target).to.equal('Loading…');
      expect(panel.shadowRoot!.querySelector('[part~="code"]'), target).to.equal(null);
      await panel.updateComplete;
      expect(panel.shadowRoot!.querySelector('[aria-busy="true"]'), target).to.equal(null);
      expect(panel.shadowRoot!.querySelector('[part~="code"]')!.textContent, target).to.equal(
        JSON.stringify(exportEnvelope(envelope, { target }).body, null, 2),
      );
    }
  });

  it('shows exactly the body of exportToOpenAIFormat, syntax-coloured', async () => {
    const envelope = await loadDemo('b');
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel .envelope=${envelope}></protocol-panel>`,
    );
    const code = panel.shadowRoot!.querySelector('[part~="code"]')!;
    expect(code.textContent).to.equal(JSON.stringify(exportToOpenAIFormat(envelope), null, 2));
    expect(code.querySelector('.json-key')!.textContent).to.equal('"model"');
    // Demo B's five static_vars fill the system prompt: the one warning says so.
    const warnings = panel.shadowRoot!.querySelector('[part~="warnings"]')!.textContent!;
    expect(warnings).to.include('Warnings (1)');
    expect(warnings).to.include('Folded into the system text (5): static_var "user_name"');
  });

  it("says why a tab's export could not be loaded, and tries again when the exports are remade", async () => {
    const envelope = await loadDemo('b');
    const real = targetExporters.gemini;
    targetExporters.gemini = {
      get: () => undefined,
      load: () => Promise.reject(new Error('offline')),
    };
    try {
      const panel = await fixture<ProtocolPanel>(
        html`<protocol-panel tab="gemini" .envelope=${envelope}></protocol-panel>`,
      );
      const warnings = panel.shadowRoot!.querySelector('[part~="warnings"]')!;
      expect(warnings.textContent).to.include('This part could not be loaded (Error: offline).');
      expect(panel.shownText).to.equal('null');
      targetExporters.gemini = real;
      panel.maxSystemChars = 100_000;
      await panel.updateComplete;
      expect(panel.shownText).to.equal(
        JSON.stringify(exportEnvelope(envelope, { target: 'gemini' }).body, null, 2),
      );
    } finally {
      targetExporters.gemini = real;
    }
  });

  it('copies the JSON and fires one protocol-copy', async () => {
    const envelope = await loadDemo('d');
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel .envelope=${envelope}></protocol-panel>`,
    );
    let copied = '';
    const original = navigator.clipboard.writeText;
    navigator.clipboard.writeText = async (text: string) => {
      copied = text;
    };
    try {
      const events: Event[] = [];
      panel.addEventListener('protocol-copy', (e) => events.push(e));
      const button = [...panel.shadowRoot!.querySelectorAll('button')].find((b) =>
        b.textContent!.includes('Copy'),
      )!;
      setTimeout(() => button.click());
      const event = await oneEvent(panel, 'protocol-copy');
      await panel.updateComplete;
      expect(copied).to.equal(JSON.stringify(exportToOpenAIFormat(envelope), null, 2));
      expect(event.detail).to.deep.equal({ target: 'openai', what: 'json', text: copied });
      expect(events).to.have.length(1);
      expect(panel.shadowRoot!.querySelector('[role="status"]')!.textContent).to.equal('Copied');
    } finally {
      navigator.clipboard.writeText = original;
    }
  });

  it('downloads {name}-{tab}.json', async () => {
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel name="demo-b" .envelope=${await loadDemo('b')}></protocol-panel>`,
    );
    const click = HTMLAnchorElement.prototype.click;
    let downloaded = '';
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      downloaded = this.download;
    };
    try {
      [...panel.shadowRoot!.querySelectorAll('button')]
        .find((b) => b.textContent!.includes('Download'))!
        .click();
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect(downloaded).to.equal('demo-b-openai.json');
  });

  it('follows the ARIA tabs pattern with arrow keys, Home and End', async () => {
    const envelope = await loadDemo('a');
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel .envelope=${envelope}></protocol-panel>`,
    );
    const tabs = () => [...panel.shadowRoot!.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    expect(tabs().map((t) => t.textContent!.trim())).to.deep.equal([
      'OpenAI',
      'OpenAI Responses',
      'Anthropic',
      'Gemini',
      'OpenTelemetry',
      'Raw protocol',
      'Trace',
    ]);
    expect(tabs().map((t) => t.getAttribute('aria-selected'))).to.deep.equal([
      'true',
      'false',
      'false',
      'false',
      'false',
      'false',
      'false',
    ]);
    expect(tabs().map((t) => t.tabIndex)).to.deep.equal([0, -1, -1, -1, -1, -1, -1]);
    tabs()[0].focus();
    await sendKeys({ press: 'ArrowRight' });
    await settle(panel);
    await nextFrame(); // the tab list moves focus in the next frame (tabs.ts)
    expect(panel.tab).to.equal('openai-responses');
    expect(panel.shadowRoot!.activeElement).to.equal(tabs()[1]);
    await sendKeys({ press: 'End' });
    await settle(panel);
    expect(panel.tab).to.equal('trace');
    await sendKeys({ press: 'ArrowLeft' });
    await settle(panel);
    expect(panel.tab).to.equal('raw');
    expect(tabs()[5].getAttribute('aria-selected')).to.equal('true');
    const tabpanel = panel.shadowRoot!.querySelector('[role="tabpanel"]')!;
    expect(tabpanel.getAttribute('aria-labelledby')).to.equal('tab-raw');
    expect(panel.shadowRoot!.querySelector('[part~="code"]')!.textContent).to.equal(
      JSON.stringify(envelope, null, 2),
    );
    await sendKeys({ press: 'ArrowRight' });
    await settle(panel);
    await sendKeys({ press: 'ArrowRight' });
    await settle(panel);
    expect(panel.tab).to.equal('openai');
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'Home' });
    await settle(panel);
    expect(panel.tab).to.equal('openai');
  });

  it('shows every tab whole at any width (they wrap): none is cut off', async () => {
    const envelope = await loadDemo('b');
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel .envelope=${envelope}></protocol-panel>`,
    );
    // From a phone's column to a wide screen's (the viewer gives the panel part of its width).
    for (const width of [200, 280, 360, 480, 640, 1024, 1440]) {
      panel.style.width = `${width}px`;
      await settle(panel);
      const list = panel.shadowRoot!.querySelector<HTMLElement>('[role="tablist"]')!;
      const box = list.getBoundingClientRect();
      expect(list.scrollWidth, `${width}px: the tab list scrolls`).to.be.at.most(list.clientWidth);
      const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
      expect(tabs.length).to.be.at.least(7);
      for (const tab of tabs) {
        const r = tab.getBoundingClientRect();
        expect(r.right, `${width}px: ${tab.textContent!.trim()}`).to.be.at.most(box.right + 0.5);
        expect(r.left, `${width}px: ${tab.textContent!.trim()}`).to.be.at.least(box.left - 0.5);
        expect(tab.scrollWidth, `${width}px: ${tab.textContent!.trim()}`).to.be.at.most(
          tab.clientWidth,
        );
      }
    }
  });

  it('shows each provider export on its tab, and copies it as curl', async () => {
    const envelope = await loadDemo('b');
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel .envelope=${envelope}></protocol-panel>`,
    );
    for (const target of ['anthropic', 'gemini', 'otel'] as const) {
      panel.tab = target;
      await settle(panel);
      expect(panel.shadowRoot!.querySelector('[part~="code"]')!.textContent).to.equal(
        JSON.stringify(exportEnvelope(envelope, { target }).body, null, 2),
      );
      const curlButton = [...panel.shadowRoot!.querySelectorAll('button')].find((b) =>
        b.textContent!.includes('curl'),
      );
      expect(Boolean(curlButton), `curl button on ${target}`).to.equal(target !== 'otel');
    }
    panel.tab = 'anthropic';
    await settle(panel);
    let copied = '';
    const original = navigator.clipboard.writeText;
    navigator.clipboard.writeText = async (text: string) => {
      copied = text;
    };
    try {
      const event = oneEvent(panel, 'protocol-copy');
      [...panel.shadowRoot!.querySelectorAll('button')]
        .find((b) => b.textContent!.includes('curl'))!
        .click();
      expect((await event).detail.what).to.equal('curl');
      expect(copied).to.match(/^curl https:\/\/api\.anthropic\.com\/v1\/messages/);
      expect(copied).to.include('$ANTHROPIC_API_KEY');
    } finally {
      navigator.clipboard.writeText = original;
    }
  });

  it('has an OpenAI Responses tab: the Responses body, a curl to /v1/responses, its warnings', async () => {
    const envelope = await loadDemo('b');
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel tab="openai-responses" .envelope=${envelope}></protocol-panel>`,
    );
    await settle(panel);
    const selected = panel.shadowRoot!.querySelector('[role="tab"][aria-selected="true"]')!;
    expect(selected.textContent!.trim()).to.equal('OpenAI Responses');
    const expected = exportEnvelope(envelope, { target: 'openai-responses' }).body;
    expect(panel.shadowRoot!.querySelector('[part~="code"]')!.textContent).to.equal(
      JSON.stringify(expected, null, 2),
    );
    expect(panel.shadowRoot!.querySelector('[part~="code"]')!.textContent).to.include(
      '"function_call_output"',
    );
    let copied = '';
    const original = navigator.clipboard.writeText;
    navigator.clipboard.writeText = async (text: string) => {
      copied = text;
    };
    try {
      const event = oneEvent(panel, 'protocol-copy');
      [...panel.shadowRoot!.querySelectorAll('button')]
        .find((b) => b.textContent!.includes('curl'))!
        .click();
      expect((await event).detail.target).to.equal('openai-responses');
      expect(copied).to.match(/^curl https:\/\/api\.openai\.com\/v1\/responses/);
    } finally {
      navigator.clipboard.writeText = original;
    }
    // A call that is never answered is named in the warnings, as on the other tabs.
    panel.envelope = {
      version: '1.0',
      model: 'gpt-4.1',
      messages: [
        { id: 'u', role: 'user', timestamp: 1, segments: [{ kind: 'text', content: 'go' }] },
        {
          id: 'a',
          role: 'assistant',
          timestamp: 2,
          segments: [
            { kind: 'tool_call_request', toolName: 'search', arguments: {}, collapsed: false },
          ],
        },
      ],
    };
    await settle(panel);
    expect(panel.shadowRoot!.querySelector('[part~="warnings"]')!.textContent).to.match(
      /no function_call_output.*message 'a'/,
    );
  });

  it('lists export warnings', async () => {
    const envelope = {
      version: '1.0',
      model: 'gpt-4.1',
      messages: [
        { id: 'u', role: 'user', timestamp: 1, segments: [{ kind: 'text', content: 'go' }] },
        {
          id: 'a',
          role: 'assistant',
          timestamp: 2,
          segments: [
            { kind: 'tool_call_request', toolName: 'search', arguments: {}, collapsed: false },
          ],
        },
      ],
    };
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel .envelope=${envelope}></protocol-panel>`,
    );
    const warnings = panel.shadowRoot!.querySelector('[part~="warnings"]')!;
    expect(warnings.textContent).to.include('Warnings (1)');
    expect(warnings.textContent).to.include("from message 'a'");
  });

  it('finds its envelope through for="chat-id"', async () => {
    const host = await fixture<HTMLElement>(
      html`<div>
        <protocol-panel for="the-chat"></protocol-panel>
        <envelope-chat id="the-chat" src="/src/data/demos/demo-c.json"></envelope-chat>
      </div>`,
    );
    const panel = host.querySelector('protocol-panel')!;
    const expected = JSON.stringify(exportToOpenAIFormat(await loadDemo('c')), null, 2);
    // The chat may have loaded before a listener could be added: wait for what the panel shows.
    await waitUntil(
      () => panel.shadowRoot!.querySelector('[part~="code"]')?.textContent === expected,
      'the panel shows the chat envelope',
      { timeout: 10_000 },
    );
  });

  it("shows its for= element's new envelope when it comes back into the page", async () => {
    const host = await fixture<HTMLElement>(
      html`<div>
        <protocol-panel for="moving-chat"></protocol-panel>
        <envelope-chat id="moving-chat" src="/src/data/demos/demo-c.json"></envelope-chat>
      </div>`,
    );
    const panel = host.querySelector('protocol-panel')!;
    const chat = host.querySelector('envelope-chat')!;
    const code = () => panel.shadowRoot!.querySelector('[part~="code"]')?.textContent;
    const showing = (id: 'b' | 'c') => async () =>
      code() === JSON.stringify(exportToOpenAIFormat(await loadDemo(id)), null, 2);
    await waitUntil(showing('c'), 'demo C at first', { timeout: 10_000 });
    // Away from the page, the panel hears no envelope-load: on its return it reads the chat.
    panel.remove();
    chat.envelope = await loadDemo('b');
    await chat.updateComplete;
    host.prepend(panel);
    await waitUntil(showing('b'), 'demo B after coming back', { timeout: 10_000 });
  });

  it('says when there is nothing to export, and shows errors of its own input', async () => {
    const empty = await fixture<ProtocolPanel>(html`<protocol-panel></protocol-panel>`);
    expect(empty.shadowRoot!.textContent).to.include('No envelope to export.');
    const bad = await fixture<ProtocolPanel>(
      html`<protocol-panel envelope="[1,2]"></protocol-panel>`,
    );
    await settle(bad);
    expect(bad.shadowRoot!.querySelector('[part~="error"]')!.textContent).to.include(
      'must be a JSON object',
    );
  });

  it('is accessible (axe) in both themes', async () => {
    for (const theme of ['light', 'dark']) {
      const panel = await fixture<ProtocolPanel>(
        html`<protocol-panel theme=${theme} .envelope=${await loadDemo('f')}></protocol-panel>`,
      );
      await expect(panel).to.be.accessible();
    }
  });
});
