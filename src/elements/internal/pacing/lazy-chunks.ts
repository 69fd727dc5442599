import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { Directive, directive, type ElementPart } from 'lit/directive.js';
import { repeat } from 'lit/directives/repeat.js';

/**
 * `<div ${blockHeight(px)}>`: a block's height set through the CSSOM, which a policy without
 * inline styles allows. A `.style` binding would do the same in the browser, but Lit's server
 * renderer writes it out as a `style` attribute (`style=""` for a live chunk), which that
 * policy refuses; element bindings render nothing on the server.
 */
class BlockHeight extends Directive {
  // The argument types the binding; an element binding draws nothing, here or on the server.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  render(height: number | undefined) {
    return nothing;
  }

  override update(part: ElementPart, [height]: [number | undefined]) {
    const { style } = part.element as HTMLElement;
    const value = height === undefined ? '' : `${height}px`;
    // Each render of the list passes every block's height: write only the ones that changed.
    if (style.height !== value) style.height = value;
    return nothing;
  }
}

const blockHeight = directive(BlockHeight);

/**
 * Messages per chunk: the unit that is rendered or replaced by a spacer of remembered height,
 * one a frame while a person scrolls (wake): 25 took two frames and more to draw.
 */
export const CHUNK_SIZE = 10;
/** Lists up to this long render whole: nothing to gain, and in-page find sees everything. */
export const EAGER_LIMIT = 50;
/**
 * Chunks per group (1,000 messages): far from the visible part a whole group sleeps as one
 * block, so that the list holds a few hundred elements whatever its length (100,000 messages
 * were 4,000 observed chunk elements, about 0.15 s of the first render; issue 20).
 */
export const GROUP_SIZE = 100;
/** Height of a message before any has been measured. */
const FALLBACK_HEIGHT = 120;
/** Chunks closer than this to the visible area are rendered… */
const RENDER_MARGIN = '1500px 0px';
/** …and chunks further than this are put back to sleep (the gap between avoids flapping). */
const RELEASE_MARGIN = '4000px 0px';

/**
 * Lazy rendering for long lists (SPEC §7): the list is cut into chunks; only chunks near the
 * visible part of the nearest scrolling ancestor are rendered, the others are empty blocks as
 * tall as their items measured last time (or an estimate). Chunks come in groups of GROUP_SIZE:
 * a group near the visible part holds its chunks, a group further away is one empty block. The
 * host draws the list with `render()` (giving what each rendered chunk shows, each item marked
 * with `data-index`, its key in `heights`) and calls `observe()` after it renders. Cost of a
 * first paint does not depend on the list's length, only on how many chunks fit on screen (and
 * one block per group).
 */
export class LazyChunks implements ReactiveController {
  private readonly live = new Set<number>();
  private readonly pinned = new Set<number>();
  /** Groups that came near the visible part (a group with a live or pinned chunk is open too). */
  private readonly opened = new Set<number>();
  private near?: IntersectionObserver;
  private far?: IntersectionObserver;
  private observed = new WeakSet<Element>();
  private count = 0;
  /** Measured heights by item key; kept by the host per list so they survive switching back. */
  private heights = new Map<number, number>();
  /**
   * The height of a message never measured: the average of the first ones measured, then kept.
   * A running average would change every sleeping chunk above the visible part at each
   * measurement, and move what the person is looking at.
   */
  private estimate?: number;
  private measuring = 0;
  /** Counts changes of `heights` and `estimate`, which sleeping groups' heights depend on. */
  private revision = 0;
  private readonly groupHeights = new Map<
    number,
    { revision: number; to: number; height: number }
  >();

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  /** Whether the list is long enough to render lazily. */
  get lazy(): boolean {
    return this.count > EAGER_LIMIT;
  }

  private chunkCount(): number {
    return Math.ceil(this.count / CHUNK_SIZE);
  }

  /** Whether a group renders its chunks (else it is one block as tall as its items). */
  private isGroupOpen(group: number): boolean {
    return (
      !this.lazy ||
      this.opened.has(group) ||
      [...this.live, ...this.pinned].some((chunk) => inGroup(chunk, group))
    );
  }

