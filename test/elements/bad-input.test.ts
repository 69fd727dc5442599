import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/envelope-chat/envelope-chat.js';
import '../../src/elements/protocol-panel/protocol-panel.js';
import '../../src/elements/tool-call-request/tool-call-request.js';
import '../../src/elements/segment-memory/segment-memory.js';
import type { Envelope, Message, Segment } from '../../src/core/protocol/types.js';
import type { EnvelopeChat } from '../../src/elements/envelope-chat/envelope-chat.js';
import type { ProtocolPanel } from '../../src/elements/protocol-panel/protocol-panel.js';
import { hostileEnvelope, hostileSegments } from '../fixtures/xss/own-payloads.js';
import { deepQuery, deepText, expandAll } from './helpers.js';

/**
 * SPEC §6 bad input: every case ends in an error state or a complete render within a bound,
 * never in an uncaught error (window `error`, `unhandledrejection`, console.error) or a frozen
 * tab. "Frozen" is measured: a setTimeout heartbeat ticks every 50 ms while the element works,
 * and the longest gap between two ticks (one blocking stretch of the main thread, rendering and
 * layout included) must stay under a second.
 */

/** Longest the main thread may be blocked in one stretch. */
const MAX_BLOCK_MS = 1_000;
/** Longest a case may take to reach its error state or complete render. */
const BOUND_MS = 10_000;

const MB = 1024 * 1024;

type Outcome = 'error' | 'rendered';
interface Measured {
  ms: number;
  maxGapMs: number;
}

const timings: { name: string; ms: number; maxGapMs: number; outcome: string }[] = [];
const problems: string[] = [];
const onError = (event: ErrorEvent) => problems.push(`error: ${event.message}`);
const onRejection = (event: PromiseRejectionEvent) =>
  problems.push(`unhandledrejection: ${String(event.reason)}`);
const consoleError = console.error;

/**
 * Starts `work`, then waits until `reached()` names the outcome, with a heartbeat running all
 * along. Fails when the outcome is not `expected`, comes later than BOUND_MS, or the heartbeat
 * saw the main thread blocked for MAX_BLOCK_MS or more.
 */
async function measure(
  name: string,
  expected: Outcome,
  work: () => unknown,
  reached: () => Outcome | null,
): Promise<Measured> {
  let last = performance.now();
  let maxGapMs = 0;
  let beating = true;
  const beat = () => {
    const now = performance.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    last = now;
    if (beating) setTimeout(beat, 50);
  };
  setTimeout(beat, 50);
  const start = performance.now();
  await work();
  let outcome: Outcome | null = null;
  while ((outcome = reached()) === null && performance.now() - start < BOUND_MS)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const ms = performance.now() - start;
  // Let the page paint what was rendered, and the heartbeat see the end of the last stretch.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await new Promise((resolve) => setTimeout(resolve, 120));
  beating = false;
  maxGapMs = Math.max(maxGapMs, performance.now() - last);
  timings.push({ name, ms: Math.round(ms), maxGapMs: Math.round(maxGapMs), outcome: `${outcome}` });
  expect(outcome, `${name}: outcome after ${Math.round(ms)} ms`).to.equal(expected);
  expect(ms, `${name}: time to ${expected}`).to.be.below(BOUND_MS);
  expect(maxGapMs, `${name}: longest blocked stretch`).to.be.below(MAX_BLOCK_MS);
  return { ms, maxGapMs };
}

const errorPanel = (el: Element) => el.shadowRoot?.querySelector<HTMLElement>('[part~="error"]');

/** The chat's outcome: its error panel, or its header and a first message with `firstText`. */
function chatOutcome(chat: EnvelopeChat, firstText: string): () => Outcome | null {
  return () => {
    if (errorPanel(chat)) return 'error';
    const header = chat.shadowRoot?.querySelector('[part~="header"]');
    const first = chat.shadowRoot?.querySelector('envelope-message');
    return header && first && deepText(first).includes(firstText) ? 'rendered' : null;
  };
}

