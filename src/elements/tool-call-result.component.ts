import type { ToolCallResultSegment } from '../core/protocol/types.js';
import { jsonStyles } from './internal/json-view.js';
import { SegmentElement } from './internal/segment-element.js';
import { toolCallResultStyles } from './tool-call-result.styles.js';
import { ToolCallResultView } from './tool-call-result.view.js';

/**
 * @tagname tool-call-result
 * @summary What a tool returned: a status strip (green "Succeeded", collapsed by default; red
 * "Failed", expanded by default) over the result text, pretty-printed when it is JSON.
 *
 * @event segment-toggle - The strip was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * @event envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart panel - The status strip and its body.
 * @csspart header - The disclosure button.
 * @csspart label - The words "Tool result".
 * @csspart summary - The area after the label: tool name and status.
 * @csspart tool-name - The name of the tool.
 * @csspart status - The status word ("Succeeded" or "Failed").
 * @csspart body - The expanded content.
 * @csspart result - The result text (scrolls when long).
 * @csspart cut - The note under a result too long to show whole (its first 100,000 characters are shown).
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop --pe-tool-success-color - Accent of a successful result (default #22C55E).
 * @cssprop --pe-tool-failure-color - Accent of a failed result (default #EF4444).
 * @cssprop --pe-danger-text-color - Colour of the word "Failed".
 * @cssprop --pe-code-background - Background of the result text.
 * @cssprop --pe-code-font-family - Monospace font of the result text.
 * @cssprop --pe-text-color - Text colour.
 * @cssprop --pe-surface-color - Background colour.
 * @cssprop --pe-border-color - Border colour.
 * @cssprop --pe-radius - Corner radius.
 */
export class ToolCallResult extends SegmentElement<ToolCallResultSegment> {
  static override styles = [...SegmentElement.styles, jsonStyles, toolCallResultStyles];

  protected readonly view = new ToolCallResultView(this, this.ambient);
}
