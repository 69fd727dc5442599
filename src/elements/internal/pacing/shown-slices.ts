import { css, html, nothing } from 'lit';
import { formatNumber } from '../strings/format.js';
import type { AmbientController } from '../strings/localize.js';

/**
 * Items of one list that a view renders at first, and how many more each "show more" adds.
 * A list of 100,000 skills or a million array elements drawn whole blocks the page for seconds
 * to minutes (issue 20); a hundred rows render in a few milliseconds.
 */
export const SLICE = 100;

/**
 * Render budgets for counts (SPEC §6, issue 20): every list an element draws (items, keys,
 * array elements, segments, roles, properties…) shows its first slice and a "show N more"
 * button (`part="more"`) that renders the next one. The element names each list with a key
 * that is stable across renders (e.g. a JSON Pointer) and calls `reset()` when its input
 * changes, so that a new segment starts with first slices again.
 */
export class ShownSlices {
  /** Counts past the first slice, by list; made when a list first grows (most never do). */
  private counts?: Map<string, number>;

  /** `part`: the name of the "show more" buttons (a segment in a message names its own). */
  constructor(
    private readonly host: { requestUpdate(): void },
    private readonly ambient: AmbientController,
    private readonly part = 'more',
  ) {}

  /** Back to first slices everywhere (a new input). */
  reset(): void {
    this.counts = undefined;
  }

  /** How many of the `total` items of list `key` are shown. */
  shown(key: string, total: number, first = SLICE): number {
    return Math.min(total, this.counts?.get(key) ?? first);
  }

  /** Shows list `key` at least up to item `index` (a search match must be on screen). */
  include(key: string, index: number, first = SLICE): void {
    const needed = Math.ceil((index + 1) / SLICE) * SLICE;
    if (needed > this.shown(key, Infinity, first)) (this.counts ??= new Map()).set(key, needed);
  }

  /** The items of list `key` that are shown. */
  slice<T>(key: string, items: readonly T[], first = SLICE): readonly T[] {
    const count = this.shown(key, items.length, first);
    return count === items.length ? items : items.slice(0, count);
  }

  /**
   * The button under list `key` that shows the next slice ("Show 100 more · 99,800 not
   * shown"), or nothing when the list is shown whole.
   */
  more(key: string, total: number, first = SLICE, step = SLICE) {
    const shown = this.shown(key, total, first);
    const rest = total - shown;
    if (rest <= 0) return nothing;
    const format = (n: number) => formatNumber(n, this.ambient.lang);
    return html`<button
      part=${this.part}
      class="more"
      type="button"
      @click=${() => {
        (this.counts ??= new Map()).set(key, shown + step);
        this.host.requestUpdate();
      }}
    >
      ${this.ambient.t('common.showMore', { n: format(Math.min(step, rest)), rest: format(rest) })}
    </button>`;
  }
}

export const showMoreStyles = css`
  .more {
    display: block;
    margin: 0.35rem 0 0;
    padding: 0.15rem 0.5rem;
    border: 1px dashed var(--_border);
    border-radius: 6px;
    background: none;
    color: var(--_muted);
    font: inherit;
    font-size: 0.85em;
    cursor: pointer;
  }
  .more:hover {
    color: var(--_text);
  }
`;
