import type { ToolCallResultSegment } from '../../core/protocol/types.js';
import { jsonStyles } from '../internal/ui/json-styles.js';
import { SegmentElement } from '../internal/segments/segment-element.js';
import { toolCallResultStyles } from './tool-call-result.styles.js';
import { ToolCallResultView } from './tool-call-result.view.js';

/**
 * @tagname tool-call-result
 * @summary What a tool returned: a status strip (green "Succeeded", collapsed by default; red
 * "Failed", expanded by default) over the result text, pretty-printed when it is JSON.
 *
 * @event {SegmentToggleEvent} segment-toggle - The strip was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * @event {EnvelopeErrorEvent} envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
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
 * @cssprop [--pe-tool-success-color=#22c55e] - Accent of a successful result.
 * @cssprop [--pe-tool-failure-color=#ef4444] - Accent of a failed result.
 * @cssprop [--pe-danger-text-color=#b91c1c] - Colour of the word "Failed" (dark theme: #fca5a5).
 * @cssprop [--pe-code-background=#eef1f5] - Background of the result text (dark theme: #0b1220).
 * @cssprop [--pe-code-font-family=ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace] - Monospace font of the result text.
 * @cssprop [--pe-text-color=#111827] - Text colour (dark theme: #e5e7eb).
 * @cssprop [--pe-surface-color=#ffffff] - Background colour (dark theme: #111827).
 * @cssprop [--pe-border-color=#d1d5db] - Border colour (dark theme: #374151).
 * @cssprop [--pe-radius=8px] - Corner radius.
 */
export class ToolCallResult extends SegmentElement<ToolCallResultSegment> {
  static override styles = [...SegmentElement.styles, jsonStyles, toolCallResultStyles];

  protected readonly view = new ToolCallResultView(this, this.ambient);
}
