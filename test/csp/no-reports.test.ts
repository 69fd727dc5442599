import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/segment-document/segment-document.js';
import '../../src/elements/segment-memory/segment-memory.js';
import '../../src/elements/segment-skills/segment-skills.js';
import '../../src/elements/segment-text/segment-text.js';
import { armPayload, OWN_PAYLOADS } from '../fixtures/xss/own-payloads.js';
import { deepQueryAll, expandAll, settle } from '../elements/helpers.js';

/**
 * Issue 20, item 5: a site that collects CSP reports must not receive one for every hostile
 * message. The page's policy forbids inline script (see the "csp" group in
 * web-test-runner.config.js), so an `onerror` attribute that reached a live HTML parser would
 * be refused, and reported, even though the sanitizer removes it a moment later. Every payload of
 * the XSS corpus is rendered through each Markdown channel; not one report may be sent.
 */
const reports: string[] = [];
document.addEventListener('securitypolicyviolation', (event) =>
  reports.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`.trim()),
);

const corpus = (await (await fetch('/test/fixtures/xss/dompurify-payloads.json')).json()) as {
  payloads: string[];
};
const PAYLOADS = [...corpus.payloads, ...OWN_PAYLOADS].map(armPayload);

/** Payloads per fixture: each channel of each payload is one element. */
const BATCH = 40;

/** Time for anything a parser queued to be refused and reported (an image error, a task). */
const drain = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('no CSP report from sanitized Markdown (issue 20, item 5)', () => {
  it('the page really reports an inline handler that reaches a live parser', async () => {
    const probe = document.createElement('div');
    probe.innerHTML = '<img src="data:image/png;base64,AA" onerror="window.__pwned=1">';
    document.body.append(probe);
    await drain();
    probe.remove();
    expect(reports.some((r) => r.startsWith('script-src-attr'))).to.equal(true);
    reports.length = 0;
  });

  for (let start = 0; start < PAYLOADS.length; start += BATCH) {
    const batch = PAYLOADS.slice(start, start + BATCH);
    it(`payloads ${start}–${start + batch.length - 1} in every Markdown channel send no report`, async () => {
      const root = await fixture<HTMLElement>(
        html`<div>
          ${batch.map(
            (p) =>
              html`<segment-text .segment=${{ kind: 'text', content: p }}></segment-text>
                <segment-memory
                  .segment=${{
                    kind: 'memory',
                    collapsed: false,
                    items: [{ title: 't', content: p }],
                  }}
                ></segment-memory>
                <segment-skills
                  .segment=${{
                    kind: 'skills',
                    collapsed: false,
                    items: [{ name: 's', description: 'd', body: p }],
                  }}
                ></segment-skills>
                <segment-document
                  .segment=${{
                    kind: 'document',
                    fileName: 'f.md',
                    mimeType: 'text/markdown',
                    snippet: 's',
                    sizeBytes: 1,
                    parsedContent: p,
                  }}
                ></segment-document>`,
          )}
        </div>`,
      );
      await settle(root);
      await expandAll(root);
      await drain();
      // The Markdown really was rendered: each channel has its .markdown container.
      expect(deepQueryAll(root, '.markdown').length).to.be.at.least(batch.length * 4);
      expect(reports).to.deep.equal([]);
    });
  }
});
