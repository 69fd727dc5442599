import { css, html, nothing } from 'lit';
import type { AmbientController } from '../strings/localize.js';

/**
 * The small "cached (ephemeral)" note of a text or system prompt that carries Anthropic's
 * `cache_control` marker (1.1): where the provider may reuse the request's prefix. The marker's
 * own words (`type`, `ttl`) are shown as text.
 */
export function renderCacheNote(
  t: AmbientController,
  marker: Record<string, unknown> | undefined,
  part: string,
) {
  if (!marker) return nothing;
  return html`<p part=${part} class="cache-note" title=${t.t('cache.why')}>
    ${cacheWords(t, marker)}
  </p>`;
}

/** "cached (ephemeral)", "cached (ephemeral, 1h)": the marker's `type` and `ttl` as text. */
export function cacheWords(t: AmbientController, marker: Record<string, unknown>): string {
  const words = [marker.type, marker.ttl].filter(
    (word): word is string => typeof word === 'string' && word !== '',
  );
  return t.t('cache.note', { type: words.join(', ') || 'ephemeral' });
}

export const cacheNoteStyles = css`
  .cache-note {
    margin: 0.35rem 0 0;
    color: var(--_muted);
    font-size: 0.78em;
  }
`;
