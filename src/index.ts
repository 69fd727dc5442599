/**
 * prompt-envelope: registers every element and re-exports the element classes, the events and
 * the DOM-free core. Import `prompt-envelope/core` instead for the core alone.
 */
import './define.js';

export * from './core/index.js';
export * from './events.js';
export { setStrings } from './elements/internal/strings/localize.js';
export { segmentRegistryContext } from './elements/internal/input/contexts.js';
export type { StringKey, Strings } from './elements/internal/strings/strings.js';
export { EnvelopeViewer } from './elements/envelope-viewer/envelope-viewer.component.js';
export { EnvelopeChat } from './elements/envelope-chat/envelope-chat.component.js';
export { EnvelopeMessage } from './elements/envelope-message/envelope-message.component.js';
export {
  ProtocolPanel,
  type ProtocolTab,
} from './elements/protocol-panel/protocol-panel.component.js';
export type { ImportedRequest } from './core/targets/import-logged.js';
export { SegmentText } from './elements/segment-text/segment-text.component.js';
export { SegmentStaticVar } from './elements/segment-static-var/segment-static-var.component.js';
export { SegmentSystemPrompt } from './elements/segment-system-prompt/segment-system-prompt.component.js';
export { SegmentMemory } from './elements/segment-memory/segment-memory.component.js';
export { SegmentSkills } from './elements/segment-skills/segment-skills.component.js';
export { SegmentToolOverview } from './elements/segment-tool-overview/segment-tool-overview.component.js';
export { ToolCallRequest } from './elements/tool-call-request/tool-call-request.component.js';
export { ToolCallResult } from './elements/tool-call-result/tool-call-result.component.js';
export { SegmentDocument } from './elements/segment-document/segment-document.component.js';
export { SegmentLongText } from './elements/segment-long-text/segment-long-text.component.js';
export { SegmentMedia } from './elements/segment-media/segment-media.component.js';
export { SegmentStateChange } from './elements/segment-state-change/segment-state-change.component.js';
export { SegmentThinking } from './elements/segment-thinking/segment-thinking.component.js';
export { ContextMeter } from './elements/context-meter/context-meter.component.js';
export {
  EnvelopeDiff,
  type EnvelopeDiffView,
} from './elements/envelope-diff/envelope-diff.component.js';
export { PromptStudio } from './elements/prompt-studio/prompt-studio.component.js';
