import type { TextSegment } from '../core/protocol/types.js';
import { SegmentElement } from './internal/segment-element.js';
import { segmentTextStyles } from './segment-text.styles.js';
import { TextView } from './segment-text.view.js';

/**
 * @tagname segment-text
 * @summary Plain message text: the segment's Markdown, drawn from marked's tokens as text (raw
 * HTML inside it sanitized by DOMPurify, loaded when first needed). Always visible, never
 * collapsible.
 *
 * @event envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart content - The rendered Markdown (plain text when the text is cut).
 * @csspart cut - The note under a text too long to show whole (its first 100,000 characters are shown).
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop --pe-text-color - Text colour.
 * @cssprop --pe-segment-background - Background behind the segment (default: the surface colour; transparent inside a message bubble).
 * @cssprop --pe-surface-color - Surface colour, the default background.
 * @cssprop --pe-muted-color - Colour of quotes.
 * @cssprop --pe-link-color - Link colour.
 * @cssprop --pe-border-color - Table and quote borders.
 * @cssprop --pe-code-background - Background of code spans and blocks.
 * @cssprop --pe-code-font-family - Font of code.
 * @cssprop --pe-font-family - Font of the text.
 * @cssprop --pe-font-size - Base font size.
 */
export class SegmentText extends SegmentElement<TextSegment> {
  static override styles = [...SegmentElement.styles, segmentTextStyles];

  protected readonly view = new TextView(this, this.ambient);
}
