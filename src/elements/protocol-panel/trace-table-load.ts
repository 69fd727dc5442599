import { onDemand, type PendingWork } from '../internal/loading/on-demand.js';

/**
 * The Trace tab's table, loaded the first time the tab shows: a panel that shows requests does
 * not carry it. The one-file bundles hold it (trace-table-load.bundle.ts); server rendering
 * loads it before rendering (server-preload.ts).
 */
export const traceTable = onDemand(() => import('./trace-table.js'));

let failed = false;

/**
 * Whether the Trace tab waits for its table's code: the load starts, tracked by `pending`, and
 * `loaded` draws again. If it cannot load, the rows are shown as JSON.
 */
export function traceTableLoads(pending: PendingWork, loaded: () => void): boolean {
  if (traceTable.get() || failed) return false;
  void pending.track(
    traceTable
      .load()
      .catch(() => (failed = true))
      .finally(loaded),
  );
  return true;
}
