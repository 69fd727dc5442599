import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/protocol-panel/protocol-panel.js';
import '../../src/elements/envelope-viewer/envelope-viewer.js';
import type { ProtocolPanel } from '../../src/elements/protocol-panel/protocol-panel.js';
import type { EnvelopeViewer } from '../../src/elements/envelope-viewer/envelope-viewer.component.js';
import { issueText } from '../../src/core/protocol/issues.js';
import { importEnvelope } from '../../src/core/targets/import.js';
import { loggedRequests, type ImportedRequest } from '../../src/core/targets/import-logged.js';
import type { Envelope } from '../../src/core/protocol/types.js';
import { plainBody, unkeptFieldsBody, wizardBody } from '../fixtures/logged-requests.js';
import { deepQuery, part, parts, settle } from './helpers.js';

// Issue 43 ("nothing differs silently") and issue 50 item 3: a conversation opened from a
// provider's log says, on its API's tab, whether the request is the one logged, and shows every
// warning and error `prompt-envelope import` prints, in the same words.

/** What the viewer gives the panel for a body: the envelope and the request it was read from. */
function imported(body: object): { envelope: Envelope; imported: ImportedRequest } {
  const read = importEnvelope(body);
  const request = loggedRequests(body, read)({ source: read.source as 'openai', path: '' })!;
  return { envelope: read.envelope!, imported: request };
}

const words = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim();

async function panelFor(body: object, tab = 'openai', lang = 'en') {
  const given = imported(body);
  const panel = await fixture<ProtocolPanel>(
    html`<protocol-panel
      tab=${tab}
      lang=${lang}
      .envelope=${given.envelope}
      .imported=${given.imported}
    ></protocol-panel>`,
  );
  await settle(panel);
  return { panel, ...given };
}

