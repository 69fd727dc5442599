import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/context-meter/context-meter.js';
import { ContextProvider } from '@lit/context';
import { envelopeContext } from '../../src/elements/internal/input/contexts.js';
import type { ContextMeter } from '../../src/elements/context-meter/context-meter.js';
import {
  MEASURE_BUCKETS,
  measureEnvelope,
  type MeasureResult,
} from '../../src/core/insight/measure.js';
import type { EnvelopeErrorEvent } from '../../src/events.js';
import { loadDemo, settle } from './helpers.js';

const rows = (el: ContextMeter) =>
  [...el.shadowRoot!.querySelectorAll<HTMLTableRowElement>('tbody tr')].map((tr) => [
    tr.dataset.kind,
    ...[...tr.cells].slice(1).map((td) => td.textContent!.trim()),
  ]);

const total = (el: ContextMeter) =>
  [...el.shadowRoot!.querySelectorAll('tfoot td')].map((td) => td.textContent!.trim());

const fmt = (n: number) => new Intl.NumberFormat('en').format(n);
const pct = (x: number) =>
  new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 }).format(x);

/** The rows a measurement must show: each non-empty kind, then the joins, in meter order. */
function expectedRows(m: MeasureResult) {
  return [
    ...MEASURE_BUCKETS.map((b) => [b, m.byKind[b]] as const),
    ['overhead', m.overhead] as const,
  ]
    .filter(([, s]) => s.tokens > 0 || s.characters > 0)
    .map(([kind, s]) => [kind, fmt(s.tokens), fmt(s.characters), pct(s.tokens / m.total.tokens)]);
}

