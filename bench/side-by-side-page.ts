/**
 * The browser half of the side-by-side bench (bench/side-by-side.ts): the same harness on three
 * pages, each of which loads only its contestant's code before this script:
 *
 * - `ours`: the built one-file bundle `dist/prompt-envelope.js`, driven through the documented
 *   properties (`message` of `<envelope-message>`, `envelope` of `<envelope-chat>`);
 * - `vanilla`: `window.vanillaHtml`, `DOMPurify.sanitize(marked.parse(text))`, into a div per
 *   message (bench/side-by-side-vanilla.ts);
 * - `deep-chat`: its published bundle, a `<deep-chat>` given the messages as `history`.
 *
 * "Drawn" is the same for all three: the last message's end token (bench/data.ts) is a text in
 * the DOM, shadow roots included, and a layout of the page has run. Nothing here reads our
 * elements' insides, so the bench keeps working as their templates change.
 */
import {
  answerDeltas,
  answerEnd,
  deepChatHistory,
  endToken,
  envelopeOf,
  fillEnd,
  markdownMessages,
  type MarkdownMessage,
} from './data.js';

export type Contestant = 'ours' | 'vanilla' | 'deep-chat';

declare global {
  interface Window {
    side: typeof side;
  }
}

/** Runs after the page's pending tasks and rendering (a new task, not a timer: no clamping). */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/** Children and shadow root of `node`, last first, so that a search from the end is short. */
function* backwards(node: Node): Generator<Node> {
  yield node;
  for (let child = node.lastChild; child; child = child.previousSibling) yield* backwards(child);
  const shadow = (node as Element).shadowRoot;
  if (shadow) yield* backwards(shadow);
}

/** Whether `text` is inside one text node below `root`, shadow roots included. */
function hasText(root: Node, text: string): boolean {
  for (const node of backwards(root))
    if (node.nodeType === Node.TEXT_NODE && node.nodeValue!.includes(text)) return true;
  return false;
}

/** Every node below `root` (elements, texts, comments and shadow roots), `root` not counted. */
export function countNodes(root: Node): { nodes: number; elements: number; shadowRoots: number } {
  let nodes = -1;
  let elements = 0;
  let shadowRoots = 0;
  for (const node of backwards(root)) {
    nodes++;
    if (node.nodeType === Node.ELEMENT_NODE) elements++;
    else if (node instanceof ShadowRoot) shadowRoots++;
  }
  return { nodes, elements, shadowRoots };
}

/** The element that scrolls the conversation: the stage itself or one inside the contestant. */
function scroller(stage: HTMLElement): HTMLElement {
  for (const node of backwards(stage)) {
    if (!(node instanceof HTMLElement)) continue;
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight)
      return node;
  }
  throw new Error('Nothing scrolls: the conversation is not drawn.');
}

/** A 900 × 800 px box on the page: every contestant is drawn and scrolled at this size. */
function stage(): HTMLElement {
  const box = document.createElement('div');
  box.style.cssText = 'width:900px;height:800px;overflow:auto';
  document.body.append(box);
  return box;
}

