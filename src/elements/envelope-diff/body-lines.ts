import { exportEnvelope } from '../../core/targets/export.js';
import type { ExportTarget } from '../../core/targets/target-names.js';
import type { Envelope } from '../../core/protocol/types.js';
import { html, isServer, type ReactiveControllerHost } from 'lit';
import type { AmbientController } from '../internal/strings/localize.js';
import { onDemand, PendingWork } from '../internal/loading/on-demand.js';

/** jsdiff, loaded when a body diff is first shown: the envelopes view does not need it. */
export const jsdiff = onDemand(() => import('diff'));

/**
 * jsdiff for an element's bodies view: `ready()` says whether it is here and, when not, starts
 * loading it (once); the host updates when it arrives, and shows `placeholder()` meanwhile (or
 * why it failed). The host's updateComplete waits for the load through `settle`.
 */
export function jsdiffFor(host: ReactiveControllerHost) {
  const pending = new PendingWork();
  let started = false;
  let failed: string | undefined;
  return {
    ready(): boolean {
      if (jsdiff.get()) return true;
      if (!started && !isServer) {
        started = true;
        const done = (error?: unknown) => {
          if (error !== undefined) failed = (error as Error)?.message ?? String(error);
          host.requestUpdate();
        };
        void pending.track(jsdiff.load().then(() => done(), done));
      }
      return false;
    },
    placeholder: (a: AmbientController) =>
      html`<p class="muted" role=${failed ? 'alert' : 'status'}>
        ${failed ? a.t('common.loadFailed', { reason: failed }) : a.t('common.loading')}
      </p>`,
    settle: (update: () => Promise<boolean>) => pending.settle(update),
  };
}

/** Unchanged lines kept around each change of a body diff; longer runs fold. */
const CONTEXT_LINES = 3;
/** Fewer unchanged lines than this are shown rather than folded. */
const MIN_FOLD = 4;
/** Beyond this many line edits the bodies are called too different (jsdiff's `maxEditLength`). */
const MAX_LINE_EDITS = 4000;

/** One line of a body diff: unchanged (' '), added ('+') or removed ('-'). */
export type Line = { type: ' ' | '+' | '-'; text: string };
/** Consecutive lines of a body diff; a folded group is a long unchanged run, hidden until opened. */
export type LineGroup = { lines: Line[]; folded: boolean; start: number };

/**
 * The line diff of the request bodies that the two envelopes export for `target` (pretty JSON),
 * with long unchanged runs folded; null when they are too different to compare line by line.
 * jsdiff must have loaded (`jsdiff.load()`).
 */
export function diffExportedBodies(
  before: Envelope,
  after: Envelope,
  target: ExportTarget,
): LineGroup[] | null {
  const { diffLines } = jsdiff.get()!;
  const text = (envelope: Envelope) => {
    try {
      return JSON.stringify(exportEnvelope(envelope, { target }).body, null, 2) + '\n';
    } catch {
      return '';
    }
  };
  const changes = diffLines(text(before), text(after), { maxEditLength: MAX_LINE_EDITS });
  return changes ? foldLines(changes) : null;
}

/** Lines of a jsdiff result; unchanged runs longer than twice the context fold in the middle. */
function foldLines(changes: { value: string; added: boolean; removed: boolean }[]): LineGroup[] {
  const lines: Line[] = [];
  for (const change of changes) {
    const type = change.added ? '+' : change.removed ? '-' : ' ';
    const parts = change.value.split('\n');
    if (parts[parts.length - 1] === '') parts.pop();
    for (const text of parts) lines.push({ type, text });
  }
  const groups: LineGroup[] = [];
  let i = 0;
  while (i < lines.length) {
    let j = i;
    while (j < lines.length && lines[j].type === lines[i].type) j++;
    const run = lines.slice(i, j);
    const first = i === 0;
    const last = j === lines.length;
    const keepBefore = first ? 0 : CONTEXT_LINES;
    const keepAfter = last ? 0 : CONTEXT_LINES;
    if (lines[i].type === ' ' && run.length - keepBefore - keepAfter >= MIN_FOLD) {
      if (keepBefore) groups.push({ lines: run.slice(0, keepBefore), folded: false, start: i });
      groups.push({
        lines: run.slice(keepBefore, run.length - keepAfter),
        folded: true,
        start: i + keepBefore,
      });
      if (keepAfter)
        groups.push({
          lines: run.slice(run.length - keepAfter),
          folded: false,
          start: j - keepAfter,
        });
    } else {
      groups.push({ lines: run, folded: false, start: i });
    }
    i = j;
  }
  return groups;
}
