import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import type { TemplateResult } from 'lit';
import '../../src/define.js';
import type { Envelope } from '../../src/core/protocol/types.js';
import { everyKindEnvelope } from '../fixtures/envelopes.js';
import { deepElements, expandAll, loadDemo, settle } from './helpers.js';

// A page's inherited text settings must not reach into the elements: create-vite's stylesheet
// has `#app { text-align: center }`, and every message was centred. Each element is drawn in a
// `#app`, photographed, then photographed again with every inherited text property of `#app`
// set to something odd; the two pictures must be the same pixel for pixel, and so must the
// computed styles of every node in the shadow roots.

/** Inherited properties a page may set on a container, each to a value nobody would want. */
const HOSTILE: Record<string, string> = {
  'text-align': 'center',
  'text-align-last': 'center',
  'text-indent': '40px',
  'text-transform': 'uppercase',
  'text-shadow': '1px 1px 0 red',
  'white-space': 'pre',
  'word-break': 'break-all',
  'overflow-wrap': 'anywhere',
  'line-break': 'anywhere',
  hyphens: 'auto',
  'tab-size': '20',
  'line-height': '3',
  'letter-spacing': '3px',
  'word-spacing': '12px',
  'font-style': 'italic',
  'font-weight': '700',
  'font-variant': 'small-caps',
  'font-stretch': 'condensed',
  'font-kerning': 'none',
  'font-feature-settings': '"smcp"',
  direction: 'rtl',
};

const style = document.createElement('style');
// A whole-pixel width: under `direction: rtl` a block is placed from the right edge, and a
// fractional width would shift it by a fraction of a pixel without any style reaching in.
style.textContent = `#app { width: 860px; } #app.hostile { ${Object.entries(HOSTILE)
  .map(([name, value]) => `${name}: ${value};`)
  .join(' ')} }`;
document.head.append(style);

/** The hostile properties' computed values on every node of the element's shadow roots. */
function computedText(el: Element): string[] {
  return deepElements(el).flatMap((node) => {
    const computed = getComputedStyle(node);
    return Object.keys(HOSTILE).map(
      (name) => `${node.localName}.${node.className}: ${name}: ${computed.getPropertyValue(name)}`,
    );
  });
}

const frames = () =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/** A PNG of `#app` as the person sees it (written to screenshots/ when named). */
const shot = (name?: string) =>
  executeServerCommand<string, { selector: string; name?: string }>('screenshot', {
    selector: '#app',
    name,
  });

/** A picture of `#app` once it stops changing (images that fail to load, late chunks). */
async function stableShot(name?: string): Promise<string> {
  let last = await shot();
  for (let i = 0; i < 10; i++) {
    await frames();
    const next = await shot(name);
    if (next === last) return next;
    last = next;
  }
  return last;
}

async function pixels(png: string): Promise<ImageData> {
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return context.getImageData(0, 0, bitmap.width, bitmap.height);
}

/** How the two pictures differ: their sizes, and how many pixels are not the same. */
async function difference(a: string, b: string): Promise<string> {
  const [one, two] = await Promise.all([pixels(a), pixels(b)]);
  if (one.width !== two.width || one.height !== two.height)
    return `${one.width}×${one.height} against ${two.width}×${two.height}`;
  let differing = 0;
  let [left, top, right, bottom] = [Infinity, Infinity, -1, -1];
  for (let i = 0; i < one.data.length; i += 4)
    if (
      one.data[i] !== two.data[i] ||
      one.data[i + 1] !== two.data[i + 1] ||
      one.data[i + 2] !== two.data[i + 2] ||
      one.data[i + 3] !== two.data[i + 3]
    ) {
      differing++;
      const [x, y] = [(i / 4) % one.width, Math.floor(i / 4 / one.width)];
      [left, top, right, bottom] = [
        Math.min(left, x),
        Math.min(top, y),
        Math.max(right, x),
        Math.max(bottom, y),
      ];
    }
  return differing === 0
    ? 'the same'
    : `${differing} pixels differ, within x ${left}–${right}, y ${top}–${bottom}`;
}

const every = everyKindEnvelope();
const segments = every.messages.flatMap((m) => m.segments);
const segmentOf = (kind: string) => segments.find((s) => s.kind === kind)!;
const DEMOS = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
/** The demo envelopes, loaded from the test server; `changed` is A with one more line. */
const demos: Record<string, Envelope> = {};
before(async () => {
  for (const id of DEMOS) demos[id] = await loadDemo(id);
  demos.changed = structuredClone(demos.a!);
  demos.changed.messages[0]!.segments.push({ kind: 'text', content: 'One more line, changed.' });
});

const segmentTemplates = [
  html`<segment-system-prompt .segment=${segmentOf('system_prompt')}></segment-system-prompt>`,
  html`<segment-memory .segment=${segmentOf('memory')}></segment-memory>`,
  html`<segment-tool-overview .segment=${segmentOf('tool_overview')}></segment-tool-overview>`,
  html`<tool-call-request .segment=${segmentOf('tool_call_request')}></tool-call-request>`,
  html`<tool-call-result .segment=${segmentOf('tool_call_result')}></tool-call-result>`,
  html`<segment-text .segment=${segmentOf('text')}></segment-text>`,
];