/** Starts drawing `messages` into `box` as the contestant does; `chat`: ours as a chat. */
function startDrawing(
  contestant: Contestant,
  box: HTMLElement,
  messages: MarkdownMessage[],
  chat = false,
  connect: unknown = { url: '/chat' },
) {
  if (contestant === 'ours' && chat) {
    const element = document.createElement('envelope-chat') as HTMLElement & {
      envelope: unknown;
    };
    element.envelope = envelopeOf(messages);
    box.append(element);
  } else if (contestant === 'ours') {
    const fragment = document.createDocumentFragment();
    for (const message of envelopeOf(messages).messages) {
      const element = document.createElement('envelope-message') as HTMLElement & {
        message: unknown;
      };
      element.message = message;
      fragment.append(element);
    }
    box.append(fragment);
  } else if (contestant === 'vanilla') {
    const fragment = document.createDocumentFragment();
    for (const message of messages) {
      const element = document.createElement('div');
      element.className = `message ${message.role}`;
      element.innerHTML = window.vanillaHtml!(message.text);
      fragment.append(element);
    }
    box.append(fragment);
  } else {
    // As a page embeds it: its own size (its messages scroll inside it), a system font (with its
    // default font it adds a Google Fonts stylesheet to the page), a backend to talk to (without
    // one it shows a "Connect to any API" notice first; nothing is requested until a message is
    // sent), Markdown on (its default, remarkable), and room for every message (by default it
    // keeps the last 4,000 and removes older ones as more come).
    box.style.overflow = 'hidden';
    const element = document.createElement('deep-chat') as HTMLElement & {
      connect: unknown;
      history: unknown;
      maxVisibleMessages: number;
    };
    element.style.cssText =
      'display:block;width:900px;height:800px;font-family:system-ui,sans-serif';
    element.connect = connect;
    element.maxVisibleMessages = messages.length;
    element.history = deepChatHistory(messages);
    box.append(element);
  }
}

/** Resolves when one of `tokens` is drawn in `box`, checked after every task (and render). */
async function drawn(box: HTMLElement, ...tokens: string[]): Promise<void> {
  const deadline = performance.now() + 120_000;
  while (!tokens.some((token) => hasText(box, token))) {
    if (performance.now() > deadline) throw new Error(`${tokens.join(' or ')} never drawn.`);
    await nextTask();
  }
}

let current: HTMLElement | undefined;

// ---- Streaming: an answer appended token by token, each contestant through its own API ----

/** The scroller of `box`, scrolled to its end and left there once its end stays put 3 frames. */
async function toBottom(box: HTMLElement): Promise<HTMLElement> {
  const element = scroller(box);
  for (let i = 0, still = 0; i < 120 && still < 3; i++) {
    if (atBottom(element)) still++;
    else {
      still = 0;
      element.scrollTop = element.scrollHeight;
    }
    await frame();
  }
  return element;
}

const atBottom = (element: HTMLElement) =>
  element.scrollHeight - element.clientHeight - element.scrollTop <= 2;

/** The token that ends the question before a streamed answer of `seed`. */
const questionEnd = (seed: number) => `question-${seed}-end`;
const question = (seed: number) =>
  `Can you go through all of it again, step by step? ${questionEnd(seed)}`;

interface Stream {
  /** Adds one delta to the answer, as the contestant's streaming does. */
  push(delta: string): void;
  /** The answer is complete. */
  end(): void;
}

type Chat = HTMLElement & {
  appendMessage(message: unknown, options?: { streaming?: boolean }): boolean;
  appendText(id: string, delta: string): boolean;
  endStream(id: string): void;
};

interface DeepChatSignals {
  onOpen(): void;
  onResponse(response: { text: string }): Promise<void>;
  onClose(): void;
}

/**
 * `count` messages of `seed` drawn and scrolled to their end, then a question and an empty
 * answer being streamed, each as the contestant does it:
 *
 * - ours: an `<envelope-chat>`; `appendMessage(question)`, `appendMessage(answer, { streaming:
 *   true })`, then `appendText(id, delta)` per delta and `endStream(id)`;
 * - vanilla: a div per message; the answer's div gets `innerHTML = vanillaHtml(text so far)` at
 *   every delta and the box is scrolled to its end, as a page without a library would;
 * - deep-chat: a `<deep-chat>` whose `connect` is a streaming handler (`{ stream: true,
 *   handler }`, its documented way of streaming from a page's own code); `submitUserMessage`
 *   sends the question, and the handler's `signals.onResponse({ text: delta })` adds each delta,
 *   which is how deep-chat's own streaming adds text to the last message (`signals.onClose()`
 *   ends it).
 */
