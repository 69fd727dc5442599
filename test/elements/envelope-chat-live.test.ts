import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../src/elements/envelope-chat/envelope-chat.js';
import type { EnvelopeChat } from '../../src/elements/envelope-chat/envelope-chat.component.js';
import type { Envelope, Message } from '../../src/core/protocol/types.js';
import { createStreamReader } from '../../src/core/targets/streams/stream-reader.js';
import type { EnvelopeChangeEvent, EnvelopeErrorEvent } from '../../src/events.js';
import { call, envelope, msg, text } from '../fixtures/envelopes.js';
import { deepQuery, deepQueryAll, deepText } from './helpers.js';
import { EAGER_LIMIT } from '../../src/elements/internal/pacing/lazy-chunks.js';

// The live API of <envelope-chat> (SPEC §8): appends, updates and streamed text into a shown
// envelope, each checked on its own, with the scrolling and announcements people expect.

const conversation = (n = 3): Envelope =>
  envelope(
    Array.from({ length: n }, (_, i) =>
      msg(`m${i}`, i % 2 ? 'assistant' : 'user', text(`Message number ${i}.`)),
    ),
  );

const assistant = (id: string, ...segments: Message['segments']): Message => ({
  id,
  role: 'assistant',
  timestamp: 1_780_000_000_000,
  segments,
});

async function chatWith(value: Envelope, style = ''): Promise<EnvelopeChat> {
  const el = await fixture<EnvelopeChat>(
    html`<envelope-chat style=${style} .envelope=${value}></envelope-chat>`,
  );
  await el.updateComplete;
  return el;
}

