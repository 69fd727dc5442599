/**
 * The browser half of `npm run bench`: bundled by bench/run.mjs with the production build of
 * Lit, loaded in headless Chromium, and driven through `window.bench`. Every function returns
 * milliseconds measured from before the work starts until its layout is done.
 */
import type { CSSResultOrNative } from 'lit';
import '../src/define.js';
import type { Envelope } from '../src/core/protocol/types.js';
import { EnvelopeMessage } from '../src/elements/envelope-message/envelope-message.component.js';
import { SegmentMemory } from '../src/elements/segment-memory/segment-memory.component.js';
import { SegmentStaticVar } from '../src/elements/segment-static-var/segment-static-var.component.js';
import { SegmentText } from '../src/elements/segment-text/segment-text.component.js';
import { ToolCallRequest } from '../src/elements/tool-call-request/tool-call-request.component.js';
import { ToolCallResult } from '../src/elements/tool-call-result/tool-call-result.component.js';
import type { EnvelopeChat } from '../src/elements/envelope-chat/envelope-chat.component.js';
import { HOSTILE_CASES } from '../test/fixtures/hostile/corpus.js';
import { runHostileCase } from '../test/fixtures/hostile/drive.js';
import { mixedEnvelope } from './data.js';
import { openYourData } from './open.js';
import { buildMessage } from './vanilla.js';

/** The constructed style sheets a Lit element class adopts into each of its shadow roots. */
const sheetsOf = (c: { elementStyles: CSSResultOrNative[] }) =>
  c.elementStyles
    .map((style) => (style instanceof CSSStyleSheet ? style : style.styleSheet))
    .filter((sheet): sheet is CSSStyleSheet => sheet !== undefined);
const SHEETS = {
  'envelope-message': sheetsOf(EnvelopeMessage),
  'segment-text': sheetsOf(SegmentText),
  'segment-static-var': sheetsOf(SegmentStaticVar),
  'segment-memory': sheetsOf(SegmentMemory),
  'tool-call-request': sheetsOf(ToolCallRequest),
  'tool-call-result': sheetsOf(ToolCallResult),
};

type Updating = Element & { updateComplete?: Promise<unknown> };

/** Waits until every Lit element below `root` (through shadow roots) has rendered. */
async function settle(root: ParentNode): Promise<void> {
  for (let round = 0; round < 4; round++) {
    const pending: Promise<unknown>[] = [];
    const visit = (node: ParentNode) => {
      for (const element of node.querySelectorAll<Updating>('*')) {
        if (element.updateComplete) pending.push(element.updateComplete);
        if (element.shadowRoot) visit(element.shadowRoot);
      }
    };
    visit(root);
    const results = await Promise.all(pending);
    // updateComplete resolves to false when another update was requested meanwhile.
    if (results.every((done) => done !== false)) return;
  }
}

function stage(height?: number): HTMLElement {
  const box = document.createElement('div');
  box.style.width = '900px';
  if (height) {
    box.style.height = `${height}px`;
    box.style.overflow = 'auto';
  }
  document.body.append(box);
  return box;
}

const layout = (element: Element) => element.getBoundingClientRect().height;
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** Every message of an envelope as `<envelope-message>` elements, all in the DOM. */
async function renderElements(envelope: Envelope): Promise<number> {
  const box = stage();
  const start = performance.now();
  const fragment = document.createDocumentFragment();
  for (const message of envelope.messages) {
    const element = document.createElement('envelope-message') as EnvelopeMessage;
    element.message = message;
    fragment.append(element);
  }
  box.append(fragment);
  await settle(box);
  layout(box);
  const time = performance.now() - start;
  box.remove();
  return time;
}

/** The same markup from the hand-written builder. */
function renderVanilla(envelope: Envelope): number {
  const box = stage();
  const start = performance.now();
  const fragment = document.createDocumentFragment();
  for (const message of envelope.messages) fragment.append(buildMessage(message, SHEETS));
  box.append(fragment);
  layout(box);
  const time = performance.now() - start;
  box.remove();
  return time;
}

/** `<envelope-chat>` in an 800 px scrolling box, from setting the envelope to its first layout. */
async function chatFirstPaint(envelope: Envelope): Promise<number> {
  const box = stage(800);
  const chat = document.createElement('envelope-chat') as EnvelopeChat;
  const start = performance.now();
  chat.envelope = envelope;
  box.append(chat);
  await settle(box);
  layout(box);
  const time = performance.now() - start;
  box.remove();
  return time;
}