async function openStream(
  contestant: Contestant,
  box: HTMLElement,
  count: number,
  seed: number,
): Promise<Stream> {
  const messages = markdownMessages(count, seed);
  const timestamp = Date.UTC(2026, 5, 8, 9, 0);
  if (contestant === 'ours') {
    startDrawing('ours', box, messages, true);
    await drawn(box, endToken(seed, 0), endToken(seed, count - 1));
    await toBottom(box);
    const chat = box.querySelector('envelope-chat') as Chat;
    const id = `a${seed}`;
    const text = (content: string) => [{ kind: 'text', content }];
    chat.appendMessage({ id: `q${seed}`, role: 'user', timestamp, segments: text(question(seed)) });
    chat.appendMessage(
      { id, role: 'assistant', timestamp: timestamp + 1000, segments: text('') },
      { streaming: true },
    );
    await drawn(box, questionEnd(seed));
    return { push: (delta) => chat.appendText(id, delta), end: () => chat.endStream(id) };
  }
  if (contestant === 'vanilla') {
    startDrawing('vanilla', box, messages);
    await drawn(box, endToken(seed, count - 1));
    const asked = document.createElement('div');
    asked.className = 'message user';
    asked.innerHTML = window.vanillaHtml!(question(seed));
    const answer = document.createElement('div');
    answer.className = 'message assistant';
    box.append(asked, answer);
    box.scrollTop = box.scrollHeight;
    let text = '';
    return {
      push(delta) {
        text += delta;
        answer.innerHTML = window.vanillaHtml!(text);
        box.scrollTop = box.scrollHeight;
      },
      end() {},
    };
  }
  let opened!: (signals: DeepChatSignals) => void;
  const signals = new Promise<DeepChatSignals>((resolve) => (opened = resolve));
  startDrawing('deep-chat', box, messages, false, {
    stream: true,
    handler: (_body: unknown, given: DeepChatSignals) => opened(given),
  });
  await drawn(box, endToken(seed, count - 1));
  const element = box.querySelector('deep-chat') as HTMLElement & {
    submitUserMessage(content: { text: string }): void;
  };
  element.submitUserMessage({ text: question(seed) });
  const given = await signals;
  given.onOpen();
  await drawn(box, questionEnd(seed));
  return { push: (delta) => void given.onResponse({ text: delta }), end: () => given.onClose() };
}

/** One frame: resolves in the frame's animation callbacks with the time they started. */
const frameStart = () =>
  new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));

/**
 * Counts the long animation frames the browser reports from now on (a frame whose tasks and
 * rendering took over 50 ms, from its first task to the end of its rendering); `stop` returns
 * how many started in [from, to]. Undefined where the browser has no such entries.
 */
function countLongFrames() {
  if (!PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) return undefined;
  const starts: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) starts.push(entry.startTime);
  });
  observer.observe({ type: 'long-animation-frame' });
  return (from: number, to: number) => {
    for (const entry of observer.takeRecords()) starts.push(entry.startTime);
    observer.disconnect();
    return starts.filter((start) => start >= from && start <= to).length;
  };
}

