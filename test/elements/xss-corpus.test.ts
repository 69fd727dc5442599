import { expect, fixture, html } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import '../../src/elements/envelope-chat/envelope-chat.js';
// Every segment element too: the corpus goes through each on its own.
import '../../src/index.js';
import type { Envelope, Segment } from '../../src/core/protocol/types.js';
import { SEGMENT_TAGS } from '../../src/elements/internal/segments/render-segment.js';
import { meterElement } from '../../src/elements/envelope-chat/meter-element.js';
import { loadSanitizer } from '../../src/elements/internal/markdown/markdown-html.js';
import { measuring } from '../../src/elements/internal/loading/measuring.js';
import { loadChecks } from '../../src/elements/internal/segments/segment-element.js';
import { loadSegmentStyles } from '../../src/elements/internal/segments/segment-styles-load.js';
import {
  armPayload,
  HOSTILE_FIELDS,
  hostileEnvelope,
  hostileSegments,
  OWN_PAYLOADS,
  TEMPLATE_VARIABLE,
} from '../fixtures/xss/own-payloads.js';
import {
  deepElements,
  deepQuery,
  deepQueryAll,
  deepText,
  expandAll,
  findUnsafe,
  settle,
} from './helpers.js';

/**
 * SPEC §6 against a public corpus: the 223 payloads of DOMPurify's own tests plus the project's
 * own vectors, each in every string field of every segment kind and in every attribute the
 * elements read. Payloads are armed (their `alert(…)` calls set the canary `window.__pwned`),
 * dialogs are trapped, and after everything is rendered and expanded nothing may have run and no
 * shadow root may hold active markup. Payloads are rendered in batches, one element per payload
 * and channel, so that every combination is drawn and checked without one fixture each.
 */

declare global {
  interface Window {
    __pwned?: unknown;
  }
}

interface Case {
  label: string;
  payload: string;
}

const corpus = (await (await fetch('/test/fixtures/xss/dompurify-payloads.json')).json()) as {
  count: number;
  payloads: string[];
};

const CASES: Case[] = [
  ...corpus.payloads.map((p, i) => ({ label: `DOMPurify #${i}`, payload: armPayload(p) })),
  ...OWN_PAYLOADS.map((p, i) => ({ label: `own #${i}`, payload: armPayload(p) })),
];

/** Payloads per fixture: large enough to keep the file fast, small enough to name a culprit. */
const BATCH = 34;
const BATCHES = Array.from({ length: Math.ceil(CASES.length / BATCH) }, (_, i) =>
  CASES.slice(i * BATCH, (i + 1) * BATCH),
);

const batchName = (batch: Case[]) => `${batch[0].label} … ${batch[batch.length - 1].label}`;

/** What the traps saw: dialog and popup calls, dialogs and popovers opened, uncaught errors. */
const seen = { dialogs: [] as string[], errors: [] as string[] };
const restore: (() => void)[] = [];

function trap<T extends object, K extends keyof T & string>(owner: T, name: K, label: string) {
  const original = owner[name];
  (owner as Record<string, unknown>)[name] = function (...args: unknown[]) {
    seen.dialogs.push(`${label}(${args.map(String).join(', ').slice(0, 80)})`);
    return null;
  };
  restore.push(() => ((owner as Record<string, unknown>)[name] = original));
}

const onError = (event: ErrorEvent) => seen.errors.push(String(event.message));
const onRejection = (event: PromiseRejectionEvent) => seen.errors.push(String(event.reason));

/** Every URL the page requested (an observer, so the resource timing buffer cannot fill up). */
const requested: string[] = [];
const requests = new PerformanceObserver((list) =>
  requested.push(...list.getEntries().map((entry) => entry.name)),
);

const startHref = location.href;
const startTitle = document.title;

/**
 * Checks after a batch was rendered and expanded: nothing ran, no dialog, no error, nothing
 * unsafe in any shadow root (reported per payload), no page global clobbered, links safe, media
 * only from http(s) or data:image URLs and never preloaded, and no request made at all.
 */