/** Waits for the chat and the message elements it renders to settle. */
async function settle(el: EnvelopeChat) {
  await el.updateComplete;
  for (const m of deepQueryAll(el, 'envelope-message')) await (m as EnvelopeChat).updateComplete;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

describe('<envelope-chat> live: appendMessage and updateMessage', () => {
  it('appends a message: drawn, announced once, an envelope-change, the envelope reflects it', async () => {
    const original = conversation();
    const el = await chatWith(original);
    const changed = oneEvent(el, 'envelope-change');
    expect(el.appendMessage(assistant('a1', text('A brand new answer.')))).to.be.true;
    const event = (await changed) as EnvelopeChangeEvent;
    await settle(el);
    expect(event.detail).to.include({ change: 'append', messageId: 'a1', index: 3 });
    expect(deepText(el)).to.include('A brand new answer.');
    expect(deepQueryAll(el, 'envelope-message')).to.have.length(4);
    const shown = el.envelope as Envelope;
    expect(shown.messages.map((m) => m.id)).to.deep.equal(['m0', 'm1', 'm2', 'a1']);
    expect(event.detail.envelope).to.equal(shown);
    // What the page passed in is never changed.
    expect(original.messages).to.have.length(3);
    const region = el.shadowRoot!.querySelector('[aria-live="polite"]')!;
    expect(region.textContent).to.equal('New message from Assistant.');
  });

  it('appends and streamed text do not copy the message list; the page’s envelope stays as it was', async () => {
    const original = conversation(5);
    const el = await chatWith(original);
    el.appendMessage(assistant('a', text('')), { streaming: true });
    const live = (el.envelope as Envelope).messages;
    expect(live).to.not.equal(original.messages);
    el.appendText('a', 'more ');
    el.appendText('a', 'text');
    el.appendMessage(assistant('b', text('And another.')));
    const shown = el.envelope as Envelope;
    expect(shown.messages, 'the same array, grown in place').to.equal(live);
    expect(shown.messages.map((m) => m.id)).to.deep.equal(['m0', 'm1', 'm2', 'm3', 'm4', 'a', 'b']);
    expect(shown.messages[5]!.segments[0]).to.deep.include({ content: 'more text' });
    expect(original.messages).to.have.length(5);
    await settle(el);
    expect(deepText(el)).to.include('more text');
  });

  it('an invalid message shows its error panel in its place; the rest stays, later appends work', async () => {
    const el = await chatWith(conversation());
    const failed = oneEvent(el, 'envelope-error');
    expect(el.appendMessage({ id: 'bad', role: 'assistant', segments: [] } as unknown as Message))
      .to.be.false;
    const { detail } = (await failed) as EnvelopeErrorEvent;
    await settle(el);
    expect(detail.errors[0]!.path).to.match(/^\/messages\/3/);
    const rejected = deepQuery(el, '[part~="rejected"]')!;
    expect(rejected.textContent).to.include('timestamp');
    expect((el.envelope as Envelope).messages).to.have.length(3);
    expect(el.appendMessage(assistant('a1', text('After the bad one.')))).to.be.true;
    await settle(el);
    const items = [...el.shadowRoot!.querySelectorAll('.item')];
    expect(items.map((i) => i.classList.contains('rejected'))).to.deep.equal([
      false,
      false,
      false,
      true,
      false,
    ]);
  });

  it('refuses a second message with an id already there, and an update of an unknown id', async () => {
    const el = await chatWith(conversation());
    expect(el.appendMessage(assistant('m1', text('Same id.')))).to.be.false;
    expect(el.updateMessage('nope', assistant('nope', text('x')))).to.be.false;
    await settle(el);
    expect(deepText(el)).to.include("A message with id 'm1' is already in the conversation");
    expect(deepText(el)).to.include("No message has the id 'nope'");
  });

  it('updateMessage replaces one message and draws only it again', async () => {
    const el = await chatWith(conversation());
    await settle(el);
    const before = deepQueryAll(el, 'envelope-message');
    expect(el.updateMessage('m1', assistant('m1', text('Rewritten answer.')))).to.be.true;
    await settle(el);
    const after = deepQueryAll(el, 'envelope-message');
    expect(deepText(after[1]!)).to.include('Rewritten answer.');
    // The same elements: nothing was rebuilt.
    expect(after).to.deep.equal(before);
    expect((before[0] as unknown as { message: Message }).message).to.equal(
      (el.envelope as Envelope).messages[0],
    );
  });

  it('starts a conversation when none is shown', async () => {
    const el = await fixture<EnvelopeChat>(html`<envelope-chat></envelope-chat>`);
    expect(el.appendMessage(msg('u1', 'user', text('First words.')))).to.be.true;
    await settle(el);
    expect(deepText(el)).to.include('First words.');
    expect((el.envelope as Envelope).version).to.equal('1.1');
  });
});

describe('<envelope-chat> live: streaming', () => {
  it('appendText streams into the text and shows a typing indicator until endStream', async () => {
    const el = await chatWith(conversation());
    el.appendMessage(assistant('a1', text('')), { streaming: true });
    const region = el.shadowRoot!.querySelector('[aria-live="polite"]')!;
    await settle(el);
    const announced = region.textContent;
    for (const word of ['The ', 'weather ', 'is ', 'sunny.']) el.appendText('a1', word);
    await settle(el);
    const message = deepQueryAll(el, 'envelope-message')[3]!;
    expect(deepText(message)).to.include('The weather is sunny.');
    expect(message.shadowRoot!.querySelector('[part="typing"]')).to.exist;
    // Announced when the message came, not again per token.
    expect(region.textContent).to.equal(announced);
    el.endStream('a1');
    await settle(el);
    expect(message.shadowRoot!.querySelector('[part="typing"]')).to.not.exist;
    expect((el.envelope as Envelope).messages[3]!.segments).to.deep.equal([
      { kind: 'text', content: 'The weather is sunny.' },
    ]);
  });

  it('appendText after a tool call starts a new text segment', async () => {
    const el = await chatWith(conversation());
    el.appendMessage(assistant('a1', call('get_weather', { city: 'Lisbon' })));
    el.appendText('a1', 'Checking.');
    await settle(el);
    expect((el.envelope as Envelope).messages[3]!.segments.map((s) => s.kind)).to.deep.equal([
      'tool_call_request',
      'text',
    ]);
  });

  it('shows streamed tool-call arguments as JSON text until the complete call arrives', async () => {
    const el = await chatWith(conversation());
    el.appendMessage(assistant('a1', call('get_weather', {})), { streaming: true });
    el.appendToolArguments('a1', 0, '{"city": "Lis');
    await settle(el);
    const request = () => deepQuery(el, '.segment-tool_call_request')!;
    expect(request().querySelector('[part="segment-partial"]')!.textContent).to.equal(
      '{"city": "Lis',
    );
    el.appendToolArguments('a1', 0, 'bon"}');
    el.updateMessage('a1', assistant('a1', call('get_weather', { city: 'Lisbon' })));
    await settle(el);
    expect(request().querySelector('[part="segment-partial"]')).to.not.exist;
    expect(request().textContent).to.include('Lisbon');
  });

  it('applies the updates of the core stream reader: the same message as the reader makes', async () => {
    const el = await chatWith(conversation());
    const reader = createStreamReader({ messageId: 'a1', timestamp: 1_780_000_000_000 });
    const events = [
      {
        type: 'message_start',
        message: { id: 'msg_1', type: 'message', role: 'assistant', content: [], model: 'claude' },
      },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Let me ' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'check.' } },
      { type: 'content_block_stop', index: 0 },
      // Thinking is kept (protocol 1.1: the 1.0 conversation becomes 1.1), and the text after it
      // is a segment of its own (that segment alone, then its text).
      { type: 'content_block_start', index: 9, content_block: { type: 'thinking', thinking: '' } },
      { type: 'content_block_start', index: 8, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 8, delta: { type: 'text_delta', text: 'Now.' } },
      {
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} },
      },
      {
        type: 'content_block_delta',
        index: 1,
        delta: { type: 'input_json_delta', partial_json: '{"city":' },
      },
      {
        type: 'content_block_delta',
        index: 1,
        delta: { type: 'input_json_delta', partial_json: ' "Lisbon"}' },
      },
      { type: 'content_block_stop', index: 1 },
      { type: 'message_delta', delta: { stop_reason: 'tool_use' } },
      { type: 'message_stop' },
    ];
    for (const event of events)
      for (const update of reader.read(event)) el.applyStreamUpdate(update);
    await settle(el);
    expect((el.envelope as Envelope).messages[3]).to.deep.equal(reader.message());
    expect(reader.message().segments.map((s) => s.kind)).to.deep.equal([
      'text',
      'thinking',
      'text',
      'tool_call_request',
    ]);
    expect((el.envelope as Envelope).version).to.equal('1.1');
    expect(deepQuery(el, 'envelope-message[streaming]')).to.not.exist;
  });
});