describe('<protocol-panel> with the request it was imported from', () => {
  it('the API tab lists each path that differs from the log with the import warning naming it', async () => {
    const { panel, imported } = await panelFor(unkeptFieldsBody);
    const notice = part(panel, 'log-notice')!;
    expect(notice.querySelector('.log-title')!.textContent).to.include(
      'This request differs from the log:',
    );
    const differences = parts(panel, 'log-difference');
    expect(differences.map((d) => words(d.querySelector('code')))).to.deep.equal([
      '/messages/0/weight',
      '/messages/1/cache',
    ]);
    expect(words(differences[0])).to.include(
      '/messages/0/weight is in the log, not in this request',
    );
    // Each warning in the CLI's words: `prompt-envelope import` prints "warning: " + this.
    expect(differences.map((d) => words(d.querySelector('li')))).to.deep.equal(
      imported.warnings.map(issueText),
    );
    expect(notice.textContent).not.to.include('not explained');
    // The body differs from what was read: never "No warnings" beside it.
    expect(panel.shadowRoot!.textContent).not.to.include('No warnings');
    expect(panel.shownText).not.to.include('"weight"');
  });

  it('a body that comes back identical is "the request as logged"', async () => {
    const { panel } = await panelFor(plainBody);
    const notice = part(panel, 'log-notice')!;
    expect(words(notice.querySelector('.log-title'))).to.equal('This is the request as logged.');
    expect(parts(panel, 'log-difference')).to.have.length(0);
    expect(words(notice)).to.include('The import said nothing about it.');
    expect(JSON.parse(panel.shownText)).to.deep.equal(plainBody);
  });

  it('a difference no import warning names is listed as not explained, never hidden', async () => {
    const given = imported(unkeptFieldsBody);
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel
        .envelope=${given.envelope}
        .imported=${{ ...given.imported, warnings: [] }}
      ></protocol-panel>`,
    );
    await settle(panel);
    const differences = parts(panel, 'log-difference');
    expect(differences).to.have.length(2);
    for (const d of differences)
      expect(words(d)).to.include('not explained: no import warning names it.');
  });

  it('the other tabs say what the import said, and their own export warnings as before', async () => {
    const { panel, imported } = await panelFor(unkeptFieldsBody, 'anthropic');
    const notice = part(panel, 'log-notice')!;
    expect(words(notice)).to.include('Imported from a logged OpenAI request.');
    expect(words(notice)).to.include('What the import said (2):');
    expect(
      [...part(panel, 'import-warnings')!.querySelectorAll('li')].map((li) => words(li)),
    ).to.deep.equal(imported.warnings.map(issueText));
    expect(parts(panel, 'log-difference')).to.have.length(0);
    expect(part(panel, 'warnings')).to.exist;
  });

  it('in Chinese', async () => {
    const { panel } = await panelFor(unkeptFieldsBody, 'openai', 'zh-CN');
    await waitUntil(() => part(panel, 'log-notice')!.textContent!.includes('此请求与日志不同'));
    expect(words(parts(panel, 'log-difference')[0])).to.include('在日志中，不在此请求中');
  });

  it('is accessible (axe) in both themes, differing and identical', async () => {
    for (const theme of ['light', 'dark'])
      for (const body of [unkeptFieldsBody, plainBody]) {
        const given = imported(body);
        const panel = await fixture<ProtocolPanel>(
          html`<protocol-panel
            theme=${theme}
            .envelope=${given.envelope}
            .imported=${given.imported}
          ></protocol-panel>`,
        );
        await settle(panel);
        await expect(panel).to.be.accessible();
      }
  });
});

describe('<envelope-viewer> opens a logged request and shows what the import said', () => {
  const shadow = (el: EnvelopeViewer) => el.shadowRoot!;
  const panelOf = (el: EnvelopeViewer) => deepQuery<ProtocolPanel>(el, 'protocol-panel')!;

  it('a body: its entry shows the warnings count, its API tab the differences', async () => {
    const el = await fixture<EnvelopeViewer>(html`<envelope-viewer open-files></envelope-viewer>`);
    await el.openFile(JSON.stringify(unkeptFieldsBody), 'request.json');
    await settle(el);
    const marker = part(el, 'import-marker')!;
    expect(words(marker)).to.equal('⚠ 2');
    expect(marker.getAttribute('aria-label')).to.equal('2 import warnings');
    const panel = panelOf(el);
    expect(panel.imported?.source).to.equal('openai');
    await settle(panel);
    expect(parts(panel, 'log-difference').map((d) => words(d.querySelector('code')))).to.deep.equal(
      ['/messages/0/weight', '/messages/1/cache'],
    );
  });

  it('a body whose only message has role "wizard": the reason the CLI gives, in its words', async () => {
    const el = await fixture<EnvelopeViewer>(html`<envelope-viewer open-files></envelope-viewer>`);
    await el.openFile(JSON.stringify(wizardBody), 'wizard.json');
    await settle(el);
    const read = importEnvelope(JSON.stringify(wizardBody));
    const failure = shadow(el).querySelector('section.chat [part="error"]')!;
    const lines = [...failure.querySelectorAll('li')].map((li) => words(li));
    // What `prompt-envelope import` prints (it gives the warnings first): every error and warning.
    expect(lines).to.deep.equal([...read.errors, ...read.warnings].map(issueText));
    expect(lines).to.include(
      '/messages/0: Message 0 has role "wizard", which the protocol has no place for; it was left out.',
    );
    expect(part(el, 'import-marker')!.getAttribute('aria-label')).to.equal(
      '2 import warnings, 1 error',
    );
  });

  it('a list: each conversation entry shows its own count; an envelope clears the comparison', async () => {
    const el = await fixture<EnvelopeViewer>(html`<envelope-viewer open-files></envelope-viewer>`);
    const text = JSON.stringify([unkeptFieldsBody, wizardBody, plainBody]);
    await el.openFile(text, 'requests.json');
    await settle(el);
    const entries = [...shadow(el).querySelectorAll('[part="conversations"] li')];
    expect(
      entries.map((li) => words(li.querySelector('[part="import-marker"]')) ?? ''),
    ).to.deep.equal(['⚠ 2', '']);
    // The wizard record gave no conversation: its warnings and error are in the file's summary.
    const summary = words(part(el, 'file-warnings'));
    expect(summary).to.include(
      '/1/messages/0: Message 0 has role "wizard", which the protocol has no place for; it was left out.',
    );
    expect(words(part(el, 'file-errors'))).to.include("/1/messages: Field 'messages'");
    entries[1]!.querySelector<HTMLButtonElement>('[part="conversation"]')!.click();
    await settle(el);
    expect(panelOf(el).imported?.path).to.equal('/2');
    await settle(panelOf(el));
    expect(words(part(panelOf(el), 'log-notice'))).to.include('This is the request as logged.');

    const envelope = JSON.stringify(importEnvelope(plainBody).envelope);
    await el.openFile(envelope, 'envelope.json');
    await settle(el);
    expect(panelOf(el).imported).to.equal(undefined);
    expect(part(panelOf(el), 'log-notice')).to.equal(null);
  });
});
