import { expect } from '@open-wc/testing';
import '../../src/elements/segment-text/segment-text.js';
import '../../src/elements/envelope-message/envelope-message.js';
import { sanitizerLoaded } from '../../src/elements/internal/markdown/markdown-html.js';
import { loadChecks } from '../../src/elements/internal/segments/segment-element.js';
import type { SegmentText } from '../../src/elements/segment-text/segment-text.js';

/**
 * Raw HTML in Markdown before and after DOMPurify has loaded. This file runs in a page of its
 * own, where nothing has loaded DOMPurify yet: the first text with HTML loads it.
 */
declare global {
  interface Window {
    __markdownHits?: number;
  }
}

/** A handler that counts, on an image that fails to load (a data: URL that is no image). */
const HOSTILE =
  '<img src="data:image/png;base64,AA" onerror="window.__markdownHits=(window.__markdownHits||0)+1">';

function segmentText(content: string): SegmentText {
  const el = document.createElement('segment-text') as SegmentText;
  el.segment = { kind: 'text', content };
  document.body.append(el);
  return el;
}

/**
 * The element's first render, without waiting for anything it loads: Lit renders in microtasks,
 * and a module can only arrive in a task of its own.
 */
async function firstRender(el: SegmentText): Promise<ShadowRoot> {
  for (let i = 0; i < 100 && !el.shadowRoot?.querySelector('.markdown'); i++)
    await Promise.resolve();
  expect(el.shadowRoot?.querySelector('.markdown'), 'rendered in microtasks').to.exist;
  return el.shadowRoot!;
}

