import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/envelope-viewer/envelope-viewer.js';
import { importEnvelope } from '../../src/core/targets/import.js';
import type { EnvelopeViewer } from '../../src/elements/envelope-viewer/envelope-viewer.component.js';
import {
  OFFLOAD_THRESHOLD,
  offload,
  offloadMode,
} from '../../src/elements/internal/offload/offload.js';
import {
  largeArrayText,
  largeJsonLinesText,
  largeRequestText,
} from '../fixtures/open-large/texts.js';
import { importInSlices } from '../../src/elements/internal/offload/offload-import.js';
import { deepQuery, deepText, postedToWorkers } from './helpers.js';

// Issue #17: a file over the offload threshold is read in the offload worker, so one large JSON
// document never blocks the page while it is parsed; the result is the page's own, unaltered.

const filesBar = (el: EnvelopeViewer) => el.shadowRoot!.querySelector('[part="files"]')!;
const chatText = (el: EnvelopeViewer) => deepText(deepQuery(el, 'envelope-chat') ?? el);

/** The kinds of the messages the page posts to workers while `work` runs. */
const postedKinds = async (work: () => Promise<unknown>) =>
  (await postedToWorkers(work)).map((message) => message.type);

describe('<envelope-viewer> reads a large file in the offload worker', () => {
  it('gives exactly what importEnvelope gives on the page: an array, JSON Lines, one request', async () => {
    for (const text of [largeArrayText('a'), largeJsonLinesText('b'), largeRequestText('c')]) {
      expect(text.length).to.be.greaterThan(OFFLOAD_THRESHOLD);
      const shares: number[] = [];
      let result: unknown;
      const posted = await postedKinds(async () => {
        result = await offload(
          { type: 'import', text, readOnPage: importInSlices },
          { onProgress: (s) => shares.push(s) },
        );
      });
      expect(posted).to.include('import');
      expect(result).to.deep.equal(importEnvelope(text));
      expect(shares.at(-1)).to.equal(1);
    }
    expect(offloadMode()).to.equal('worker');
  });

  it('a JSON array over the threshold: read by the worker, listed, the first shown', async () => {
    const el = await fixture<EnvelopeViewer>(html`<envelope-viewer open-files></envelope-viewer>`);
    const text = largeArrayText('viewer');
    const posted = await postedKinds(() => el.openFile(text, 'requests.json'));
    expect(posted).to.include('import');
    await el.updateComplete;
    const bar = filesBar(el);
    expect(bar.textContent).to.include('Read as JSON array · several formats');
    expect(bar.textContent).to.include('2499 conversations');
    expect(bar.querySelector('[part="file-errors"]')!.textContent).to.include('/5');
    await waitUntil(() => chatText(el).includes('viewer ticket 0:'), 'the first conversation');
  });

  it('opening a second file while the first loads shows only the second', async () => {
    const el = await fixture<EnvelopeViewer>(html`<envelope-viewer open-files></envelope-viewer>`);
    const first = el.openFile(largeArrayText('first'), 'first.json');
    await el.updateComplete;
    // The first is still being read: its progress shows, not its conversations.
    expect(filesBar(el).querySelector('progress')).to.exist;
    const second = el.openFile(largeJsonLinesText('second'), 'second.jsonl');
    await Promise.all([first, second]);
    await waitUntil(() => chatText(el).includes('second ticket 0:'), 'the second file');
    // Give a late first result every chance to be drawn.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await el.updateComplete;
    expect(chatText(el)).not.to.include('first ticket');
    const files = [...filesBar(el).querySelectorAll('[part="file"]')];
    expect(files.map((f) => f.textContent!.replace(/\s+/g, ' ').trim())).to.deep.equal([
      'first.json 2499',
      'second.jsonl 2499',
    ]);
    expect(files[1]!.getAttribute('aria-pressed')).to.equal('true');
  });

  it('removing the viewer while it reads stops the read: nothing of it is drawn later', async () => {
    const el = await fixture<EnvelopeViewer>(html`<envelope-viewer open-files></envelope-viewer>`);
    const reading = el.openFile(largeArrayText('removed'), 'removed.json');
    await el.updateComplete;
    el.remove();
    await reading;
    document.body.append(el);
    await el.updateComplete;
    expect(chatText(el)).not.to.include('removed ticket');
    expect(deepText(el)).to.include('the viewer was removed');
    el.remove();
    // The worker that was stopped is replaced for the next job.
    const text = largeRequestText('after');
    expect(await offload({ type: 'import', text, readOnPage: importInSlices })).to.deep.equal(
      importEnvelope(text),
    );
  });
});