describe('<envelope-chat> live: scrolling, search and the meter', () => {
  it('sticks to the bottom while the reader is there; keeps their place and shows a pill when not', async () => {
    const el = await chatWith(conversation(30), 'display: block; height: 300px; overflow-y: auto');
    await settle(el);
    el.scrollTop = el.scrollHeight;
    await settle(el);
    el.appendMessage(assistant('a1', text('Stay with me.\n\nLine two.\n\nLine three.')));
    await settle(el);
    const gap = () => el.scrollHeight - el.scrollTop - el.clientHeight;
    expect(gap()).to.be.below(2);

    el.scrollTop = 0;
    await settle(el);
    el.appendMessage(assistant('a2', text('You scrolled away.')));
    await settle(el);
    expect(el.scrollTop).to.equal(0);
    const pill = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="new-messages"]')!;
    expect(pill.textContent!.trim()).to.equal('1 new message ↓');
    pill.click();
    await settle(el);
    expect(gap()).to.be.below(2);
    expect(el.shadowRoot!.querySelector('[part="new-messages"]')).to.not.exist;
  });

  it('a question and its streamed answer are drawn at every length around where the list turns lazy', async function () {
    // 42 chats, each streamed into.
    this.timeout(180_000);
    // The chat inside a page's scrolling box, and the chat scrolling itself.
    for (const inBox of [true, false])
      for (let n = EAGER_LIMIT - 10; n <= EAGER_LIMIT + 10; n++) {
        const box = await fixture<HTMLDivElement>(
          html`<div style=${inBox ? 'height: 400px; overflow-y: auto' : ''}></div>`,
        );
        const el = document.createElement('envelope-chat') as EnvelopeChat;
        if (!inBox) el.style.cssText = 'display: block; height: 400px; overflow-y: auto';
        // Messages of many heights, as in a real conversation (the list's estimates of sleeping
        // blocks are off): 50 of them are far taller than the box.
        const long = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} of a long answer.`);
        const table = '| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |';
        el.envelope = envelope(
          Array.from({ length: n }, (_, i) => {
            const body = long.slice(0, 1 + ((i * 7) % 12)).join('\n\n');
            return msg(
              `m${i}`,
              i % 2 ? 'assistant' : 'user',
              text(i % 3 ? body : `${body}\n\n${table}`),
            );
          }),
        );
        box.append(el);
        const scroller = inBox ? box : el;
        const gap = () => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
        // The reader goes to the end, and again while chunks drawn on the way change the
        // height, until it holds for three frames in a row.
        for (let i = 0, held = 0; i < 30 && held < 3; i++) {
          scroller.scrollTop = scroller.scrollHeight;
          await settle(el);
          held = gap() <= 1 ? held + 1 : 0;
        }
        const where = `${n} messages${inBox ? ' in a box' : ''}`;
        const drawn = () => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[data-index]')];
        const before = drawn().slice(-5);
        el.appendMessage(msg('q', 'user', text(`Question after ${n}?`)));
        await settle(el);
        // Turning lazy changes nothing on screen: the messages the reader saw stay drawn.
        for (const item of before)
          expect(item.isConnected, `${where}: ${item.dataset.index}`).to.be.true;
        el.appendMessage(assistant('a', text('')), { streaming: true });
        // 200 words, 20 a frame, then the last ones.
        for (let i = 0; i < 200; i += 20) {
          for (let w = i; w < i + 20; w++)
            el.appendText('a', w % 40 === 39 ? `word${w}\n\n` : `word${w} `);
          await new Promise(requestAnimationFrame);
        }
        for (const word of ['The ', 'answer ', '**is** ', 'here.']) {
          el.appendText('a', word);
          await new Promise(requestAnimationFrame);
        }
        el.endStream('a');
        await settle(el);
        const items = drawn();
        const last = items.at(-1)!;
        expect(last.dataset.index, `${where}: the newest is drawn`).to.equal(String(n + 1));
        expect(deepText(last), where).to.include('The answer is here.');
        expect(deepText(items.at(-2)!), where).to.include(`Question after ${n}?`);
        expect(gap(), `${where}: still at the bottom`).to.be.below(2);
        box.remove();
      }
  });

  it('search counts matches in appended and streamed text, one message at a time', async () => {
    const el = await chatWith(conversation());
    el.search = 'needle';
    await settle(el);
    expect(el.matchCount).to.equal(0);
    el.appendMessage(assistant('a1', text('A needle here.')));
    await settle(el);
    expect(el.matchCount).to.equal(1);
    el.appendText('a1', ' And a needle there.');
    await settle(el);
    expect(el.matchCount).to.equal(2);
  });

  it('the header meter measures again when live changes pause', async () => {
    const el = await chatWith(conversation());
    const meter = () =>
      el.shadowRoot!.querySelector('context-meter') as unknown as {
        measurement?: { total: { characters: number } };
      } | null;
    await waitUntil(() => meter()?.measurement, 'measured at first');
    const first = meter()!.measurement!.total.characters;
    el.appendMessage(assistant('a1', text('x'.repeat(500))));
    await settle(el);
    // The last figures stay while it waits; then they grow by the new text.
    expect(meter()).to.exist;
    await waitUntil(() => meter()!.measurement!.total.characters >= first + 500, 'measured again', {
      timeout: 4000,
    });
  });
});
