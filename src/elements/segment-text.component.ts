import { html } from 'lit';
import type { TextSegment } from '../core/protocol/types.js';
import { renderMarkdownView } from './internal/markdown-view.js';
import { SegmentElement } from './internal/segment-element.js';
import { MAX_SHOWN_CHARS, renderCutNote, shownPart } from './internal/shown-text.js';
import { segmentTextStyles } from './segment-text.styles.js';

/**
 * @tagname segment-text
 * @summary Plain message text: the segment's Markdown, rendered by marked and sanitized by
 * DOMPurify (SPEC §6). Always visible, never collapsible.
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

  protected readonly kind = 'text';
  protected override readonly cutsItself = ['content'];

  /** The text as drawn: at most MAX_SHOWN_CHARS of it (the element cuts it itself). */
  protected override drawnSize(segment: TextSegment): number {
    return Math.min(segment.content.length, MAX_SHOWN_CHARS);
  }

  protected renderSegment(segment: TextSegment) {
    // Cut text is shown plain: 100,000 characters of Markdown make thousands of elements.
    if (segment.content.length > MAX_SHOWN_CHARS) {
      return html`<div part="content" class="content plain">${shownPart(segment.content)}</div>
        ${renderCutNote(this.ambient, segment.content.length)}`;
    }
    return html`<div part="content" class="content markdown">
      ${renderMarkdownView(segment.content, this.ambient)}
    </div>`;
  }
}
