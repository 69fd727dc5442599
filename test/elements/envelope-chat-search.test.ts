import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/envelope-chat/envelope-chat.js';
import type { EnvelopeChat } from '../../src/elements/envelope-chat/envelope-chat.js';
import { fullHeaderMessageIds } from '../../src/core/assembly/headers.js';
import { measureEnvelope } from '../../src/core/insight/measure.js';
import type { Envelope } from '../../src/core/protocol/types.js';
import { HEADER_MATCH, searchEnvelope } from '../../src/core/insight/search.js';
import { call, envelope, msg, result, text } from '../fixtures/envelopes.js';
import { loadSanitizer } from '../../src/elements/internal/markdown/markdown-html.js';
import {
  deepQuery,
  deepText,
  loadDemo,
  painted,
  postedToWorkers,
  searchStatus as status,
  settle,
  typeSearch as type,
} from './helpers.js';

const field = (chat: EnvelopeChat) =>
  chat.shadowRoot!.querySelector<HTMLInputElement>('[part~="search-input"]')!;
async function press(chat: EnvelopeChat, key: string, shiftKey = false) {
  field(chat).dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true }));
  await settle(chat);
  await new Promise((r) => setTimeout(r, 30));
}

function segmentOf(chat: EnvelopeChat, messageId: string, index: number) {
  const item = [...chat.shadowRoot!.querySelectorAll<HTMLElement>('[data-index]')].find(
    (el) => (el.firstElementChild as { message?: { id: string } }).message?.id === messageId,
  );
  return item?.firstElementChild?.shadowRoot?.querySelectorAll<HTMLElement>('[part~="segment"]')[
    index
  ];
}

/** Whether a segment is collapsed, as its disclosure button says. */
function collapsed(segment: HTMLElement): boolean {
  return segment.querySelector('button[aria-expanded]')!.getAttribute('aria-expanded') === 'false';
}

function long(count: number): Envelope {
  return envelope(
    Array.from({ length: count }, (_, i) =>
      i % 3 === 2
        ? msg(`m${i}`, 'tool', result('lookup', `{"row": ${i}}`))
        : i % 3 === 1
          ? msg(`m${i}`, 'assistant', call('lookup', { row: i }))
          : msg(`m${i}`, 'user', text(`Question number ${i}: what is in row ${i}?`)),
    ),
  );
}

