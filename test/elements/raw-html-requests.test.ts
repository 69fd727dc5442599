import { expect } from '@open-wc/testing';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import '../../src/elements/envelope-message/envelope-message.js';
import { loadSanitizer } from '../../src/elements/internal/markdown/markdown-html.js';

/**
 * Raw HTML in a message loads nothing by itself: what Chromium requests for each way HTML can
 * name a remote URL, logged by Playwright (requests that fail count too). Far from the viewport
 * nothing may leave; near it only pictures, as Markdown images do (lazily, without a referrer);
 * audio and video only when played, their text tracks only when chosen.
 */

interface Request {
  url: string;
  referer: string | null;
}

/** Resolves nowhere (the runner's host rules), so every attempt is logged and none succeeds. */
const HOST = 'tracker.invalid';
const at = (name: string) => `https://${HOST}/${name}`;

/** The requests made to HOST since the log started, by the name of their URL. */
async function requests(): Promise<Map<string, Request>> {
  const log = (await executeServerCommand<Request[], { host: string }>('requests', {
    host: HOST,
  }))!;
  return new Map(log.map((request) => [new URL(request.url).pathname.slice(1), request]));
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Raw HTML naming remote URLs, one text segment each. The ones named `img-…` are pictures. */
const PAYLOADS = [
  `<table background="${at('table')}"><thead background="${at('thead')}"><tr background="${at('tr')}"><th background="${at('th')}">h</th></tr></thead><tbody background="${at('tbody')}"><tr><td background="${at('td')}"><img src="${at('img-in-cell')}" alt="cell"></td></tr></tbody><tfoot background="${at('tfoot')}"><tr><td>f</td></tr></tfoot></table>`,
  `<body background="${at('body')}"><p>body</p></body>`,
  `<video controls poster="${at('poster')}"></video>`,
  `<video controls autoplay preload="auto" src="${at('video')}"><track default kind="subtitles" srclang="en" src="${at('track')}"></video>`,
  `<video controls crossorigin="anonymous"><source src="${at('source')}"><track default kind="metadata" src="${at('track-metadata')}"></video>`,
  `<audio controls autoplay preload="auto" src="${at('audio')}"><track default kind="captions" src="${at('track-audio')}"></audio>`,
  `<img src="${at('img')}" alt="img" loading="eager" referrerpolicy="unsafe-url" srcset="${at('srcset')} 2x" lowsrc="${at('lowsrc')}" dynsrc="${at('dynsrc')}" longdesc="${at('longdesc')}">`,
  `<picture><source srcset="${at('picture-source')}"><img src="${at('img-picture')}" alt="picture"></picture>`,
  `<image src="${at('img-image-tag')}">`,
  `<input type="image" src="${at('input')}">`,
  `<p><a href="${at('link')}" ping="${at('ping')}">link</a> <q cite="${at('q')}">q</q></p><blockquote cite="${at('blockquote')}">b</blockquote>`,
  `<link rel="stylesheet" href="${at('stylesheet')}"><link rel="prefetch" href="${at('prefetch')}">`,
  `<object data="${at('object')}"></object><embed src="${at('embed')}"><iframe src="${at('iframe')}"></iframe>`,
  `<svg><image href="${at('svg-image')}" width="10" height="10"/></svg>`,
  `<div style="background:url(${at('style-attribute')})">s</div><style>p{background:url(${at('style-element')})}</style>`,
  // The rule raw HTML follows: a Markdown image.
  `![markdown](${at('img-markdown')})`,
];

/** The pictures among the URLs above: the only ones that may load, once near the viewport. */
const PICTURES = ['img', 'img-in-cell', 'img-picture', 'img-image-tag', 'img-markdown'];

type Message = HTMLElement & { message: unknown; updateComplete: Promise<boolean> };

describe('raw HTML in a message loads nothing by itself', () => {
  let message: Message;

  before(async () => {
    await setViewport({ width: 800, height: 600 });
    // The log starts empty; DOMPurify is loaded so that the first draw holds the HTML.
    expect((await requests()).size).to.equal(0);
    await loadSanitizer();
    // Far below the viewport: further than Chromium's lazy-loading distance (at most 8,000 px).
    const spacer = document.createElement('div');
    spacer.style.height = '20000px';
    message = document.createElement('envelope-message') as Message;
    message.message = {
      id: 'hostile',
      role: 'assistant',
      timestamp: 1780000000000,
      segments: PAYLOADS.map((content) => ({ kind: 'text', content })),
    };
    document.body.append(spacer, message);
    await message.updateComplete;
  });

  after(() => document.body.replaceChildren());

  it('is drawn as HTML, not as text (the requests below are those of the drawn elements)', () => {
    const root = message.shadowRoot!;
    for (const tag of ['table', 'td', 'video', 'audio', 'track', 'source', 'picture', 'q'])
      expect(root.querySelector(tag), tag).to.exist;
    expect(root.querySelectorAll('img')).to.have.length(PICTURES.length);
    expect(root.textContent).to.not.include('<video');
  });

  it('far from the viewport, makes no request at all', async () => {
    await wait(1000);
    expect([...(await requests()).keys()]).to.deep.equal([]);
  });

  it('near the viewport, loads its pictures only, each without a referrer', async () => {
    message.scrollIntoView();
    let seen = await requests();
    for (let i = 0; i < 50 && seen.size < PICTURES.length; i++) {
      await wait(100);
      seen = await requests();
    }
    // Time for anything else drawn beside the pictures to be asked for.
    await wait(500);
    seen = await requests();
    expect([...seen.keys()].sort()).to.deep.equal([...PICTURES].sort());
    for (const [name, request] of seen) expect(request.referer, name).to.equal(null);
  });

  it('loads a video when it is played, and its text track only when chosen', async () => {
    const video = [...message.shadowRoot!.querySelectorAll('video')].find((v) =>
      v.querySelector('track[kind="subtitles"]'),
    )!;
    // Muted: Chromium refuses to play sound that no gesture started, before asking for anything.
    video.muted = true;
    video.play().catch(() => undefined);
    let seen = await requests();
    for (let i = 0; i < 50 && !seen.has('video'); i++) {
      await wait(100);
      seen = await requests();
    }
    expect(seen.has('video'), 'the video, once played').to.equal(true);
    await wait(300);
    seen = await requests();
    expect([...seen.keys()].filter((name) => name.startsWith('track'))).to.deep.equal([]);
    // Chosen from the captions menu: the track loads.
    video.textTracks[0]!.mode = 'showing';
    for (let i = 0; i < 50 && !seen.has('track'); i++) {
      await wait(100);
      seen = await requests();
    }
    expect(seen.has('track'), 'the track, once chosen').to.equal(true);
  });
});
