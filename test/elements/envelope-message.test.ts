import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/envelope-message/envelope-message.js';
import type { EnvelopeMessage } from '../../src/elements/envelope-message/envelope-message.js';
import type { Message } from '../../src/core/protocol/types.js';
import { settle } from './helpers.js';

const message: Message = {
  id: 'a-2',
  role: 'user',
  timestamp: Date.UTC(2026, 5, 8, 9, 30),
  segments: [
    { kind: 'text', content: 'What is in this **photo**?' },
    { kind: 'media', mediaType: 'image', url: 'https://example.com/cat.jpg', altText: 'A cat' },
  ],
};

describe('<envelope-message>', () => {
  it('shows role, time and each segment in order, inside its own shadow root', async () => {
    const el = await fixture<EnvelopeMessage>(
      html`<envelope-message time-zone="UTC" .message=${message}></envelope-message>`,
    );
    await settle(el);
    expect(el.shadowRoot!.querySelector('[part~="role"]')!.textContent).to.equal('User');
    const time = el.shadowRoot!.querySelector('time')!;
    expect(time.getAttribute('datetime')).to.equal('2026-06-08T09:30:00.000Z');
    expect(time.textContent).to.include('09:30');
    const segments = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="segment"]')];
    expect(segments.map((s) => s.className)).to.deep.equal([
      'segment segment-text',
      'segment segment-media',
    ]);
    expect(segments.map((s) => s.dataset.segmentIndex)).to.deep.equal(['0', '1']);
    expect(segments[0]!.querySelector('strong')!.textContent).to.equal('photo');
    expect(segments[1]!.textContent).to.include('A cat');
    // One shadow root per message: no segment is an element of its own.
    expect([...el.shadowRoot!.querySelectorAll('*')].some((node) => node.shadowRoot)).to.equal(
      false,
    );
  });

  it('labels a system message sent as developer (protocol 1.1 originalRole) Developer', async () => {
    const el = await fixture<EnvelopeMessage>(
      html`<envelope-message
        .message=${{
          id: 's',
          role: 'system',
          originalRole: 'developer',
          timestamp: 0,
          segments: [{ kind: 'text', content: 'Be brief.' }],
        }}
      ></envelope-message>`,
    );
    await settle(el);
    expect(el.shadowRoot!.querySelector('[part~="role"]')!.textContent).to.equal('Developer');
  });

  it('accepts the message as an attribute and shows errors with paths for a bad one', async () => {
    const fromAttribute = await fixture<EnvelopeMessage>(
      html`<envelope-message message=${JSON.stringify(message)}></envelope-message>`,
    );
    expect(fromAttribute.shadowRoot!.querySelectorAll('[part~="segment"]')).to.have.length(2);
    const events: Event[] = [];
    const bad = await fixture<EnvelopeMessage>(
      html`<envelope-message
        @envelope-error=${(e: Event) => events.push(e)}
        message='{"id":"x","role":"user","timestamp":1,"segments":[]}'
      ></envelope-message>`,
    );
    await settle(bad);
    expect(bad.shadowRoot!.querySelector('[part~="error"]')!.textContent).to.include('/segments');
    expect(events).to.have.length(1);
  });

  it('survives timestamps beyond what Date can show', async () => {
    const el = await fixture<EnvelopeMessage>(
      html`<envelope-message .message=${{ ...message, timestamp: 1e300 }}></envelope-message>`,
    );
    // No time to show, and the message is drawn.
    expect(el.shadowRoot!.querySelector('time')).to.equal(null);
    expect(el.shadowRoot!.querySelector('[part~="role"]')!.textContent).to.equal('User');
  });

  it('shows no time for a message imported without one (numbered from 1 January 1970)', async () => {
    for (const timestamp of [0, 3000]) {
      const el = await fixture<EnvelopeMessage>(
        html`<envelope-message
          time-zone="UTC"
          .message=${{ ...message, timestamp }}
        ></envelope-message>`,
      );
      await settle(el);
      expect(el.shadowRoot!.querySelector('time'), `${timestamp}`).to.equal(null);
      expect(
        el.shadowRoot!.querySelector('[part~="bubble"]')!.getAttribute('aria-label')!.trim(),
      ).to.equal('User');
      expect(el.shadowRoot!.textContent).not.to.match(/1970|Jan|12:00/);
    }
  });

  it('is accessible (axe)', async () => {
    const el = await fixture<EnvelopeMessage>(
      html`<envelope-message .message=${message}></envelope-message>`,
    );
    await settle(el);
    await expect(el).to.be.accessible();
  });
});

