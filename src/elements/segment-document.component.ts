import { html, nothing, type PropertyValues } from 'lit';
import { state } from 'lit/decorators.js';
import { formatBytes } from '../core/assembly/conversation.js';
import type { DocumentSegment } from '../core/protocol/types.js';
import { chevron } from './internal/disclosure.js';
import { documentIcon, icon } from './internal/icons.js';
import { renderMarkdownView } from './internal/markdown-view.js';
import { SegmentElement } from './internal/segment-element.js';
import { segmentDocumentStyles } from './segment-document.styles.js';

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

  protected readonly kind = 'document';

  @state()
  private showParsed = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('segment')) this.showParsed = false;
  }

  protected override revealInner(segment: DocumentSegment, matches: (text: string) => boolean) {
    if (segment.parsedContent && matches(segment.parsedContent)) this.showParsed = true;
  }

  protected renderSegment(segment: DocumentSegment) {
    const t = this.ambient;
    const parsed = segment.parsedContent;
    return html`<article part="card" class="card">
      <div class="head">
        <span part="icon" class="icon">${icon(documentIcon)}</span>
        <div class="meta">
          <span part="file-name" class="file-name"
            ><span class="visually-hidden">${t.t('kind.document')}: </span>${segment.fileName}</span
          >
          <span part="details" class="details">
            <span part="size" class="size">${formatBytes(segment.sizeBytes)}</span>
            <span part="mime-type" class="mime-type">${segment.mimeType}</span>
          </span>
        </div>
      </div>
      <p part="snippet" class="snippet">${segment.snippet}</p>
      ${
        !parsed
          ? nothing
          : html`<button
                part="toggle"
                class="toggle"
                type="button"
                aria-expanded=${this.showParsed ? 'true' : 'false'}
                aria-controls="parsed"
                @click=${() => (this.showParsed = !this.showParsed)}
              >
                ${chevron()}
                ${this.showParsed ? t.t('document.hideParsed') : t.t('document.viewParsed')}
              </button>
              <div part="parsed" class="parsed markdown" id="parsed" ?hidden=${!this.showParsed}>
                ${this.showParsed ? renderMarkdownView(parsed, this.ambient) : nothing}
              </div>`
      }
    </article>`;
  }
}
