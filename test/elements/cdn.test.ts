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
    const chat = page.document.querySelector('envelope-chat')!;
    await waitUntil(() => (chat.shadowRoot?.querySelectorAll('envelope-message').length ?? 0) > 0);
  });
});
