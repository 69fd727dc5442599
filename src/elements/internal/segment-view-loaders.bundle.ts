import type { SegmentKind } from '../../core/protocol/types.js';
import type { ViewClass } from './segment-view-loaders.js';
import { TextView } from '../segment-text.view.js';
import { StaticVarView } from '../segment-static-var.view.js';
import { SystemPromptView } from '../segment-system-prompt.view.js';
import { MemoryView } from '../segment-memory.view.js';
import { SkillsView } from '../segment-skills.view.js';
import { ToolOverviewView } from '../segment-tool-overview.view.js';
import { ToolCallRequestView } from '../tool-call-request.view.js';
import { ToolCallResultView } from '../tool-call-result.view.js';
import { DocumentView } from '../segment-document.view.js';
import { LongTextView } from '../segment-long-text.view.js';
import { MediaView } from '../segment-media.view.js';
import { StateChangeView } from '../segment-state-change.view.js';

/** segment-view-loaders.ts in the one-file bundles, which define every segment element anyway. */
export const viewLoaders: Record<SegmentKind, () => Promise<ViewClass>> = {
  text: () => Promise.resolve(TextView as ViewClass),
  static_var: () => Promise.resolve(StaticVarView as ViewClass),
  system_prompt: () => Promise.resolve(SystemPromptView as ViewClass),
  memory: () => Promise.resolve(MemoryView as ViewClass),
  skills: () => Promise.resolve(SkillsView as ViewClass),
  tool_overview: () => Promise.resolve(ToolOverviewView as ViewClass),
  tool_call_request: () => Promise.resolve(ToolCallRequestView as ViewClass),
  tool_call_result: () => Promise.resolve(ToolCallResultView as ViewClass),
  document: () => Promise.resolve(DocumentView as ViewClass),
  long_text: () => Promise.resolve(LongTextView as ViewClass),
  media: () => Promise.resolve(MediaView as ViewClass),
  state_change: () => Promise.resolve(StateChangeView as ViewClass),
};
