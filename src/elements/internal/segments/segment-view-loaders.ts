import type { Segment, SegmentKind } from '../../../core/protocol/types.js';
import type { AmbientController } from '../strings/localize.js';
import type { SegmentNaming, SegmentView, SegmentViewHost } from './segment-view.js';

/** A view class of one kind. */
export type ViewClass = new (
  host: SegmentViewHost,
  ambient: AmbientController,
  naming: SegmentNaming,
) => SegmentView<Segment>;

/**
 * The view of each kind, loaded the first time a message draws that kind: a page pays for the
 * kinds it shows (a chat of plain text never loads the tool overview's code). The one-file
 * bundles hold every view (segment-view-loaders.bundle.ts); the split build loads all of them in
 * one chunk (segment-view-loaders.split.ts).
 */
export const viewLoaders: Record<SegmentKind, () => Promise<ViewClass>> = {
  text: () =>
    import('../../segment-text/segment-text.view.js').then((m) => m.TextView as ViewClass),
  static_var: () =>
    import('../../segment-static-var/segment-static-var.view.js').then(
      (m) => m.StaticVarView as ViewClass,
    ),
  system_prompt: () =>
    import('../../segment-system-prompt/segment-system-prompt.view.js').then(
      (m) => m.SystemPromptView as ViewClass,
    ),
  memory: () =>
    import('../../segment-memory/segment-memory.view.js').then((m) => m.MemoryView as ViewClass),
  skills: () =>
    import('../../segment-skills/segment-skills.view.js').then((m) => m.SkillsView as ViewClass),
  tool_overview: () =>
    import('../../segment-tool-overview/segment-tool-overview.view.js').then(
      (m) => m.ToolOverviewView as ViewClass,
    ),
  tool_call_request: () =>
    import('../../tool-call-request/tool-call-request.view.js').then(
      (m) => m.ToolCallRequestView as ViewClass,
    ),
  tool_call_result: () =>
    import('../../tool-call-result/tool-call-result.view.js').then(
      (m) => m.ToolCallResultView as ViewClass,
    ),
  document: () =>
    import('../../segment-document/segment-document.view.js').then(
      (m) => m.DocumentView as ViewClass,
    ),
  long_text: () =>
    import('../../segment-long-text/segment-long-text.view.js').then(
      (m) => m.LongTextView as ViewClass,
    ),
  media: () =>
    import('../../segment-media/segment-media.view.js').then((m) => m.MediaView as ViewClass),
  state_change: () =>
    import('../../segment-state-change/segment-state-change.view.js').then(
      (m) => m.StateChangeView as ViewClass,
    ),
  thinking: () =>
    import('../../segment-thinking/segment-thinking.view.js').then(
      (m) => m.ThinkingView as ViewClass,
    ),
};
