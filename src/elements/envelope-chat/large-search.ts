import type { ReactiveControllerHost } from 'lit';
import { searchEnvelope, searchPattern, type SearchResult } from '../../core/insight/search.js';
import type { Envelope } from '../../core/protocol/types.js';
import { isLargeEnvelope, offload } from '../internal/offload/offload.js';
import { loadedMarkdownText } from '../internal/markdown/markdown-reading.js';
import { loadSegmentViews } from '../internal/segments/message-segments.js';

/**
 * The chat's search (issue 20): a large envelope is searched off the main thread (offload.ts),
 * a small one at once, as before. A newer query or envelope supersedes a search under way.
 */
export class ChatSearch {
  /** Results of large envelopes by query, kept while the envelope is. */
  private readonly found = new WeakMap<Envelope, Map<string, SearchResult>>();
  private working?: { envelope: Envelope; query: string; share: number; abort: AbortController };

  /** `arrived` is called when a search made off the main thread has its result. */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly arrived: () => void,
  ) {}

  /** The share done of the search under way, or undefined when none is. */
  get busy(): number | undefined {
    return this.working?.share;
  }

  /**
   * The matches of `query`, or null while they are found off the main thread, or while the
   * reading of drawn Markdown loads (with the text view, the first time a chat searches before
   * drawing any Markdown).
   */
  result(envelope: Envelope, query: string): SearchResult | null {
    const markdownText = loadedMarkdownText();
    if (searchPattern(query) && !markdownText) {
      this.stop();
      void loadSegmentViews(['text'])?.then(this.arrived, () => undefined);
      return null;
    }
    if (!searchPattern(query) || !isLargeEnvelope(envelope)) {
      this.stop();
      return searchEnvelope(envelope, query, { markdownText });
    }
    const known = this.found.get(envelope)?.get(query);
    if (known) {
      this.stop();
      return known;
    }
    if (this.working?.envelope !== envelope || this.working.query !== query) {
      this.stop();
      this.start(envelope, query);
    }
    return null;
  }

  private start(envelope: Envelope, query: string) {
    const working = { envelope, query, share: 0, abort: new AbortController() };
    this.working = working;
    const onProgress = (share: number) => {
      working.share = share;
      this.host.requestUpdate();
    };
    offload({ type: 'search', envelope, query }, { signal: working.abort.signal, onProgress })
      .catch(() =>
        // The worker failed (a superseded search is dropped below): search here instead.
        this.working === working
          ? searchEnvelope(envelope, query, { markdownText: loadedMarkdownText() })
          : null,
      )
      .then((result) => {
        if (this.working !== working || !result) return;
        this.working = undefined;
        let byQuery = this.found.get(envelope);
        if (!byQuery) this.found.set(envelope, (byQuery = new Map()));
        byQuery.set(query, result);
        this.arrived();
      });
  }

  private stop() {
    this.working?.abort.abort();
    this.working = undefined;
  }
}
