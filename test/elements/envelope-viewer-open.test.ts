import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/envelope-viewer/envelope-viewer.js';
import type { LitElement } from 'lit';
import type { EnvelopeViewer } from '../../src/elements/envelope-viewer/envelope-viewer.component.js';
import { deepQuery, deepText, progressSeenDuring } from './helpers.js';

// Issue #17: the viewer opens a person's own data — the Open button and Ctrl/Cmd+O, a drop
// anywhere on the page, a paste outside text fields, and `?src=` in the demo page's address.

const FIXTURES = '/test/fixtures/open/';
const fixtureText = async (name: string) => (await fetch(FIXTURES + name)).text();

const shadow = (el: EnvelopeViewer) => el.shadowRoot!;
const filesBar = (el: EnvelopeViewer) => shadow(el).querySelector('[part="files"]')!;

/** Waits until the chat shows `text`. */
async function shows(el: EnvelopeViewer, text: string) {
  await waitUntil(
    () => deepText(deepQuery(el, 'envelope-chat') ?? el).includes(text),
    `shows ${text}`,
    {
      timeout: 5000,
    },
  );
}

function withFile(name: string, text: string): DataTransfer {
  const transfer = new DataTransfer();
  transfer.items.add(new File([text], name, { type: 'application/json' }));
  return transfer;
}

