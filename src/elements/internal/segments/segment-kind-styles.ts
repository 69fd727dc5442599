import { unsafeCSS, type CSSResult } from 'lit';
import type { SegmentKind } from '../../../core/protocol/types.js';
import { segmentDocumentStyles } from '../../segment-document/segment-document.styles.js';
import { segmentLongTextStyles } from '../../segment-long-text/segment-long-text.styles.js';
import { segmentMediaStyles } from '../../segment-media/segment-media.styles.js';
import { segmentMemoryStyles } from '../../segment-memory/segment-memory.styles.js';
import { segmentSkillsStyles } from '../../segment-skills/segment-skills.styles.js';
import { segmentStateChangeStyles } from '../../segment-state-change/segment-state-change.styles.js';
import { segmentStaticVarStyles } from '../../segment-static-var/segment-static-var.styles.js';
import { segmentSystemPromptStyles } from '../../segment-system-prompt/segment-system-prompt.styles.js';
import { segmentTextStyles } from '../../segment-text/segment-text.styles.js';
import { segmentThinkingStyles } from '../../segment-thinking/segment-thinking.styles.js';
import { segmentToolOverviewStyles } from '../../segment-tool-overview/segment-tool-overview.styles.js';
import { toolCallRequestStyles } from '../../tool-call-request/tool-call-request.styles.js';
import { toolCallResultStyles } from '../../tool-call-result/tool-call-result.styles.js';
import { jsonStyles } from '../ui/json-styles.js';
import { segmentSharedStyles } from './segment-styles.js';

/**
 * What every segment drawn inside a message's shadow root builds on, under `.segment` (the wrapper
 * of each segment), so that it styles none of the message's own markup.
 */
export const SEGMENT_SHARED_STYLES = unsafeCSS(
  `.segment { ${[...segmentSharedStyles, jsonStyles].map((sheet) => sheet.cssText).join('\n')} }`,
);

/** The styles of each kind's element. */
const ELEMENT_STYLES: Record<SegmentKind, CSSResult> = {
  text: segmentTextStyles,
  static_var: segmentStaticVarStyles,
  system_prompt: segmentSystemPromptStyles,
  memory: segmentMemoryStyles,
  skills: segmentSkillsStyles,
  tool_overview: segmentToolOverviewStyles,
  tool_call_request: toolCallRequestStyles,
  tool_call_result: toolCallResultStyles,
  document: segmentDocumentStyles,
  long_text: segmentLongTextStyles,
  media: segmentMediaStyles,
  state_change: segmentStateChangeStyles,
  thinking: segmentThinkingStyles,
};

/**
 * The styles of each kind inside a message: its element's, under the kind's wrapper class, so that
 * one kind's classes style neither another kind nor the message; the rules for the element's root
 * (`.base`) apply to the wrapper.
 */
export const SEGMENT_KIND_STYLES = Object.fromEntries(
  Object.entries(ELEMENT_STYLES).map(([kind, sheet]) => [
    kind,
    unsafeCSS(`.segment-${kind} { ${sheet.cssText.replace(/\.base\b(?!-)/g, '&')} }`),
  ]),
) as Record<SegmentKind, CSSResult>;

/** All of them, for a message's shadow root. */
export const SEGMENT_STYLES = [SEGMENT_SHARED_STYLES, ...Object.values(SEGMENT_KIND_STYLES)];
