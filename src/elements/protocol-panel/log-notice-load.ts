import { html, nothing } from 'lit';
import type { ImportedRequest } from '../../core/targets/import-logged.js';
import { onDemand, type PendingWork } from '../internal/loading/on-demand.js';
import type { AmbientController } from '../internal/strings/localize.js';
import type { LogNotice } from './log-notice.js';

/**
 * The notice of a request imported from a log (log-notice.ts, with the comparison it makes),
 * loaded the first time a panel has an `imported` request: a panel that shows envelopes does
 * not carry it. The one-file bundles hold it (log-notice-load.bundle.ts); server rendering
 * loads it before rendering (server-preload.ts).
 */
export const logNoticeCode = onDemand(() => import('./log-notice.js'));

let failure: string | undefined;
let notice: LogNotice | undefined;

/**
 * Whether a panel with an imported request waits for the notice's code: the load starts,
 * tracked by `pending`, and `loaded` draws again.
 */
export function logNoticeLoads(pending: PendingWork, loaded: () => void): boolean {
  if (logNoticeCode.get() || failure !== undefined) return false;
  void pending.track(
    logNoticeCode
      .load()
      .catch((error: unknown) => (failure = String(error)))
      .finally(loaded),
  );
  return true;
}

/**
 * The notice above a tab's body and whether the body differs from the log (see LogNotice).
 * If its code could not load, it says so, and the tab does not say "No warnings" either.
 */
export function renderLogNotice(
  a: AmbientController,
  imported: ImportedRequest | undefined,
  tab: string,
  view: object,
  exported: () => unknown,
) {
  if (!imported) return { notice: nothing, differs: false };
  const code = logNoticeCode.get();
  if (code) return (notice ??= new code.LogNotice()).render(a, imported, tab, view, exported);
  return {
    notice: html`<p part="log-notice" class="log-notice">
      ${a.t('common.loadFailed', { reason: failure ?? '' })}
    </p>`,
    differs: true,
  };
}
