import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/segment-media/segment-media.js';
import type { SegmentMedia } from '../../src/elements/segment-media/segment-media.js';
import type { MediaSegment } from '../../src/core/protocol/types.js';
import { segmentContract } from './contract.js';
import { expectInert, HOSTILE, part } from './helpers.js';

/** A real 1×1 PNG, so the image loads without the network. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const image: MediaSegment = {
  kind: 'media',
  mediaType: 'image',
  url: PIXEL,
  altText: 'A grey cat asleep on a keyboard',
};

segmentContract('segment-media', image, { kind: 'text', content: 'hi' });

/** An absolute URL on the test server that nothing serves: a request for it is visible in resource timing. */
const probeUrl = (name: string) =>
  new URL(`/__probe/${name}-${Math.random().toString(36).slice(2)}`, location.href).href;

describe('<segment-media>', () => {
  it('shows the image detail OpenAI is asked for (protocol 1.1), and nothing when there is none', async () => {
    const el = await fixture<SegmentMedia>(
      html`<segment-media .segment=${{ ...image, detail: 'high' }}></segment-media>`,
    );
    expect(part(el, 'detail')!.textContent!.trim()).to.equal('Detail: high');
    const plain = await fixture<SegmentMedia>(
      html`<segment-media .segment=${image}></segment-media>`,
    );
    expect(part(plain, 'detail')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('shows an image lazily, with its alt text, type icon, label and caption', async () => {
    const el = await fixture<SegmentMedia>(html`<segment-media .segment=${image}></segment-media>`);
    const img = part(el, 'media') as HTMLImageElement;
    expect(img.localName).to.equal('img');
    expect(img.getAttribute('src')).to.equal(PIXEL);
    expect(img.getAttribute('loading')).to.equal('lazy');
    expect(img.alt).to.equal(image.altText);
    expect(part(el, 'label')!.textContent).to.equal('Image');
    expect(part(el, 'header')!.querySelector('svg')).to.not.equal(null);
    expect(part(el, 'caption')!.textContent).to.equal(image.altText);
    expect(getComputedStyle(img).maxWidth).to.equal('100%');
  });

  it('accepts http and https URLs', async () => {
    for (const url of ['https://example.com/cat.png', 'http://example.com/cat.png']) {
      const el = await fixture<SegmentMedia>(
        html`<segment-media .segment=${{ ...image, mediaType: 'video', url }}></segment-media>`,
      );
      expect((part(el, 'media') as HTMLVideoElement).getAttribute('src')).to.equal(url);
      expect(part(el, 'notice')).to.equal(null);
    }
  });

  it('fetches an image only when it comes near the viewport', async () => {
    const url = probeUrl('lazy.png');
    const host = await fixture<HTMLElement>(
      html`<div>
        <div style="height: 8000px"></div>
        <segment-media .segment=${{ ...image, url }}></segment-media>
      </div>`,
    );
    const el = host.querySelector('segment-media')!;
    await el.updateComplete;
    await new Promise((r) => setTimeout(r, 300));
    expect(performance.getEntriesByName(url), 'fetched while far off screen').to.have.length(0);
    el.scrollIntoView();
    await waitUntil(() => part(el, 'placeholder'), 'the missing image was requested and failed');
    expect(performance.getEntriesByName(url)).to.have.length(1);
    window.scrollTo(0, 0);
  });

  it('shows audio and video with controls, preload="none" and the alt text as label', async () => {
    for (const [type, label] of [
      ['audio', 'Audio'],
      ['video', 'Video'],
    ] as const) {
      const url = probeUrl(`clip.${type === 'audio' ? 'mp3' : 'mp4'}`);
      const el = await fixture<SegmentMedia>(
        html`<segment-media
          .segment=${{ kind: 'media', mediaType: type, url, altText: `A ${type} clip` }}
        ></segment-media>`,
      );
      const media = part(el, 'media') as HTMLMediaElement;
      expect(media.localName).to.equal(type);
      expect(media.getAttribute('preload')).to.equal('none');
      expect(media.controls).to.equal(true);
      expect(media.getAttribute('aria-label')).to.equal(`A ${type} clip`);
      expect(part(el, 'label')!.textContent).to.equal(label);
      expect(part(el, 'caption')!.textContent).to.equal(`A ${type} clip`);
      await new Promise((r) => setTimeout(r, 200));
      expect(performance.getEntriesByName(url), `${type} fetched before play`).to.have.length(0);
    }
  });

  it('never puts a URL other than http(s) or a data: URL of its own type into src, and says why', async () => {
    const blocked: [MediaSegment['mediaType'], string][] = [
      ['image', 'javascript:alert(1)'],
      ['image', ' JavaScript:alert(1)'],
      ['image', 'data:text/html,<script>alert(1)</script>'],
      ['image', 'blob:https://example.com/0b1e'],
      ['image', '/relative/cat.png'],
      ['image', 'cat.png'],
      ['image', 'file:///etc/passwd'],
      ['video', 'data:image/png;base64,AAAA'],
      ['audio', 'data:video/mp4;base64,AAAA'],
      ['image', 'data:audio/ogg;base64,AAAA'],
      ['audio', 'data:text/html;base64,AAAA'],
      ['audio', 'data:audio,AAAA'],
      ['video', 'javascript:alert(1)'],
    ];
    for (const [mediaType, url] of blocked) {
      const el = await fixture<SegmentMedia>(
        html`<segment-media .segment=${{ kind: 'media', mediaType, url }}></segment-media>`,
      );
      expect(el.shadowRoot!.querySelector('[src]'), url).to.equal(null);
      expect(part(el, 'media'), url).to.equal(null);
      const notice = part(el, 'notice')!;
      expect(notice.textContent).to.include(
        'Not shown: only http(s) and data: media URLs are loaded.',
      );
      expect(part(el, 'url')!.textContent).to.equal(url);
    }
  });

  it("plays demo D's sound, which ships inside the demo as a data:audio URL", async () => {
    const demo = await (await fetch('/src/data/demos/demo-d.json')).json();
    const segment = demo.messages
      .flatMap((m: { segments: MediaSegment[] }) => m.segments)
      .find((s: MediaSegment) => s.kind === 'media' && s.mediaType === 'audio');
    const el = await fixture<SegmentMedia>(
      html`<segment-media .segment=${segment}></segment-media>`,
    );
    const audio = part(el, 'media') as HTMLAudioElement;
    expect(audio.src).to.match(/^data:audio\/ogg;base64,/);
    const loaded = new Promise((resolve, reject) => {
      audio.addEventListener('loadedmetadata', resolve);
      audio.addEventListener('error', () => reject(new Error('the clip did not decode')));
    });
    audio.preload = 'metadata';
    audio.load();
    await loaded;
    expect(audio.duration).to.be.within(2, 2.5);
  });

  it('loads a picture given as a data: URL longer than any label, whole', async () => {
    // A 64×64 picture of noise: a PNG far longer than the 2,000 characters a label shows.
    const canvas = Object.assign(document.createElement('canvas'), { width: 64, height: 64 });
    const pixels = canvas.getContext('2d')!.createImageData(64, 64);
    let seed = 1;
    pixels.data.forEach((_, i) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      pixels.data[i] = i % 4 === 3 ? 255 : (seed >> 16) & 255;
    });
    canvas.getContext('2d')!.putImageData(pixels, 0, 0);
    const url = canvas.toDataURL('image/png');
    expect(url.length).to.be.above(10_000);
    const el = await fixture<SegmentMedia>(
      html`<segment-media .segment=${{ ...image, url }}></segment-media>`,
    );
    const img = part(el, 'media') as HTMLImageElement;
    expect(img.getAttribute('src')?.length, 'the whole URL').to.equal(url.length);
    img.loading = 'eager';
    await waitUntil(() => img.complete, 'the picture is read');
    expect(img.naturalWidth).to.equal(64);
    expect(part(el, 'placeholder')).to.equal(null);
  });

  it('shortens a very long URL in the notice', async () => {
    const url = `data:text/plain,${'x'.repeat(5000)}`;
    const el = await fixture<SegmentMedia>(
      html`<segment-media .segment=${{ ...image, url }}></segment-media>`,
    );
    const shown = part(el, 'url')!.textContent!;
    expect(shown.length).to.be.lessThan(300);
    expect(shown.endsWith('…')).to.equal(true);
  });

  it('shows the alt text in a placeholder instead of a broken image', async () => {
    const el = await fixture<SegmentMedia>(
      html`<segment-media
        .segment=${{ ...image, url: 'data:image/png;base64,AAAA' }}
      ></segment-media>`,
    );
    await waitUntil(() => part(el, 'placeholder'), 'placeholder after the error');
    expect(el.shadowRoot!.querySelector('img')).to.equal(null);
    const placeholder = part(el, 'placeholder')!;
    expect(placeholder.textContent).to.include(image.altText);
    expect(placeholder.textContent).to.include('Could not be loaded.');
    expect(part(el, 'caption'), 'the alt text is shown once').to.equal(null);
  });

  it('shows the URL in the placeholder when there is no alt text', async () => {
    const url = 'data:image/png;base64,AAAA';
    const el = await fixture<SegmentMedia>(
      html`<segment-media .segment=${{ kind: 'media', mediaType: 'image', url }}></segment-media>`,
    );
    await waitUntil(() => part(el, 'placeholder'), 'placeholder after the error');
    expect(part(el, 'placeholder')!.textContent).to.include(url);
    expect(part(el, 'caption')).to.equal(null);
  });

  it('tries again when the segment gets a new URL after a failure', async () => {
    const el = await fixture<SegmentMedia>(
      html`<segment-media
        .segment=${{ ...image, url: 'data:image/png;base64,AAAA' }}
      ></segment-media>`,
    );
    await waitUntil(() => part(el, 'placeholder'), 'placeholder after the error');
    el.segment = image;
    await el.updateComplete;
    expect(part(el, 'placeholder')).to.equal(null);
    expect((part(el, 'media') as HTMLImageElement).getAttribute('src')).to.equal(PIXEL);
  });

  it('is accessible with a notice, a placeholder, audio and video, in both themes', async () => {
    for (const theme of ['light', 'dark']) {
      const host = await fixture<HTMLElement>(
        html`<div>
          <segment-media
            theme=${theme}
            .segment=${{ ...image, url: 'javascript:1' }}
          ></segment-media>
          <segment-media
            theme=${theme}
            .segment=${{ ...image, url: 'data:image/png;base64,AAAA' }}
          ></segment-media>
          <segment-media
            theme=${theme}
            .segment=${{ ...image, mediaType: 'audio', url: probeUrl('a.mp3') }}
          ></segment-media>
          <segment-media
            theme=${theme}
            .segment=${{ ...image, mediaType: 'video', url: probeUrl('v.mp4') }}
          ></segment-media>
        </div>`,
      );
      const elements = [...host.querySelectorAll('segment-media')];
      await waitUntil(() => part(elements[1], 'placeholder'), 'placeholder after the error');
      for (const el of elements) await expect(el).to.be.accessible();
    }
  });

  it('shows Chinese labels under lang="zh-CN"', async () => {
    const host = await fixture(
      html`<div lang="zh-CN">
        <segment-media .segment=${image}></segment-media>
        <segment-media
          .segment=${{ ...image, mediaType: 'audio', url: 'javascript:1' }}
        ></segment-media>
      </div>`,
    );
    const [img, blocked] = host.querySelectorAll('segment-media');
    await img.updateComplete;
    await blocked.updateComplete;
    expect(part(img, 'label')!.textContent).to.equal('图片');
    expect(part(blocked, 'label')!.textContent).to.equal('音频');
    expect(part(blocked, 'notice')!.textContent).to.include('未显示');
  });

  it('shows hostile strings as text: nothing runs, no handler, no javascript: URL', async () => {
    const host = await fixture<HTMLElement>(
      html`<div>
        <segment-media .segment=${{ ...image, url: HOSTILE, altText: HOSTILE }}></segment-media>
        <segment-media .segment=${{ ...image, altText: HOSTILE }}></segment-media>
        <segment-media
          .segment=${{ kind: 'media', mediaType: 'video', url: PIXEL, altText: HOSTILE }}
        ></segment-media>
      </div>`,
    );
    const elements = [...host.querySelectorAll('segment-media')];
    await Promise.all(elements.map((el) => el.updateComplete));
    await expectInert(host);
    for (const el of elements) expect(part(el, 'caption')!.textContent).to.equal(HOSTILE);
    expect(part(elements[0], 'url')!.textContent).to.equal(HOSTILE);
    expect((part(elements[1], 'media') as HTMLImageElement).alt).to.equal(HOSTILE);
  });
});
