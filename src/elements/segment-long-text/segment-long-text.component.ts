import type { LongTextSegment } from '../../core/protocol/types.js';
import { SegmentElement } from '../internal/segments/segment-element.js';
import { segmentLongTextStyles } from './segment-long-text.styles.js';
import { LongTextView } from './segment-long-text.view.js';

/**
 * @tagname segment-long-text
 * @summary A long pasted text (a log, a transcript): collapsed, its first two lines and its
 * character count; expanded, the whole text in a scrolling block. The content is plain text,
 * never Markdown.
 *
 * @event {SegmentToggleEvent} segment-toggle - The text was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * @event {EnvelopeErrorEvent} envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart panel - The card around the text.
 * @csspart header - The line with the icon, the label and the count.
 * @csspart label - The words "Long text".
 * @csspart count - The character count.
 * @csspart content - The region holding the preview or the full text.
 * @csspart preview - The first two lines, shown while collapsed.
 * @csspart text - The full text, shown while expanded (scrolls when long).
 * @csspart cut - The note under a text too long to show whole (its first 100,000 characters are shown).
 * @csspart toggle - The "Show all" / "Show less" button.
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop [--pe-text-color=#111827] - Text colour (dark theme: #e5e7eb).
 * @cssprop [--pe-muted-color=#4b5563] - Colour of the count and the icon (dark theme: #9ca3af).
 * @cssprop [--pe-surface-color=#ffffff] - Background colour (dark theme: #111827).
 * @cssprop [--pe-subtle-color=#f3f4f6] - Background of the button (dark theme: #1f2937).
 * @cssprop [--pe-code-background=#eef1f5] - Background of the full text (dark theme: #0b1220).
 * @cssprop [--pe-code-font-family=ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace] - Monospace font of the text.
 * @cssprop [--pe-border-color=#d1d5db] - Border colour (dark theme: #374151).
 * @cssprop [--pe-radius=8px] - Corner radius.
 */
export class SegmentLongText extends SegmentElement<LongTextSegment> {
  static override styles = [...SegmentElement.styles, segmentLongTextStyles];

  protected readonly view = new LongTextView(this, this.ambient);
}