  /**
   * The list: a block per group; in an open group a block per chunk; in a live chunk what
   * `renderItems` draws of its items. `keys` are the items' keys (their `data-index`), in order.
   * Sleeping blocks are as tall as their items; the height goes through CSSOM (`blockHeight`),
   * which a CSP without inline styles allows. Each block keeps its element, which the observers
   * watch.
   */
  render(
    keys: readonly number[],
    renderItems: (chunk: number, keys: readonly number[]) => unknown,
  ) {
    const count = this.chunkCount();
    const range = (length: number, first = 0) => Array.from({ length }, (_, i) => first + i);
    return repeat(
      range(Math.ceil(count / GROUP_SIZE)),
      (group) => group,
      (group) => {
        const first = group * GROUP_SIZE;
        const open = this.isGroupOpen(group);
        const height = open ? undefined : this.groupHeight(group, keys);
        return html`<div role="none" data-group=${group} ${blockHeight(height)}>
          ${
            open
              ? repeat(
                  range(Math.min(GROUP_SIZE, count - first), first),
                  (chunk) => chunk,
                  (chunk) => {
                    const chunkKeys = keys.slice(chunk * CHUNK_SIZE, (chunk + 1) * CHUNK_SIZE);
                    const live = this.isLive(chunk);
                    return html`<div
                      role="none"
                      data-chunk=${chunk}
                      ${blockHeight(live ? undefined : this.spacerHeight(chunkKeys))}
                    >
                      ${live ? renderItems(chunk, chunkKeys) : nothing}
                    </div>`;
                  },
                )
              : nothing
          }
        </div>`;
      },
    );
  }

  /** A new list: `count` items, with the heights remembered for it. The first chunk is live. */
  reset(count: number, heights: Map<number, number>): void {
    this.count = count;
    this.heights = heights;
    this.revision++;
    this.estimate = undefined;
    if (heights.size > 0) this.fixEstimate();
    this.live.clear();
    this.pinned.clear();
    this.opened.clear();
    this.live.add(0);
  }

  /**
   * The list grew at its end (a live append): what is rendered stays, and the last chunk, where
   * the new items are, renders too (if the reader is elsewhere it goes back to sleep).
   */
  grow(count: number): void {
    const wasLazy = this.lazy;
    this.count = count;
    // The list turns lazy: everything drawn stays drawn (nothing on screen moves); chunks far
    // from the visible part are measured and put to sleep by the observers from now on.
    if (!wasLazy && this.lazy)
      for (let chunk = 0; chunk < this.chunkCount(); chunk++) this.live.add(chunk);
    this.live.add(this.chunkCount() - 1);
  }

  private isLive(chunk: number): boolean {
    return !this.lazy || this.live.has(chunk) || this.pinned.has(chunk);
  }

  /** Renders the chunk of item position `position` now and keeps it until `unpin`. */
  pin(position: number): void {
    this.pinned.clear();
    this.pinned.add(Math.floor(position / CHUNK_SIZE));
    this.host.requestUpdate();
  }

  unpin(): void {
    this.pinned.clear();
  }

  /**
   * A sleeping group's height, summed again only when a height or the estimate changed: a live
   * chat draws once a frame, and 10,000 messages are 9 sleeping groups of 1,000.
   */
  private groupHeight(group: number, keys: readonly number[]): number {
    const from = group * GROUP_SIZE * CHUNK_SIZE;
    const to = Math.min(keys.length, from + GROUP_SIZE * CHUNK_SIZE);
    const known = this.groupHeights.get(group);
    if (known?.revision === this.revision && known.to === to) return known.height;
    const height = this.spacerHeight(keys.slice(from, to));
    this.groupHeights.set(group, { revision: this.revision, to, height });
    return height;
  }

  /** The height of a sleeping chunk or group: its items' remembered heights, estimates for the rest. */
  private spacerHeight(keys: readonly number[]): number {
    let total = 0;
    let unknown = 0;
    for (const key of keys) {
      const height = this.heights.get(key);
      if (height === undefined) unknown++;
      else total += height;
    }
    return total + unknown * (this.estimate ?? FALLBACK_HEIGHT);
  }

