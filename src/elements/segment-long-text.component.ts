import { html } from 'lit';
import type { LongTextSegment } from '../core/protocol/types.js';
import { icon, longTextIcon } from './internal/icons.js';
import { renderCutNote, shownPart } from './internal/shown-text.js';
import { formatNumber } from './internal/format.js';
import { SegmentElement } from './internal/segment-element.js';
import { PREVIEW_LINES, segmentLongTextStyles } from './segment-long-text.styles.js';

/** The preview never takes more than this from the content, however long its first lines are. */
const PREVIEW_MAX_CHARS = 2_000;

/**
 * @tagname segment-long-text
 * @summary A long pasted text (a log, a transcript): collapsed, its first two lines and its
 * character count; expanded, the whole text in a scrolling block. The content is plain text,
 * never Markdown.
 *
 * @event segment-toggle - The text was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * @event envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
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
 * @cssprop --pe-text-color - Text colour.
 * @cssprop --pe-muted-color - Colour of the count and the icon.
 * @cssprop --pe-surface-color - Background colour.
 * @cssprop --pe-subtle-color - Background of the button.
 * @cssprop --pe-code-background - Background of the full text.
 * @cssprop --pe-code-font-family - Monospace font of the text.
 * @cssprop --pe-border-color - Border colour.
 * @cssprop --pe-radius - Corner radius.
 */
export class SegmentLongText extends SegmentElement<LongTextSegment> {
  static override styles = [...SegmentElement.styles, segmentLongTextStyles];

  protected readonly kind = 'long_text';
  protected override readonly cutsItself = ['content'];

  protected renderSegment(segment: LongTextSegment) {
    const t = this.ambient;
    const collapsed = this.collapsed;
    const count =
      segment.charCount === 1
        ? t.t('longText.oneCharacter')
        : t.t('common.characters', { n: formatNumber(segment.charCount, t.lang) });
    return html`<div part="panel" class="card">
      <div part="header" class="top">
        ${icon(longTextIcon)}
        <span part="label" class="title">${t.t('kind.long_text')}</span>
        <span part="count" class="count">${count}</span>
      </div>
      <div part="content" id="content">
        ${
          collapsed
            ? html`<p part="preview" class="preview">${firstLines(segment.content)}</p>`
            : html`<pre
                  part="text"
                  class="text"
                  tabindex="0"
                  role="region"
                  aria-label=${t.t('kind.long_text')}
                >
${shownPart(segment.content)}</pre>
                ${renderCutNote(t, segment.content.length)}`
        }
      </div>
      <button
        part="toggle"
        class="toggle"
        type="button"
        aria-expanded=${collapsed ? 'false' : 'true'}
        aria-controls="content"
        @click=${() => this.toggle()}
      >
        ${collapsed ? t.t('longText.showAll') : t.t('longText.showLess')}
      </button>
    </div>`;
  }
}

/** The first PREVIEW_LINES lines, found without scanning (or copying) the whole text. */
function firstLines(text: string): string {
  let end = -1;
  for (let line = 0; line < PREVIEW_LINES; line++) {
    end = text.indexOf('\n', end + 1);
    if (end === -1 || end > PREVIEW_MAX_CHARS) break;
  }
  const cut = end === -1 ? text.slice(0, PREVIEW_MAX_CHARS) : text.slice(0, end);
  return cut.slice(0, PREVIEW_MAX_CHARS);
}