describe('<envelope-viewer> opens your own data', () => {
  it('the Open button and Ctrl+O open the file picker; a picked file is read and shown', async () => {
    const el = await fixture<EnvelopeViewer>(html`<envelope-viewer open-files></envelope-viewer>`);
    const input = shadow(el).querySelector<HTMLInputElement>('.open-input')!;
    let clicks = 0;
    input.addEventListener('click', (event) => {
      clicks++;
      event.preventDefault();
    });
    shadow(el).querySelector<HTMLButtonElement>('[part="open"]')!.click();
    expect(clicks).to.equal(1);
    const key = new KeyboardEvent('keydown', {
      key: 'o',
      ctrlKey: true,
      cancelable: true,
      bubbles: true,
    });
    document.body.dispatchEvent(key);
    expect(clicks).to.equal(2);
    expect(key.defaultPrevented).to.be.true;

    input.files = withFile('chat.json', await fixtureText('openai-chat.json')).files;
    input.dispatchEvent(new Event('change'));
    await shows(el, 'Where was this photo taken');
    expect(filesBar(el).textContent).to.include('chat.json');
    expect(filesBar(el).textContent).to.include('Read as OpenAI Chat Completions');
    // The panel's update waits for the code of its tab's export (loaded when first shown).
    const panel = deepQuery<LitElement>(el, 'protocol-panel')!;
    await panel.updateComplete;
    expect(deepText(panel)).to.include('Where was this photo taken');
  });

  it('an opened file is the highlighted entry: no scenario stays pressed beside it', async () => {
    const el = await fixture<EnvelopeViewer>(
      html`<envelope-viewer
        open-files
        scenarios="/src/data/demos/manifest.json"
      ></envelope-viewer>`,
    );
    const pressed = () =>
      [...shadow(el).querySelectorAll('[aria-pressed="true"]')].map((b) =>
        b.textContent!.replace(/\s+/g, ' ').trim(),
      );
    await waitUntil(() => pressed().length === 1, 'a scenario is shown');
    expect(pressed()[0]).to.match(/^F/);
    await el.openFile(await fixtureText('openai-chat.json'), 'chat.json');
    await shows(el, 'Where was this photo taken');
    expect(pressed()).to.deep.equal(['chat.json']);
    expect(shadow(el).querySelector('[part~="summary"]')).to.equal(null);
    // One conversation, in the singular.
    expect(filesBar(el).textContent).to.include('1 conversation.');
    shadow(el).querySelector<HTMLButtonElement>('[part~="scenario"]')!.click();
    await waitUntil(() => pressed()[0]?.startsWith('A'), 'scenario A is shown');
    expect(pressed()).to.have.length(1);
  });

  it('without open-files, the page keeps its own Ctrl+O, drops and pastes', async () => {
    const el = await fixture<EnvelopeViewer>(html`<envelope-viewer></envelope-viewer>`);
    const key = new KeyboardEvent('keydown', {
      key: 'o',
      ctrlKey: true,
      cancelable: true,
      bubbles: true,
    });
    document.body.dispatchEvent(key);
    expect(key.defaultPrevented).to.be.false;
    const drop = new DragEvent('drop', {
      dataTransfer: withFile('a.json', '{}'),
      bubbles: true,
      cancelable: true,
    });
    document.body.dispatchEvent(drop);
    expect(drop.defaultPrevented).to.be.false;
    await el.updateComplete;
    expect(shadow(el).querySelector('[part="files"]')).to.equal(null);
    await el.openFile(
      '{"model":"m","messages":[{"role":"system","content":"S"},{"role":"user","content":"Hi"}]}',
      'a.json',
    );
    await el.updateComplete;
    expect(filesBar(el).querySelectorAll('[part="file"]').length).to.equal(1);
  });

  it('a file dropped anywhere on the page opens', async () => {
    const el = await fixture<EnvelopeViewer>(html`<envelope-viewer open-files></envelope-viewer>`);
    const transfer = withFile('anthropic.json', await fixtureText('anthropic.json'));
    const over = new DragEvent('dragover', {
      dataTransfer: transfer,
      bubbles: true,
      cancelable: true,
    });
    document.body.dispatchEvent(over);
    expect(over.defaultPrevented).to.be.true;
    document.body.dispatchEvent(
      new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
    );
    await shows(el, 'Did we report on the Lisbon tram strike');
    expect(filesBar(el).textContent).to.include('Read as Anthropic Messages');
  });

  it('JSON pasted outside a text field opens; in a text field it is left alone', async () => {
    const el = await fixture<EnvelopeViewer>(html`<envelope-viewer open-files></envelope-viewer>`);
    const paste = (target: EventTarget, text: string) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      const event = new ClipboardEvent('paste', {
        clipboardData: data,
        bubbles: true,
        cancelable: true,
        composed: true,
      });
      target.dispatchEvent(event);
      return event;
    };
    const field = document.createElement('textarea');
    document.body.append(field);
    expect(paste(field, await fixtureText('gemini.json')).defaultPrevented).to.be.false;
    expect(paste(document.body, 'just some words').defaultPrevented).to.be.false;
    field.remove();
    expect(paste(document.body, await fixtureText('gemini.json')).defaultPrevented).to.be.true;
    await waitUntil(() => filesBar(el).textContent!.includes('Read as Gemini'), 'read as Gemini');
    expect(filesBar(el).querySelector('[part="file"]')!.textContent).to.include('Pasted');
    await shows(el, 'My basil looks droopy.');
  });

  it('a file of many conversations lists them, searches them, shows one and compares two', async () => {
    const el = await fixture<EnvelopeViewer>(html`<envelope-viewer open-files></envelope-viewer>`);
    await el.openFile(await fixtureText('pairs.jsonl'), 'pairs.jsonl');
    await el.updateComplete;
    const bar = filesBar(el);
    const items = () => [...bar.querySelectorAll<HTMLButtonElement>('[part="conversation"]')];
    expect(items().length).to.equal(6);
    expect(bar.textContent).to.include('Read as JSON Lines · several formats');
    // The cut-off last line is named, with its line and column.
    expect(bar.querySelector('[part="file-errors"]')!.textContent).to.match(
      /Line 7: JSON syntax error at column \d+/,
    );
    const search = bar.querySelector<HTMLInputElement>('[part="search"]')!;
    search.value = 'TOKYO';
    search.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect(items().map((b) => b.textContent!.trim())).to.deep.equal([
      'claude-haiku-4-5 · What time is it in Tokyo? · 2026-11-30 10:01 UTC',
    ]);
    items()[0]!.click();
    await shows(el, 'What time is it in Tokyo?');
    search.value = '';
    search.dispatchEvent(new Event('input'));
    await el.updateComplete;
    bar.querySelectorAll<HTMLButtonElement>('[part="compare"]')[0]!.click();
    await el.updateComplete;
    expect(el.view).to.equal('compare');
    await waitUntil(() => deepQuery(el, 'envelope-diff'), 'the diff');
    await waitUntil(
      () => deepText(deepQuery(el, 'envelope-diff')!).includes('Summarise'),
      'the diff shows the other conversation',
    );
  });

  it('a file that cannot be read shows the error with its position', async () => {
    const el = await fixture<EnvelopeViewer>(html`<envelope-viewer open-files></envelope-viewer>`);
    await el.openFile('{"model": "gpt-4o", "messages": [}', 'broken.json');
    await el.updateComplete;
    const chat = shadow(el).querySelector('section.chat')!;
    expect(chat.querySelector('[part="error"]')!.textContent).to.match(
      /JSON syntax error at line 1, column 34/,
    );
  });

  it('?src= in the demo page address opens that URL', async () => {
    const el = await fixture<EnvelopeViewer>(html`<envelope-viewer open-files></envelope-viewer>`);
    const before = location.href;
    history.replaceState(null, '', `?src=${encodeURIComponent(`${FIXTURES}otlp-trace.json`)}`);
    try {
      await import('../../demos/main.js');
    } finally {
      history.replaceState(null, '', before);
    }
    await shows(el, 'Weather in Paris?');
    expect(filesBar(el).textContent).to.include('otlp-trace.json');
    expect(filesBar(el).textContent).to.include('OTLP trace');
  });

  it('1,000 conversations: read in slices (the page keeps its turn), listed, one opened', async () => {
    const lines = Array.from({ length: 1000 }, (_, i) =>
      JSON.stringify({
        request: {
          model: 'gpt-4o-mini',
          messages: [
            { role: 'system', content: 'You sort support tickets into billing, bugs or other.' },
            {
              role: 'user',
              content: `Ticket ${i}: ${'the app shows an error when I pay. '.repeat(20)}`,
            },
          ],
        },
        response: {
          object: 'chat.completion',
          choices: [{ message: { role: 'assistant', content: 'billing' } }],
        },
        timestamp: 1_764_496_800 + i,
      }),
    );
    const el = await fixture<EnvelopeViewer>(html`<envelope-viewer open-files></envelope-viewer>`);
    const longest: number[] = [];
    const observer = new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => longest.push(e.duration)),
    );
    observer.observe({ type: 'longtask', buffered: false });
    const time = async (what: string, work: () => Promise<unknown>) => {
      const start = performance.now();
      await work();
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      const ms = performance.now() - start;
      console.log(
        `${what}: ${Math.round(ms)} ms, longest task ${Math.round(Math.max(0, ...longest))} ms`,
      );
      longest.length = 0;
      return ms;
    };
    let read!: Awaited<ReturnType<typeof progressSeenDuring>>;
    await time('open 1,000 conversations', async () => {
      read = await progressSeenDuring(el, () => el.openFile(lines.join('\n'), 'tickets.jsonl'));
    });
    expect(read.midway, `the page had its turn mid-read; shares seen: ${read.seen}`).to.equal(true);
    const bar = filesBar(el);
    expect(bar.querySelectorAll('[part="conversation"]').length).to.equal(200);
    expect(bar.textContent).to.include('1000 conversations');
    expect(bar.textContent).to.include('Only the first 200 are listed');
    const search = bar.querySelector<HTMLInputElement>('[part="search"]')!;
    await time('search', async () => {
      search.value = 'ticket 977:';
      search.dispatchEvent(new Event('input'));
      await el.updateComplete;
    });
    const found = bar.querySelectorAll<HTMLButtonElement>('[part="conversation"]');
    expect(found.length).to.equal(1);
    await time('show one', async () => {
      found[0]!.click();
      await shows(el, 'Ticket 977');
    });
    observer.disconnect();
  });
});
