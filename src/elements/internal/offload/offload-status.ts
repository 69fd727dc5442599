import { css, html } from 'lit';
import { formatPercent } from '../strings/format.js';
import type { AmbientController } from '../strings/localize.js';

/**
 * The state of a view whose work runs off the main thread (offload.ts): a status line with the
 * share done, busy for assistive technology until the result is drawn.
 */
export function renderWorking(ambient: AmbientController, share: number) {
  const done = Math.min(1, Math.max(0, share));
  return html`<p part="working" class="working" role="status" aria-busy="true">
    <progress max="1" .value=${done}></progress>
    ${ambient.t('common.working', { p: formatPercent(done, ambient.lang) })}
  </p>`;
}

export const workingStyles = css`
  .working {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    margin: 0.75rem;
    color: var(--_muted);
  }
`;
