import type { MemorySegment } from '../../core/protocol/types.js';
import { SegmentElement } from '../internal/segments/segment-element.js';
import { segmentMemoryStyles } from './segment-memory.styles.js';
import { MemoryView } from './segment-memory.view.js';

/**
 * @tagname segment-memory
 * @summary Long-term memory the application put into the context: a purple collapsible panel
 * with the description and each remembered item (title and content).
 *
 * @event {SegmentToggleEvent} segment-toggle - The panel was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * @event {EnvelopeErrorEvent} envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart panel - The collapsible panel.
 * @csspart header - The disclosure button.
 * @csspart label - The panel's title.
 * @csspart summary - The item count.
 * @csspart body - The expanded content.
 * @csspart item - One memory item.
 * @csspart more - The button under a long list that shows its next items.
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop [--pe-memory-color=#8b5cf6] - Accent colour.
 * @cssprop [--pe-text-color=#111827] - Text colour (dark theme: #e5e7eb).
 * @cssprop [--pe-surface-color=#ffffff] - Background colour (dark theme: #111827).
 * @cssprop [--pe-border-color=#d1d5db] - Border colour (dark theme: #374151).
 * @cssprop [--pe-radius=8px] - Corner radius.
 */
export class SegmentMemory extends SegmentElement<MemorySegment> {
  static override styles = [...SegmentElement.styles, segmentMemoryStyles];

  protected readonly view = new MemoryView(this, this.ambient);
}
