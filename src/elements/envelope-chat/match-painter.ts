import type { ReactiveElement } from 'lit';
import type { SearchMatch } from '../../core/insight/search.js';
import { onDemand, PendingWork } from '../internal/loading/on-demand.js';
import type { SearchHighlighter } from '../internal/loading/search-highlighter.js';
import { loadSearchHighlighter } from '../internal/loading/search-highlighter-load.js';

const highlighting = onDemand(loadSearchHighlighter);

/**
 * The chat's painting of search matches and its steady scrolling, whose code loads the first
 * time there is a search to paint or a message to reveal. `pending` holds the load, for the
 * chat's `updateComplete`.
 */
export class MatchPainter {
  readonly pending = new PendingWork();
  private highlighter?: SearchHighlighter;

  constructor(private readonly host: ReactiveElement) {}

  /** Paints the matches (nothing before the first search); without the code, only counted. */
  async paint(query: string, matches: readonly SearchMatch[], current: number, scroll: boolean) {
    if (!query && !this.highlighter) return;
    const loaded = await this.pending.track(highlighting.load()).catch(() => undefined);
    if (!loaded) return;
    this.highlighter ??= new loaded.SearchHighlighter(this.host);
    await this.highlighter.paint(query, matches, matches[current], scroll);
  }

  clear(): void {
    this.highlighter?.clear();
  }

  /** Scrolls `item` to the top, again while the messages around it settle. */
  scrollTo(item: HTMLElement): Promise<void> {
    return highlighting.load().then(
      ({ scrollSteadily }) => scrollSteadily(item, this.host, 'start'),
      () => item.scrollIntoView({ block: 'start' }),
    );
  }
}
