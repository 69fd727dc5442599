import type {
  ComposeResult,
  NativeComponent,
  PromptComponent,
} from '../../../core/assembly/compose.js';
import { composePrompt, listNativeComponents } from '../../../core/targets/compose-prompt.js';
import type { TraceRow } from '../../../core/assembly/registry.js';
import { diffEnvelopes, type EnvelopeDiffResult } from '../../../core/insight/diff.js';
import { measureEnvelope, type MeasureResult } from '../../../core/insight/measure.js';
import { searchEnvelope, type SearchResult } from '../../../core/insight/search.js';
import { readableJson } from '../../../core/protocol/json-value.js';
import { findSemanticWarnings } from '../../../core/protocol/semantic-checks.js';
import type { Envelope } from '../../../core/protocol/types.js';
import { exportEnvelope } from '../../../core/targets/export.js';
import type { ExportTarget } from '../../../core/targets/target-names.js';
import type { TextBytes } from './offload-text.js';
import { cutToShared, type SharedBudget } from '../pacing/shown-part.js';

/**
 * The heavy work of the elements (issue 20): what the protocol panel, the context meter, the
 * chat's search, `<envelope-diff>` and the Studio's preview compute from a large envelope. Pure and DOM-free, so the
 * same code runs in the offload worker and, where no worker can start, on the main thread.
 * Envelopes are named by an id: the worker holds them (sent once, in parts), the jobs refer
 * to them.
 */
export type OffloadJob =
  | {
      type: 'export';
      envelope: number;
      target: ExportTarget;
      /** `trace`: the Trace tab's rows and their JSON instead of the request body. */
      view: 'body' | 'trace';
      maxSystemChars?: number;
      components?: readonly PromptComponent[];
    }
  | { type: 'raw'; envelope: number }
  | { type: 'measure'; envelope: number; target: ExportTarget }
  | { type: 'search'; envelope: number; query: string; limit?: number }
  | { type: 'diff'; before: number; after: number }
  | {
      type: 'compose';
      envelope: number;
      components: readonly PromptComponent[];
      target: ExportTarget;
      /** What a view shows of the texts: the rest is left in the worker (ShownComposition). */
      view?: { system: number; messages: SharedBudget };
    }
  | { type: 'natives'; envelope: number; target: ExportTarget };

export interface PanelView {
  /** The JSON shown, copied and downloaded (from the worker, a long one as bytes). */
  text: string | TextBytes;
  warnings: { message: string; where?: string }[];
  /** The Trace tab's rows (only for `view: 'trace'`). */
  trace?: TraceRow[];
}

/**
 * A composed prompt as a view shows it: with the job's `view`, each text cut one character after
 * the most the view can show of it (shown-part.ts), its full length in `fullLengths`, and no
 * `preview` (the whole prompt again). 2,000 texts of 50 kB made a 200 MB answer that took the
 * page 1.7 s to receive, in one task; cut, about 4 MB.
 */
export interface ShownComposition extends Omit<ComposeResult, 'preview'> {
  fullLengths?: { system: number; messages: number[] };
}

export type OffloadResult =
  | PanelView
  | MeasureResult
  | SearchResult
  | EnvelopeDiffResult
  | ShownComposition
  | NativeComponent[];

/** What each job gives back. */
export interface OffloadResults {
  export: PanelView;
  raw: PanelView;
  measure: MeasureResult;
  search: SearchResult;
  diff: EnvelopeDiffResult;
  compose: ShownComposition;
  natives: NativeComponent[];
}

/** Runs `job` on envelopes read through `envelope`: each job is one call of the core. */
export function runOffloadJob(job: OffloadJob, envelope: (id: number) => Envelope): OffloadResult {
  switch (job.type) {
    case 'export': {
      const out = exportEnvelope(envelope(job.envelope), {
        target: job.target,
        ...(job.maxSystemChars === undefined ? {} : { maxSystemChars: job.maxSystemChars }),
        ...(job.components?.length ? { components: job.components } : {}),
      });
      const warnings = out.warnings.map((w) => ({ message: w.message }));
      return job.view === 'trace'
        ? { text: readableJson(out.trace), warnings, trace: out.trace }
        : { text: readableJson(out.body), warnings };
    }
    case 'raw': {
      const value = envelope(job.envelope);
      return {
        text: readableJson(value),
        warnings: findSemanticWarnings(value).map((w) => ({ message: w.message, where: w.path })),
      };
    }
    case 'measure':
      return measureEnvelope(envelope(job.envelope), { target: job.target });
    case 'diff':
      return diffEnvelopes(envelope(job.before), envelope(job.after));
    case 'search':
      // As written: the worker has no Markdown reader (its bundle must not split: the reader
      // loads the sanitizer and HTML's names on demand), so Markdown is searched as written here.
      return searchEnvelope(envelope(job.envelope), job.query, { limit: job.limit ?? 10_000 });
    case 'compose': {
      const result = composePrompt(envelope(job.envelope), job.components, { target: job.target });
      return job.view === undefined ? result : shownComposition(result, job.view);
    }
    case 'natives':
      return listNativeComponents(envelope(job.envelope), { target: job.target });
  }
}

function shownComposition(
  result: ComposeResult,
  view: { system: number; messages: SharedBudget },
): ShownComposition {
  const contents = cutToShared(
    result.messages.map((m) => m.content),
    view.messages,
  );
  const system = result.system;
  return {
    warnings: result.warnings,
    errors: result.errors,
    system: system === null ? null : system.slice(0, view.system + 1),
    messages: result.messages.map((m, i) => ({ ...m, content: contents[i]! })),
    fullLengths: {
      system: system?.length ?? 0,
      messages: result.messages.map((m) => m.content.length),
    },
  };
}