const side = {
  /** Whether the contestant's code on this page has defined what it draws with. */
  async ready(contestant: Contestant) {
    if (contestant === 'ours')
      await Promise.all(
        ['envelope-message', 'envelope-chat'].map((t) => customElements.whenDefined(t)),
      );
    else if (contestant === 'deep-chat') await customElements.whenDefined('deep-chat');
    else if (!window.vanillaHtml) throw new Error('vanilla.js did not load');
  },

  /**
   * Draws `count` messages and returns the milliseconds from the start until the last one is
   * drawn and laid out. The drawing stays on the page for `nodes`, `check` and `sweep`.
   */
  async draw(contestant: Contestant, count: number, seed: number): Promise<number> {
    side.clear();
    const messages = markdownMessages(count, seed);
    const box = (current = stage());
    await frame();
    const start = performance.now();
    startDrawing(contestant, box, messages);
    await drawn(box, endToken(seed, count - 1));
    box.getBoundingClientRect();
    return performance.now() - start;
  },

  /** How many of the `count` messages of `seed` are drawn now (the bench wants all of them). */
  check(count: number, seed: number): number {
    const found = new Set<string>();
    for (const node of backwards(current!))
      if (node.nodeType === Node.TEXT_NODE)
        for (const [token] of node.nodeValue!.matchAll(/msg-\d+-\d+-end/g)) found.add(token);
    let drawn = 0;
    for (let i = 0; i < count; i++) if (found.has(endToken(seed, i))) drawn++;
    return drawn;
  },

  nodes() {
    return countNodes(current!);
  },

  /**
   * Scrolls from the top to the end of `count` messages in `ms` milliseconds and returns the
   * duration of every frame meanwhile. Ours is an `<envelope-chat>` drawn for the purpose (its
   * list draws what is near the view), and `firstPaint` the milliseconds until it showed its
   * first messages; vanilla and deep-chat scroll what `draw` left.
   */
  async sweep(contestant: Contestant, count: number, seed: number, ms: number) {
    // Ours: from the call until the chat's first messages are drawn and laid out.
    let firstPaint: number | undefined;
    if (contestant === 'ours') {
      side.clear();
      current = stage();
      await frame();
      const start = performance.now();
      startDrawing('ours', current, markdownMessages(count, seed), true);
      // Where the chat opens (its start or its end) is its own choice.
      await drawn(current, endToken(seed, 0), endToken(seed, count - 1));
      current.getBoundingClientRect();
      firstPaint = performance.now() - start;
    }
    const element = scroller(current!);
    element.scrollTop = 0;
    for (let i = 0; i < 10; i++) await frame();
    const durations: number[] = [];
    const start = await frame();
    let last = start;
    while (last - start < ms) {
      // Wherever the list is now: a chat may grow its height as it measures what it draws.
      const end = element.scrollHeight - element.clientHeight;
      element.scrollTop = Math.min(end, (end * (last - start)) / ms);
      const now = await frame();
      durations.push(now - last);
      last = now;
    }
    return { durations, firstPaint };
  },

  /**
   * Ours only: a chat of `count` messages at its end, an answer being streamed, and `tokens`
   * deltas of unique words (some bold, some code, a paragraph every 40), one at a time, each
   * after the page is idle. Returns, per delta, the milliseconds of the `appendText` call plus
   * the busy time of each frame until its word is drawn (from the frame's first animation
   * callback, which is the harness's, until the task after its rendering), the wait for the
   * frame not counted; the first 2 are left out (the answer's first block).
   */
  async perToken(count: number, seed: number, tokens: number): Promise<number[]> {
    side.clear();
    const box = (current = stage());
    const stream = await openStream('ours', box, count, seed);
    const times: number[] = [];
    for (let i = 0; i < tokens; i++) {
      await frame();
      await nextTask();
      const word = `t${seed}x${i}y`;
      const marked = i % 7 === 3 ? `**${word}**` : i % 11 === 5 ? `\`${word}\`` : word;
      // Asked before the delta: the harness's callback runs before any the chat asks for.
      let next = frameStart();
      const start = performance.now();
      stream.push(`${i > 0 && i % 40 === 0 ? '\n\n' : ' '}${marked}`);
      let spent = performance.now() - start;
      for (let frames = 0; ; frames++) {
        const begun = await next;
        await nextTask();
        spent += performance.now() - begun;
        if (hasText(box, word)) break;
        if (frames > 30) throw new Error(`${word} not drawn after 30 frames.`);
        next = frameStart();
      }
      box.getBoundingClientRect();
      times.push(spent);
    }
    stream.end();
    return times.slice(2);
  },

  /**
   * One token per frame: `count` messages, an answer streamed to `tokens` deltas
   * (`answerDeltas(tokens, seed, window)`): its filling at once (ours delta by delta in one
   * task; vanilla and deep-chat as one delta), then the last deltas (the same at every length)
   * one per frame, each added in the frame's first animation callback. Returns the busy time of
   * each of those frames (from that callback until the task after the frame's rendering), the
   * first left out, one frame more at the end (its drawing), and the long animation frames
   * (over 50 ms) the browser reported meanwhile.
   */
  async perFrame(
    contestant: Contestant,
    count: number,
    tokens: number,
    seed: number,
    window: number,
  ) {
    side.clear();
    const box = (current = stage());
    const stream = await openStream(contestant, box, count, seed);
    const deltas = answerDeltas(tokens, seed, window);
    const filled = deltas.findIndex((d) => d.includes(fillEnd(seed))) + 1;
    if (contestant === 'ours') for (const delta of deltas.slice(0, filled)) stream.push(delta);
    else stream.push(deltas.slice(0, filled).join(''));
    await drawn(box, fillEnd(seed));
    for (let i = 0; i < 5; i++) await frame();
    const stop = countLongFrames();
    const from = performance.now();
    const busy = await new Promise<number[]>((done) => {
      const out: number[] = [];
      let i = filled;
      const tick = () => {
        const begun = performance.now();
        if (i > deltas.length) return done(out);
        requestAnimationFrame(tick);
        if (i < deltas.length) stream.push(deltas[i]!);
        i++;
        const channel = new MessageChannel();
        channel.port1.onmessage = () => out.push(performance.now() - begun);
        channel.port2.postMessage(0);
      };
      requestAnimationFrame(tick);
    });
    // The last frame's entry comes once it is over.
    await frame();
    await nextTask();
    const long = stop?.(from, performance.now()) ?? NaN;
    await drawn(box, answerEnd(seed));
    stream.end();
    return { busy: busy.slice(1), long };
  },

  /**
   * A burst: `count` messages, an answer being streamed, then all of `answerDeltas(tokens,
   * seed)` added in one task. Returns the milliseconds from the first delta until the last is
   * drawn (checked after every task) and laid out.
   */
  async burst(contestant: Contestant, count: number, tokens: number, seed: number) {
    side.clear();
    const box = (current = stage());
    const stream = await openStream(contestant, box, count, seed);
    const deltas = answerDeltas(tokens, seed);
    await frame();
    await nextTask();
    const start = performance.now();
    for (const delta of deltas) stream.push(delta);
    await drawn(box, answerEnd(seed));
    box.getBoundingClientRect();
    const ms = performance.now() - start;
    stream.end();
    return ms;
  },

  /**
   * Ours only: a chat of `count` messages scrolled to its end; a question appended, an answer
   * appended with `{ streaming: true }` and `answerDeltas(tokens, seed)` streamed into it with
   * `appendText`, `perFrame` deltas a frame, then `endStream`. Waits up to 2 s (checked after
   * every frame) for the answer's last delta to be drawn with the list at its end, and says what
   * holds then.
   */
  async afterMessages(count: number, seed: number, tokens: number, perFrame: number) {
    side.clear();
    const box = (current = stage());
    const stream = await openStream('ours', box, count, seed);
    const element = scroller(box);
    const deltas = answerDeltas(tokens, seed);
    for (let i = 0; i < deltas.length; i += perFrame) {
      for (const delta of deltas.slice(i, i + perFrame)) stream.push(delta);
      await frame();
    }
    stream.end();
    const start = performance.now();
    const state = () => ({
      question: hasText(box, questionEnd(seed)),
      answer: hasText(box, answerEnd(seed)),
      atBottom: atBottom(element),
    });
    let now = state();
    while (!(now.answer && now.atBottom) && performance.now() - start < 2000) {
      await frame();
      await nextTask();
      now = state();
    }
    return {
      ...now,
      ms: performance.now() - start,
      scrollTop: Math.round(element.scrollTop),
      end: element.scrollHeight - element.clientHeight,
    };
  },

  clear() {
    current?.remove();
    current = undefined;
  },
};
window.side = side;
