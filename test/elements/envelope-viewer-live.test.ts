import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/envelope-viewer/envelope-viewer.js';
import type { EnvelopeViewer } from '../../src/elements/envelope-viewer/envelope-viewer.component.js';
import type { Envelope, Message } from '../../src/core/protocol/types.js';
import { envelope, msg, text } from '../fixtures/envelopes.js';
import { deepQuery, deepText } from './helpers.js';

// The viewer takes the chat's live API and its other views follow the live envelope, at most
// twice a second (not one export per token); Replay plays a scenario again, live.

const assistant = (id: string, content: string): Message => ({
  id,
  role: 'assistant',
  timestamp: 1_780_000_000_000,
  segments: [{ kind: 'text', content }],
});

describe('<envelope-viewer> live', () => {
  it('appends through its chat; the protocol panel follows once the changes pause', async () => {
    const start: Envelope = envelope([msg('u1', 'user', text('Hello there.'))]);
    const el = await fixture<EnvelopeViewer>(
      html`<envelope-viewer .envelope=${start}></envelope-viewer>`,
    );
    await el.updateComplete;
    const panel = deepQuery(el, 'protocol-panel')!;
    expect(el.appendMessage(assistant('a1', ''), { streaming: true })).to.be.true;
    for (const piece of ['Streaming ', 'into ', 'the ', 'viewer.']) el.appendText('a1', piece);
    el.endStream('a1');
    await waitUntil(() => deepText(panel).includes('Streaming into the viewer.'), 'panel follows', {
      timeout: 3000,
    });
    expect(deepText(el)).to.include('Streaming into the viewer.');
  });

  it('Replay plays the scenario again: the first message at once, the rest arriving', async () => {
    const demo: Envelope = envelope([
      msg('s', 'system', text('You are kind.')),
      msg('u', 'user', text('Hi!')),
      msg('a', 'assistant', text('Hello, how can I help?')),
    ]);
    const el = await fixture<EnvelopeViewer>(
      html`<envelope-viewer .envelope=${demo}></envelope-viewer>`,
    );
    await el.updateComplete;
    const chat = deepQuery(el, 'envelope-chat')!;
    const replay = el.replay();
    await waitUntil(() => !deepText(chat).includes('Hi!'), 'starts with the first message');
    await waitUntil(() => deepText(chat).includes('Hello, how can I help?'), 'ends complete', {
      timeout: 5000,
    });
    await replay;
    expect((chat as unknown as { envelope: Envelope }).envelope.messages).to.deep.equal(
      demo.messages,
    );
  });
});
