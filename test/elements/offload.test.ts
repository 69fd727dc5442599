import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/define.js';
import type { Envelope } from '../../src/core/protocol/types.js';
import { readableJson } from '../../src/core/protocol/json-value.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { searchEnvelope } from '../../src/core/insight/search.js';
import { measureEnvelope } from '../../src/core/insight/measure.js';
import { diffEnvelopes } from '../../src/core/insight/diff.js';
import { composePrompt } from '../../src/core/targets/compose-prompt.js';
import type { ContextMeter } from '../../src/elements/context-meter/context-meter.component.js';
import type { EnvelopeChat } from '../../src/elements/envelope-chat/envelope-chat.component.js';
import type { PromptStudio } from '../../src/elements/prompt-studio/prompt-studio.component.js';
import {
  inputSize,
  isLargeEnvelope,
  isLargeInput,
  offload,
  offloadMode,
} from '../../src/elements/internal/offload/offload.js';
import type { ProtocolPanel } from '../../src/elements/protocol-panel/protocol-panel.component.js';
import { cutToShared, sharedShownParts } from '../../src/elements/internal/pacing/shown-part.js';
import { packText, viewText } from '../../src/elements/internal/offload/offload-text.js';

/** 3,000 messages of 1,000 characters: over the offload threshold. */
function largeEnvelope(seed = 0): Envelope {
  return {
    version: '1.0',
    model: 'offload-test',
    messages: Array.from({ length: 3_000 }, (_, i) => ({
      id: `m${i}`,
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      timestamp: 1_790_000_000_000 + i,
      segments: [{ kind: 'text' as const, content: `${seed} message ${i} `.padEnd(1_000, 'x') }],
    })),
  };
}

describe('offload: heavy work off the main thread (issue 20)', () => {
  it('counts only large envelopes as large', () => {
    expect(isLargeEnvelope(largeEnvelope())).to.equal(true);
    expect(
      isLargeEnvelope({
        version: '1.0',
        messages: [
          { id: 'a', role: 'user', timestamp: 1, segments: [{ kind: 'text', content: 'hi' }] },
        ],
      }),
    ).to.equal(false);
  });

  it('sizes a value by its strings and keys and 4 a value, once per object, stopping past the limit', () => {
    const shared = { text: 'abcd' };
    const value = { a: shared, b: shared, list: ['xy', 3, null] };
    // 4 a value (the object, shared twice, the list, 3, null: 24) + keys a, b, list, text (10)
    // + 'abcd' and 'xy' (6); shared's members once.
    expect(inputSize(value)).to.equal(40);
    let deep: unknown = 'z';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(inputSize(deep)).to.equal(40_001);
    // A million numbers, or 100,000 keys, past the limit by their count alone.
    expect(inputSize({ list: Array.from({ length: 1_000_000 }, (_, i) => i) }, 1_000)).to.be.above(
      4_000_000,
    );
    const keys = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]));
    expect(isLargeInput(keys, 500_000)).to.equal(true);
    // An object of 1,000 keys or more counts 20 more a key (each step lists its keys again):
    // tool-call arguments of 100,000 keys are large, and go to the offload worker.
    expect(isLargeInput(keys)).to.equal(true);
    const wide = (count: number) =>
      Object.fromEntries(
        Array.from({ length: count }, (_, i) => [`k${String(i).padStart(4, '0')}`, i]),
      );
    expect(inputSize(wide(999))).to.equal(4 + 999 * (5 + 4));
    expect(inputSize(wide(1_000))).to.equal(4 + 1_000 * (5 + 4 + 20));
  });

  it('gives what the core gives on the main thread, and reports progress', async () => {
    const envelope = largeEnvelope();
    const shares: number[] = [];
    const view = await offload(
      { type: 'export', envelope, target: 'anthropic', view: 'body' },
      { onProgress: (share) => shares.push(share) },
    );
    // 3 MB of JSON: it comes as bytes, moved rather than copied (offload-text.ts).
    expect(view.text).to.have.property('bytes');
    expect(viewText(view.text).whole()).to.equal(
      readableJson(exportEnvelope(envelope, { target: 'anthropic' }).body),
    );
    expect(shares.at(-1)).to.equal(1);
    expect(shares.length).to.be.greaterThan(1);
    const found = await offload({ type: 'search', envelope, query: 'message 29' });
    expect(found).to.deep.equal(searchEnvelope(envelope, 'message 29'));
  });
});

