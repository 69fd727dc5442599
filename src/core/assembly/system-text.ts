/** The system text: text segments in kind order and by weight, trimmed to a budget. */
import type { ExportWarning } from './conversation.js';
import { KIND_ORDER, type TextSegmentKind, type TraceRow } from './registry.js';

/** One part of the system text, by the id of the segment that wrote it. */
export interface SystemPart {
  id: string;
  kind: TextSegmentKind;
  text: string;
}

/** The parts of the system text that fit `maxChars`, dropping `preferred` ones, lowest weight first. */
export function keptSystemParts(
  texts: { row: TraceRow; text: string; order: number; preferred: boolean }[],
  maxChars: number | undefined,
  warnings: ExportWarning[],
): SystemPart[] {
  const sorted = [...texts].sort(
    (a, b) =>
      KIND_ORDER.get(a.row.kind)! - KIND_ORDER.get(b.row.kind)! ||
      b.row.weight - a.row.weight ||
      a.order - b.order,
  );
  const length = (list: typeof sorted) =>
    list.reduce((sum, t) => sum + t.text.length, 0) + Math.max(0, list.length - 1) * 2;
  let kept = sorted;
  if (maxChars !== undefined && Number.isFinite(maxChars) && length(kept) > maxChars) {
    // Lowest weight first; among equals, the one placed last.
    const droppable = kept
      .filter((t) => t.preferred)
      .sort((a, b) => a.row.weight - b.row.weight || kept.indexOf(b) - kept.indexOf(a));
    for (const victim of droppable) {
      if (length(kept) <= maxChars) break;
      victim.row.trimmed = true;
      kept = kept.filter((t) => t !== victim);
    }
    const dropped = sorted.filter((t) => t.row.trimmed).map((t) => `'${t.row.id}'`);
    if (dropped.length > 0) {
      warnings.push({
        code: 'system-trimmed',
        message: `The system text was over ${maxChars} characters, so segment${dropped.length > 1 ? 's' : ''} ${dropped.join(', ')} ${dropped.length > 1 ? 'were' : 'was'} left out.`,
        messageIds: [],
      });
    }
    if (length(kept) > maxChars) {
      warnings.push({
        code: 'system-over-budget',
        message: `The system text has ${length(kept)} characters, over the budget of ${maxChars}; what remains is required.`,
        messageIds: [],
      });
    }
  }
  return kept.map((t) => ({ id: t.row.id, kind: t.row.kind as TextSegmentKind, text: t.text }));
}