async function expectInert(owners: Map<Element, Case>, requestsBefore: number): Promise<void> {
  // Time for anything that could still run: an image's error handler, a timer, a task.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(window.__pwned, 'canary window.__pwned').to.equal(undefined);
  expect(seen.dialogs, 'dialogs and popups').to.deep.equal([]);
  expect(seen.errors, 'uncaught errors and console errors').to.deep.equal([]);
  // Every module and fixture was loaded before: whatever was requested since came from a payload.
  expect(requested.slice(requestsBefore), 'requests made while rendering').to.deep.equal([]);

  const unsafe: Record<string, string[]> = {};
  for (const [owner, c] of owners) {
    const problems = [...findUnsafe(owner), ...findActive(owner)];
    if (problems.length > 0) (unsafe[c.label] ??= []).push(...problems);
  }
  expect(unsafe, 'unsafe markup by payload').to.deep.equal({});

  expect(typeof document.getElementById, 'document.getElementById').to.equal('function');
  expect(typeof document.createElement, 'document.createElement').to.equal('function');
  expect(typeof document.querySelector, 'document.querySelector').to.equal('function');
  expect(typeof document.cookie, 'document.cookie').to.equal('string');
  expect(document.body, 'document.body').to.be.instanceOf(HTMLBodyElement);
  expect(window.location, 'window.location').to.be.instanceOf(Location);
  expect(location.href, 'the page did not navigate').to.equal(startHref);
  expect(document.title, 'document.title').to.equal(startTitle);
  expect(window.document, 'window.document').to.be.instanceOf(Document);
}

/** Open dialogs and popovers, and media loaded from anything but http(s) or data:image. */
function findActive(root: ParentNode): string[] {
  const problems: string[] = [];
  for (const el of deepElements(root)) {
    if (el.matches('dialog[open], :modal, :popover-open')) problems.push(`open <${el.localName}>`);
    if (el.matches('img, audio, video, source, track, image')) {
      for (const name of ['src', 'poster', 'href', 'xlink:href']) {
        const value = el.getAttribute(name);
        if (value !== null && !/^(?:https?:\/\/|data:image\/)/i.test(value.trim()))
          problems.push(`${el.localName}[${name}=${value.slice(0, 60)}]`);
      }
    }
  }
  // Nothing plays or preloads by itself (SPEC §6: media load only when shown and asked for).
  for (const media of deepQueryAll<HTMLMediaElement>(root, 'audio, video')) {
    if (media.getAttribute('preload') !== 'none' || media.hasAttribute('autoplay'))
      problems.push(
        `<${media.localName}> preload=${media.getAttribute('preload')} autoplay=${media.autoplay}`,
      );
  }
  // Every link: Markdown's, and those of citations and provider-run tools (1.1), and image maps'.
  for (const link of deepQueryAll<HTMLAnchorElement>(root, 'a[href], area[href]')) {
    if (link.rel !== 'noopener noreferrer' || link.target !== '_blank')
      problems.push(`a[href=${link.href}] rel=${link.rel} target=${link.target}`);
    if (!/^(?:https?:|mailto:)/i.test(link.getAttribute('href')!.trim()))
      problems.push(`a[href=${link.getAttribute('href')!.slice(0, 60)}]`);
  }
  return problems;
}

/** Error panels below `root` (through shadow roots). */
const errorPanels = (root: Element) => deepQueryAll(root, '[part~="error"]');

/** Renders `content` (one child per payload, in order) and returns the children by payload. */
async function renderBatch(batch: Case[], content: TemplateResult, perCase: number) {
  const requestsBefore = requested.length;
  const root = await fixture<HTMLElement>(html`<div>${content}</div>`);
  await settle(root);
  await expandAll(root);
  const children = [...root.children];
  expect(children.length, 'one element per payload and channel').to.equal(batch.length * perCase);
  const owners = new Map<Element, Case>();
  children.forEach((child, i) => owners.set(child, batch[Math.floor(i / perCase)]));
  return { root, owners, requestsBefore };
}

/** Every segment element of a chat, through the message bubbles. */
/** Segment elements, and the segments a message draws in its own shadow root (their wrappers). */
const segmentsOf = (root: Element) =>
  deepQueryAll(root, [...Object.values(SEGMENT_TAGS), '[data-segment-index]'].join(','));

