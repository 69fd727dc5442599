import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/envelope-chat/envelope-chat.js';
import '../../src/elements/segment-memory/segment-memory.js';
import type { EnvelopeChat } from '../../src/elements/envelope-chat/envelope-chat.component.js';
import type { SegmentMemory } from '../../src/elements/segment-memory/segment-memory.component.js';
import type { Envelope, Segment } from '../../src/core/protocol/types.js';
import { everyKindEnvelope } from '../fixtures/envelopes.js';

// `theme="auto"` (the default) follows the page's own dark switch, not only the system setting:
// `<html class="dark">` (VitePress, Tailwind), `data-theme="dark"` (Docusaurus, Starlight) and
// `color-scheme` on the root. The test flips each at run time and reads a colour in a shadow root.

const LIGHT_TEXT = 'rgb(17, 24, 39)';
const DARK_TEXT = 'rgb(229, 231, 235)';
const root = document.documentElement;

/** The text colour of an element's root part, as the person sees it. */
async function textColour(el: EnvelopeChat | SegmentMemory): Promise<string> {
  // The page observers re-render on the next microtasks; two frames leave room for both.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await el.updateComplete;
  return getComputedStyle(el.shadowRoot!.querySelector('[part="base"]')!).color;
}

const envelope: Envelope = everyKindEnvelope();
const memory: Segment = envelope.messages
  .flatMap((m) => m.segments)
  .find((s) => s.kind === 'memory')!;

describe('theme follows the host page', () => {
  afterEach(() => {
    root.classList.remove('dark', 'light');
    delete root.dataset.theme;
    root.style.removeProperty('color-scheme');
  });

  for (const [name, make] of [
    ['<html class="dark">', () => root.classList.add('dark')],
    ['<html data-theme="dark">', () => (root.dataset.theme = 'dark')],
    ['color-scheme: dark on the root', () => root.style.setProperty('color-scheme', 'dark')],
  ] as const) {
    it(`turns dark and back with ${name}`, async () => {
      const chat = await fixture<EnvelopeChat>(
        html`<envelope-chat .envelope=${envelope}></envelope-chat>`,
      );
      const segment = await fixture<SegmentMemory>(
        html`<segment-memory .segment=${memory}></segment-memory>`,
      );
      // Headless Chromium prefers light: the starting point is light.
      expect(await textColour(chat)).to.equal(LIGHT_TEXT);
      make();
      expect(await textColour(chat)).to.equal(DARK_TEXT);
      expect(await textColour(segment)).to.equal(DARK_TEXT);
      root.classList.remove('dark');
      delete root.dataset.theme;
      root.style.removeProperty('color-scheme');
      expect(await textColour(chat)).to.equal(LIGHT_TEXT);
    });
  }

  it('reads what surrounds elements added together once, not once per element', async () => {
    const box = await fixture<HTMLDivElement>(html`<div></div>`);
    const real = window.getComputedStyle;
    let reads = 0;
    window.getComputedStyle = (...args: Parameters<typeof real>) => {
      reads++;
      return real(...args);
    };
    try {
      // As a page draws a conversation: 200 segments added in one task, under one parent.
      const added = Array.from({ length: 200 }, () => {
        const el = document.createElement('segment-memory') as SegmentMemory;
        el.segment = memory;
        box.append(el);
        return el;
      });
      await Promise.all(added.map((el) => el.updateComplete));
    } finally {
      window.getComputedStyle = real;
    }
    // Each read after an insertion recomputes the page's styles: 200 of them made drawing
    // quadratic. The parent and its ancestors are read once.
    expect(reads).to.be.below(20);
  });

  it('an explicit theme wins over the page', async () => {
    root.classList.add('dark');
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat theme="light" .envelope=${envelope}></envelope-chat>`,
    );
    expect(await textColour(chat)).to.equal(LIGHT_TEXT);
    chat.theme = 'auto';
    expect(await textColour(chat)).to.equal(DARK_TEXT);
  });

  it('<html class="light"> keeps a dark-preferring system light', async () => {
    root.classList.add('light');
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat .envelope=${envelope}></envelope-chat>`,
    );
    expect(await textColour(chat)).to.equal(LIGHT_TEXT);
  });
});