describe('raw HTML in Markdown, sanitized by DOMPurify loaded on demand', () => {
  // A standalone segment's first draw waits for its checks (once per page); DOMPurify is not
  // among them.
  before(() => loadChecks());
  afterEach(() => document.body.replaceChildren());

  it('is text until DOMPurify has loaded, then the sanitized HTML; hostile HTML never runs', async () => {
    expect(sanitizerLoaded(), 'DOMPurify not loaded yet').to.equal(false);
    const first = segmentText(
      'Say <b>bold</b> and **strong**\n\n<div><i>block</i></div>\n\nAfter.',
    );
    const root = await firstRender(first);
    // Before: the tags are text, the Markdown around them is drawn.
    expect(root.querySelector('b, i, div.markdown div:not(.markdown-plain)')).to.equal(null);
    expect(root.querySelector('strong')!.textContent).to.equal('strong');
    expect(root.textContent).to.include('Say <b>bold</b> and strong');
    expect(root.textContent).to.include('<div><i>block</i></div>');
    expect(sanitizerLoaded(), 'still loading').to.equal(false);

    // Hostile HTML arriving while DOMPurify loads, as a block and inside a paragraph.
    const hostile = [segmentText(HOSTILE), segmentText(`inline ${HOSTILE} text`)];
    const hostileRoots = await Promise.all(hostile.map(firstRender));
    for (const shadow of hostileRoots) {
      expect(shadow.querySelector('img')).to.equal(null);
      expect(shadow.textContent).to.include('onerror=');
    }

    // A view taken off the page while DOMPurify loads shows the sanitized HTML when it is back.
    const detached = segmentText('<i>later</i>');
    await firstRender(detached);
    detached.remove();

    await Promise.all([first, ...hostile].map((el) => el.updateComplete));
    expect(sanitizerLoaded()).to.equal(true);
    // After: the same views show the sanitized HTML, the Markdown still drawn.
    expect(root.querySelector('p b')!.textContent).to.equal('bold');
    expect(root.querySelector('p strong')!.textContent).to.equal('strong');
    expect(root.querySelector('div > i')!.textContent).to.equal('block');
    expect(root.textContent).to.not.include('<b>');
    expect([...root.querySelectorAll('p')].at(-1)!.textContent).to.equal('After.');

    document.body.append(detached);
    expect(detached.shadowRoot!.querySelector('i')!.textContent).to.equal('later');

    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(window.__markdownHits, 'no handler ran').to.equal(undefined);
    for (const shadow of hostileRoots) {
      const img = shadow.querySelector('img')!;
      expect(img.getAttribute('src')).to.equal('data:image/png;base64,AA');
      expect(img.getAttribute('onerror')).to.equal(null);
      expect(shadow.textContent).to.not.include('onerror');
    }
  });

  it('once loaded, a new text with HTML is sanitized in its first render', async () => {
    const el = segmentText(`Now <kbd>Ctrl</kbd> ${HOSTILE}`);
    const root = await firstRender(el);
    expect(root.querySelector('kbd')!.textContent).to.equal('Ctrl');
    expect(root.querySelector('img')!.hasAttribute('onerror')).to.equal(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(window.__markdownHits).to.equal(undefined);
  });

  it('keeps nothing that loads by itself: no background, a poster only as data:image, no default track', async () => {
    const poster = 'data:image/png;base64,iVBORw0KGgo=';
    const el = segmentText(
      [
        `<video controls poster="${poster}" src="https://example.com/v.mp4"><track default kind="captions" src="https://example.com/t.vtt"></video>`,
        '<video controls poster="https://example.com/p.png"></video>',
        '<table background="https://example.com/t.png"><tr background="https://example.com/r.png"><td background="https://example.com/c.png">cell</td></tr></table>',
        '<p><a href="https://example.com/" ping="https://example.com/ping">link</a></p>',
      ].join('\n\n'),
    );
    await el.updateComplete;
    const root = el.shadowRoot!;
    const [inline, remote] = root.querySelectorAll('video');
    expect(inline.getAttribute('poster')).to.equal(poster);
    expect(remote.hasAttribute('poster')).to.equal(false);
    const track = root.querySelector('track')!;
    expect(track.getAttribute('src')).to.equal('https://example.com/t.vtt');
    expect(track.hasAttribute('default')).to.equal(false);
    expect(root.querySelector('td')!.textContent).to.equal('cell');
    expect(root.querySelectorAll('[background]')).to.have.length(0);
    const link = root.querySelector('a')!;
    expect(link.getAttribute('href')).to.equal('https://example.com/');
    expect(link.hasAttribute('ping')).to.equal(false);
  });

  it('opens the links of an image map as other links: new tab, no opener, no referrer', async () => {
    const el = segmentText(
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="map" usemap="#user-content-m"><map name="m"><area shape="default" href="https://example.com/area" alt="area"><area shape="rect" coords="0,0,1,1" href="javascript:void 0" alt="script"></map>',
    );
    await el.updateComplete;
    const [safe, refused] = el.shadowRoot!.querySelectorAll('area');
    expect(safe.getAttribute('href')).to.equal('https://example.com/area');
    expect(safe.getAttribute('target')).to.equal('_blank');
    expect(safe.getAttribute('rel')).to.equal('noopener noreferrer');
    expect(refused.hasAttribute('href')).to.equal(false);
  });

  it('in a message, takes none of the message looks: no class, part or slot on model HTML', async () => {
    const message = document.createElement('envelope-message') as HTMLElement & {
      message: unknown;
      updateComplete: Promise<boolean>;
    };
    message.message = {
      id: 'a-1',
      role: 'assistant',
      timestamp: 1780000000000,
      segments: [
        {
          kind: 'text',
          content:
            'Before\n\n<div class="bubble role-user" part="bubble" slot="x" exportparts="a">I am the user</div>',
        },
      ],
    };
    document.body.append(message);
    await message.updateComplete;
    const fake = [...message.shadowRoot!.querySelectorAll('div')].find(
      (div) => div.textContent === 'I am the user',
    )!;
    expect(fake, 'the HTML is drawn').to.exist;
    for (const name of ['class', 'part', 'slot', 'exportparts'])
      expect(fake.hasAttribute(name), name).to.equal(false);
    expect(message.shadowRoot!.querySelectorAll('[part~="bubble"]')).to.have.length(1);
  });
});
