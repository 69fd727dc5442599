import { html, nothing, type TemplateResult } from 'lit';
import type { ThinkingSegment } from '../../core/protocol/types.js';
import { renderDisclosure } from '../internal/ui/disclosure.js';
import { icon, thinkingIcon } from '../internal/ui/icons.js';
import { renderMarkdownView } from '../internal/markdown/markdown-view.js';
import { formatNumber } from '../internal/strings/format.js';
import { MAX_SHOWN_CHARS, renderCutNote, shownPart } from '../internal/pacing/shown-text.js';
import { SegmentView } from '../internal/segments/segment-view.js';

/** A thinking segment drawn: by `<segment-thinking>` and inside `<envelope-message>`. */
export class ThinkingView extends SegmentView<ThinkingSegment> {
  readonly kind = 'thinking';
  // The text is cut here with a note; the opaque fields are never drawn, only measured.
  protected override readonly cutsItself = [
    'content',
    'signature',
    'redactedData',
    'encryptedContent',
  ];

  protected override drawnSize(segment: ThinkingSegment): number {
    let size = Math.min(segment.content.length, MAX_SHOWN_CHARS);
    for (const part of segment.summary ?? []) size += part.length;
    return size;
  }

  protected renderSegment(segment: ThinkingSegment) {
    const t = this.ambient;
    const summary = segment.summary ?? [];
    const readable = segment.content !== '' || summary.length > 0;
    const label = t.t('kind.thinking');
    const facts = this.facts(segment, summary);
    if (!readable) {
      // Redacted, encrypted or only signed: nothing to open, so no button.
      return html`<section part=${this.part('panel')} class="disclosure kind-thinking">
        <div part=${this.part('header')} class="disclosure-header opaque">
          ${icon(thinkingIcon, 'kind-icon')}
          <span part=${this.part('label')} class="disclosure-label">${label}</span>
          <span part=${this.part('summary')} class="disclosure-summary">${facts}</span>
        </div>
      </section>`;
    }
    return renderDisclosure({
      kind: 'kind-thinking',
      icon: thinkingIcon,
      label,
      summary: facts,
      expanded: !this.collapsed,
      onToggle: () => this.toggle(),
      naming: this.naming,
      body: () => this.renderBody(segment, summary),
    });
  }

  /** What the header says: the length, the summary's parts, opaque data by size, "signed". */
  private facts(segment: ThinkingSegment, summary: readonly string[]): TemplateResult {
    const t = this.ambient;
    const n = (value: number) => formatNumber(value, t.lang);
    const facts: string[] = [];
    const length = segment.content.length;
    if (length > 0)
      facts.push(
        length === 1 ? t.t('common.charactersOne') : t.t('common.characters', { n: n(length) }),
      );
    else if (summary.length > 0) facts.push(t.t('thinking.summaryParts', { n: summary.length }));
    if (segment.redactedData !== undefined)
      facts.push(t.t('thinking.redacted', { n: n(segment.redactedData.length) }));
    if (segment.encryptedContent !== undefined)
      facts.push(t.t('thinking.encrypted', { n: n(segment.encryptedContent.length) }));
    const signed = segment.signature !== undefined || segment.thoughtSignature !== undefined;
    if (facts.length === 0 && !signed) facts.push(t.t('thinking.noText'));
    return html`${facts.join(' · ')}${
      signed
        ? html`${facts.length > 0 ? ' · ' : ''}<span title=${t.t('thinking.signedWhy')}
              >${t.t('thinking.signed')}</span
            >`
        : nothing
    }`;
  }

  private renderBody(segment: ThinkingSegment, summary: readonly string[]) {
    const t = this.ambient;
    const both = summary.length > 0 && segment.content !== '';
    const caption = (key: 'thinking.summary' | 'thinking.text') =>
      both
        ? html`<figcaption part=${this.part('caption')} class="thinking-caption">
            ${t.t(key)}
          </figcaption>`
        : nothing;
    return html`<div class="thinking-body">
      ${
        summary.length > 0
          ? html`<figure>
              ${caption('thinking.summary')}
              <div part=${this.part('summary-parts')} class="thinking-parts">
                ${summary.map(
                  (part) =>
                    html`<div part=${this.part('summary-part')} class="markdown">
                      ${renderMarkdownView(part, t)}
                    </div>`,
                )}
              </div>
            </figure>`
          : nothing
      }
      ${segment.content !== '' ? html`<figure>${caption('thinking.text')}${this.renderText(segment.content)}</figure>` : nothing}
    </div>`;
  }

  /** The text as Markdown, or plain when cut: 100,000 characters of Markdown are thousands of elements. */
  private renderText(content: string) {
    if (content.length > MAX_SHOWN_CHARS)
      return html`<div part=${this.part('content')} class="plain">${shownPart(content)}</div>
        ${renderCutNote(this.ambient, content.length)}`;
    return html`<div part=${this.part('content')} class="markdown">
      ${renderMarkdownView(content, this.ambient)}
    </div>`;
  }
}
