import type { ReactiveElement } from 'lit';
import { HEADER_MATCH, searchPattern, type SearchMatch } from '../../../core/insight/search.js';
import type { EnvelopeMessage } from '../../envelope-message/envelope-message.component.js';
import { BLOCK_TAGS } from '../markdown/drawn-text.js';

/**
 * What a paint may do: each match painted and each text node checked for visibility (which
 * brings the page's styles up to date) spends one. A search that matched in 10,000 tool schemas
 * painted every match and blocked the page for 15 s. The match count and the current match are
 * not bounded by it; only the marks of the other matches past the first ones are left out.
 */
const PAINT_BUDGET = 4_000;

/**
 * Paints search matches in the rendered messages of a chat with the CSS Custom Highlight API:
 * no markup is changed, so Markdown, JSON trees and every segment's own DOM stay as they are.
 * Ranges live in one shared `pe-search` highlight (and `pe-search-current`), styled in every
 * shadow root by theme.ts; each chat adds and removes only its own ranges. Where the API is
 * missing, matches are still counted, expanded and scrolled to, just not painted.
 */
export class SearchHighlighter {
  private ranges: StaticRange[] = [];
  private current?: StaticRange;
  private run = 0;
  /** A scroll asked for by a paint that a newer paint replaced before it finished. */
  private scrollWanted = false;
  private matchesBySegment = new WeakMap<readonly SearchMatch[], Map<number, Set<number>>>();

  constructor(private readonly host: ReactiveElement) {}

  /** Highlights `query` in the rendered messages; scrolls to `current` when `scroll` is set. */
  async paint(
    query: string,
    matches: readonly SearchMatch[],
    current: SearchMatch | undefined,
    scroll: boolean,
  ): Promise<void> {
    const run = ++this.run;
    this.scrollWanted ||= scroll;
    const pattern = searchPattern(query);
    const found: StaticRange[] = [];
    const budget = { left: PAINT_BUDGET };
    let currentRange: StaticRange | undefined;
    let currentItem: HTMLElement | undefined;
    if (pattern && matches.length > 0) {
      const matched = this.segmentsWithMatches(matches);
      const test = (text: string) => {
        pattern.lastIndex = 0;
        return pattern.test(text);
      };
      for (const item of this.host.renderRoot.querySelectorAll<HTMLElement>('[data-index]')) {
        const messageIndex = Number(item.dataset.index);
        const segments = matched.get(messageIndex);
        if (!segments) continue;
        if (current?.messageIndex === messageIndex) currentItem = item;
        const message = item.firstElementChild as EnvelopeMessage | null;
        await message?.updateComplete;
        if (run !== this.run) return;
        if (message && segments.has(HEADER_MATCH)) {
          // The speaker: its facts open when the match is in one the compact header hides.
          message.revealSpeaker(test);
          await message.updateComplete;
          if (run !== this.run) return;
          const ranges = message
            .speakerTexts()
            .flatMap((root) => textRanges(root, pattern, budget));
          found.push(...ranges);
          if (current?.messageIndex === messageIndex && current.segmentIndex === HEADER_MATCH)
            currentRange = ranges[Math.min(current.occurrence, ranges.length - 1)];
        }
        if (message && current?.messageIndex === messageIndex && current.segmentIndex >= 0) {
          // A message of very many segments draws a slice: the current match must be in it.
          message.showSegment(current.segmentIndex);
          await message.updateComplete;
          if (run !== this.run) return;
        }
        if (!message?.shadowRoot) continue;
        // Segments are drawn in the message's shadow root, each in a wrapper with its index.
        const wrappers = () =>
          message.shadowRoot!.querySelectorAll<HTMLElement>('[data-segment-index]');
        const matching = (wrapper: HTMLElement) =>
          segments.has(Number(wrapper.dataset.segmentIndex));
        for (const wrapper of wrappers())
          if (matching(wrapper)) message.revealSegment(Number(wrapper.dataset.segmentIndex), test);
        await message.updateComplete;
        if (run !== this.run) return;
        for (const wrapper of wrappers()) {
          if (!matching(wrapper)) continue;
          const isCurrent =
            current?.messageIndex === messageIndex &&
            current.segmentIndex === Number(wrapper.dataset.segmentIndex);
          // The current match is always painted, whatever the others used of the budget.
          const own = isCurrent ? { left: budget.left + 2 * current.occurrence + 2 } : budget;
          const ranges = textRanges(wrapper, pattern, own);
          budget.left = Math.min(budget.left, own.left);
          found.push(...ranges);
          if (isCurrent) currentRange = ranges[Math.min(current.occurrence, ranges.length - 1)];
        }
      }
    }
    this.replace(found, currentRange);
    if (this.scrollWanted) {
      this.scrollWanted = false;
      const target = currentRange?.startContainer.parentElement ?? currentItem;
      if (target) await scrollSteadily(target, this.host);
    }
  }

  /** Removes this chat's highlights. */
  clear(): void {
    this.run++;
    this.scrollWanted = false;
    this.replace([], undefined);
  }

  private replace(ranges: StaticRange[], current: StaticRange | undefined): void {
    const all = sharedHighlight('pe-search');
    const focused = sharedHighlight('pe-search-current');
    for (const range of this.ranges) all?.delete(range);
    if (this.current) focused?.delete(this.current);
    this.ranges = ranges;
    this.current = current;
    for (const range of ranges) if (range !== current) all?.add(range);
    if (current) focused?.add(current);
  }

