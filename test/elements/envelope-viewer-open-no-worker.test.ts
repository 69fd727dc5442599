import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/envelope-viewer/envelope-viewer.js';
import type { EnvelopeViewer } from '../../src/elements/envelope-viewer/envelope-viewer.component.js';
import { importEnvelope } from '../../src/core/targets/import.js';
import { offload, offloadMode } from '../../src/elements/internal/offload/offload.js';
import { largeArrayText, largeJsonLinesText } from '../fixtures/open-large/texts.js';
import { importInSlices } from '../../src/elements/internal/offload/offload-import.js';
import { deepQuery, deepText, loadDemo, progressSeenDuring } from './helpers.js';
import { diffEnvelopes } from '../../src/core/insight/diff.js';
import { readableJson } from '../../src/core/protocol/json-value.js';
import { exportEnvelope } from '../../src/core/targets/export.js';

// Issue #17 where no worker can start (a CSP without worker-src 'self', the script-tag bundle):
// a large file is read on the page in slices, as before, and gives the same result.

describe('<envelope-viewer> where no worker can start', () => {
  const RealWorker = window.Worker;
  before(() => {
    // What a page that refuses workers does: the constructor throws.
    window.Worker = class {
      constructor() {
        throw new DOMException('Workers are refused here.', 'SecurityError');
      }
    } as unknown as typeof Worker;
  });
  after(() => {
    window.Worker = RealWorker;
  });

  it('reads a large file on the page, in slices, and shows it', async () => {
    const el = await fixture<EnvelopeViewer>(html`<envelope-viewer open-files></envelope-viewer>`);
    const read = await progressSeenDuring(el, () =>
      el.openFile(largeJsonLinesText('paged'), 'paged.jsonl'),
    );
    expect(offloadMode()).to.equal('main thread');
    expect(read.midway, `the page had its turn mid-read; shares seen: ${read.seen}`).to.equal(true);
    await el.updateComplete;
    const bar = el.shadowRoot!.querySelector('[part="files"]')!;
    expect(bar.textContent).to.include('Read as JSON Lines · several formats');
    expect(bar.textContent).to.include('2499 conversations');
    await waitUntil(
      () => deepText(deepQuery(el, 'envelope-chat') ?? el).includes('paged ticket 0:'),
      'the first conversation',
    );
  });

  it('the import job gives what importEnvelope gives', async () => {
    const text = largeArrayText('same');
    expect(await offload({ type: 'import', text, readOnPage: importInSlices })).to.deep.equal(
      importEnvelope(text),
    );
    expect(offloadMode()).to.equal('main thread');
  });

  it('the other jobs run on the page too (their code loads then) and give what the core gives', async () => {
    const [b, c] = await Promise.all([loadDemo('b'), loadDemo('c')]);
    const view = await offload({ type: 'export', envelope: b, target: 'gemini', view: 'body' });
    expect(view.text).to.equal(readableJson(exportEnvelope(b, { target: 'gemini' }).body));
    const diff = await offload({ type: 'diff', before: b, after: c });
    expect(diff).to.deep.equal(diffEnvelopes(b, c));
    expect(offloadMode()).to.equal('main thread');
  });
});
