import { expect } from '@open-wc/testing';
import type { Envelope } from '../../src/core/protocol/types.js';
import type { SegmentToggleEvent } from '../../src/events.js';

/**
 * A string that would run script if it were ever parsed as HTML or followed as a Markdown link:
 * every element test renders it in each string field and checks the result with expectInert.
 */
export const HOSTILE =
  '<img src=x onerror="window.__pwned=1"> <script>window.__pwned=1</script> [x](javascript:alert(1))';

/** Attributes whose value the browser may load or follow as a URL. */
const URL_ATTRIBUTES = [
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'data',
  'background',
  'srcset',
];

/** A value as a browser reads a URL scheme: without white space and control characters. */
// eslint-disable-next-line no-control-regex
const asUrl = (value: string) => value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();

/** Every element below `root`, through every open shadow root. */
export function deepElements(root: ParentNode): Element[] {
  const found: Element[] = [];
  const walk = (node: ParentNode) => {
    for (const el of Array.from(node.querySelectorAll('*'))) {
      found.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  // Start inside the root's own shadow root too: most roots here are our elements.
  if (root instanceof Element && root.shadowRoot) walk(root.shadowRoot);
  walk(root);
  return found;
}

/** The first element matching `selector` anywhere below `root`, through shadow roots. */
export function deepQuery<T extends Element = Element>(
  root: ParentNode,
  selector: string,
): T | undefined {
  return deepElements(root).find((el) => el.matches(selector)) as T | undefined;
}

export function deepQueryAll<T extends Element = Element>(root: ParentNode, selector: string): T[] {
  return deepElements(root).filter((el) => el.matches(selector)) as T[];
}

/** Text of an element including its shadow root, recursively. */
export function deepText(root: Element | ShadowRoot): string {
  let text = '';
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent;
    if (node instanceof Element && node.shadowRoot) walk(node.shadowRoot);
    for (const child of Array.from(node.childNodes)) walk(child);
  };
  walk(root);
  return text;
}

/** Waits until every Lit element below `root` has finished updating. */
export async function settle(root: ParentNode, rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    // Only connected elements: a long chat may remove a message before it ever rendered, and
    // such an element's updateComplete never settles.
    // The root too: an element whose update waits for a part loading on demand (the diff's
    // jsdiff, the studio's YAML) says so in its updateComplete.
    await Promise.all(
      [...(root instanceof Element ? [root] : []), ...deepElements(root)]
        .filter((el) => el.isConnected)
        .map((el) => (el as unknown as { updateComplete?: Promise<unknown> }).updateComplete),
    );
    await new Promise((r) => setTimeout(r));
  }
}

/** Loads a demo envelope served by the test server. */
export async function loadDemo(id: string): Promise<Envelope> {
  const response = await fetch(`/src/data/demos/demo-${id}.json`);
  return (await response.json()) as Envelope;
}

/** Clicks every collapsed disclosure below `root` until none is left (bounded). */
export async function expandAll(root: ParentNode): Promise<void> {
  for (let round = 0; round < 6; round++) {
    const closed = deepQueryAll<HTMLButtonElement>(root, 'button[aria-expanded="false"]');
    if (closed.length === 0) return;
    for (const button of closed) button.click();
    await settle(root, 2);
  }
}

/** What must never be in any shadow root after rendering hostile input (SPEC §6). */
export function findUnsafe(root: ParentNode): string[] {
  const problems: string[] = [];
  for (const el of deepElements(root)) {
    const tag = el.localName;
    if (
      [
        'script',
        'iframe',
        'object',
        'embed',
        'form',
        'style',
        'frame',
        'frameset',
        'applet',
        'base',
        'meta',
        'link',
      ].includes(tag)
    ) {
      // Lit never adds style elements when adoptedStyleSheets exist; any style here came from data.
      problems.push(`<${tag}> element`);
    }
    for (const attr of Array.from(el.attributes)) {
      if (/^on/i.test(attr.name)) problems.push(`${tag}[${attr.name}]`);
      // A document in an attribute: unsafe wherever it is, whatever it holds.
      if (attr.name === 'srcdoc') problems.push(`${tag}[srcdoc]`);
      // Our elements may set styles through CSSOM; HTML rendered from data may never carry one.
      if (attr.name === 'style' && el.closest('.markdown')) problems.push(`${tag}[style]`);
      if (URL_ATTRIBUTES.includes(attr.name)) {
        // srcset holds a list of URLs; each candidate starts after a comma.
        const urls = attr.name === 'srcset' ? attr.value.split(',') : [attr.value];
        if (urls.some((url) => /^(javascript|vbscript):|^data:text\/html/.test(asUrl(url))))
          problems.push(`${tag}[${attr.name}=${attr.value}]`);
      }
    }
  }
  return problems;
}

/**
 * Script URLs in attribute values, checked more strictly than findUnsafe does: a `javascript:`
 * or `vbscript:` value in any attribute, and `javascript:` anywhere in a URL attribute.
 */