  private segmentsWithMatches(matches: readonly SearchMatch[]): Map<number, Set<number>> {
    let map = this.matchesBySegment.get(matches);
    if (map) return map;
    map = new Map();
    for (const { messageIndex, segmentIndex } of matches) {
      let set = map.get(messageIndex);
      if (!set) map.set(messageIndex, (set = new Set()));
      set.add(segmentIndex);
    }
    this.matchesBySegment.set(matches, map);
    return map;
  }
}

/**
 * Scrolls `target` into view and again while messages rendered around it (taller or shorter
 * than their estimate) keep moving it, a few frames at most.
 */
export async function scrollSteadily(
  target: Element,
  host: ReactiveElement,
  block: ScrollLogicalPosition = 'center',
): Promise<void> {
  for (let round = 0; round < 10 && target.isConnected; round++) {
    target.scrollIntoView({ block });
    const before = target.getBoundingClientRect().top;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await host.updateComplete;
    if (Math.abs(target.getBoundingClientRect().top - before) < 1) return;
  }
}

function sharedHighlight(name: string): Highlight | undefined {
  if (typeof CSS === 'undefined' || !('highlights' in CSS)) return undefined;
  let highlight = CSS.highlights.get(name);
  if (!highlight) CSS.highlights.set(name, (highlight = new Highlight()));
  return highlight;
}

/**
 * Ranges of the visible matches in `root`, in document order, entering nested shadow roots,
 * as many as `budget` allows (it is spent as they are found). A drawn Markdown text is read as
 * search reads it (drawn-text.ts), so a match may span its inline elements.
 * Static: the document updates every live Range on each change to the page until the range is
 * garbage collected, and a search over 2,000 long texts left enough of them to make inserting
 * 4,000 text nodes take 0.48 s instead of 3 ms. The chat paints again after each update anyway.
 */
function textRanges(root: Node, pattern: RegExp, budget: { left: number }): StaticRange[] {
  const ranges: StaticRange[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  let node = walker.nextNode();
  while (node && budget.left > 0) {
    if (node instanceof Element) {
      if (node.shadowRoot) ranges.push(...textRanges(node.shadowRoot, pattern, budget));
      if (node.classList.contains('markdown')) {
        ranges.push(...markdownRanges(node, pattern, budget));
        node = nextOutside(walker, node);
        continue;
      }
    } else {
      const text = (node as Text).data;
      pattern.lastIndex = 0;
      if (pattern.test(text)) {
        budget.left--;
        pattern.lastIndex = 0;
        if (node.parentElement?.checkVisibility?.() !== false)
          for (const match of text.matchAll(pattern)) {
            if (budget.left-- <= 0) break;
            ranges.push(rangeOf([node as Text], [0], match.index, match[0].length));
          }
      }
    }
    node = walker.nextNode();
  }
  return ranges;
}

/** The walker's next node after `element` and everything inside it. */
function nextOutside(walker: TreeWalker, element: Element): Node | null {
  walker.currentNode = element;
  const next = walker.nextSibling();
  if (next) return next;
  for (let parent = walker.parentNode(); parent; parent = walker.parentNode()) {
    const after = walker.nextSibling();
    if (after) return after;
  }
  return null;
}

/**
 * The matches in a drawn Markdown text, over its text nodes joined with a line break at each
 * block (drawnText's reading, which search counts): a match may run through inline elements.
 * The note under a text drawn as written is not part of it.
 */
function markdownRanges(root: Element, pattern: RegExp, budget: { left: number }) {
  const nodes: Text[] = [];
  const starts: number[] = [];
  let text = '';
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      nodes.push(node as Text);
      starts.push(text.length);
      text += (node as Text).data;
      return;
    }
    if (!(node instanceof Element) || node.classList.contains('cut')) return;
    const block = BLOCK_TAGS.has(node.localName);
    if (block) text += '\n';
    for (let child = node.firstChild; child; child = child.nextSibling) visit(child);
    if (block) text += '\n';
  };
  visit(root);
  const ranges: StaticRange[] = [];
  pattern.lastIndex = 0;
  if (!pattern.test(text)) return ranges;
  budget.left--;
  if (root.checkVisibility?.() === false) return ranges;
  pattern.lastIndex = 0;
  for (const match of text.matchAll(pattern)) {
    if (budget.left-- <= 0) break;
    ranges.push(rangeOf(nodes, starts, match.index, match[0].length));
  }
  return ranges;
}

/** A static range over `length` characters at `at` of the text that `nodes` make from `starts`. */
function rangeOf(nodes: Text[], starts: number[], at: number, length: number): StaticRange {
  const place = (offset: number, end: boolean) => {
    // The last node starting at or before `offset` (before it, for the end of a match).
    let low = 0;
    let high = nodes.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (end ? starts[middle]! < offset : starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { node: nodes[low]!, offset: Math.min(offset - starts[low]!, nodes[low]!.length) };
  };
  const start = place(at, false);
  const end = place(at + length, true);
  return new StaticRange({
    startContainer: start.node,
    startOffset: start.offset,
    endContainer: end.node,
    endOffset: end.offset,
  });
}
