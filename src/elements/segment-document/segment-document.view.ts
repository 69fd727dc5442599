import { html, nothing } from 'lit';
import { formatBytes } from '../../core/assembly/conversation.js';
import type { DocumentSegment } from '../../core/protocol/types.js';
import { chevron } from '../internal/ui/disclosure.js';
import { documentIcon, icon } from '../internal/ui/icons.js';
import { renderMarkdownView } from '../internal/markdown/markdown-view.js';
import { SegmentView } from '../internal/segments/segment-view.js';

/** A document drawn: by <segment-document> and inside `<envelope-message>`. */
export class DocumentView extends SegmentView<DocumentSegment> {
  readonly kind = 'document';

  private showParsed = false;

  protected override inputChanged(): void {
    this.showParsed = false;
  }

  protected override revealInner(segment: DocumentSegment, matches: (text: string) => boolean) {
    if (segment.parsedContent && matches(segment.parsedContent)) this.showParsed = true;
  }

  protected renderSegment(segment: DocumentSegment) {
    const t = this.ambient;
    const parsed = segment.parsedContent;
    return html`<article part=${this.part('card')} class="card">
      <div class="head">
        <span part=${this.part('icon')} class="icon">${icon(documentIcon)}</span>
        <div class="meta">
          <span part=${this.part('file-name')} class="file-name"
            ><span class="visually-hidden">${t.t('kind.document')}: </span>${segment.fileName}</span
          >
          <span part=${this.part('details')} class="details">
            <span part=${this.part('size')} class="size">${formatBytes(segment.sizeBytes)}</span>
            <span part=${this.part('mime-type')} class="mime-type">${segment.mimeType}</span>
          </span>
        </div>
      </div>
      <p part=${this.part('snippet')} class="snippet">${segment.snippet}</p>
      ${
        !parsed
          ? nothing
          : html`<button
                part=${this.part('toggle')}
                class="toggle"
                type="button"
                aria-expanded=${this.showParsed ? 'true' : 'false'}
                aria-controls=${this.id('parsed')}
                @click=${() => this.change(() => (this.showParsed = !this.showParsed))}
              >
                ${chevron()}
                ${this.showParsed ? t.t('document.hideParsed') : t.t('document.viewParsed')}
              </button>
              <div
                part=${this.part('parsed')}
                class="parsed markdown"
                id=${this.id('parsed')}
                ?hidden=${!this.showParsed}
              >
                ${this.showParsed ? renderMarkdownView(parsed, this.ambient) : nothing}
              </div>`
      }
    </article>`;
  }
}