describe('<envelope-chat> search', () => {
  it('finds text inside a collapsed memory item, expands the memory and paints the match', async () => {
    const demo = await loadDemo('a');
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat .envelope=${demo}></envelope-chat>`,
    );
    await settle(chat);
    const memoryIndex = demo.messages[0].segments.findIndex((s) => s.kind === 'memory');
    const memory = () => segmentOf(chat, demo.messages[0].id, memoryIndex)!;
    expect(collapsed(memory()), 'memory starts collapsed').to.equal(true);
    expect(deepText(memory())).not.to.include('beginner in Python');

    await type(chat, 'BEGINNER IN PYTHON');
    expect(collapsed(memory())).to.equal(false);
    expect(deepText(memory())).to.include('beginner in Python');
    expect(status(chat)).to.equal('1 of 1');
    expect(painted('pe-search-current')).to.deep.equal(['beginner in Python']);
  });

  it('matches the text a reader sees, and counts what it paints', async () => {
    await loadSanitizer();
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat
        .envelope=${envelope([
          msg('u1', 'user', text('Is AT&amp;T **bold** or `code`?')),
          msg(
            'a1',
            'assistant',
            text(
              'It is **bo**ld, with <b>raw</b> html.\n\nA *new* line.\n\nName it in <title> first.',
            ),
          ),
        ])}
      ></envelope-chat>`,
    );
    await settle(chat);
    const all = () => [...painted('pe-search-current'), ...painted('pe-search')];
    // References decoded: the source's `&amp;` is not what anyone reads.
    await type(chat, 'AT&T');
    expect(status(chat)).to.equal('1 of 1');
    expect(all()).to.deep.equal(['AT&T']);
    await type(chat, 'amp;');
    expect(status(chat)).to.equal('No matches');
    expect(all()).to.deep.equal([]);
    // Markdown syntax gone, and a match may run through an inline element.
    await type(chat, '**bold**');
    expect(status(chat)).to.equal('No matches');
    await type(chat, 'bold');
    expect(status(chat)).to.equal('1 of 2');
    expect(all()).to.deep.equal(['bold', 'bold']);
    await type(chat, 'is bold,');
    expect(status(chat)).to.equal('1 of 1');
    expect(all()).to.deep.equal(['is bold,']);
    await type(chat, '`code`');
    expect(status(chat)).to.equal('No matches');
    await type(chat, 'or code?');
    expect(all()).to.deep.equal(['or code?']);
    // Raw HTML as drawn (sanitized): its tags are not text, its text is.
    await type(chat, '<b>');
    expect(status(chat)).to.equal('No matches');
    await type(chat, 'with raw html');
    expect(status(chat)).to.equal('1 of 1');
    expect(all()).to.deep.equal(['with raw html']);
    // Not across two blocks.
    await type(chat, 'html. A');
    expect(status(chat)).to.equal('No matches');
    await type(chat, 'A new line');
    expect(all()).to.deep.equal(['A new line']);
    // GFM's disallowed tags are drawn as text, and found as drawn.
    await type(chat, 'in <title> first');
    expect(status(chat)).to.equal('1 of 1');
    expect(all()).to.deep.equal(['in <title> first']);
  });

  it('keeps every search control inside a chat 360 px wide (they wrap)', async () => {
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat style="width: 360px" .envelope=${await loadDemo('a')}></envelope-chat>`,
    );
    await settle(chat);
    const box = chat.getBoundingClientRect();
    const search = chat.shadowRoot!.querySelector('.search')!;
    for (const control of search.querySelectorAll('input, button, label')) {
      const r = control.getBoundingClientRect();
      expect(r.right, control.outerHTML.slice(0, 60)).to.be.at.most(box.right);
    }
    // The field and its arrows stay on one line.
    const tops = [...search.querySelectorAll('input[type="search"], button')].map(
      (el) => el.getBoundingClientRect().top,
    );
    expect(Math.max(...tops) - Math.min(...tops)).to.be.below(8);
  });

  it('cycles through matches with Enter and Shift+Enter, and the buttons', async () => {
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat
        .envelope=${envelope([
          msg('u1', 'user', text('alpha one')),
          msg('a1', 'assistant', text('alpha two and alpha three')),
        ])}
      ></envelope-chat>`,
    );
    await settle(chat);
    await type(chat, 'alpha');
    expect(status(chat)).to.equal('1 of 3');
    expect(painted('pe-search')).to.deep.equal(['alpha', 'alpha']);
    // A live Range slows every later change to the page until it is garbage collected.
    expect(
      [...CSS.highlights.get('pe-search')!].every((range) => range instanceof StaticRange),
      'matches are painted with static ranges',
    ).to.equal(true);
    await press(chat, 'Enter');
    expect(status(chat)).to.equal('2 of 3');
    await press(chat, 'Enter');
    expect(status(chat)).to.equal('3 of 3');
    await press(chat, 'Enter');
    expect(status(chat), 'after the last comes the first').to.equal('1 of 3');
    await press(chat, 'Enter', true);
    expect(status(chat), 'Shift+Enter goes back').to.equal('3 of 3');
    chat
      .shadowRoot!.querySelector<HTMLButtonElement>('button[aria-label="Previous match"]')!
      .click();
    await settle(chat);
    expect(status(chat)).to.equal('2 of 3');
    expect(chat.currentMatch).to.equal(1);

    await press(chat, 'Escape');
    expect(chat.search).to.equal('');
    expect(status(chat)).to.equal('');
    expect(painted('pe-search')).to.deep.equal([]);
  });

  it("finds a speaker by a fact the compact header hides, opens the speaker's facts and paints it", async () => {
    const demo = await loadDemo('g');
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat .envelope=${demo} style="height: 600px"></envelope-chat>`,
    );
    await settle(chat);
    // Tom's user id is shown only among his facts, which a short header keeps closed.
    const { matches } = searchEnvelope(demo, '10005');
    const full = fullHeaderMessageIds(demo.messages);
    const target = matches.findIndex(
      (m) => m.segmentIndex === HEADER_MATCH && !full.has(demo.messages[m.messageIndex].id),
    );
    expect(target, 'a later message of Tom').to.be.greaterThan(0);
    await type(chat, '10005');
    expect(status(chat)).to.equal(`1 of ${matches.length}`);
    for (let i = 0; i < target; i++) await press(chat, 'Enter');
    expect(status(chat)).to.equal(`${target + 1} of ${matches.length}`);
    const id = demo.messages[matches[target].messageIndex].id;
    const item = [...chat.shadowRoot!.querySelectorAll<HTMLElement>('[data-index]')].find(
      (el) => (el.firstElementChild as { message?: { id: string } }).message?.id === id,
    )!;
    const message = item.firstElementChild!.shadowRoot!;
    expect(message.querySelector('[part~="facts"]')!.hasAttribute('hidden')).to.equal(false);
    expect(message.querySelector('[part~="facts-toggle"]')!.getAttribute('aria-expanded')).to.equal(
      'true',
    );
    expect(painted('pe-search-current')).to.deep.equal(['10005']);
  });

  it('finds a speaker by the name and group title it shows, without opening facts', async () => {
    const demo = await loadDemo('g');
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat .envelope=${demo} style="height: 600px"></envelope-chat>`,
    );
    await settle(chat);
    await type(chat, 'snack captain');
    const { matches } = searchEnvelope(demo, 'snack captain');
    expect(matches.length).to.be.greaterThan(0);
    expect(status(chat)).to.equal(`1 of ${matches.length}`);
    expect(painted('pe-search-current')).to.deep.equal(['Snack Captain']);
  });

  it('says when nothing matches and disables the buttons', async () => {
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat
        .envelope=${envelope([msg('u1', 'user', text('hello'))])}
      ></envelope-chat>`,
    );
    await type(chat, 'absent');
    expect(status(chat)).to.equal('No matches');
    const buttons = chat.shadowRoot!.querySelectorAll<HTMLButtonElement>('.search button');
    expect([...buttons].every((b) => b.disabled)).to.equal(true);
  });

  it('searches tool arguments and results by their values', async () => {
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat
        search="Lisbon"
        .envelope=${envelope([
          msg('a1', 'assistant', call('weather', { city: 'Lisbon' })),
          msg('t1', 'tool', result('weather', '{"city":"Lisbon","temp":21}')),
        ])}
      ></envelope-chat>`,
    );
    await settle(chat);
    await new Promise((r) => setTimeout(r, 30));
    expect(chat.matchCount).to.equal(2);
    expect(painted('pe-search').length + painted('pe-search-current').length).to.equal(2);
  });

  it('a word 100 times in each of 150 tool schemas: the first 100 open, at most 4,000 marks, the current one among them', async () => {
    const words = Array.from({ length: 100 }, () => 'zebra').join(' ');
    const items = Array.from({ length: 150 }, (_, i) => ({
      name: `tool_${i}`,
      description: `Tool ${i}.`,
      parameters: 'p: string',
      schema: { type: 'object', properties: { p: { type: 'string', description: words } } },
    }));
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat
        .envelope=${envelope([
          msg('s', 'system', { kind: 'tool_overview', items, collapsed: true }),
          msg('u', 'user', text('Hi')),
        ])}
      ></envelope-chat>`,
    );
    await settle(chat);
    await type(chat, 'zebra');
    expect(chat.matchCount).to.equal(10_000);
    const overview = segmentOf(chat, 's', 0)!;
    const schemas = [...overview.querySelectorAll('.schema')];
    expect(schemas.filter((schema) => !schema.hasAttribute('hidden')).length).to.equal(100);
    const marks = painted('pe-search').length + painted('pe-search-current').length;
    expect(marks).to.be.within(3_000, 4_000);
    expect(painted('pe-search-current')).to.deep.equal(['zebra']);
  });

  it('with "only matching messages" lists just the messages that match', async () => {
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat .envelope=${long(30)} search="row 3?"></envelope-chat>`,
    );
    await settle(chat);
    chat.shadowRoot!.querySelector<HTMLInputElement>('.search input[type="checkbox"]')!.click();
    await settle(chat);
    expect(chat.matchesOnly).to.equal(true);
    const ids = [...chat.shadowRoot!.querySelectorAll('envelope-message')].map(
      (m) => (m as unknown as { message: { id: string } }).message.id,
    );
    expect(ids).to.deep.equal(['m3']);
  });
});

