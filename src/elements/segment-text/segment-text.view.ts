import { html, nothing } from 'lit';
import type { TextSegment } from '../../core/protocol/types.js';
import { renderMarkdownView } from '../internal/markdown/markdown-view.js';
import { SegmentView } from '../internal/segments/segment-view.js';
import { MAX_SHOWN_CHARS, renderCutNote, shownPart } from '../internal/pacing/shown-text.js';
import { renderCacheNote } from '../internal/ui/cache-note.js';
import { renderLink } from '../internal/ui/render-link.js';
import { hostOf } from '../internal/ui/url-rules.js';

type Citation = Record<string, unknown>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Citations listed at first; "show more" gives the rest. */
const FIRST_CITATIONS = 20;

/** A text segment drawn: by `<segment-text>` and inside `<envelope-message>`. */
export class TextView extends SegmentView<TextSegment> {
  readonly kind = 'text';
  protected override readonly cutsItself = ['content'];

  /** The text as drawn: at most MAX_SHOWN_CHARS of it (the view cuts it itself). */
  protected override drawnSize(segment: TextSegment): number {
    return Math.min(segment.content.length, MAX_SHOWN_CHARS);
  }

  protected renderSegment(segment: TextSegment) {
    // Cut text is shown plain: 100,000 characters of Markdown make thousands of elements.
    const part = this.part('content');
    // prettier-ignore
    const content =
      segment.content.length > MAX_SHOWN_CHARS
        ? html`<div part=${part} class="content plain">${shownPart(segment.content)}</div>
            ${renderCutNote(this.ambient, segment.content.length)}`
        : html`<div part=${part} class="content markdown">${renderMarkdownView(segment.content, this.ambient)}</div>`;
    if (!segment.citations?.length && !segment.cacheControl) return content;
    return html`${content}${this.renderCitations(segment.citations ?? [])}
    ${renderCacheNote(this.ambient, segment.cacheControl, this.part('cache'))}`;
  }

  /**
   * The sources the provider cited (1.1), numbered under the text, which stays as it was: a
   * title and host as a link (SPEC §6's rules), a file by its name, a document by its title or
   * number, and the cited passage as a quote. The same source cited twice is listed once.
   */
  private renderCitations(citations: readonly Citation[]) {
    if (citations.length === 0) return nothing;
    const seen = new Set<string>();
    const unique = citations.filter((c) => {
      const key = JSON.stringify([
        c.url,
        c.title,
        c.file_id,
        c.filename,
        c.cited_text,
        c.document_index,
        c.document_title,
      ]);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const t = this.ambient;
    return html`<section
      part=${this.part('citations')}
      class="citations"
      aria-label=${t.t('citations.label')}
    >
      <ol class="citation-list">
        ${this.slices
          .slice('citations', unique, FIRST_CITATIONS)
          .map(
            (c) =>
              html`<li part=${this.part('citation')} class="citation">
                ${this.renderSource(c)}
                ${text(c.cited_text) ? html`<blockquote part=${this.part('cited-text')} class="cited-text">${c.cited_text}</blockquote>` : nothing}
              </li>`,
          )}
      </ol>
      ${this.slices.more('citations', unique.length, FIRST_CITATIONS)}
    </section>`;
  }

  private renderSource(c: Citation) {
    const t = this.ambient;
    const file = text(c.filename) ?? text(c.file_id);
    if (file && !text(c.url))
      return html`<span class="citation-file">${t.t('citations.file', { name: file })}</span>`;
    const url = text(c.url);
    if (url) {
      const host = hostOf(url);
      const title = text(c.title) ?? url;
      return html`${renderLink(url, title, this.part('citation-link'))}${
        host && title !== url ? html` <span class="citation-host">— ${host}</span>` : nothing
      }`;
    }
    const document =
      text(c.document_title) ??
      text(c.title) ??
      (typeof c.document_index === 'number'
        ? t.t('citations.document', { n: c.document_index + 1 })
        : (text(c.source) ?? text(c.type) ?? ''));
    return html`<span class="citation-document">${document}</span>`;
  }
}
