import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { scrollingAncestor } from '../internal/pacing/lazy-chunks.js';

/** How close to the end of the list still counts as "at the bottom", in pixels. */
const AT_BOTTOM = 48;

/**
 * The scrolling people expect of a live chat: while the reader is at the end of the list, new
 * content keeps it in view; once they scroll up, their place is kept and the new messages are
 * counted for a "new messages" pill that jumps to the latest.
 *
 * The host draws live changes once per frame; where the reader is is read before the change is
 * drawn (the layout is still clean then), and the list is scrolled from a ResizeObserver, which
 * runs after the frame's layout, when the messages inside have rendered too: no layout of the
 * list is forced, and the new text is never shown for a frame below the end.
 */
export class FollowBottom implements ReactiveController {
  /** New messages below the reader's place, since they scrolled up. */
  unseen = 0;
  /** Set by `before` when the reader was at the end: the next growth of the list follows. */
  private follow = false;
  private resizes?: ResizeObserver;
  private observed?: HTMLElement;
  private scroller?: Element | null;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly list: () => HTMLElement | null,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.scroller = undefined;
  }

  hostDisconnected(): void {
    this.resizes?.disconnect();
    this.resizes = this.observed = undefined;
    this.listen(false);
  }

  /** Call before live changes are drawn, with how many of them were new messages. */
  before(appended: number): void {
    this.follow = this.atBottom();
    if (!this.follow && appended > 0) {
      this.unseen += appended;
      this.listen(true);
    }
    const list = this.list();
    if (this.follow && list && list !== this.observed) {
      this.resizes ??= new ResizeObserver(() => this.grown());
      if (this.observed) this.resizes.unobserve(this.observed);
      this.resizes.observe((this.observed = list));
    }
  }

  /** The pill's action: to the latest message, and following again. */
  jump(): void {
    this.toBottom();
    this.seen();
  }

  private grown(): void {
    if (!this.follow) return;
    this.follow = false;
    this.toBottom();
  }

  private toBottom(): void {
    const list = this.list();
    if (!list) return;
    const delta = list.getBoundingClientRect().bottom - this.viewBottom();
    if (delta <= 0) return;
    const scroller = this.scrollerOf();
    if (scroller) scroller.scrollTop += delta;
    else window.scrollBy(0, delta);
  }

  private atBottom(): boolean {
    const list = this.list();
    if (!list) return true;
    return list.getBoundingClientRect().bottom - this.viewBottom() <= AT_BOTTOM;
  }

  private viewBottom(): number {
    const scroller = this.scrollerOf();
    return scroller ? scroller.getBoundingClientRect().bottom : window.innerHeight;
  }

  private scrollerOf(): Element | null {
    if (this.scroller === undefined) this.scroller = scrollingAncestor(this.host);
    return this.scroller;
  }

  private seen(): void {
    if (this.unseen === 0) return;
    this.unseen = 0;
    this.listen(false);
    this.host.requestUpdate();
  }

  private onScroll = () => {
    if (this.atBottom()) this.seen();
  };

  private listen(on: boolean): void {
    const target: EventTarget = this.scrollerOf() ?? window;
    if (on) target.addEventListener('scroll', this.onScroll, { passive: true });
    else target.removeEventListener('scroll', this.onScroll);
  }
}
