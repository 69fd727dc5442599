import { css, html, nothing } from 'lit';
import { formatNumber } from './format.js';
import type { AmbientController } from './localize.js';

/**
 * Most characters of one text that an element puts into the page. Chromium lays out about a
 * million characters in 0.4 s (twice that without spaces) and Markdown adds 1.2 s per million,
 * so a 10 MB text shown whole blocks the page for a minute (SPEC §6: never a frozen tab).
 * Copy and download still give the whole text.
 */
export const MAX_SHOWN_CHARS = 100_000;

/** The beginning of `text` that is shown: all of it up to MAX_SHOWN_CHARS. */
export function shownPart(text: string): string {
  if (text.length <= MAX_SHOWN_CHARS) return text;
  const last = text.charCodeAt(MAX_SHOWN_CHARS - 1);
  // Never cut a surrogate pair in half.
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? MAX_SHOWN_CHARS - 1 : MAX_SHOWN_CHARS);
}

/** The note under a text shown in part (`part="cut"`): how much of it is shown. */
export function renderCutNote(ambient: AmbientController, total: number) {
  if (total <= MAX_SHOWN_CHARS) return nothing;
  const format = (n: number) => formatNumber(n, ambient.lang);
  return html`<p part="cut" class="cut">
    ${ambient.t('common.cut', { shown: format(MAX_SHOWN_CHARS), total: format(total) })}
  </p>`;
}

export const cutNoteStyles = css`
  .cut {
    margin: 0.25rem 0 0;
    color: var(--_muted);
    font-size: 0.85em;
    font-style: italic;
  }
`;