describe('<envelope-chat> with long conversations', () => {
  async function scroller(envelope: Envelope) {
    const box = await fixture<HTMLDivElement>(
      html`<div style="height: 600px; overflow: auto">
        <envelope-chat .envelope=${envelope}></envelope-chat>
      </div>`,
    );
    const chat = box.querySelector('envelope-chat') as EnvelopeChat;
    await settle(chat);
    await new Promise((r) => setTimeout(r, 100));
    await settle(chat);
    return { box, chat };
  }
  const rendered = (chat: EnvelopeChat) => chat.shadowRoot!.querySelectorAll('envelope-message');

  it('renders only the messages near the visible area, whatever the length', async () => {
    const { chat } = await scroller(long(10_000));
    expect(deepText(chat.shadowRoot!.querySelector('[part~="header"]')!)).to.include('10000');
    const count = rendered(chat).length;
    expect(count).to.be.greaterThan(0);
    expect(count).to.be.at.most(150);
    const first = await scroller(long(100));
    expect(rendered(first.chat).length, 'the same work for 100 messages').to.equal(count);
  });

  it('checks 25,000 messages in slices (loading meanwhile), and keeps far groups as single blocks', async () => {
    const loads: Event[] = [];
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat @envelope-load=${(e: Event) => loads.push(e)}></envelope-chat>`,
    );
    chat.envelope = long(25_000);
    await chat.updateComplete;
    // The page had its turn before the check ended: the loading state, marked busy.
    const busy = chat.shadowRoot!.querySelector('[part~="status"]')!;
    expect(busy.getAttribute('aria-busy')).to.equal('true');
    await waitUntil(() => loads.length === 1, 'checked and loaded', { timeout: 20_000 });
    await settle(chat);
    expect(deepText(chat.shadowRoot!.querySelector('[part~="header"]')!)).to.match(/25,?000/);
    expect(chat.shadowRoot!.querySelector('[data-index="0"]')).to.not.equal(null);
    // 2,500 chunks of 10 messages; the groups far from view (100 chunks each) are one block each.
    expect(chat.shadowRoot!.querySelectorAll('[data-group]')).to.have.length(25);
    expect(chat.shadowRoot!.querySelectorAll('[data-chunk]').length).to.be.at.most(2 * 100);
  });

  it('draws the chunks a jump brings near one per frame', async () => {
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat
        style="display: block; height: 400px; overflow-y: auto"
        .envelope=${long(3000)}
      ></envelope-chat>`,
    );
    await settle(chat);
    const drawn = () =>
      new Set(
        [...chat.shadowRoot!.querySelectorAll<HTMLElement>('[data-chunk]')]
          .filter((chunk) => chunk.querySelector('[data-index]'))
          .map((chunk) => Number(chunk.dataset.chunk)),
      );
    // The frame in which each chunk was first drawn, counted from the jump.
    let frame = 0;
    const firstDrawn = new Map<number, number>();
    const note = () => {
      for (const chunk of drawn()) if (!firstDrawn.has(chunk)) firstDrawn.set(chunk, frame);
    };
    const watch = new MutationObserver(note);
    watch.observe(chat.shadowRoot!, { childList: true, subtree: true });
    const before = drawn();
    chat.scrollTop = chat.scrollHeight / 2;
    for (; frame < 30; frame++) await new Promise(requestAnimationFrame);
    watch.disconnect();
    const woken = [...firstDrawn].filter(([chunk]) => !before.has(chunk));
    expect(woken.length, 'chunks drawn after the jump').to.be.at.least(3);
    const perFrame = new Map<number, number>();
    for (const [, at] of woken) perFrame.set(at, (perFrame.get(at) ?? 0) + 1);
    expect(Math.max(...perFrame.values()), 'chunks drawn in one frame').to.equal(1);
    // The one in view is drawn within a few frames.
    const view = chat.getBoundingClientRect();
    const inView = [...woken].some(([chunk]) => {
      const box = chat
        .shadowRoot!.querySelector(`[data-chunk="${chunk}"]`)!
        .getBoundingClientRect();
      return box.bottom > view.top && box.top < view.bottom;
    });
    expect(inView, 'a chunk in view is drawn').to.be.true;
  });

  it('names a message that fails the check in a later slice by its whole path; a newer envelope supersedes the check', async () => {
    const errors: CustomEvent[] = [];
    const loads: Event[] = [];
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat
        @envelope-error=${(e: CustomEvent) => errors.push(e)}
        @envelope-load=${(e: Event) => loads.push(e)}
      ></envelope-chat>`,
    );
    const broken = long(25_000);
    (broken.messages[21_234] as unknown as { role: string }).role = 'bot';
    chat.envelope = long(21_000);
    await chat.updateComplete;
    chat.envelope = broken;
    await waitUntil(() => errors.length === 1, 'the error', { timeout: 20_000 });
    await settle(chat);
    expect(loads, 'the superseded envelope never loaded').to.have.length(0);
    expect(errors[0].detail.errors[0].path).to.equal('/messages/21234/role');
    const panel = chat.shadowRoot!.querySelector('[part~="error"]')!;
    expect(panel.textContent).to.include('/messages/21234/role');
    expect(panel.textContent).to.include("Field 'role' of message 'm21234'");
  });

  it('renders the messages scrolled to, and puts far ones back to sleep', async () => {
    const { box, chat } = await scroller(long(2_000));
    box.scrollTop = box.scrollHeight;
    for (let i = 0; i < 10; i++) {
      await new Promise((r) => requestAnimationFrame(r));
      await settle(chat);
      box.scrollTop = box.scrollHeight;
    }
    await new Promise((r) => setTimeout(r, 100));
    await settle(chat);
    const ids = [...rendered(chat)].map(
      (m) => (m as unknown as { message: { id: string } }).message.id,
    );
    expect(ids).to.include('m1999');
    expect(ids).not.to.include('m0');
    const list = chat.shadowRoot!.querySelectorAll('[role="listitem"]');
    expect(list[0].getAttribute('aria-setsize')).to.equal('2000');
  });

  it('keeps collapse state when a message is put back to sleep and rendered again', async () => {
    const conversation = long(400);
    conversation.messages[0].segments.push({
      kind: 'long_text',
      content: 'line one\nline two\nline three\nline four',
      charCount: 38,
      collapsed: true,
    });
    const { box, chat } = await scroller(conversation);
    const segment = segmentOf(chat, 'm0', 1)!;
    expect(collapsed(segment)).to.equal(true);
    segment.querySelector<HTMLButtonElement>('button[aria-expanded]')!.click();
    box.scrollTop = box.scrollHeight;
    await new Promise((r) => setTimeout(r, 200));
    await settle(chat);
    expect(segmentOf(chat, 'm0', 1), 'm0 went to sleep').to.equal(undefined);
    await chat.revealMessage('m0');
    await settle(chat);
    expect(collapsed(segmentOf(chat, 'm0', 1)!)).to.equal(false);
  });

  it('finds, renders and paints a match far down a conversation that is not in the DOM', async () => {
    const { chat } = await scroller(long(10_000));
    expect(deepQuery(chat, '[data-index="9000"]')).to.equal(undefined);
    await type(chat, 'row 9000?');
    expect(status(chat)).to.equal('1 of 1');
    const item = chat.shadowRoot!.querySelector('[data-index="9000"]');
    expect(item, 'the matching message is rendered').to.not.equal(null);
    // Painting and scrolling settle over a few frames while messages around it render.
    await waitUntil(() => painted('pe-search-current').length === 1, 'painted', { timeout: 5000 });
    expect(painted('pe-search-current')).to.deep.equal(['row 9000?']);
    await waitUntil(
      () => {
        const box = item!.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight;
      },
      'scrolled into view',
      { timeout: 5000 },
    );
  });
});

describe('<envelope-chat> context size in the header', () => {
  it('finds thinking text and summary (1.1), opens the collapsed thinking and paints them, never its signature', async () => {
    const conversation: Envelope = {
      ...envelope([
        msg('u1', 'user', text('Which trail has shade?')),
        msg(
          'a1',
          'assistant',
          {
            kind: 'thinking',
            content: 'Mesa Trail runs under **ponderosa** pines.',
            signature: 'ponderosa-signature',
            collapsed: true,
          },
          {
            kind: 'thinking',
            content: '',
            summary: ['Weighing ponderosa shade against distance.'],
            encryptedContent: 'ponderosa',
            collapsed: true,
          },
          text('Mesa Trail.'),
        ),
      ]),
      version: '1.1',
    };
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat .envelope=${conversation}></envelope-chat>`,
    );
    await settle(chat);
    const thinking = segmentOf(chat, 'a1', 0)!;
    const summary = segmentOf(chat, 'a1', 1)!;
    expect(collapsed(thinking)).to.equal(true);
    expect(collapsed(summary)).to.equal(true);
    expect(deepText(thinking)).to.include('Thinking');
    expect(deepText(thinking)).not.to.include('ponderosa');

    await type(chat, 'ponderosa');
    expect(status(chat)).to.equal('1 of 2');
    expect(collapsed(thinking)).to.equal(false);
    expect(collapsed(summary)).to.equal(false);
    expect(painted('pe-search-current')).to.deep.equal(['ponderosa']);
    expect(painted('pe-search')).to.deep.equal(['ponderosa']);
    expect(deepText(thinking)).not.to.include('signature');
  });

  it('shows the compact meter with the numbers of measureEnvelope, after the first paint', async () => {
    const demo = await loadDemo('b');
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat .envelope=${demo} context-limit="8000"></envelope-chat>`,
    );
    await new Promise((r) => setTimeout(r, 50));
    await settle(chat);
    const meter = chat.shadowRoot!.querySelector('context-meter')!;
    expect(meter.compact).to.equal(true);
    expect(meter.limit).to.equal(8000);
    const { total } = measureEnvelope(demo);
    expect(deepText(meter)).to.include(total.tokens.toLocaleString('en'));
  });

  /** The types of the jobs the page hands to the offload worker while `work` runs. */
  const workerJobs = async (work: () => Promise<void>) =>
    (await postedToWorkers(work)).flatMap((message) => (message.job ? [message.job.type] : []));

  async function meterOf(conversation: Envelope, click: boolean): Promise<string> {
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat .envelope=${conversation}></envelope-chat>`,
    );
    await settle(chat);
    if (click) chat.shadowRoot!.querySelector<HTMLButtonElement>('[part~="measure"]')!.click();
    await waitUntil(() => chat.shadowRoot!.querySelector('context-meter'), 'the meter', {
      timeout: 20_000,
    });
    await settle(chat);
    return deepText(chat.shadowRoot!.querySelector('context-meter')!);
  }

  it('measures tool-call arguments of 100,000 keys when asked (a large envelope), off the page, with the numbers of measureEnvelope', async () => {
    const args = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`key_${i}`, i]));
    const conversation = envelope([msg('a', 'assistant', call('lookup', args))]);
    let shown = '';
    const jobs = await workerJobs(async () => void (shown = await meterOf(conversation, true)));
    expect(jobs).to.deep.equal(['measure']);
    expect(shown).to.include(measureEnvelope(conversation).total.tokens.toLocaleString('en'));
  });

  it('measures tool-call arguments of a million numbers when asked, off the page', async () => {
    const list = Array.from({ length: 1_000_000 }, (_, i) => i);
    const conversation = envelope([msg('a', 'assistant', call('list', { list }))]);
    let shown = '';
    const jobs = await workerJobs(async () => void (shown = await meterOf(conversation, true)));
    expect(jobs).to.deep.equal(['measure']);
    expect(shown).to.include(measureEnvelope(conversation).total.tokens.toLocaleString('en'));
  });

  it('measures a very long conversation only when asked', async () => {
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat .envelope=${long(2_001)}></envelope-chat>`,
    );
    await new Promise((r) => setTimeout(r, 50));
    await settle(chat);
    expect(chat.shadowRoot!.querySelector('context-meter')).to.equal(null);
    chat.shadowRoot!.querySelector<HTMLButtonElement>('[part~="measure"]')!.click();
    await settle(chat);
    expect(chat.shadowRoot!.querySelector('context-meter')).to.not.equal(null);
  });
});
