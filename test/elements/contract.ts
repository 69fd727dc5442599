import { expect, fixture, html } from '@open-wc/testing';
import { unsafeStatic, html as staticHtml } from 'lit/static-html.js';
import type { EnvelopeErrorEvent } from '../../src/events.js';

/**
 * The contract every segment element keeps (STYLE.md "Tests"): the attribute and the property
 * give the same result, bad input shows the error state and fires one envelope-error without
 * throwing, and axe finds nothing.
 */
export function segmentContract(tag: string, valid: object, otherKind: object) {
  const literal = unsafeStatic(tag);

  describe(`<${tag}> contract`, () => {
    // Lit's dev mode warns (once per page) about update cycles, missing properties and such:
    // none of them may appear. The one-time "dev mode" notice is not a problem.
    const warnings: string[] = [];
    const warn = console.warn;
    before(() => {
      console.warn = (...args: unknown[]) => {
        warnings.push(args.map(String).join(' '));
        warn.apply(console, args);
      };
    });
    after(() => {
      console.warn = warn;
      expect(warnings.filter((w) => /lit\.dev\/msg/.test(w) && !/dev-mode/.test(w))).to.deep.equal(
        [],
      );
    });

    it('renders the same from the attribute and from the property', async () => {
      const fromAttribute = await fixture(
        staticHtml`<${literal} segment=${JSON.stringify(valid)}></${literal}>`,
      );
      const fromProperty = await fixture(staticHtml`<${literal} .segment=${valid}></${literal}>`);
      expect(fromAttribute.shadowRoot!.innerHTML.replace(/<!--[^>]*-->/g, '')).to.equal(
        fromProperty.shadowRoot!.innerHTML.replace(/<!--[^>]*-->/g, ''),
      );
      expect(fromProperty.shadowRoot!.querySelector('[part~="base"]')).to.exist;
    });

    for (const [name, bad] of [
      ['malformed JSON', '{"kind": '],
      ['a missing field', JSON.stringify({ kind: (valid as { kind: string }).kind })],
      ['another kind', JSON.stringify(otherKind)],
      ['a number', '42'],
    ] as const) {
      it(`shows an error panel and fires one envelope-error for ${name}`, async () => {
        const events: EnvelopeErrorEvent[] = [];
        const container = await fixture<HTMLElement>(
          html`<div @envelope-error=${(e: EnvelopeErrorEvent) => events.push(e)}></div>`,
        );
        const el = document.createElement(tag);
        el.setAttribute('segment', bad);
        container.append(el);
        await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
        await new Promise((r) => setTimeout(r));
        const panel = el.shadowRoot!.querySelector('[part~="error"]');
        expect(panel, 'error panel').to.exist;
        expect(panel!.getAttribute('role')).to.equal('alert');
        expect(panel!.textContent).to.match(/\w+/);
        expect(events).to.have.length(1);
        expect(events[0].detail.errors.length).to.be.greaterThan(0);
        (el as unknown as { requestUpdate(): void }).requestUpdate();
        await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
        expect(events, 'no second event for the same input').to.have.length(1);
      });
    }

    it('replaces the error with a later valid segment', async () => {
      const el = await fixture<
        HTMLElement & { segment: unknown; updateComplete: Promise<unknown> }
      >(staticHtml`<${literal} segment="nope"></${literal}>`);
      expect(el.shadowRoot!.querySelector('[part~="error"]')).to.exist;
      el.segment = valid;
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('[part~="error"]')).to.not.exist;
    });

    it('is accessible (axe), in light and dark themes', async () => {
      for (const theme of ['light', 'dark']) {
        const el = await fixture(
          staticHtml`<${literal} theme=${theme} .segment=${valid}></${literal}>`,
        );
        await expect(el).to.be.accessible();
      }
    });
  });
}