function envelopeOf(segments: Segment[], role: Message['role'] = 'user'): Envelope {
  return {
    version: '1.0',
    model: 'gpt-4.1',
    messages: [{ id: 'm-1', role, timestamp: 1_780_000_000_000, segments }],
  };
}

/** About `bytes` of Markdown: paragraphs with emphasis, code and links, as a real long text has. */
function bigMarkdown(bytes: number): string {
  const paragraph = (i: number) =>
    `Paragraph ${i}: some **bold** text, a \`code span\` and [a link](https://example.com/${i}).\n\n`;
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const p = paragraph(i);
    parts.push(p);
    size += p.length;
  }
  return parts.join('');
}

function nestedArguments(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: 'bottom' };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** The same envelope as JSON text, built without JSON.stringify (which cannot nest that deep). */
function nestedArgumentsText(depth: number): string {
  const args = '{"a":'.repeat(depth) + '{"leaf":"bottom"}' + '}'.repeat(depth);
  return `{"version":"1.0","model":"gpt-4.1","messages":[{"id":"m-1","role":"assistant","timestamp":1780000000000,"segments":[{"kind":"tool_call_request","toolName":"deep_tool","arguments":${args},"collapsed":false}]}]}`;
}

async function chatElement(): Promise<EnvelopeChat> {
  return fixture<EnvelopeChat>(html`<envelope-chat></envelope-chat>`);
}