/** The segment's kind, as its element's tag or its wrapper's class in a message. */
const nameOf = (segment: Element) =>
  segment.matches('[data-segment-index]') ? segment.classList[1]! : segment.localName;

/**
 * Proof that a segment element really drew its segment, expanded: no error panel, no closed
 * disclosure, and the payload as text wherever the kind shows a field as plain text (every kind
 * but text, whose only field is Markdown).
 */
function expectDrawn(segment: Element, c: Case): void {
  const where = `${c.label} in <${nameOf(segment)}>`;
  const drawn = segment.shadowRoot ? segment.shadowRoot.querySelector('.base') : segment;
  expect(drawn?.firstElementChild, `${where} rendered`).to.not.equal(null);
  expect(errorPanels(segment), `${where} has no error panel`).to.deep.equal([]);
  expect(
    deepQueryAll(segment, 'button[aria-expanded="false"]'),
    `${where} is fully expanded`,
  ).to.deep.equal([]);
  // Redacted thinking has nothing to open (no button); every other thinking is open.
  if (nameOf(segment) === 'segment-thinking' && deepQuery(segment, 'button'))
    expect(deepQuery(segment, '[part~="content"], [part~="segment-content"]'), where).to.exist;
  // Text and thinking are Markdown: the payload is drawn from its tokens, not as it was written.
  if (!['segment-text', 'segment-thinking'].includes(nameOf(segment)) && c.payload.trim() !== '')
    expect(deepText(segment).includes(c.payload), `${where} shows the payload as text`).to.equal(
      true,
    );
}

const SEGMENT_COUNT = Object.values(hostileSegments('x')).flat().length;

/** The first segment of each kind in hostileSegments: every field of the kind holds `p`. */
function onePerKind(p: string): Segment[] {
  const first = new Map<string, Segment>();
  for (const segment of Object.values(hostileSegments(p)).flat())
    if (!first.has(segment.kind)) first.set(segment.kind, segment);
  return [...first.values()];
}

