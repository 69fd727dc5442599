import type { MessageDiff } from '../../core/insight/diff.js';

/** A row of the diff's columns: a changed message, or a run of unchanged ones that folds. */
export type Row = { run: MessageDiff[]; start: number } | { row: MessageDiff };

/** Messages in order, consecutive unchanged ones gathered into runs that fold. */
export function groupRows(rows: MessageDiff[]): Row[] {
  const out: Row[] = [];
  rows.forEach((row, index) => {
    const last = out[out.length - 1];
    if (row.status !== 'unchanged') out.push({ row });
    else if (last && 'run' in last) last.run.push(row);
    else out.push({ run: [row], start: index });
  });
  return out;
}