describe('bad input (SPEC §6): an error state or a complete render, never a crash or a freeze', function () {
  this.timeout(120_000);

  before(() => {
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    console.error = (...args: unknown[]) => {
      problems.push(`console.error: ${args.map(String).join(' ')}`);
      consoleError.apply(console, args);
    };
  });

  afterEach(() => {
    const seen = problems.splice(0);
    expect(seen, 'uncaught errors, rejections and console errors').to.deep.equal([]);
  });

  after(() => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    console.error = consoleError;
    // The numbers the report quotes: time to the outcome and the longest blocked stretch.
    console.log(
      timings
        .map((t) => `${t.name}: ${t.outcome} in ${t.ms} ms, max gap ${t.maxGapMs} ms`)
        .join('\n'),
    );
  });

  it('malformed JSON attribute: error panel with line and column', async () => {
    const chat = await chatElement();
    await measure(
      'malformed JSON',
      'error',
      () => chat.setAttribute('envelope', '{"version": "1.0",\n  "messages": [}'),
      chatOutcome(chat, ''),
    );
    expect(errorPanel(chat)!.textContent).to.match(/line 2, column 16/);
  });

  const wrongTypes: [string, (e: Record<string, unknown>) => void, string][] = [
    ['envelope', (e) => (e.messages = 'none'), '/messages'],
    [
      'message',
      (e) => ((e.messages as Record<string, unknown>[])[0].timestamp = 'yesterday'),
      '/messages/0/timestamp',
    ],
    [
      'segment',
      (e) =>
        (((e.messages as Message[])[0].segments[0] as unknown as { collapsed: unknown }).collapsed =
          'yes'),
      '/messages/0/segments/0/collapsed',
    ],
    [
      'item',
      (e) =>
        (((e.messages as Message[])[0].segments[0] as { items: unknown[] }).items[0] = {
          title: 5,
          content: 'x',
        }),
      '/messages/0/segments/0/items/0/title',
    ],
  ];
  for (const [level, damage, path] of wrongTypes) {
    it(`wrong type at ${level} level: error panel with the path ${path}`, async () => {
      const envelope = envelopeOf([
        { kind: 'memory', items: [{ title: 't', content: 'c' }], collapsed: false },
      ]) as unknown as Record<string, unknown>;
      damage(envelope);
      const chat = await chatElement();
      await measure(
        `wrong type (${level})`,
        'error',
        () => (chat.envelope = envelope as unknown as Envelope),
        chatOutcome(chat, ''),
      );
      const panel = errorPanel(chat)!;
      expect([...panel.querySelectorAll('.error-path')].map((p) => p.textContent)).to.include(path);
      expect(panel.textContent).to.match(/must be/);
    });
  }

  it('unknown kind: error panel naming the kind and the closest one', async () => {
    const chat = await chatElement();
    const envelope = envelopeOf([{ kind: 'txet', content: 'hi' } as unknown as Segment]);
    await measure('unknown kind', 'error', () => (chat.envelope = envelope), chatOutcome(chat, ''));
    const text = errorPanel(chat)!.textContent!;
    expect(text).to.include('/messages/0/segments/0/kind');
    expect(text).to.include('unknown kind "txet"');
    expect(text).to.include("Did you mean 'text'?");
  });

  it('unknown role: error panel listing the roles', async () => {
    const chat = await chatElement();
    const envelope = envelopeOf([{ kind: 'text', content: 'hi' }], 'developer' as Message['role']);
    await measure('unknown role', 'error', () => (chat.envelope = envelope), chatOutcome(chat, ''));
    const text = errorPanel(chat)!.textContent!;
    expect(text).to.include('/messages/0/role');
    expect(text).to.include('system, user, assistant, tool');
  });

  it('10 MB text segment: renders', async () => {
    const content = bigMarkdown(10 * MB);
    const chat = await chatElement();
    await measure(
      '10 MB text segment',
      'rendered',
      () => (chat.envelope = envelopeOf([{ kind: 'text', content }])),
      chatOutcome(chat, 'Paragraph 0: some **bold** text'),
    );
    // The first 100,000 characters are shown, and a note says so.
    expect(deepQuery(chat, '[part~="cut"]')?.textContent).to.match(
      /Showing the first 100,000 of 10,48\d,\d{3} characters/,
    );
  });

  it('10 MB long_text, expanded: renders', async () => {
    const content = 'Line of a long pasted log.\n'.repeat((10 * MB) / 27);
    const chat = await chatElement();
    await measure(
      '10 MB long_text expanded',
      'rendered',
      () =>
        (chat.envelope = envelopeOf([
          { kind: 'long_text', content, charCount: content.length, collapsed: false },
        ])),
      () => (deepQuery(chat, '[part~="cut"]') ? 'rendered' : chatOutcome(chat, '\u0000')()),
    );
    expect(deepQuery(chat, '[part~="segment-text"]')!.textContent!.trim()).to.have.length.at.most(
      100_000,
    );
  });

  // Every other string field: names, values, descriptions, memory items, skill bodies, tool
  // descriptions and schemas, arguments, documents, URLs, alt texts, state-change values, the
  // speaker's facts and the scene; one role's segments at a time, everything expanded.
  for (const role of ['system', 'user', 'assistant', 'tool', 'event'] as const) {
    it(`10 MB in every string field of ${role} segments, all expanded: renders`, async () => {
      const p = bigMarkdown(10 * MB);
      const people = role === 'user' || role === 'assistant';
      const envelope = {
        ...hostileEnvelope(role === 'event' ? p : 'x'),
        messages: [
          {
            id: 'm-1',
            role,
            timestamp: 1_780_000_000_000,
            segments: hostileSegments(p)[role],
            ...(people
              ? { actor: { userId: p, name: p, roles: [p], groupNickname: p, groupTitle: p } }
              : {}),
          },
        ],
      } as Envelope;
      const chat = await chatElement();
      await measure(
        `10 MB in every ${role} field`,
        'rendered',
        () => (chat.envelope = envelope),
        () =>
          errorPanel(chat)
            ? 'error'
            : chat.shadowRoot?.querySelector('envelope-message')
              ? 'rendered'
              : null,
      );
      await measure(
        `10 MB in every ${role} field, expanded`,
        'rendered',
        () => expandAll(chat.shadowRoot!),
        () => 'rendered',
      );
      // What is shown is cut, and says so.
      expect(deepText(chat).length).to.be.below(3 * MB);
      expect(deepQuery(chat, '[part~="cut"]'), 'a note says values are cut').to.exist;
    });
  }

  it('10 MB tool result: renders', async () => {
    const result = 'x'.repeat(5 * MB) + '\n' + '{"key": "value"}'.repeat((5 * MB) / 16);
    const chat = await chatElement();
    await measure(
      '10 MB tool result',
      'rendered',
      () =>
        (chat.envelope = envelopeOf(
          [{ kind: 'tool_call_result', toolName: 'dump', result, success: true, collapsed: false }],
          'tool',
        )),
      chatOutcome(chat, 'dump'),
    );
    expect(deepQuery(chat, '[part~="segment-result"]')!.textContent!.trim()).to.have.length(
      100_000,
    );
    expect(deepQuery(chat, '[part~="cut"]')?.textContent).to.include('Showing the first 100,000');
  });

  it('tool-call arguments nested 10,000 deep, as a property object: renders', async () => {
    const chat = await chatElement();
    const envelope = envelopeOf(
      [
        {
          kind: 'tool_call_request',
          toolName: 'deep_tool',
          arguments: nestedArguments(10_000),
          collapsed: false,
        },
      ],
      'assistant',
    );
    await measure(
      'deep arguments (property)',
      'rendered',
      () => (chat.envelope = envelope),
      // The rows stop at a depth; below it the arguments are shown as JSON text.
      chatOutcome(chat, '{"a":{"a":'),
    );
  });

  it('tool-call arguments nested 10,000 deep, as JSON text: renders', async () => {
    const chat = await chatElement();
    await measure(
      'deep arguments (JSON text)',
      'rendered',
      () => chat.setAttribute('envelope', nestedArgumentsText(10_000)),
      chatOutcome(chat, 'deep_tool'),
    );
  });

  it('a cyclic object as .envelope: error panel naming the cycle', async () => {
    const args: Record<string, unknown> = { q: 'x' };
    args.self = args;
    const envelope = envelopeOf(
      [{ kind: 'tool_call_request', toolName: 'loop', arguments: args, collapsed: false }],
      'assistant',
    );
    const chat = await chatElement();
    await measure(
      'cyclic .envelope',
      'error',
      () => (chat.envelope = envelope),
      chatOutcome(chat, ''),
    );
    const text = errorPanel(chat)!.textContent!;
    expect(text).to.include('/messages/0/segments/0/arguments/self');
    expect(text).to.include('(a cycle)');
  });

  it('a cyclic object as .segment of a segment element: error panel', async () => {
    const args: Record<string, unknown> = { list: [] };
    (args.list as unknown[]).push(args);
    const request = await fixture<HTMLElement & { segment: unknown }>(
      html`<tool-call-request></tool-call-request>`,
    );
    await measure(
      'cyclic .segment (arguments)',
      'error',
      () =>
        (request.segment = {
          kind: 'tool_call_request',
          toolName: 'loop',
          arguments: args,
          collapsed: false,
        }),
      () => (errorPanel(request) ? 'error' : null),
    );
    expect(errorPanel(request)!.textContent).to.include('/arguments/list/0');

    const memory = await fixture<HTMLElement & { segment: unknown }>(
      html`<segment-memory></segment-memory>`,
    );
    const segment: Record<string, unknown> = { kind: 'memory', collapsed: false };
    segment.items = [{ title: 't', content: 'c', parent: segment }];
    await measure(
      'cyclic .segment (memory item)',
      'error',
      () => (memory.segment = segment),
      () => (errorPanel(memory) ? 'error' : null),
    );
    expect(errorPanel(memory)!.textContent).to.include('/items/0/parent');
  });

  it('src that 404s: error panel saying so', async () => {
    const chat = await chatElement();
    await measure(
      'src 404',
      'error',
      () => (chat.src = '/no-such-file.json'),
      chatOutcome(chat, ''),
    );
    expect(errorPanel(chat)!.textContent).to.match(/Could not load \/no-such-file\.json: HTTP 404/);
  });

  it('src that returns an HTML page: error panel saying so', async () => {
    const chat = await chatElement();
    await measure(
      'src HTML',
      'error',
      () => (chat.src = '/demos/index.html'),
      chatOutcome(chat, ''),
    );
    const text = errorPanel(chat)!.textContent!;
    expect(text).to.include('JSON syntax error at line 1, column 1');
    expect(text).to.include('The URL returned HTML, not JSON.');
  });

  describe('<protocol-panel>', () => {
    const tabs = ['openai', 'anthropic', 'gemini', 'otel', 'raw'] as const;

    /**
     * Shows every tab in turn, each within the bounds: the JSON that copy and download give
     * parses, and the code shows its beginning (all of it when it is short).
     */
    async function everyTab(
      name: string,
      envelope: Envelope,
      check: (full: string, shown: string, panel: ProtocolPanel) => void,
    ) {
      const panel = await fixture<ProtocolPanel>(html`<protocol-panel></protocol-panel>`);
      for (const tab of tabs) {
        const code = () => panel.shadowRoot!.querySelector('[part~="code"]');
        await measure(
          `${name}, panel ${tab}`,
          'rendered',
          () => {
            panel.envelope = envelope;
            panel.tab = tab;
          },
          () =>
            errorPanel(panel)
              ? 'error'
              : panel.shadowRoot!.querySelector(`#tab-${tab}[aria-selected="true"]`) &&
                  code()?.textContent
                ? 'rendered'
                : null,
        );
        const shown = code()!.textContent!;
        const full = panel.shownText;
        expect(full.startsWith(shown), `${tab}: shows the beginning`).to.equal(true);
        expect(() => JSON.parse(full), `${tab}: the JSON parses`).not.to.throw();
        check(full, shown, panel);
      }
    }

    it('10 MB text segment: every tab renders', async () => {
      const content = bigMarkdown(10 * MB);
      await everyTab(
        '10 MB text',
        envelopeOf([{ kind: 'text', content }]),
        (full, shown, panel) => {
          expect(full.length).to.be.above(10 * MB);
          expect(shown).to.have.length(100_000);
          expect(panel.shadowRoot!.querySelector('[part~="cut"]')!.textContent).to.include(
            'Showing the first 100,000',
          );
        },
      );
    });

    it('tool-call arguments nested 10,000 deep: every tab renders', async () => {
      const envelope = envelopeOf(
        [
          {
            kind: 'tool_call_request',
            toolName: 'deep_tool',
            arguments: nestedArguments(10_000),
            collapsed: false,
          },
        ],
        'assistant',
      );
      await everyTab('deep arguments', envelope, (full, shown) => {
        expect(shown).to.include('deep_tool');
        expect(full).to.match(/"leaf\\?":\s?\\?"bottom/);
      });
    });
  });

  // Last: until <envelope-chat> renders long conversations lazily, this case blocks the page.
  it('50,000 messages: the header with the count and the first message', async () => {
    const roles: Message['role'][] = ['user', 'assistant'];
    const envelope: Envelope = {
      version: '1.0',
      model: 'gpt-4.1',
      messages: Array.from({ length: 50_000 }, (_, i) => ({
        id: `m-${i}`,
        role: roles[i % 2],
        timestamp: 1_780_000_000_000 + i * 1_000,
        segments: [{ kind: 'text', content: `Message number ${i}.` }],
      })),
    };
    const chat = await chatElement();
    await measure(
      '50,000 messages',
      'rendered',
      () => (chat.envelope = envelope),
      chatOutcome(chat, 'Message number 0.'),
    );
    expect(chat.shadowRoot!.querySelector('[part~="header"]')!.textContent).to.match(
      /50,?000 messages/,
    );
  });
});
