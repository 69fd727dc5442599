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
  deepChatHistory,
  endToken,
  envelopeOf,
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
    element.connect = { url: '/chat' };
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
   * list draws what is near the view); vanilla and deep-chat scroll what `draw` left.
   */
  async sweep(contestant: Contestant, count: number, seed: number, ms: number) {
    if (contestant === 'ours') {
      side.clear();
      current = stage();
      startDrawing('ours', current, markdownMessages(count, seed), true);
      // Where the chat opens (its start or its end) is its own choice.
      await drawn(current, endToken(seed, 0), endToken(seed, count - 1));
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
    return durations;
  },

  clear() {
    current?.remove();
    current = undefined;
  },
};
window.side = side;
