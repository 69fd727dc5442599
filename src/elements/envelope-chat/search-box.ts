import { html } from 'lit';
import { searchPattern, type SearchResult } from '../../core/insight/search.js';
import { formatPercent } from '../internal/strings/format.js';
import type { AmbientController } from '../internal/strings/localize.js';

export interface SearchBoxOptions {
  ambient: AmbientController;
  search: string;
  result: SearchResult;
  /** The share done while a large envelope is searched off the main thread (offload.ts). */
  busy?: number;
  /** Position of the current match, or -1. */
  current: number;
  matchesOnly: boolean;
  onInput: (event: Event) => void;
  onKey: (event: KeyboardEvent) => void;
  onStep: (direction: 1 | -1) => void;
  onMatchesOnly: (value: boolean) => void;
}

/** The chat's search box: the field, "3 of 17", previous and next, and "only matching messages". */
export function renderSearchBox(o: SearchBoxOptions) {
  const a = o.ambient;
  const count = o.result.matches.length;
  const countText = `${count}${o.result.truncated ? '+' : ''}`;
  let status = '';
  if (o.busy !== undefined) status = a.t('common.working', { p: formatPercent(o.busy, a.lang) });
  else if (searchPattern(o.search))
    status =
      count === 0
        ? a.t('chat.noMatches')
        : a.t('chat.matchPosition', { i: o.current + 1, n: countText });
  return html`<div
    part="search"
    class="search"
    role="search"
    aria-busy=${o.busy === undefined ? 'false' : 'true'}
  >
    <input
      part="search-input"
      type="search"
      .value=${o.search}
      placeholder=${a.t('chat.searchPlaceholder')}
      aria-label=${a.t('chat.search')}
      @input=${o.onInput}
      @keydown=${o.onKey}
    />
    <span class="match-status" role="status">${status}</span>
    <button
      type="button"
      aria-label=${a.t('chat.previousMatch')}
      title=${a.t('chat.previousMatch')}
      ?disabled=${count === 0}
      @click=${() => o.onStep(-1)}
    >
      ↑
    </button>
    <button
      type="button"
      aria-label=${a.t('chat.nextMatch')}
      title=${a.t('chat.nextMatch')}
      ?disabled=${count === 0}
      @click=${() => o.onStep(1)}
    >
      ↓
    </button>
    <label>
      <input
        type="checkbox"
        class="matches-only"
        ?checked=${o.matchesOnly}
        @change=${(e: Event) => o.onMatchesOnly((e.target as HTMLInputElement).checked)}
      />${a.t('chat.matchesOnly')}
    </label>
  </div>`;
}