const cases: [name: string, template: () => TemplateResult][] = [
  ...DEMOS.map((id): [string, () => TemplateResult] => [
    `the chat with demo ${id.toUpperCase()}`,
    () => html`<envelope-chat .envelope=${demos[id]}></envelope-chat>`,
  ]),
  [
    // As a page lays a chat out in a panel: the pictures in docs/page-styles/ are this case's.
    'the chat with demo F in a scrolling panel',
    // No white space around the chat: the page's `white-space: pre` would draw it, outside it.
    // prettier-ignore
    () => html`<div style="height: 640px; overflow: auto"><envelope-chat .envelope=${demos.f}></envelope-chat></div>`,
  ],
  [
    'the chat with every kind of segment',
    () => html`<envelope-chat .envelope=${every}></envelope-chat>`,
  ],
  [
    'the viewer',
    () =>
      html`<envelope-viewer
        style="--pe-viewer-height: 700px"
        .envelope=${demos.f}
      ></envelope-viewer>`,
  ],
  ['the protocol panel', () => html`<protocol-panel .envelope=${demos.f}></protocol-panel>`],
  ['the context meter', () => html`<context-meter .envelope=${demos.f}></context-meter>`],
  [
    'the diff',
    () =>
      html`<envelope-diff
        .beforeEnvelope=${demos.a}
        .afterEnvelope=${demos.changed}
      ></envelope-diff>`,
  ],
  ['the prompt studio', () => html`<prompt-studio .envelope=${demos.a}></prompt-studio>`],
  // No white space between them: the page's `white-space: pre` would draw it, outside them.
  ['the segment elements', () => html`<div>${segmentTemplates}</div>`],
];

describe('page styles do not reach into the elements', () => {
  // One `#app` for every case: the fixture's cleanup takes each element out of it.
  const app = document.createElement('div');
  app.id = 'app';
  before(async () => {
    document.body.append(app);
    await setViewport({ width: 900, height: 900 });
  });
  afterEach(() => app.classList.remove('hostile'));
  after(() => app.remove());

  for (const [name, template] of cases) {
    it(`${name} looks the same under a page's hostile inherited text styles`, async function () {
      this.timeout(60_000);
      const el = await fixture<HTMLElement>(template(), { parentNode: app });
      await settle(el);
      // Every disclosure open where that stays small: segments of every kind, and the segments.
      if (name.includes('segment')) {
        await expandAll(el);
        await settle(el);
      }
      // The pictures are kept for a person to look at.
      const file = `page-styles-${name.replace(/\W+/g, '-')}`;
      const plain = await stableShot(`${file}-plain`);
      const plainStyles = computedText(el);
      app.classList.add('hostile');
      await frames();
      const hostile = await stableShot(`${file}-hostile`);
      const hostileStyles = computedText(el);
      expect(
        hostileStyles.filter((line, i) => line !== plainStyles[i]).slice(0, 5),
        'computed styles in the shadow roots that changed',
      ).to.deep.equal([]);
      expect(await difference(plain, hostile)).to.equal('the same');
    });
  }
});

describe('direction follows the document, not a container', () => {
  const directionInside = async (template: TemplateResult) => {
    const wrapper = await fixture<HTMLElement>(template);
    const el = wrapper.querySelector('envelope-chat')!;
    await settle(el);
    return getComputedStyle(el.shadowRoot!.querySelector('[part~="base"]')!).direction;
  };
  const chat = (parent: 'dir' | 'css') =>
    parent === 'dir'
      ? html`<div dir="rtl"><envelope-chat .envelope=${demos.a}></envelope-chat></div>`
      : html`<div style="direction: rtl">
          <envelope-chat .envelope=${demos.a}></envelope-chat>
        </div>`;

  afterEach(() => document.documentElement.removeAttribute('dir'));

  it('is right to left on a page with <html dir="rtl">', async () => {
    document.documentElement.dir = 'rtl';
    const el = await fixture<HTMLElement>(
      html`<envelope-chat .envelope=${demos.a}></envelope-chat>`,
    );
    await settle(el);
    const message = el.shadowRoot!.querySelector('envelope-message')!;
    expect(getComputedStyle(el.shadowRoot!.querySelector('[part~="base"]')!).direction).to.equal(
      'rtl',
    );
    expect(
      getComputedStyle(message.shadowRoot!.querySelector('[part~="base"]')!).direction,
    ).to.equal('rtl');
  });

  it('is right to left inside an element with dir="rtl"', async () => {
    expect(await directionInside(chat('dir'))).to.equal('rtl');
  });

  it('stays left to right under a container styled direction: rtl', async () => {
    expect(await directionInside(chat('css'))).to.equal('ltr');
  });

  it('keeps horizontal text in a container with a vertical writing mode', async () => {
    const el = await fixture<HTMLElement>(
      html`<div style="writing-mode: vertical-rl">
        <segment-text .segment=${segmentOf('text')}></segment-text>
      </div>`,
    );
    const segment = el.querySelector('segment-text')!;
    await settle(segment);
    expect(
      getComputedStyle(segment.shadowRoot!.querySelector('[part~="base"]')!).writingMode,
    ).to.equal('horizontal-tb');
  });
});