describe('offload in the elements', () => {
  it('runs in a module worker where the page allows one', async () => {
    await offload({ type: 'raw', envelope: largeEnvelope(1) });
    expect(offloadMode()).to.equal('worker');
  });

  it('drops a superseded job: its promise rejects with the abort reason', async () => {
    const abort = new AbortController();
    const first = offload(
      { type: 'measure', envelope: largeEnvelope(2), target: 'openai' },
      {
        signal: abort.signal,
      },
    );
    const second = offload({ type: 'search', envelope: largeEnvelope(3), query: '3 message 7' });
    abort.abort(new Error('superseded'));
    let reason: unknown;
    await first.catch((error: unknown) => (reason = error));
    expect((reason as Error).message).to.equal('superseded');
    expect((await second).matches.length).to.be.greaterThan(0);
  });

  it('<protocol-panel> shows a busy status, then the same JSON as for a small envelope', async () => {
    const envelope = largeEnvelope(4);
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel .envelope=${envelope} tab="gemini"></protocol-panel>`,
    );
    const working = panel.shadowRoot!.querySelector('[part="working"]');
    expect(working?.getAttribute('aria-busy')).to.equal('true');
    expect(panel.shownText).to.equal('');
    await waitUntil(() => panel.shadowRoot!.querySelector('[part="code"]'), 'the JSON', {
      timeout: 15_000,
    });
    const body = readableJson(exportEnvelope(envelope, { target: 'gemini' }).body);
    expect(panel.shownText).to.equal(body);
    // The body (3 MB) came over as bytes: the page shows its first part and says how long it is.
    expect(body.length).to.be.greaterThan(1_000_000);
    const code = panel.shadowRoot!.querySelector('[part="code"]')!.textContent!;
    expect(code.trim()).to.equal(body.slice(0, 100_000).trim());
    expect(panel.shadowRoot!.querySelector('[part~="cut"]')!.textContent).to.include(
      body.length.toLocaleString('en'),
    );
    // Download saves the bytes as they came: the same JSON.
    const createObjectURL = URL.createObjectURL;
    const click = HTMLAnchorElement.prototype.click;
    let saved: Blob | undefined;
    URL.createObjectURL = (blob: Blob) => ((saved = blob), 'blob:test');
    HTMLAnchorElement.prototype.click = () => {};
    try {
      [...panel.shadowRoot!.querySelectorAll('button')]
        .find((b) => b.textContent!.includes('Download'))!
        .click();
    } finally {
      URL.createObjectURL = createObjectURL;
      HTMLAnchorElement.prototype.click = click;
    }
    expect(await saved!.text()).to.equal(body);
    panel.tab = 'trace';
    await waitUntil(() => panel.shadowRoot!.querySelector('[part="trace-table"]'), 'the trace', {
      timeout: 15_000,
    });
    expect(panel.shownText).to.equal(
      readableJson(exportEnvelope(envelope, { target: 'gemini' }).trace),
    );
  });
});

describe('offload: long texts cross from the worker as bytes', () => {
  it('gives back exactly the text: non-Latin text, emoji, escapes; decoded once', () => {
    const text = `{"a": "日本語 🙂 \\u0000 ${'é'.repeat(1_100_000)}"}`;
    const { text: sent, transfer } = packText(text);
    expect(typeof sent).to.equal('object');
    expect(transfer).to.have.length(1);
    const view = viewText(sent);
    expect(view.length).to.equal(text.length);
    expect(view.shown).to.equal(text.slice(0, 100_000));
    expect(view.whole()).to.equal(text);
    expect(view.whole()).to.equal(view.whole());
  });

  it('keeps a short text, and one with a lone surrogate (UTF-8 cannot hold it), a string', () => {
    expect(packText('{"a": 1}')).to.deep.equal({ text: '{"a": 1}', transfer: [] });
    const lone = `"${'x'.repeat(1_000_000)}\ud800"`;
    expect(packText(lone).text).to.equal(lone);
    expect(viewText(lone).whole()).to.equal(lone);
  });
});

describe('offload in the other elements', () => {
  it('<context-meter> measures a large envelope off the page, with the same figures', async () => {
    const envelope = largeEnvelope(5);
    const meter = await fixture<ContextMeter>(
      html`<context-meter .envelope=${envelope} target="anthropic"></context-meter>`,
    );
    expect(meter.shadowRoot!.querySelector('[part="working"]')).to.exist;
    await waitUntil(() => meter.shadowRoot!.querySelector('[part="legend"]'), 'the table', {
      timeout: 15_000,
    });
    expect(meter.shownMeasurement).to.deep.equal(
      measureEnvelope(envelope, { target: 'anthropic' }),
    );
  });

  it('<envelope-diff> compares large envelopes off the page; rows point at their messages', async () => {
    const before = largeEnvelope(6);
    const after = { ...before, messages: [...before.messages] };
    after.messages[7] = {
      ...after.messages[7]!,
      segments: [{ kind: 'text', content: 'changed' }],
    };
    const diff = await fixture<HTMLElement>(
      html`<envelope-diff .beforeEnvelope=${before} .afterEnvelope=${after}></envelope-diff>`,
    );
    expect(diff.shadowRoot!.querySelector('[part="working"]')).to.exist;
    await waitUntil(() => diff.shadowRoot!.querySelector('[part="summary"]'), 'the summary', {
      timeout: 15_000,
    });
    expect(diff.shadowRoot!.querySelector('[part="summary"]')!.textContent).to.contain('1');
    const result = await offload({ type: 'diff', before, after });
    const changed = result.messages.find((row) => row.status === 'changed')!;
    expect(changed.b!.message).to.equal(after.messages[7]);
    expect(changed.segments[0]!.a!.segment).to.equal(before.messages[7]!.segments[0]);
    expect(result.summary).to.deep.equal(diffEnvelopes(before, after).summary);
  });

  it('<envelope-chat> searches a large envelope off the page and goes to the first match', async () => {
    const envelope = largeEnvelope(7);
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat .envelope=${envelope}></envelope-chat>`,
    );
    chat.search = 'message 2999 ';
    await chat.updateComplete;
    const box = chat.shadowRoot!.querySelector('[part="search"]')!;
    expect(box.getAttribute('aria-busy')).to.equal('true');
    await waitUntil(() => box.getAttribute('aria-busy') === 'false', 'the search', {
      timeout: 15_000,
    });
    expect(chat.matchCount).to.equal(1);
    expect(box.querySelector('[role="status"]')!.textContent).to.contain('1');
  });
});

