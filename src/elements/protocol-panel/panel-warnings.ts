import { html, nothing } from 'lit';
import type { AmbientController } from '../internal/strings/localize.js';
import { icon, warningIcon } from '../internal/ui/icons.js';

/**
 * A tab's own warnings (the export's, or the Raw tab's semantic ones), or the sentence that
 * there are none. `quiet`: say nothing when there are none, for a body that differs from the log
 * it was imported from (the log notice says how), so that "No warnings" never stands beside it.
 */
export function renderTabWarnings(
  a: AmbientController,
  warnings: readonly { message: string; where?: string }[],
  quiet: boolean,
) {
  if (warnings.length === 0)
    return quiet
      ? nothing
      : html`<p part="warnings" class="warnings none">${a.t('panel.noWarnings')}</p>`;
  return html`<div part="warnings" class="warnings">
    <span class="warnings-title"
      >${icon(warningIcon)} ${a.t('panel.warnings')} (${warnings.length})</span
    >
    <ul>
      ${warnings.map(
        (w) => html`<li>${w.where ? html`<code>${w.where}</code> ` : nothing}${w.message}</li>`,
      )}
    </ul>
  </div>`;
}
