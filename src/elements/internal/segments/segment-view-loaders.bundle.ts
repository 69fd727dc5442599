import type { SegmentKind } from '../../../core/protocol/types.js';
import type { ViewClass } from './segment-view-loaders.js';
import { TextView } from '../../segment-text/segment-text.view.js';
import { StaticVarView } from '../../segment-static-var/segment-static-var.view.js';
import { SystemPromptView } from '../../segment-system-prompt/segment-system-prompt.view.js';
import { MemoryView } from '../../segment-memory/segment-memory.view.js';
import { SkillsView } from '../../segment-skills/segment-skills.view.js';
import { ToolOverviewView } from '../../segment-tool-overview/segment-tool-overview.view.js';
import { ToolCallRequestView } from '../../tool-call-request/tool-call-request.view.js';
import { ToolCallResultView } from '../../tool-call-result/tool-call-result.view.js';
import { DocumentView } from '../../segment-document/segment-document.view.js';
import { LongTextView } from '../../segment-long-text/segment-long-text.view.js';
import { MediaView } from '../../segment-media/segment-media.view.js';
import { StateChangeView } from '../../segment-state-change/segment-state-change.view.js';
import { ThinkingView } from '../../segment-thinking/segment-thinking.view.js';

/** Every view, by kind (also what the server entry of prompt-envelope/react gives at once). */
export const views: Record<SegmentKind, ViewClass> = {
  text: TextView,
  static_var: StaticVarView,
  system_prompt: SystemPromptView,
  memory: MemoryView,
  skills: SkillsView,
  tool_overview: ToolOverviewView,
  tool_call_request: ToolCallRequestView,
  tool_call_result: ToolCallResultView,
  document: DocumentView,
  long_text: LongTextView,
  media: MediaView,
  state_change: StateChangeView,
  thinking: ThinkingView,
} as Record<SegmentKind, ViewClass>;

/** segment-view-loaders.ts in the one-file bundles, which define every segment element anyway. */
export const viewLoaders = Object.fromEntries(
  Object.entries(views).map(([kind, view]) => [kind, () => Promise.resolve(view)]),
) as Record<SegmentKind, () => Promise<ViewClass>>;