export function findScriptUrls(root: ParentNode): string[] {
  const problems: string[] = [];
  for (const el of deepElements(root)) {
    for (const attr of Array.from(el.attributes)) {
      const value = asUrl(attr.value);
      if (
        /^(javascript|vbscript):/.test(value) ||
        (URL_ATTRIBUTES.includes(attr.name) && value.includes('javascript:'))
      )
        problems.push(`${el.localName}[${attr.name}=${attr.value}]`);
    }
  }
  return problems;
}

/**
 * Asserts that what was rendered below `root` from hostile input stayed inert. It first waits a
 * moment for anything that could run (an image's error handler, a task), then checks that the
 * canary `window.__pwned` is unset and that nothing below `root`, through every shadow root,
 * is a script or other active element, or has an on* attribute or a javascript:, vbscript: or
 * data:text/html URL (findUnsafe and findScriptUrls).
 */
export async function expectInert(root: ParentNode): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect((window as { __pwned?: unknown }).__pwned, 'window.__pwned').to.equal(undefined);
  expect([...findUnsafe(root), ...findScriptUrls(root)], 'unsafe markup').to.deep.equal([]);
}

/** The first element with the part `name` in the shadow root of `el`. */
export function part<T extends HTMLElement = HTMLElement>(el: Element, name: string): T | null {
  return el.shadowRoot!.querySelector<T>(`[part~="${name}"]`);
}

/** Every element with the part `name` in the shadow root of `el`. */
export function parts<T extends HTMLElement = HTMLElement>(el: Element, name: string): T[] {
  return [...el.shadowRoot!.querySelectorAll<T>(`[part~="${name}"]`)];
}

/**
 * Clicks `button` and returns the details of the segment-toggle events `el` fired meanwhile: until
 * it has updated and one task later. Every such event must bubble and cross shadow roots
 * (SPEC §4.2).
 */
export async function togglesOnClick(
  el: HTMLElement & { updateComplete: Promise<unknown> },
  button: HTMLElement,
): Promise<SegmentToggleEvent['detail'][]> {
  const events: SegmentToggleEvent[] = [];
  const listener = (event: SegmentToggleEvent) => events.push(event);
  el.addEventListener('segment-toggle', listener);
  button.click();
  await el.updateComplete;
  await new Promise((resolve) => setTimeout(resolve)); // an event fired late counts too
  el.removeEventListener('segment-toggle', listener);
  for (const event of events) {
    expect(event.bubbles && event.composed, 'segment-toggle bubbles and is composed').to.equal(
      true,
    );
  }
  return events.map((event) => event.detail);
}

/** What the page posts to the offload worker while `work` runs: messages, and each job's type. */
export interface PostedToWorker {
  type: string;
  job?: { type: string };
}

/** The messages the page posts to workers while `work` runs, in order. */
export async function postedToWorkers(work: () => Promise<unknown>): Promise<PostedToWorker[]> {
  const posted: PostedToWorker[] = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: never[]) {
    posted.push(message as PostedToWorker);
    return post.call(this, message, ...rest);
  } as typeof post;
  try {
    await work();
  } finally {
    Worker.prototype.postMessage = post;
  }
  return posted;
}

/**
 * The texts of the ranges in a shared search highlight (what the user sees painted). The chat
 * paints StaticRanges, which have no text of their own: a live Range reads it.
 */
export function painted(name: string): string[] {
  const highlight = CSS.highlights.get(name);
  return highlight ? [...highlight].map(rangeText) : [];
}

function rangeText(range: AbstractRange): string {
  const live = document.createRange();
  live.setStart(range.startContainer, range.startOffset);
  live.setEnd(range.endContainer, range.endOffset);
  return live.toString();
}

/**
 * What a 4 ms timer sees of `el`'s progress bar while `work` runs. A share strictly between 0 and
 * 1 means the page had its turn in the middle of the work. (Counting ticks was not enough: the
 * timer may run only two or three times in a 70 ms read even when it is sliced.)
 */
export async function progressSeenDuring(el: Element, work: () => Promise<unknown>) {
  const seen: number[] = [];
  const ticker = setInterval(() => {
    const progress = deepQuery<HTMLProgressElement>(el, 'progress');
    if (progress) seen.push(progress.value);
  }, 4);
  try {
    await work();
  } finally {
    clearInterval(ticker);
  }
  return { seen, midway: seen.some((share) => share > 0 && share < 1) };
}

/** The text of a chat's search status ("1 of 3", "No matches"). */
export const searchStatus = (chat: Element) =>
  chat.shadowRoot!.querySelector('.match-status')!.textContent!.trim();

/** Types `query` into a chat's search box and presses Enter, as a person does. */
export async function typeSearch(chat: Element, query: string) {
  const input = chat.shadowRoot!.querySelector<HTMLInputElement>('[part~="search-input"]')!;
  input.focus();
  input.value = query;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  await settle(chat);
  await new Promise((r) => setTimeout(r, 30));
}
