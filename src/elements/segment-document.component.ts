import { css, html, nothing, type PropertyValues } from 'lit';
import { state } from 'lit/decorators.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { formatBytes } from '../core/conversation.js';
import type { DocumentSegment } from '../core/protocol.js';
import { chevron } from './internal/disclosure.js';
import { icon } from './internal/icons.js';
import { renderMarkdown } from './internal/markdown.js';
import { SegmentElement } from './internal/segment-element.js';

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
  static override styles = [
    ...SegmentElement.styles,
    css`
      .card {
        display: grid;
        gap: 0.5rem;
        padding: 0.65rem 0.75rem;
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        background: var(--_surface);
      }
      .head {
        display: flex;
        align-items: flex-start;
        gap: 0.6rem;
        min-width: 0;
      }
      .icon {
        flex: none;
        display: grid;
        place-items: center;
        width: 2.25rem;
        height: 2.25rem;
        border-radius: 6px;
        background: var(--_subtle);
        color: var(--_muted);
      }
      .icon svg {
        width: 20px;
        height: 20px;
      }
      .meta {
        display: grid;
        min-width: 0;
      }
      .file-name {
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      .details {
        display: flex;
        flex-wrap: wrap;
        column-gap: 0.5rem;
        color: var(--_muted);
        font-size: 0.85em;
      }
      .mime-type {
        overflow-wrap: anywhere;
      }
      .size + .mime-type::before {
        content: '·';
        margin-inline-end: 0.5rem;
      }
      .snippet {
        margin: 0;
        padding-inline-start: 0.6rem;
        border-inline-start: 3px solid var(--_border);
        color: var(--_muted);
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      .toggle {
        justify-self: start;
        display: inline-flex;
        align-items: center;
        gap: 0.3rem;
        padding: 0.3rem 0.65rem;
        border: 1px solid var(--_border);
        border-radius: 6px;
        background: var(--_subtle);
        cursor: pointer;
      }
      .toggle:hover {
        border-color: var(--_muted);
      }
      .parsed {
        padding-top: 0.5rem;
        border-top: 1px solid var(--_border);
        overflow-wrap: anywhere;
      }
      /* Headings stay modest: the parsed content is a part of a card, not a page. */
      .parsed :is(h1, h2, h3, h4, h5, h6) {
        margin: 0.9em 0 0.4em;
        font-size: 1em;
        line-height: 1.3;
      }
      .parsed :is(h1, h2) {
        font-size: 1.125em;
      }
      .parsed[hidden] {
        display: none;
      }
    `,
  ];

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
        <span part="icon" class="icon">${icon('document')}</span>
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
                ${this.showParsed ? unsafeHTML(renderMarkdown(parsed)) : nothing}
              </div>`
      }
    </article>`;
  }
}