/**
 * Scrolls an 800 px box over a chat from top to bottom, 600 px per frame, and returns the
 * duration of each frame: messages are rendered and put to sleep as they come and go.
 */
async function chatScrollFrames(envelope: Envelope, frames: number): Promise<number[]> {
  const box = stage(800);
  const chat = document.createElement('envelope-chat') as EnvelopeChat;
  chat.envelope = envelope;
  box.append(chat);
  await settle(box);
  await frame();
  const durations: number[] = [];
  let last = await frame();
  for (let i = 0; i < frames; i++) {
    box.scrollTop += 600;
    const now = (await frame()) as number;
    durations.push(now - (last as number));
    last = now;
  }
  box.remove();
  return durations;
}

/** A chat of `envelope` in an 800 px box scrolled to its end, ready for live changes. */
async function liveChat(envelope: Envelope): Promise<{ box: HTMLElement; chat: EnvelopeChat }> {
  const box = stage(800);
  const chat = document.createElement('envelope-chat') as EnvelopeChat;
  chat.envelope = envelope;
  box.append(chat);
  await settle(box);
  box.scrollTop = box.scrollHeight;
  await frame();
  await settle(box);
  return { box, chat };
}

const liveMessage = (id: string, content: string) => ({
  id,
  role: 'assistant' as const,
  timestamp: 1_790_000_000_000,
  segments: [{ kind: 'text' as const, content }],
});

/** Each of 8 live appends, from the call until the new message is laid out (the first is warm-up). */
async function liveAppends(envelope: Envelope): Promise<number[]> {
  const { box, chat } = await liveChat(envelope);
  const times: number[] = [];
  for (let i = 0; i < 8; i++) {
    const start = performance.now();
    chat.appendMessage(liveMessage(`live-${i}`, `A new **answer**, number ${i}, with some text.`));
    await settle(box);
    layout(box);
    times.push(performance.now() - start);
    await frame();
  }
  box.remove();
  return times.slice(1);
}

/**
 * Streams `perSecond` text deltas a second into a new last message for `ms` milliseconds and
 * returns the duration of each frame meanwhile (the chat follows the end of the list).
 */
async function liveStream(envelope: Envelope, perSecond: number, ms: number): Promise<number[]> {
  const { box, chat } = await liveChat(envelope);
  chat.appendMessage(liveMessage('live', ''), { streaming: true });
  await settle(box);
  // The trace counts layouts between these marks: the stream, not the setup of a 10,000 chat.
  performance.mark('live-stream-start');
  let n = 0;
  const timer = setInterval(() => chat.appendText('live', `word${n++} `), 1000 / perSecond);
  const durations: number[] = [];
  const end = performance.now() + ms;
  let last = (await frame()) as number;
  while (last < end) {
    const now = (await frame()) as number;
    durations.push(now - last);
    last = now;
  }
  clearInterval(timer);
  performance.mark('live-stream-end');
  chat.endStream('live');
  box.remove();
  return durations;
}

declare global {
  interface Window {
    bench: typeof bench;
  }
}

const bench = {
  mixedEnvelope,
  async elements(count: number, seed: number) {
    return renderElements(mixedEnvelope(count, seed));
  },
  async vanilla(count: number, seed: number) {
    return renderVanilla(mixedEnvelope(count, seed));
  },
  async chat(count: number, seed: number) {
    return chatFirstPaint(mixedEnvelope(count, seed));
  },
  async scroll(count: number, frames: number) {
    return chatScrollFrames(mixedEnvelope(count, 1), frames);
  },
  async liveAppends(count: number) {
    return liveAppends(mixedEnvelope(count, 3));
  },
  async liveStream(count: number, perSecond: number, ms: number) {
    return liveStream(mixedEnvelope(count, 4), perSecond, ms);
  },
  openYourData,
  hostileIds() {
    return HOSTILE_CASES.map((c) => c.id);
  },
  async hostile(id: string) {
    return runHostileCase(HOSTILE_CASES.find((c) => c.id === id)!);
  },
  async idle() {
    await frame();
    await new Promise((resolve) => setTimeout(resolve, 50));
  },
};
window.bench = bench;