describe('XSS corpus: every payload in every string field and attribute (SPEC §6)', () => {
  before(async () => {
    // The chat loads its measuring, its header's meter and the sanitizer of raw HTML in Markdown
    // on first use, a message its segment styles, a standalone segment its checks: loaded here,
    // so that any request made while rendering can only come from a payload (markdown-html.test.ts
    // covers HTML that arrives while the sanitizer loads).
    await Promise.all([
      measuring('openai').load(),
      meterElement.load(),
      loadSanitizer(),
      loadChecks(),
      loadSegmentStyles(),
    ]);
    delete window.__pwned;
    for (const name of ['alert', 'confirm', 'prompt', 'print', 'open'] as const)
      trap(window, name, name);
    trap(HTMLDialogElement.prototype, 'show', 'dialog.show');
    trap(HTMLDialogElement.prototype, 'showModal', 'dialog.showModal');
    trap(HTMLElement.prototype, 'showPopover', 'showPopover');
    trap(Element.prototype, 'requestFullscreen', 'requestFullscreen');
    const consoleError = console.error;
    console.error = (...args: unknown[]) => {
      seen.errors.push(`console.error: ${args.map(String).join(' ').slice(0, 200)}`);
      consoleError.apply(console, args);
    };
    restore.push(() => (console.error = consoleError));
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    requests.observe({ type: 'resource', buffered: true });
  });

  after(() => {
    restore.splice(0).forEach((undo) => undo());
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    requests.disconnect();
  });

  it('has the 223 DOMPurify payloads and the own vectors, armed', () => {
    expect(corpus.payloads.length).to.equal(223);
    expect(corpus.count).to.equal(223);
    expect(OWN_PAYLOADS.length).to.be.at.least(40);
    expect(CASES.length).to.equal(223 + OWN_PAYLOADS.length);
    // Arming leaves no dialog call behind that the canary would miss.
    for (const c of CASES) expect(c.payload, c.label).to.not.match(/\balert\s*\(\s*\d*\s*\)/);
    expect(armPayload('<img src=x onerror=alert(1)>')).to.equal(
      '<img src=x onerror=window.__pwned=1>',
    );
    expect(armPayload('<a href="javascript:parent.alert(document.domain)">')).to.equal(
      '<a href="javascript:parent.window.__pwned=1">',
    );
    expect(
      atob(armPayload('data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==').split(',')[1]),
    ).to.equal('<script>window.__pwned=1</script>');
  });

  it('sees a payload that runs, a dialog and an unsafe attribute (the checks can fail)', async () => {
    const root = await fixture<HTMLElement>(html`<div></div>`);
    const shadow = root.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<a href="javascript:void 0" onclick="x">x</a><iframe></iframe>';
    expect(findUnsafe(root).length).to.equal(3);
    const img = document.createElement('img');
    img.setAttribute('onerror', armPayload('alert(1)'));
    img.src = 'data:image/png;base64,AAAA';
    document.body.append(img);
    await new Promise((resolve) => img.addEventListener('error', resolve));
    img.remove();
    expect(window.__pwned).to.equal(1);
    delete window.__pwned;
    window.alert('x');
    expect(seen.dialogs).to.deep.equal(['alert(x)']);
    seen.dialogs.length = 0;
  });

  for (const batch of BATCHES) {
    it(`every string field of every kind, through the envelope attribute: ${batchName(batch)}`, async () => {
      // JSON text is the longer way in (parsed, then drawn like a property): it covers both.
      const { root, owners, requestsBefore } = await renderBatch(
        batch,
        html`${batch.map(
          (c) =>
            html`<envelope-chat
              time-zone="UTC"
              envelope=${JSON.stringify(hostileEnvelope(c.payload))}
            ></envelope-chat>`,
        )}`,
        1,
      );
      for (const [chat, c] of owners) {
        expect(errorPanels(chat), `${c.label}: the envelope is valid and shown`).to.deep.equal([]);
        expect(
          chat.shadowRoot!.querySelector('.model')?.textContent,
          `${c.label}: the model is drawn`,
        ).to.equal(c.payload);
        // 1.1: the scene card and the speaker's facts hold the payload as text (or, where a
        // long value is cut, as the title of the cut text).
        const shows = (root: Element | null | undefined) =>
          !!root &&
          [root, ...deepElements(root)].some(
            (el) => el.textContent === c.payload || el.getAttribute('title') === c.payload,
          );
        expect(
          shows(chat.shadowRoot!.querySelector('[part~="scene"]')),
          `${c.label}: scene`,
        ).to.equal(true);
        const facts = deepQuery(chat, '[part~="facts"]');
        expect(facts && deepText(facts).includes(c.payload), `${c.label}: actor facts`).to.equal(
          true,
        );
        expect(shows(deepQuery(chat, '[part~="actor"]')), `${c.label}: actor`).to.equal(true);
        const segments = segmentsOf(chat);
        expect(segments.length, `${c.label}: every segment drawn`).to.equal(SEGMENT_COUNT);
        for (const segment of segments) expectDrawn(segment, c);
        // The template value reached the system prompt's expanded text.
        const prompt = segments.find((s) => nameOf(s) === 'segment-system_prompt')!;
        expect(
          deepQueryAll(prompt, 'mark[part~="segment-value"]').some(
            (m) => m.textContent === c.payload,
          ),
          `${c.label}: the template value is drawn`,
        ).to.equal(true);
      }
      await expectInert(owners, requestsBefore);
      root.remove();
    });
  }

  for (const batch of BATCHES) {
    it(`the segment attribute of every segment element, as JSON and as raw text: ${batchName(batch)}`, async () => {
      const kinds = Object.keys(SEGMENT_TAGS).length;
      const perCase = 2 * kinds;
      const elements = (c: Case) => [
        ...onePerKind(c.payload).map((segment) => {
          const el = document.createElement(SEGMENT_TAGS[segment.kind]);
          el.setAttribute('segment', JSON.stringify(segment));
          return el;
        }),
        ...Object.values(SEGMENT_TAGS).map((tag) => {
          const el = document.createElement(tag);
          el.setAttribute('segment', c.payload);
          return el;
        }),
      ];
      const { root, owners, requestsBefore } = await renderBatch(
        batch,
        html`${batch.flatMap(elements)}`,
        perCase,
      );
      let index = 0;
      for (const [el, c] of owners) {
        if (index++ % perCase < kinds) expectDrawn(el, c);
        // Raw text is never a valid segment: an error panel, drawn as text.
        else expect(errorPanels(el).length, `${c.label}: raw text is an error`).to.equal(1);
      }
      await expectInert(owners, requestsBefore);
      root.remove();
    });
  }

  for (const batch of BATCHES) {
    it(`the lang, theme, time-zone and raw envelope attributes, and enum fields: ${batchName(batch)}`, async () => {
      const small: Envelope = {
        version: '1.0',
        messages: [
          {
            id: 'm',
            role: 'user',
            timestamp: 1780897800000,
            segments: [{ kind: 'text', content: 'hello' }],
          },
        ],
      };
      const invalid = (p: string) => ({
        version: p,
        model: p,
        messages: [
          { id: p, role: p, timestamp: p, segments: [{ kind: p, content: p }] },
          {
            id: p,
            role: 'user',
            timestamp: 1,
            segments: [{ kind: 'media', mediaType: p, url: p, altText: p }],
          },
        ],
      });
      const { root, owners, requestsBefore } = await renderBatch(
        batch,
        html`${batch.map(
          (c) =>
            html`<envelope-chat
                lang=${c.payload}
                theme=${c.payload}
                time-zone=${c.payload}
                .envelope=${small}
              ></envelope-chat>
              <div lang=${c.payload} theme=${c.payload}>
                <envelope-chat time-zone=${c.payload} .envelope=${small}></envelope-chat>
              </div>
              <envelope-chat envelope=${c.payload}></envelope-chat
              ><envelope-chat .envelope=${invalid(c.payload)}></envelope-chat
              ><segment-text
                lang=${c.payload}
                theme=${c.payload}
                segment=${JSON.stringify({ kind: 'text', content: 'hello' })}
              ></segment-text>`,
        )}`,
        5,
      );
      let index = 0;
      for (const [el, c] of owners) {
        const channel = index++ % 5;
        if (channel === 0 || channel === 1 || channel === 4) {
          expect(errorPanels(el), `${c.label}: attributes do not break rendering`).to.deep.equal(
            [],
          );
          expect(deepText(el), `${c.label}: the text is shown`).to.include('hello');
        } else {
          expect(errorPanels(el).length, `${c.label}: invalid input is an error`).to.equal(1);
        }
      }
      await expectInert(owners, requestsBefore);
      root.remove();
    });
  }

  it(`puts the payload in every string field (${CASES.length} payloads × ${HOSTILE_FIELDS.length} fields)`, () => {
    // Every string of the envelope, keys included, holds the payload unless it is a protocol word.
    const words = new Set([
      '1.0',
      '1.1',
      'system',
      'user',
      'assistant',
      'tool',
      'event',
      'image',
      'audio',
      'video',
      'member_changed',
      'member_joined',
      'group_nickname',
      'peer_bot',
      // 1.1: the protocol's own words and the API type names that select how an item is drawn.
      'provider',
      'mcp_servers',
      'web_search_call',
      'search',
      'url',
      'code_interpreter_call',
      'logs',
      'mcp_call',
      'image_generation_call',
      'file_search_call',
      'web_search_result',
      'code_execution_result',
      'web_search_tool_result_error',
      'web_fetch_result',
      'document',
      'web_search_result_location',
      'url_citation',
      'file_citation',
      'char_location',
      // Redacted thinking has no text: its content is empty.
      '',
    ]);
    ['object', 'string', TEMPLATE_VARIABLE, ...Object.keys(SEGMENT_TAGS)].forEach((word) =>
      words.add(word),
    );
    const marker = '§payload§';
    const missing: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (typeof value === 'string') {
        if (!value.includes(marker) && !words.has(value)) missing.push(`${path} = ${value}`);
      } else if (value && typeof value === 'object') {
        for (const [key, child] of Object.entries(value)) {
          const isData = key.includes(marker);
          walk(child, `${path}.${isData ? '<payload>' : key}`);
        }
      }
    };
    walk(hostileEnvelope(marker), 'envelope');
    expect(missing).to.deep.equal([]);
    expect(HOSTILE_FIELDS.length).to.be.at.least(40);
    expect(BATCHES.flat()).to.deep.equal(CASES);
  });
});