describe('<context-meter>', () => {
  for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) {
    it(`shows exactly measureEnvelope's numbers for demo ${id}`, async () => {
      const envelope = await loadDemo(id);
      const el = await fixture<ContextMeter>(
        html`<context-meter .envelope=${envelope}></context-meter>`,
      );
      const m = measureEnvelope(envelope);
      expect(rows(el)).to.deep.equal(expectedRows(m));
      expect(total(el)).to.deep.equal([fmt(m.total.tokens), fmt(m.total.characters), '100%']);
      expect(el.shadowRoot!.querySelector('[part~="header"]')!.textContent).to.include(
        `${fmt(m.total.tokens)} tokens`,
      );
      // One bar segment per kind with tokens, as wide as its share.
      const segments = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="segment"]')];
      const withTokens = [...MEASURE_BUCKETS.filter((b) => m.byKind[b].tokens > 0)];
      if (m.overhead.tokens > 0) withTokens.push('overhead' as never);
      expect(segments.map((s) => s.dataset.kind)).to.deep.equal(withTokens);
      const bar = el.shadowRoot!.querySelector<HTMLElement>('[part~="bar"]')!;
      const first = m.byKind[withTokens[0] as 'system_prompt'].tokens / m.total.tokens;
      expect(segments[0].getBoundingClientRect().width / bar.clientWidth).to.be.closeTo(
        first,
        0.01,
      );
    });
  }

  it("counts the model's thinking (1.1) in the history, redacted thinking by its size", async () => {
    const base = {
      version: '1.1' as const,
      messages: [
        {
          id: 'u',
          role: 'user' as const,
          timestamp: 1,
          segments: [{ kind: 'text' as const, content: 'Plan a hike.' }],
        },
        {
          id: 'a',
          role: 'assistant' as const,
          timestamp: 2,
          segments: [{ kind: 'text' as const, content: 'Mesa Trail, early.' }],
        },
      ],
    };
    const thinking = structuredClone(base);
    thinking.messages[1].segments.unshift(
      {
        kind: 'thinking',
        content: 'Shade matters in July; Mesa Trail is shaded and short. '.repeat(20),
        collapsed: true,
      } as never,
      { kind: 'thinking', content: '', redactedData: 'E'.repeat(3200), collapsed: true } as never,
    );
    const without = await fixture<ContextMeter>(
      html`<context-meter .envelope=${base}></context-meter>`,
    );
    const withThinking = await fixture<ContextMeter>(
      html`<context-meter .envelope=${thinking}></context-meter>`,
    );
    const m = measureEnvelope(thinking);
    expect(rows(withThinking)).to.deep.equal(expectedRows(m));
    const history = (el: ContextMeter) => rows(el).find((row) => row[0] === 'history')!;
    const before = measureEnvelope(base).byKind.history.tokens;
    const [think, redacted] = m.byMessage[1].segments;
    expect(redacted.tokens).to.equal(600);
    expect(think.tokens).to.be.greaterThan(200);
    expect(m.byKind.history.tokens).to.equal(before + think.tokens + redacted.tokens);
    expect(history(without)[1]).to.equal(fmt(before));
    expect(history(withThinking)[1]).to.equal(fmt(m.byKind.history.tokens));
  });

  it('measures the target it is given and says so', async () => {
    const envelope = await loadDemo('b');
    const el = await fixture<ContextMeter>(
      html`<context-meter target="anthropic" .envelope=${envelope}></context-meter>`,
    );
    const m = measureEnvelope(envelope, { target: 'anthropic' });
    expect(m.total).to.not.deep.equal(measureEnvelope(envelope).total);
    expect(total(el)[0]).to.equal(fmt(m.total.tokens));
    expect(el.shadowRoot!.querySelector('caption')!.textContent).to.include('Anthropic');
  });

  describe('images', () => {
    const withImage = (detail?: 'low' | 'high') => ({
      version: '1.1' as const,
      messages: [
        {
          id: 'u',
          role: 'user' as const,
          timestamp: 1,
          segments: [
            { kind: 'text' as const, content: 'What is in this picture?' },
            {
              kind: 'media' as const,
              mediaType: 'image' as const,
              url: 'https://example.com/cat.png',
              ...(detail ? { detail } : {}),
            },
          ],
        },
      ],
    });
    const header = (el: ContextMeter) =>
      el.shadowRoot!.querySelector<HTMLElement>('[part~="header"] .total')!;
    const note = (el: ContextMeter) => el.shadowRoot!.querySelector('.legend .note')?.textContent;

    it("counts OpenAI's low detail as 85 tokens, exactly: no estimate shown", async () => {
      const el = await fixture<ContextMeter>(
        html`<context-meter .envelope=${withImage('low')}></context-meter>`,
      );
      expect(rows(el).find((row) => row[0] === 'media')![1]).to.equal('85');
      expect(header(el).textContent!.trim()).to.match(/^\d[\d,]* tokens$/);
      expect(header(el).title).to.equal('');
      expect(note(el)).to.equal(undefined);
    });

    it('says it estimates an image whose size it does not know, by which rule', async () => {
      const el = await fixture<ContextMeter>(
        html`<context-meter .envelope=${withImage('high')}></context-meter>`,
      );
      const sentence =
        "Image size unknown: 1 image estimated as 1024 × 1024 pixels by OpenAI's 512-pixel tiles.";
      const m = measureEnvelope(withImage('high'));
      expect(header(el).textContent!.trim()).to.equal(`≈ ${fmt(m.total.tokens)} tokens`);
      expect(header(el).title).to.equal(sentence);
      expect(note(el)).to.equal(sentence);

      el.target = 'anthropic';
      await el.updateComplete;
      expect(note(el)).to.equal(
        "Image size unknown: 1 image estimated as 1024 × 1024 pixels by Anthropic's width × height ÷ 750.",
      );
      expect(rows(el).find((row) => row[0] === 'media')![1]).to.equal(fmt(1399));
    });

    it('says OpenAI\'s "auto" detail is counted as high', async () => {
      const el = await fixture<ContextMeter>(
        html`<context-meter .envelope=${await loadDemo('d')}></context-meter>`,
      );
      expect(note(el)).to.equal(
        '1 image with OpenAI detail "auto" counted as "high": the model chooses.',
      );
      expect(header(el).textContent!.trim()).to.match(/^≈ /);
    });
  });

  it('uses a tokenizer given as a property, and shows a precomputed measurement', async () => {
    const envelope = await loadDemo('a');
    const tokenizer = { name: 'letters', count: (t: string) => t.length };
    const el = await fixture<ContextMeter>(
      html`<context-meter .envelope=${envelope} .tokenizer=${tokenizer}></context-meter>`,
    );
    const m = measureEnvelope(envelope);
    expect(total(el)[0]).to.equal(fmt(m.total.characters));
    expect(el.shadowRoot!.querySelector('caption')!.textContent).to.include('letters');

    const given = measureEnvelope(await loadDemo('e'));
    const shown = await fixture<ContextMeter>(
      html`<context-meter .measurement=${given}></context-meter>`,
    );
    expect(total(shown)[0]).to.equal(fmt(given.total.tokens));
  });

  it('draws the limit line where the limit is and gives the share of it', async () => {
    const envelope = await loadDemo('a');
    const m = measureEnvelope(envelope);
    const limit = m.total.tokens * 4;
    const el = await fixture<ContextMeter>(
      html`<context-meter limit=${limit} .envelope=${envelope}></context-meter>`,
    );
    const bar = el.shadowRoot!.querySelector<HTMLElement>('[part~="bar"]')!;
    const line = el.shadowRoot!.querySelector<HTMLElement>('[part~="limit"]')!;
    const barBox = bar.getBoundingClientRect();
    const at = (line.getBoundingClientRect().left + 1 - barBox.left) / barBox.width;
    expect(at).to.be.closeTo(1, 0.01);
    // The segments fill a quarter of the bar: the rest is the room left.
    const filled = [...el.shadowRoot!.querySelectorAll('[part~="segment"]')].reduce(
      (sum, s) => sum + s.getBoundingClientRect().width,
      0,
    );
    expect(filled / barBox.width).to.be.closeTo(0.25, 0.01);
    const header = el.shadowRoot!.querySelector('[part~="header"]')!.textContent!;
    expect(header).to.include(`25% of the ${fmt(limit)}-token limit`);
    expect(el.shadowRoot!.querySelector('.over')).to.not.exist;
  });

  it('marks a context over the limit', async () => {
    const envelope = await loadDemo('f');
    const m = measureEnvelope(envelope);
    const limit = Math.round(m.total.tokens / 2);
    const el = await fixture<ContextMeter>(
      html`<context-meter limit=${limit} .envelope=${envelope}></context-meter>`,
    );
    expect(el.shadowRoot!.querySelector('.over')).to.exist;
    expect(el.shadowRoot!.querySelector('[part~="header"]')!.textContent).to.include(
      `Over the ${fmt(limit)}-token limit by ${fmt(m.total.tokens - limit)} tokens`,
    );
    const bar = el.shadowRoot!.querySelector<HTMLElement>('[part~="bar"]')!.getBoundingClientRect();
    const line = el
      .shadowRoot!.querySelector<HTMLElement>('[part~="limit"]')!
      .getBoundingClientRect();
    expect((line.left + 1 - bar.left) / bar.width).to.be.closeTo(limit / m.total.tokens, 0.01);
  });

  it('offers the numbers to screen readers as a table with a caption, the bar hidden', async () => {
    const el = await fixture<ContextMeter>(
      html`<context-meter .envelope=${await loadDemo('b')}></context-meter>`,
    );
    const table = el.shadowRoot!.querySelector('table')!;
    expect(table.querySelector('caption')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      'Context size: tokens by kind in the OpenAI request (estimated)',
    );
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).to.deep.equal([
      'Kind',
      'Tokens',
      'Characters',
      'Share',
    ]);
    expect(table.querySelector('tbody th[scope="row"]')!.textContent).to.equal('System prompt');
    expect(el.shadowRoot!.querySelector('[part~="bar"]')!.getAttribute('aria-hidden')).to.equal(
      'true',
    );
    await expect(el).to.be.accessible();
  });

  it('is compact on one line, the table kept for screen readers', async () => {
    const envelope = await loadDemo('d');
    const el = await fixture<ContextMeter>(
      html`<context-meter compact .envelope=${envelope}></context-meter>`,
    );
    const bar = el.shadowRoot!.querySelector('[part~="bar"]')!.getBoundingClientRect();
    const header = el.shadowRoot!.querySelector('[part~="header"]')!.getBoundingClientRect();
    expect(Math.abs(bar.top + bar.height / 2 - (header.top + header.height / 2))).to.be.lessThan(6);
    const table = el.shadowRoot!.querySelector('table')!;
    expect(table.parentElement!.getBoundingClientRect().width).to.be.at.most(1);
    expect(table.querySelectorAll('tbody tr').length).to.be.greaterThan(0);
    await expect(el).to.be.accessible();
  });

  it('uses the dark palette with theme="dark", and is accessible there', async () => {
    const envelope = await loadDemo('c');
    const el = await fixture<ContextMeter>(
      html`<context-meter theme="dark" .envelope=${envelope}></context-meter>`,
    );
    const history = el.shadowRoot!.querySelector<HTMLElement>('[data-kind="history"]')!;
    expect(getComputedStyle(history).backgroundColor).to.equal('rgb(56, 189, 248)');
    expect(getComputedStyle(el.shadowRoot!.querySelector('.base')!).color).to.equal(
      'rgb(229, 231, 235)',
    );
    await expect(el).to.be.accessible();
    const light = await fixture<ContextMeter>(
      html`<context-meter theme="light" .envelope=${envelope}></context-meter>`,
    );
    const lightHistory = light.shadowRoot!.querySelector<HTMLElement>('[data-kind="history"]')!;
    expect(getComputedStyle(lightHistory).backgroundColor).to.equal('rgb(2, 132, 199)');
  });

  it('speaks Chinese under lang="zh-CN"', async () => {
    const wrapper = await fixture<HTMLElement>(
      html`<div lang="zh-CN">
        <context-meter limit="100000" .envelope=${await loadDemo('a')}></context-meter>
      </div>`,
    );
    const el = wrapper.querySelector('context-meter')!;
    await settle(wrapper);
    expect(el.shadowRoot!.querySelector('caption')!.textContent).to.include('上下文大小');
    expect(el.shadowRoot!.querySelector('[part~="header"]')!.textContent).to.include('个 token');
    expect(el.shadowRoot!.querySelector('[part~="header"]')!.textContent).to.include('上限');
  });

  for (const [name, attribute] of [
    ['malformed JSON', '{"version": '],
    ['an invalid envelope', JSON.stringify({ version: '1.0', messages: [] })],
  ] as const) {
    it(`shows an error panel and fires one envelope-error for ${name}`, async () => {
      const events: EnvelopeErrorEvent[] = [];
      const container = await fixture<HTMLElement>(
        html`<div @envelope-error=${(e: EnvelopeErrorEvent) => events.push(e)}></div>`,
      );
      const el = document.createElement('context-meter');
      el.setAttribute('envelope', attribute);
      container.append(el);
      await settle(container);
      const panel = el.shadowRoot!.querySelector('[part~="error"]')!;
      expect(panel.getAttribute('role')).to.equal('alert');
      expect(events).to.have.length(1);
      expect(el.shadowRoot!.querySelector('table')).to.not.exist;
      el.envelope = await loadDemo('a');
      await settle(container);
      expect(el.shadowRoot!.querySelector('[part~="error"]')).to.not.exist;
      expect(el.shadowRoot!.querySelector('table')).to.exist;
    });
  }

  it('shows the errors of a measurement that has them', async () => {
    const el = await fixture<ContextMeter>(
      html`<context-meter .measurement=${measureEnvelope({ nope: true })}></context-meter>`,
    );
    expect(el.shadowRoot!.querySelector('[part~="error"]')!.textContent).to.include('version');
  });

  it('refuses a measurement that is not one', async () => {
    const el = await fixture<ContextMeter>(
      html`<context-meter .measurement=${{ total: 5 } as never}></context-meter>`,
    );
    expect(el.shadowRoot!.querySelector('[part~="error"]')!.textContent).to.include(
      'not a result of measureEnvelope',
    );
  });

  it('says there is nothing to measure without an envelope', async () => {
    const el = await fixture<ContextMeter>(html`<context-meter></context-meter>`);
    expect(el.shadowRoot!.textContent).to.include('No envelope to measure.');
  });

  it('measures the envelope a viewer provides through context', async () => {
    const envelope = await loadDemo('d');
    const provider = await fixture<HTMLElement>(html`<div></div>`);
    const context = new ContextProvider(provider, { context: envelopeContext });
    const meter = document.createElement('context-meter');
    provider.append(meter);
    await meter.updateComplete;
    expect(meter.shadowRoot!.textContent).to.include('No envelope to measure.');
    context.setValue(envelope);
    await meter.updateComplete;
    expect(total(meter)[0]).to.equal(fmt(measureEnvelope(envelope).total.tokens));
    // Its own envelope wins over the context's.
    meter.envelope = await loadDemo('a');
    await meter.updateComplete;
    expect(total(meter)[0]).to.equal(fmt(measureEnvelope(await loadDemo('a')).total.tokens));
  });
});
