import type { MemorySegment } from '../core/protocol/types.js';
import { SegmentElement } from './internal/segment-element.js';
import { segmentMemoryStyles } from './segment-memory.styles.js';
import { MemoryView } from './segment-memory.view.js';

/**
 * @tagname segment-memory
 * @summary Long-term memory the application put into the context: a purple collapsible panel
 * with the description and each remembered item (title and content).
 *
 * @event segment-toggle - The panel was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * @event envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
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
 * @cssprop --pe-memory-color - Accent colour (default #8B5CF6).
 * @cssprop --pe-text-color - Text colour.
 * @cssprop --pe-surface-color - Background colour.
 * @cssprop --pe-border-color - Border colour.
 * @cssprop --pe-radius - Corner radius.
 */
export class SegmentMemory extends SegmentElement<MemorySegment> {
  static override styles = [...SegmentElement.styles, segmentMemoryStyles];

  protected readonly view = new MemoryView(this, this.ambient);
}