describe('<envelope-message> segment styles', () => {
  const call: Message = {
    id: 'c-1',
    role: 'tool',
    timestamp: Date.UTC(2026, 5, 8, 9, 31),
    segments: [
      {
        kind: 'tool_call_result',
        toolName: 'lookup',
        result: '{"city": "Paris", "days": 3}',
        success: true,
        collapsed: false,
      },
    ],
  };

  it('draws thinking collapsed, a provider-run call and its search results, and citations (1.1)', async () => {
    const reply: Message = {
      id: 'a-9',
      role: 'assistant',
      timestamp: Date.UTC(2026, 6, 2, 8, 0),
      segments: [
        {
          kind: 'thinking',
          content: 'Look up **current** closures first.',
          signature: 'sig',
          collapsed: true,
        },
        {
          kind: 'tool_call_request',
          toolName: 'web_search',
          arguments: { query: 'Boulder trail closures' },
          collapsed: false,
          runBy: 'provider',
        },
        {
          kind: 'tool_call_result',
          toolName: 'web_search',
          result: '',
          success: true,
          collapsed: false,
          runBy: 'provider',
          resultType: 'web_search_tool_result',
          structured: [
            {
              type: 'web_search_result',
              url: 'https://bouldercolorado.gov/trail-closures',
              title: 'Trail closures',
            },
          ],
        },
        {
          kind: 'text',
          content: 'Mesa Trail is closed until July 20.',
          citations: [
            {
              type: 'web_search_result_location',
              url: 'https://bouldercolorado.gov/trail-closures',
              title: 'Trail closures',
              cited_text: 'Mesa Trail is closed through July 20.',
            },
          ],
        },
      ],
    };
    const el = await fixture<EnvelopeMessage>(
      html`<envelope-message time-zone="UTC" .message=${reply}></envelope-message>`,
    );
    await settle(el);
    const root = el.shadowRoot!;
    const segments = [...root.querySelectorAll<HTMLElement>('[part~="segment"]')];
    expect(segments.map((s) => s.className)).to.deep.equal([
      'segment segment-thinking',
      'segment segment-tool_call_request',
      'segment segment-tool_call_result',
      'segment segment-text',
    ]);
    const [thinking, call, result, text] = segments;
    const header = thinking.querySelector('[part~="segment-header"]')!;
    expect(header.getAttribute('aria-expanded')).to.equal('false');
    expect(header.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      'Thinking 35 characters · signed',
    );
    expect(thinking.textContent).not.to.include('current');
    (header as HTMLButtonElement).click();
    await settle(el);
    expect(thinking.querySelector('[part~="segment-content"] strong')!.textContent).to.equal(
      'current',
    );
    expect(call.querySelector('[part~="segment-provider"]')!.textContent).to.equal(
      'Run by the provider',
    );
    const link = result.querySelector<HTMLAnchorElement>('[part~="segment-provider-link"]')!;
    expect(link.textContent).to.equal('Trail closures');
    expect(link.rel).to.equal('noopener noreferrer');
    expect(text.querySelector('[part~="segment-citation"]')!.textContent).to.include(
      'Mesa Trail is closed through July 20.',
    );
    // The kinds' styles reached the message's shadow root: the badge has its pill.
    const badge = call.querySelector('[part~="segment-provider"]')!;
    expect(getComputedStyle(badge).borderTopLeftRadius).to.equal('999px');
    expect(getComputedStyle(thinking.querySelector('.disclosure')!).borderLeftWidth).to.equal(
      '3px',
    );
  });

  it("draws JSON in the theme's colours, light and dark (the kind's styles load with its view)", async () => {
    const colourOf = async (theme: string) => {
      const el = await fixture<EnvelopeMessage>(
        html`<envelope-message theme=${theme} .message=${call}></envelope-message>`,
      );
      await settle(el);
      const key = el.shadowRoot!.querySelector('.segment-tool_call_result .json-key');
      expect(key, 'a JSON key is drawn').to.exist;
      return getComputedStyle(key!).color;
    };
    expect(await colourOf('light')).to.equal('rgb(29, 78, 216)');
    expect(await colourOf('dark')).to.equal('rgb(147, 197, 253)');
  });
});
