import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/envelope-viewer/envelope-viewer.js';
import type { EnvelopeViewer } from '../../src/elements/envelope-viewer/envelope-viewer.js';
import { deepQueryAll, expandAll, settle } from '../elements/helpers.js';

// This file runs in a page whose Content-Security-Policy forbids eval and inline styles
// (see the "csp" group in web-test-runner.config.js).
const violations: SecurityPolicyViolationEvent[] = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(e));

describe('under a strict Content-Security-Policy', () => {
  it('the policy is really in force', async () => {
    expect(() => new Function('return 1')).to.throw(EvalError);
    await new Promise((r) => setTimeout(r, 50));
    expect(violations.map((v) => v.violatedDirective)).to.deep.equal(['script-src']);
    violations.length = 0;
  });

  for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) {
    it(`renders demo ${id} with every segment expanded and no violation`, async () => {
      const viewer = await fixture<EnvelopeViewer>(
        html`<envelope-viewer
          scenario=${id}
          scenarios="/src/data/demos/manifest.json"
        ></envelope-viewer>`,
      );
      await new Promise((resolve) =>
        viewer.addEventListener('envelope-load', resolve, { once: true }),
      );
      await settle(viewer);
      await expandAll(viewer);
      expect(deepQueryAll(viewer, '[part~="segment"]').length).to.be.greaterThan(3);
      await new Promise((r) => setTimeout(r, 50));
      expect(violations.map((v) => `${v.violatedDirective} ${v.blockedURI}`)).to.deep.equal([]);
    });
  }
});
