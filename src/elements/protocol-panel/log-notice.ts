import { html, nothing } from 'lit';
import { compareWithLog, type LogComparison } from '../../core/insight/log-compare.js';
import { issueWhere } from '../../core/protocol/issues.js';
import type { ImportWarning } from '../../core/targets/import-body.js';
import type { ImportedRequest } from '../../core/targets/import-logged.js';
import type { AmbientController } from '../internal/strings/localize.js';
import { icon, warningIcon } from '../internal/ui/icons.js';
import { renderIssueLine } from '../internal/ui/issue-line.js';

/** Differences listed one by one; past these the notice says how many more (never hides them). */
const LISTED = 100;

const KIND_LABELS = {
  'left-out': 'panel.logLeftOut',
  added: 'panel.logAdded',
  changed: 'panel.logChanged',
} as const;

/**
 * What the protocol panel says about a conversation imported from a provider's log (issue 43:
 * nothing differs silently). The tab of the log's API compares its body with the body logged
 * and says either that it is the request as logged, or each JSON path that differs with the
 * import warnings that name it (a difference none names is "not explained"); every other tab
 * lists what the import said. A warning reads as `prompt-envelope import` prints it (issueText).
 * Loaded the first time a panel has an imported request (log-notice-load.ts); its styles are
 * the panel's own (protocol-panel.styles.ts).
 */
export class LogNotice {
  /** One comparison per view (an envelope's tab, with its settings) and imported request. */
  private made = new WeakMap<object, { imported: ImportedRequest; comparison: LogComparison }>();

  /**
   * The notice above a tab's body, and whether the tab's body differs from the log (the panel
   * then never says "No warnings" for it). `exported` gives the tab's body; it is read only for
   * the tab of the log's own API, once per view.
   */
  render(
    a: AmbientController,
    imported: ImportedRequest | undefined,
    tab: string,
    view: object,
    exported: () => unknown,
  ) {
    if (!imported) return { notice: nothing, differs: false };
    if (tab !== imported.source)
      return {
        notice: html`<div part="log-notice" class="log-notice">
          <p>${a.t('panel.logFrom', { api: a.t(`panel.${imported.source}`) })}</p>
          ${renderSaid(a, imported.warnings)}
        </div>`,
        differs: false,
      };
    let made = this.made.get(view);
    if (made?.imported !== imported) {
      made = { imported, comparison: compareWithLog(exported(), imported) };
      this.made.set(view, made);
    }
    const { same, differences, others } = made.comparison;
    const shown = differences.slice(0, LISTED);
    const title = same
      ? a.t(imported.withResponse ? 'panel.logSameResponse' : 'panel.logSame')
      : html`${icon(warningIcon)} ${a.t('panel.logDiffers')}`;
    return {
      notice: html`<div part="log-notice" class="log-notice ${same ? 'same' : 'differs'}">
        <p class="log-title">${title}</p>
        ${
          same
            ? nothing
            : html`<ul class="log-differences">
                  ${shown.map(
                    (d) =>
                      html`<li part="log-difference">
                        <code>${issueWhere(d)}</code> ${a.t(KIND_LABELS[d.kind])}${
                          d.warnings.length === 0
                            ? html` <strong class="unexplained"
                                >${a.t('panel.logUnexplained')}</strong
                              >`
                            : html`<ul>
                                ${d.warnings.map((w) => html`<li>${renderIssueLine(w)}</li>`)}
                              </ul>`
                        }
                      </li>`,
                  )}
                </ul>
                ${
                  differences.length > LISTED
                    ? html`<p>${a.t('panel.logMore', { n: differences.length - LISTED })}</p>`
                    : nothing
                }`
        }
        ${renderSaid(a, others, !same)}
      </div>`,
      differs: !same,
    };
  }
}

/** The import's warnings under "What the import said", or that it said nothing. */
function renderSaid(a: AmbientController, warnings: readonly ImportWarning[], besides = false) {
  if (warnings.length === 0)
    return besides ? nothing : html`<p class="log-said">${a.t('panel.importSaidNothing')}</p>`;
  return html`<p class="log-said">
      ${a.t(besides ? 'panel.importSaidBesides' : 'panel.importSaid', { n: warnings.length })}
    </p>
    <ul part="import-warnings" class="import-warnings">
      ${warnings.map((w) => html`<li>${renderIssueLine(w)}</li>`)}
    </ul>`;
}