  /** Watches the group and chunk elements under `container` (new ones only); call after each render. */
  observe(container: ParentNode): void {
    if (!this.lazy) return;
    this.connectObservers();
    for (const chunk of container.querySelectorAll<HTMLElement>('[data-group], [data-chunk]')) {
      if (this.observed.has(chunk)) continue;
      this.observed.add(chunk);
      this.near!.observe(chunk);
      this.far!.observe(chunk);
    }
    // Rendered items are measured in the next frame, once the elements inside them have
    // rendered too (they update after the host), so that sleeping chunks get good estimates.
    cancelAnimationFrame(this.measuring);
    this.measuring = requestAnimationFrame(() => {
      for (const item of container.querySelectorAll<HTMLElement>('[data-index]')) {
        if (!this.heights.has(Number(item.dataset.index))) this.measure(item);
      }
      if (this.estimate === undefined && this.heights.size > 0) this.fixEstimate();
    });
  }

  hostDisconnected(): void {
    cancelAnimationFrame(this.measuring);
    this.near?.disconnect();
    this.far?.disconnect();
    this.near = this.far = undefined;
    this.observed = new WeakSet();
  }

  private connectObservers(): void {
    // The scrolling ancestor is looked up once per connection (getComputedStyle up the tree
    // costs a style recalculation on every render otherwise); moving the host reconnects it.
    if (this.near) return;
    const root = scrollingAncestor(this.host);
    this.hostDisconnected();
    this.near = new IntersectionObserver((entries) => this.wake(entries), {
      root,
      rootMargin: RENDER_MARGIN,
    });
    this.far = new IntersectionObserver((entries) => this.release(entries), {
      root,
      rootMargin: RELEASE_MARGIN,
    });
  }

  /**
   * Opens the groups that came near the visible part, and renders one of the chunks that did:
   * the others are observed anew, so that the next frame reports them again. A person sweeping
   * through a long list passes several chunks a frame, and drawing them all at once made frames
   * of 50 ms and more (the p95 frame of the bench's sweep through 10,000 messages: 2× vanilla's,
   * now vanilla's); a chunk passed before its frame came stays asleep.
   */
  private wake(entries: IntersectionObserverEntry[]): void {
    let woken = false;
    for (const { isIntersecting, target } of entries) {
      const { group, chunk } = (target as HTMLElement).dataset;
      const [set, index] = group ? [this.opened, +group] : [this.live, +chunk!];
      if (!isIntersecting || set.has(index)) continue;
      if (!group && woken) {
        this.near!.unobserve(target);
        this.near!.observe(target);
        continue;
      }
      set.add(index);
      woken ||= !group;
      this.host.requestUpdate();
    }
  }

  private release(entries: IntersectionObserverEntry[]): void {
    for (const { isIntersecting, target } of entries) {
      const { group, chunk } = (target as HTMLElement).dataset;
      if (isIntersecting || !(group ? this.isGroupOpen(+group) : this.live.has(+chunk!))) continue;
      for (const item of target.querySelectorAll<HTMLElement>('[data-index]')) this.measure(item);
      // A group's chunk elements leave the page: stop watching them, and their chunks sleep.
      for (const inner of target.querySelectorAll('[data-chunk]')) {
        this.near!.unobserve(inner);
        this.far!.unobserve(inner);
      }
      if (group) {
        this.opened.delete(+group);
        for (const live of this.live) if (inGroup(live, +group)) this.live.delete(live);
      } else this.live.delete(+chunk!);
      this.host.requestUpdate();
    }
  }

  private measure(item: HTMLElement): void {
    const height = item.getBoundingClientRect().height;
    const key = Number(item.dataset.index);
    if (height > 0 && height !== this.heights.get(key)) {
      this.heights.set(key, height);
      this.revision++;
    }
  }

  private fixEstimate(): void {
    this.revision++;
    let sum = 0;
    for (const height of this.heights.values()) sum += height;
    this.estimate = sum / this.heights.size;
  }
}

function inGroup(chunk: number, group: number): boolean {
  return Math.floor(chunk / GROUP_SIZE) === group;
}

/** The nearest ancestor (across shadow roots) that scrolls vertically, or null for the page. */
export function scrollingAncestor(element: Element): Element | null {
  let node: Node | null = element;
  while (node) {
    // The page's own scrolling (html/body) is the viewport: the null root.
    if (node === document.body || node === document.documentElement) return null;
    // (`overlay` is computed as `auto`.)
    if (node instanceof Element && /auto|scroll/.test(getComputedStyle(node).overflowY)) {
      return node;
    }
    node =
      (node instanceof Element && node.assignedSlot) ||
      node.parentNode ||
      (node instanceof ShadowRoot ? node.host : null);
  }
  return null;
}
