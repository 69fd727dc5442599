import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { exportToOpenAIFormat } from '../../src/core/targets/export.js';
import '../../src/define.js';
import { loadDemo } from './helpers.js';

// demos/cdn.html: plain HTML that uses only dist/prompt-envelope.js (built by `npm run build`)
// under `default-src 'self'; script-src 'self'; style-src 'self'`.
describe('demos/cdn.html (script-tag bundle under a strict CSP)', () => {
  it('renders the chat and the protocol panel with zero policy violations', async () => {
    const frame = await fixture<HTMLIFrameElement>(
      html`<iframe src="/demos/cdn.html" style="width: 1200px; height: 800px"></iframe>`,
    );
    await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    const page = frame.contentWindow!;
    const violations: string[] = [];
    page.document.addEventListener('securitypolicyviolation', (e) =>
      violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
    const chat = page.document.querySelector('envelope-chat') as HTMLElement & {
      loadedEnvelope?: unknown;
    };
    for (let i = 0; i < 100 && !chat.loadedEnvelope; i++)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    const demo = await loadDemo('b');
    expect(chat.shadowRoot!.querySelectorAll('envelope-message')).to.have.length(
      demo.messages.length,
    );
    const panel = page.document.querySelector('protocol-panel')!;
    expect(panel.shadowRoot!.querySelector('[part~="code"]')!.textContent).to.equal(
      JSON.stringify(exportToOpenAIFormat(demo), null, 2),
    );
    expect(violations).to.deep.equal([]);
    expect(page.customElements.get('envelope-chat'), 'registered by the bundle').to.exist;
  });

  it("draws with the same styles as the source modules (the bundle's CSS is minified)", async () => {
    const frame = await fixture<HTMLIFrameElement>(
      html`<iframe src="/demos/cdn.html" style="width: 900px; height: 800px"></iframe>`,
    );
    await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    const bundled = frame.contentWindow!.document.querySelector('envelope-chat') as HTMLElement & {
      loadedEnvelope?: unknown;
      updateComplete: Promise<boolean>;
    };
    for (let i = 0; i < 100 && !bundled.loadedEnvelope; i++)
      await new Promise((r) => setTimeout(r, 50));
    const demo = await loadDemo('b');
    const source = await fixture<HTMLElement & { updateComplete: Promise<boolean> }>(
      html`<div style="width: 900px"><envelope-chat .envelope=${demo}></envelope-chat></div>`,
    );
    const fromSource = source.querySelector('envelope-chat') as HTMLElement & {
      updateComplete: Promise<boolean>;
    };
    await Promise.all([fromSource.updateComplete, bundled.updateComplete]);
    // Each chat draws its context meter once the meter's code has loaded, after the messages: on
    // a busy machine, later in one page than in the other.
    const meterIn = (chat: HTMLElement) => chat.shadowRoot!.querySelector('context-meter');
    for (let i = 0; i < 200 && !(meterIn(fromSource) && meterIn(bundled)); i++)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    const properties = [
      'display',
      'padding',
      'margin',
      'border',
      'border-radius',
      'color',
      'background-color',
      'font-size',
      'font-weight',
      'gap',
      'white-space',
    ];
    const styles = (chat: HTMLElement) => {
      const view = chat.ownerDocument.defaultView!;
      const nodes = [...chat.shadowRoot!.querySelectorAll('*')];
      for (const message of chat.shadowRoot!.querySelectorAll('envelope-message'))
        nodes.push(...message.shadowRoot!.querySelectorAll('*'));
      return nodes.map((node) => {
        const style = view.getComputedStyle(node);
        return `${node.localName}.${node.getAttribute('part') ?? ''} ${properties.map((p) => style.getPropertyValue(p)).join(' | ')}`;
      });
    };
    const expected = styles(fromSource);
    expect(expected.length).to.be.greaterThan(50);
    expect(styles(bundled)).to.deep.equal(expected);
  });

  it('a second copy of the bundle on the page neither throws nor breaks the first, and one warning names both', async () => {
    const frame = await fixture<HTMLIFrameElement>(html`<iframe src="/demos/cdn.html"></iframe>`);
    await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    const page = frame.contentWindow as Window & typeof globalThis;
    const errors: string[] = [];
    page.addEventListener('error', (e) => errors.push(e.message));
    const warnings: string[] = [];
    const original = page.console.warn;
    page.console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    // A copy at another URL is another module instance, like a second CDN copy.
    await new Promise((resolve, reject) => {
      const script = page.document.createElement('script');
      script.type = 'module';
      script.src = '/dist/prompt-envelope.js?copy=2';
      script.onload = resolve;
      script.onerror = reject;
      page.document.head.append(script);
    });
    page.console.warn = original;
    expect(errors).to.deep.equal([]);
    const twoCopies = warnings.filter((m) => m.includes('two copies'));
    expect(twoCopies).to.have.length(1);
    expect(twoCopies[0]).to.match(
      /\S+\/dist\/prompt-envelope\.js \(used\) and \S+\/dist\/prompt-envelope\.js\?copy=2 \(not used\)/,
    );
    // The first copy's elements still work.
    const chat = page.document.querySelector('envelope-chat')!;
    await waitUntil(() => (chat.shadowRoot?.querySelectorAll('envelope-message').length ?? 0) > 0);
  });
});
