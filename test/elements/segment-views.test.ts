import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/envelope-message/envelope-message.js';
import type { EnvelopeMessage } from '../../src/elements/envelope-message/envelope-message.js';
import type { Message } from '../../src/core/protocol/types.js';

// A message loads the view of a segment kind the first time it draws that kind
// (segment-view-loaders.ts): a page pays for the kinds it shows.
const viewsLoaded = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => /\.view\.(js|ts)$/.test(path))
    .map((path) => path.replace(/^.*\/([\w-]+)\.view\.\w+$/, '$1'))
    .sort();

const memory: Message = {
  id: 'm-1',
  role: 'system',
  timestamp: 1780000000000,
  segments: [
    { kind: 'text', content: 'Remember **this**.' },
    { kind: 'memory', items: [{ title: 'Fact', content: 'It rains.' }], collapsed: false },
  ],
};

describe('segment views on demand', () => {
  it('loads the views of the kinds a message draws, before its first draw', async () => {
    expect(viewsLoaded()).to.deep.equal([]);
    const el = await fixture<EnvelopeMessage>(
      html`<envelope-message .message=${memory}></envelope-message>`,
    );
    expect(viewsLoaded()).to.deep.equal(['segment-memory', 'segment-text']);
    const root = el.shadowRoot!;
    expect(root.querySelector('.segment-text strong')!.textContent).to.equal('this');
    expect(root.querySelector('[part~="segment-item"]')!.textContent).to.include('It rains.');
    expect(root.querySelector('[aria-busy]')).to.equal(null);
  });

  it('a message given as JSON text draws a new kind once its view is here', async () => {
    const tool: Message = {
      id: 'm-2',
      role: 'assistant',
      timestamp: 1780000000000,
      segments: [
        { kind: 'tool_call_request', toolName: 'lookup', arguments: { id: 7 }, collapsed: false },
      ],
    };
    const el = await fixture<EnvelopeMessage>(
      html`<envelope-message message=${JSON.stringify(tool)}></envelope-message>`,
    );
    await el.updateComplete;
    expect(viewsLoaded()).to.include('tool-call-request');
    expect(el.shadowRoot!.querySelector('.segment-tool_call_request')!.textContent).to.include(
      'lookup',
    );
    expect(el.shadowRoot!.querySelector('[aria-busy]')).to.equal(null);
  });
});
