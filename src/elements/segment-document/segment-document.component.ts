import type { DocumentSegment } from '../../core/protocol/types.js';
import { SegmentElement } from '../internal/segments/segment-element.js';
import { segmentDocumentStyles } from './segment-document.styles.js';
import { DocumentView } from './segment-document.view.js';

/**
 * @tagname segment-document
 * @summary A document the user attached: a card with the file name, human size, MIME type and the
 * snippet the model saw; a button reveals the parsed content (Markdown) when there is one.
 *
 * Documents have no `collapsed` field, so showing the parsed content is local UI state and fires
 * no `segment-toggle`.
 *
 * @event {EnvelopeErrorEvent} envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart card - The document card.
 * @csspart icon - The file icon.
 * @csspart file-name - The file name.
 * @csspart details - Size and MIME type.
 * @csspart size - The human-readable size.
 * @csspart mime-type - The MIME type.
 * @csspart snippet - The beginning of the document.
 * @csspart toggle - The "View parsed content" button.
 * @csspart parsed - The parsed content, rendered as Markdown.
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop [--pe-text-color=#111827] - Text colour (dark theme: #e5e7eb).
 * @cssprop [--pe-muted-color=#4b5563] - Colour of the details and the snippet (dark theme: #9ca3af).
 * @cssprop [--pe-surface-color=#ffffff] - Background colour (dark theme: #111827).
 * @cssprop [--pe-subtle-color=#f3f4f6] - Background of the icon tile and the button (dark theme: #1f2937).
 * @cssprop [--pe-border-color=#d1d5db] - Border colour (dark theme: #374151).
 * @cssprop [--pe-radius=8px] - Corner radius.
 */
export class SegmentDocument extends SegmentElement<DocumentSegment> {
  static override styles = [...SegmentElement.styles, segmentDocumentStyles];

  protected readonly view = new DocumentView(this, this.ambient);
}
