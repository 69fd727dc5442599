import type { EnvelopeDiffResult } from '../../../core/insight/diff.js';
import type { Envelope } from '../../../core/protocol/types.js';

/**
 * A diff without the messages and segments it points to, for the trip back from the worker:
 * the page has them already, and copying them back would double a large envelope's memory.
 */
export function detachDiff(diff: EnvelopeDiffResult): EnvelopeDiffResult {
  const bare = <T extends { index: number }>(at: T | undefined) =>
    at ? ({ index: at.index } as T) : undefined;
  return {
    ...diff,
    messages: diff.messages.map((row) => ({
      ...row,
      a: bare(row.a),
      b: bare(row.b),
      segments: row.segments.map((s) => ({ ...s, a: bare(s.a), b: bare(s.b) })),
    })),
  };
}

/** Puts back what detachDiff left out, from the envelopes that were compared. */
export function attachDiff(diff: EnvelopeDiffResult, before: Envelope, after: Envelope): void {
  for (const row of diff.messages) {
    if (row.a) row.a.message = before.messages[row.a.index]!;
    if (row.b) row.b.message = after.messages[row.b.index]!;
    for (const s of row.segments) {
      if (s.a) s.a.segment = row.a!.message.segments[s.a.index]!;
      if (s.b) s.b.segment = row.b!.message.segments[s.b.index]!;
    }
  }
}
