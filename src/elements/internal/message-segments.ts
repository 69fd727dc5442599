import { unsafeCSS, type CSSResult } from 'lit';
import type { Segment, SegmentKind } from '../../core/protocol/types.js';
import { DocumentView } from '../segment-document.view.js';
import { segmentDocumentStyles } from '../segment-document.styles.js';
import { LongTextView } from '../segment-long-text.view.js';
import { segmentLongTextStyles } from '../segment-long-text.styles.js';
import { MediaView } from '../segment-media.view.js';
import { segmentMediaStyles } from '../segment-media.styles.js';
import { MemoryView } from '../segment-memory.view.js';
import { segmentMemoryStyles } from '../segment-memory.styles.js';
import { SkillsView } from '../segment-skills.view.js';
import { segmentSkillsStyles } from '../segment-skills.styles.js';
import { StateChangeView } from '../segment-state-change.view.js';
import { segmentStateChangeStyles } from '../segment-state-change.styles.js';
import { StaticVarView } from '../segment-static-var.view.js';
import { segmentStaticVarStyles } from '../segment-static-var.styles.js';
import { SystemPromptView } from '../segment-system-prompt.view.js';
import { segmentSystemPromptStyles } from '../segment-system-prompt.styles.js';
import { TextView } from '../segment-text.view.js';
import { segmentTextStyles } from '../segment-text.styles.js';
import { ToolOverviewView } from '../segment-tool-overview.view.js';
import { segmentToolOverviewStyles } from '../segment-tool-overview.styles.js';
import { ToolCallRequestView } from '../tool-call-request.view.js';
import { toolCallRequestStyles } from '../tool-call-request.styles.js';
import { ToolCallResultView } from '../tool-call-result.view.js';
import { toolCallResultStyles } from '../tool-call-result.styles.js';
import type { AmbientController } from './localize.js';
import { jsonStyles } from './json-view.js';
import { segmentSharedStyles } from './segment-styles.js';
import type { SegmentNaming, SegmentView, SegmentViewHost } from './segment-view.js';

/** Parts prefixed with `segment-` and ids with `key` (unique in the message), for its views. */
export function messageNaming(key: string): SegmentNaming {
  return {
    part: (names) =>
      names
        .split(' ')
        .map((name) => `segment-${name}`)
        .join(' '),
    id: (name) => `segment-${key}-${name}`,
  };
}

type ViewClass = new (
  host: SegmentViewHost,
  ambient: AmbientController,
  naming: SegmentNaming,
) => SegmentView<Segment>;

/** The view of each kind, and the kind's own styles: what a message draws its segments with. */
const KINDS: Record<SegmentKind, [ViewClass, CSSResult]> = {
  text: [TextView as ViewClass, segmentTextStyles],
  static_var: [StaticVarView as ViewClass, segmentStaticVarStyles],
  system_prompt: [SystemPromptView as ViewClass, segmentSystemPromptStyles],
  memory: [MemoryView as ViewClass, segmentMemoryStyles],
  skills: [SkillsView as ViewClass, segmentSkillsStyles],
  tool_overview: [ToolOverviewView as ViewClass, segmentToolOverviewStyles],
  tool_call_request: [ToolCallRequestView as ViewClass, toolCallRequestStyles],
  tool_call_result: [ToolCallResultView as ViewClass, toolCallResultStyles],
  document: [DocumentView as ViewClass, segmentDocumentStyles],
  long_text: [LongTextView as ViewClass, segmentLongTextStyles],
  media: [MediaView as ViewClass, segmentMediaStyles],
  state_change: [StateChangeView as ViewClass, segmentStateChangeStyles],
};

/** A new view of `kind` drawn by a message. */
export function createSegmentView(
  kind: SegmentKind,
  host: SegmentViewHost,
  ambient: AmbientController,
  naming: SegmentNaming,
): SegmentView<Segment> {
  return new KINDS[kind][0](host, ambient, naming);
}

/** The styles of every kind, for the message's shadow root. */
export const messageSegmentStyles = segmentStylesIn(
  Object.entries(KINDS).map(([kind, [, sheet]]) => [kind as SegmentKind, sheet]),
);

/**
 * The styles of segments drawn inside a message's shadow root, beside the message's own markup:
 * the shared ones under `.segment` (the wrapper of each segment), each kind's under its wrapper
 * class (`.segment-memory`…), so that one kind's classes style neither another kind nor the
 * message. A kind's rules for its element's root (`.base`) apply to its wrapper.
 */
function segmentStylesIn(kinds: readonly [SegmentKind, CSSResult][]): CSSResult {
  const shared = [...segmentSharedStyles, jsonStyles].map((sheet) => sheet.cssText).join('\n');
  const own = kinds.map(
    ([kind, sheet]) => `.segment-${kind} { ${sheet.cssText.replace(/\.base\b(?!-)/g, '&')} }`,
  );
  return unsafeCSS(`.segment { ${shared} }\n${own.join('\n')}`);
}
