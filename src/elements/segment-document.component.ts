import type { DocumentSegment } from '../core/protocol/types.js';
import { SegmentElement } from './internal/segment-element.js';
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
 * @event envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
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
 * @cssprop --pe-text-color - Text colour.
 * @cssprop --pe-muted-color - Colour of the details and the snippet.
 * @cssprop --pe-surface-color - Background colour.
 * @cssprop --pe-subtle-color - Background of the icon tile and the button.
 * @cssprop --pe-border-color - Border colour.
 * @cssprop --pe-radius - Corner radius.
 */
export class SegmentDocument extends SegmentElement<DocumentSegment> {
  static override styles = [...SegmentElement.styles, segmentDocumentStyles];

  protected readonly view = new DocumentView(this, this.ambient);
}
