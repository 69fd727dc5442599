import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/elements/envelope-chat/envelope-chat.js';
import type { EnvelopeChat } from '../../src/elements/envelope-chat/envelope-chat.js';
import type { Envelope, Segment } from '../../src/core/protocol/types.js';
import { deepQuery, deepQueryAll, deepText, loadDemo, settle } from './helpers.js';

/** A piece of visible text that each segment must show (collapsed or not). */
function visibleText(segment: Segment): string | undefined {
  switch (segment.kind) {
    case 'text':
      return segment.content
        .replace(/[*_`#>|[\]()-]/g, ' ')
        .split(/\s+/)
        .find((w) => w.length > 3);
    case 'static_var':
      return segment.name;
    case 'tool_call_request':
    case 'tool_call_result':
      return segment.toolName;
    case 'document':
      return segment.fileName;
    case 'media':
      return segment.altText;
    case 'long_text':
      return segment.content.split('\n')[0].slice(0, 20);
    default:
      return undefined;
  }
}

describe('<envelope-chat>', () => {
  for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) {
    it(`renders demo ${id}: one message per message, one segment of the right kind per segment, with its text`, async () => {
      const envelope = await loadDemo(id);
      const chat = await fixture<EnvelopeChat>(
        html`<envelope-chat .envelope=${envelope}></envelope-chat>`,
      );
      await settle(chat);
      const messages = chat.shadowRoot!.querySelectorAll('envelope-message');
      expect(messages).to.have.length(envelope.messages.length);
      envelope.messages.forEach((message, m) => {
        const shown = Array.from(messages[m].shadowRoot!.querySelectorAll('[part~="segment"]'));
        expect(shown.map((el) => el.classList[1])).to.deep.equal(
          message.segments.map((s) => `segment-${s.kind}`),
        );
        message.segments.forEach((segment, s) => {
          const expected = visibleText(segment);
          if (expected) expect(deepText(shown[s]), `${message.id}/${s}`).to.include(expected);
        });
      });
      expect(deepQuery(chat, '[part~="error"]')).to.equal(undefined);
    });
  }

  it('takes the envelope as attribute, property, src or child script, the same way', async () => {
    const envelope = await loadDemo('a');
    const count = (el: Element) => el.shadowRoot!.querySelectorAll('envelope-message').length;
    const byAttribute = await fixture<EnvelopeChat>(
      html`<envelope-chat envelope=${JSON.stringify(envelope)}></envelope-chat>`,
    );
    const byProperty = await fixture<EnvelopeChat>(
      html`<envelope-chat .envelope=${envelope}></envelope-chat>`,
    );
    // Listening before the element connects: a quick load can fire before `fixture` returns.
    const loaded = oneEvent(document, 'envelope-load');
    const bySrc = await fixture<EnvelopeChat>(
      html`<envelope-chat src="/src/data/demos/demo-a.json"></envelope-chat>`,
    );
    await loaded;
    await bySrc.updateComplete;
    const byScript = document.createElement('envelope-chat');
    const script = Object.assign(document.createElement('script'), {
      type: 'application/json',
      textContent: JSON.stringify(envelope),
    });
    byScript.append(script);
    (await fixture<HTMLElement>(html`<div></div>`)).append(byScript);
    await settle(byScript);
    for (const el of [byAttribute, byProperty, bySrc, byScript])
      expect(count(el)).to.equal(envelope.messages.length);
    expect(bySrc.loadedEnvelope).to.deep.equal(envelope);
  });

  it('shows loading, then a readable error for a src that 404s', async () => {
    const failed = oneEvent(document, 'envelope-error');
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat src="/no/such/file.json"></envelope-chat>`,
    );
    expect(chat.shadowRoot!.textContent).to.include('Loading');
    const event = await failed;
    await chat.updateComplete;
    expect(event.detail.errors[0].message).to.match(
      /Could not load \/no\/such\/file\.json: HTTP 404/,
    );
    expect(chat.shadowRoot!.querySelector('[part~="error"]')!.textContent).to.include('HTTP 404');
  });

  it('says so when a src returns HTML', async () => {
    const failed = oneEvent(document, 'envelope-error');
    await fixture<EnvelopeChat>(html`<envelope-chat src="/demos/index.html"></envelope-chat>`);
    const event = await failed;
    expect(event.detail.errors[0].message).to.match(
      /JSON syntax error at line 1, column 1.*The URL returned HTML, not JSON\./,
    );
  });

  it('shows the paths of invalid input, fires one envelope-error, and a later valid envelope replaces the error', async () => {
    const errors: Event[] = [];
    const loads: Event[] = [];
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat
        @envelope-error=${(e: Event) => errors.push(e)}
        @envelope-load=${(e: Event) => loads.push(e)}
        envelope='{"version":"1.0","messages":[{"id":"x","role":"bot","timestamp":1,"segments":[{"kind":"text","content":"hi"}]}]}'
      ></envelope-chat>`,
    );
    await settle(chat);
    const panel = chat.shadowRoot!.querySelector('[part~="error"]')!;
    expect(panel.textContent).to.include('/messages/0/role');
    expect(panel.textContent).to.include(
      "Field 'role' of message 'x' must be one of system, user, assistant, tool",
    );
    expect(errors).to.have.length(1);
    chat.envelope = await loadDemo('d');
    await settle(chat);
    expect(chat.shadowRoot!.querySelector('[part~="error"]')).to.equal(null);
    expect(loads).to.have.length(1);
    expect(errors).to.have.length(1);
  });

  it('reuses the check of an envelope another element showed, but never takes a shown message for an envelope', async () => {
    const demo = await loadDemo('b');
    const first = await fixture<EnvelopeChat>(
      html`<envelope-chat .envelope=${demo}></envelope-chat>`,
    );
    await settle(first);
    const second = await fixture<EnvelopeChat>(
      html`<envelope-chat .envelope=${demo}></envelope-chat>`,
    );
    await settle(second);
    expect(second.shadowRoot!.querySelectorAll('envelope-message')).to.have.length(
      demo.messages.length,
    );
    // A message the first chat rendered (and marked as checked) is no envelope.
    const errors: CustomEvent[] = [];
    const third = await fixture<EnvelopeChat>(
      html`<envelope-chat
        .envelope=${demo.messages[0]}
        @envelope-error=${(e: CustomEvent) => errors.push(e)}
      ></envelope-chat>`,
    );
    await settle(third);
    expect(third.shadowRoot!.querySelector('[part~="error"]')).to.not.equal(null);
    expect(errors).to.have.length(1);
  });

  it('remembers toggles per message and segment while the envelope stays the same', async () => {
    const envelope = await loadDemo('a');
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat .envelope=${envelope}></envelope-chat>`,
    );
    await settle(chat);
    // What a person sees: the memory panel's header says whether it is expanded.
    const expanded = () =>
      deepQuery(chat, '.segment-memory [part~="segment-header"]')!.getAttribute('aria-expanded');
    expect(expanded()).to.equal('false');
    const toggled = oneEvent(chat, 'segment-toggle');
    deepQuery<HTMLButtonElement>(chat, '.segment-memory [part~="segment-header"]')!.click();
    const event = await toggled;
    expect(event.detail.collapsed).to.equal(false);
    // Re-render from scratch with the same envelope object: still expanded.
    chat.envelope = undefined;
    await settle(chat);
    chat.envelope = envelope;
    await settle(chat);
    expect(expanded()).to.equal('true');
    // Another envelope (even with equal content) starts from the data's defaults.
    chat.envelope = structuredClone(envelope) as Envelope;
    await settle(chat);
    expect(expanded()).to.equal('false');
  });

  it('puts user bubbles on the right and the others on the left', async () => {
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat .envelope=${await loadDemo('a')}></envelope-chat>`,
    );
    await settle(chat);
    const bases = deepQueryAll(chat, 'envelope-message').map((m) =>
      m.shadowRoot!.querySelector('[part~="base"]')!,
    );
    const user = bases.find((b) => b.classList.contains('role-user'))!;
    const assistant = bases.find((b) => b.classList.contains('role-assistant'))!;
    expect(getComputedStyle(user).justifyContent).to.equal('flex-end');
    expect(getComputedStyle(assistant).justifyContent).to.not.equal('flex-end');
  });

  it('is accessible (axe) in light and dark themes, English and Chinese', async () => {
    const envelope = await loadDemo('b');
    for (const theme of ['light', 'dark']) {
      for (const lang of ['en', 'zh-CN']) {
        const chat = await fixture<EnvelopeChat>(
          html`<envelope-chat lang=${lang} theme=${theme} .envelope=${envelope}></envelope-chat>`,
        );
        await settle(chat);
        await expect(chat).to.be.accessible();
      }
    }
  });
});