describe('<prompt-studio> on a large envelope', () => {
  it('composes off the page, then shows the first messages and a "show more"', async () => {
    const envelope = largeEnvelope(8);
    const studio = await fixture<PromptStudio>(
      html`<prompt-studio .envelope=${envelope}></prompt-studio>`,
    );
    const root = studio.shadowRoot!;
    expect(root.querySelector('[part="working"]')).to.exist;
    await waitUntil(() => root.querySelector('[part="message"]'), 'the messages', {
      timeout: 15_000,
    });
    const composed = composePrompt(envelope, []);
    expect(root.querySelectorAll('[part~="message"]')).to.have.length(100);
    expect(root.querySelector('[part~="message"] pre')!.textContent!.trim()).to.equal(
      composed.messages[0]!.content.trim(),
    );
    root.querySelector<HTMLButtonElement>('[part="more"]')!.click();
    await studio.updateComplete;
    expect(root.querySelectorAll('[part~="message"]')).to.have.length(200);
  });

  it('shares 100,000 characters of message text among the shown messages, then cuts with a note', async () => {
    const envelope = largeEnvelope(9);
    for (const message of envelope.messages)
      message.segments = [{ kind: 'text', content: `${message.id} `.padEnd(50_000, 'y') }];
    const studio = await fixture<PromptStudio>(
      html`<prompt-studio .envelope=${envelope}></prompt-studio>`,
    );
    const root = studio.shadowRoot!;
    await waitUntil(() => root.querySelector('[part="message"]'), 'the messages', {
      timeout: 30_000,
    });
    const texts = [...root.querySelectorAll('[part~="message"] pre')].map(
      (pre) => pre.textContent!.trim().length,
    );
    expect(texts.slice(0, 3)).to.deep.equal([50_000, 50_000, 2_000]);
    expect(root.querySelectorAll('[part~="message"] [part="cut"]')).to.have.length(98);
    // The worker sends the texts cut to what can be shown; the notes still name the full length.
    const notes = () => [...root.querySelectorAll('[part~="message"] [part="cut"]')];
    expect(notes()[0]!.textContent).to.contain('2,000').and.contain('50,000');
    root.querySelector<HTMLButtonElement>('[part="more"]')!.click();
    await studio.updateComplete;
    const pres = root.querySelectorAll('[part~="message"] pre');
    expect(pres).to.have.length(200);
    expect(pres[150]!.textContent!.trim()).to.equal(`m150 `.padEnd(2_000, 'y').trim());
    expect(notes()).to.have.length(198);
    expect(notes()[197]!.textContent).to.contain('50,000');
  });

  it('texts cut for the preview show exactly what the whole texts show', () => {
    const budget = { total: 100, least: 7 };
    // Lengths around every limit, and a surrogate pair across each cut.
    const pieces = ['a', '😀', 'bc', '😀😀', 'x'.repeat(9)];
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let round = 0; round < 300; round++) {
      const texts = Array.from({ length: 1 + Math.floor(random() * 12) }, () => {
        let text = '';
        const length = Math.floor(random() * 60);
        while (text.length < length) text += pieces[Math.floor(random() * pieces.length)];
        return text;
      });
      const cut = cutToShared(texts, budget);
      for (let n = 1; n <= texts.length; n++)
        expect(sharedShownParts(cut.slice(0, n), budget)).to.deep.equal(
          sharedShownParts(texts.slice(0, n), budget),
        );
      expect(cut.every((text, i) => texts[i]!.startsWith(text))).to.equal(true);
    }
    // And the cut is a cut: a long list sends little.
    const long = Array.from({ length: 50 }, () => 'z'.repeat(1_000));
    const sent = cutToShared(long, budget).reduce((sum, text) => sum + text.length, 0);
    expect(sent).to.equal(101 + 49 * 8);
  });
});
