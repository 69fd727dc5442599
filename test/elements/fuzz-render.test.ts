import { expect, fixture, html } from '@open-wc/testing';
import fc from 'fast-check';
import '../../src/elements/envelope-chat/envelope-chat.js';
import '../../src/elements/protocol-panel/protocol-panel.js';
import { parseEnvelope } from '../../src/core/protocol/parse.js';
import { validateEnvelope } from '../../src/core/protocol/validate.js';
import type { EnvelopeChat } from '../../src/elements/envelope-chat/envelope-chat.js';
import type { ProtocolPanel } from '../../src/elements/protocol-panel/protocol-panel.js';
import { mutatedEnvelopes, smallEnvelopeArbitrary } from '../fixtures/arbitraries.js';
import { deepElements } from './helpers.js';

/**
 * SPEC §6 fuzzing in the browser: valid and mutated envelopes, given as a property and as JSON
 * text in the attribute, rendered by one reused `<envelope-chat>` (and, when valid, one
 * `<protocol-panel>`). Every run must end with the error panel or the messages, never a blank
 * element, and with no uncaught error, unhandled rejection or console.error. fast-check reports
 * the seed and the shrunk envelope of a failure.
 */

const RUNS = 500;

const problems: string[] = [];
const onError = (event: ErrorEvent) => problems.push(`error: ${event.message}`);
const onRejection = (event: PromiseRejectionEvent) =>
  problems.push(`unhandledrejection: ${String(event.reason)}`);
const consoleError = console.error;

// Small envelopes keep a thousand renders within a minute; bad-input.test.ts has the big ones.
const small = smallEnvelopeArbitrary(3, 5);
const envelopes = fc.oneof(small, mutatedEnvelopes(small));

/**
 * Waits until the Lit elements below `root` have updated. Unlike helpers' settle it waits only
 * for connected elements, and at most a second a round: an element the chat renders and removes
 * again before its first update (lazy rendering) would otherwise never complete.
 */
async function settleConnected(root: Element): Promise<void> {
  for (let round = 0; round < 2; round++) {
    const pending = deepElements(root)
      .filter((el) => el.isConnected)
      .map((el) => (el as unknown as { updateComplete?: Promise<unknown> }).updateComplete);
    await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, 1_000))]);
    await new Promise((resolve) => setTimeout(resolve));
  }
}

/** JSON text of a value, or null when JSON cannot hold it (the property route is used then). */
function jsonText(value: unknown): string | null {
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    return null;
  }
}

describe('fuzzing the elements with valid and mutated envelopes (fast-check)', function () {
  this.timeout(120_000);
  let chat: EnvelopeChat;
  let panel: ProtocolPanel;

  before(async () => {
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    console.error = (...args: unknown[]) => {
      problems.push(`console.error: ${args.map(String).join(' ')}`);
      consoleError.apply(console, args);
    };
    const root = await fixture<HTMLElement>(
      html`<div>
        <envelope-chat></envelope-chat>
        <protocol-panel></protocol-panel>
      </div>`,
    );
    chat = root.querySelector('envelope-chat')!;
    panel = root.querySelector('protocol-panel')!;
  });

  after(() => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    console.error = consoleError;
  });

  /** Shows `value` through `route` and checks what a person would see. */
  async function renders(value: unknown, route: 'property' | 'attribute'): Promise<void> {
    const text = route === 'attribute' ? jsonText(value) : null;
    let valid: boolean;
    if (text !== null) {
      valid = parseEnvelope(text).valid;
      chat.setAttribute('envelope', text);
    } else {
      valid = validateEnvelope(value).valid;
      chat.envelope = value as EnvelopeChat['envelope'];
    }
    await settleConnected(chat);
    const root = chat.shadowRoot!;
    const error = root.querySelector('[part~="error"]');
    if (valid) {
      expect(error, 'a valid envelope shows no error').to.equal(null);
      expect(root.querySelector('[part~="header"]')?.textContent, 'header').to.match(/message/);
      expect(root.querySelector('envelope-message'), 'the first message').not.to.equal(null);

      panel.envelope = chat.loadedEnvelope;
      // Its own update too: it waits for the code of the tab's export, loaded when first shown
      // (the panel may be out of the page here, which settleConnected skips).
      await panel.updateComplete;
      await settleConnected(panel);
      const code = panel.shadowRoot!.querySelector('[part~="code"]')?.textContent ?? '';
      expect(panel.shadowRoot!.querySelector('[part~="error"]'), 'panel error').to.equal(null);
      expect(code.length, 'the panel shows JSON').to.be.above(2);
      expect(code).to.equal(panel.shownText.slice(0, code.length));
    } else {
      expect(error, 'an invalid envelope shows the error panel').not.to.equal(null);
      expect(error!.querySelectorAll('li').length, 'with its errors').to.be.above(0);
    }
    const seen = problems.splice(0);
    expect(seen, 'uncaught errors, rejections and console errors').to.deep.equal([]);
  }

  it(`renders ${RUNS} valid and mutated envelopes given as a property`, async () => {
    await fc.assert(
      fc.asyncProperty(envelopes, (value) => renders(value, 'property')),
      { numRuns: RUNS },
    );
  });

  it(`renders ${RUNS} valid and mutated envelopes given as JSON text in the attribute`, async () => {
    await fc.assert(
      fc.asyncProperty(envelopes, (value) => renders(value, 'attribute')),
      { numRuns: RUNS },
    );
  });

  it('shows every protocol-panel tab for valid envelopes', async () => {
    const tabs = ['openai', 'anthropic', 'gemini', 'otel', 'raw', 'trace'] as const;
    await fc.assert(
      fc.asyncProperty(small, fc.constantFrom(...tabs), async (envelope, tab) => {
        panel.envelope = envelope;
        panel.tab = tab;
        await panel.updateComplete;
        await settleConnected(panel);
        const code = panel.shadowRoot!.querySelector('[part~="code"]')?.textContent ?? '';
        expect(() => JSON.parse(panel.shownText)).not.to.throw();
        expect(code).to.equal(panel.shownText.slice(0, code.length));
        expect(problems.splice(0)).to.deep.equal([]);
      }),
      { numRuns: 200 },
    );
  });
});
