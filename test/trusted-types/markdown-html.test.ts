import { expect } from '@open-wc/testing';

// Raw HTML in Markdown under Trusted Types, on the script-tag bundle (see trusted-types.test.ts):
// DOMPurify loads from dist/lazy/ the first time a text holds HTML, sanitizes under its
// `dompurify` policy, and the sanitized nodes are inserted with no other sink.
const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (e) =>
  violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
);

declare global {
  interface Window {
    __markdownHits?: number;
  }
}

describe('raw HTML in Markdown under Trusted Types', () => {
  it('is sanitized by DOMPurify loaded on demand, with no violation and nothing run', async () => {
    const element = document.createElement('segment-text') as HTMLElement & {
      updateComplete: Promise<unknown>;
    };
    element.setAttribute(
      'segment',
      JSON.stringify({
        kind: 'text',
        content:
          'Say <b>bold</b> and **strong** <img src="data:image/png;base64,AA" onerror="window.__markdownHits=1">',
      }),
    );
    document.body.append(element);
    await element.updateComplete;
    const p = element.shadowRoot!.querySelector('p')!;
    expect(p.querySelector('b')!.textContent).to.equal('bold');
    expect(p.querySelector('strong')!.textContent).to.equal('strong');
    expect(p.querySelector('img')!.hasAttribute('onerror')).to.equal(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(window.__markdownHits).to.equal(undefined);
    const lazy = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.includes('/lazy/'));
    expect(lazy).to.deep.equal(['/dist/lazy/dompurify.js']);
    expect(violations).to.deep.equal([]);
  });
});
