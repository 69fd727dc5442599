import { html } from 'lit';
import type { LongTextSegment } from '../../core/protocol/types.js';
import { icon, longTextIcon } from '../internal/ui/icons.js';
import { renderCutNote, shownPart } from '../internal/pacing/shown-text.js';
import { formatNumber } from '../internal/strings/format.js';
import { SegmentView } from '../internal/segments/segment-view.js';
import { PREVIEW_LINES } from './segment-long-text.styles.js';

/** The preview never takes more than this from the content, however long its first lines are. */
const PREVIEW_MAX_CHARS = 2_000;

/** A long text drawn: by <segment-long-text> and inside `<envelope-message>`. */
export class LongTextView extends SegmentView<LongTextSegment> {
  readonly kind = 'long_text';
  protected override readonly cutsItself = ['content'];

  protected renderSegment(segment: LongTextSegment) {
    const t = this.ambient;
    const collapsed = this.collapsed;
    const preview = this.part('preview');
    const count =
      segment.charCount === 1
        ? t.t('longText.oneCharacter')
        : t.t('common.characters', { n: formatNumber(segment.charCount, t.lang) });
    return html`<div part=${this.part('panel')} class="card">
      <div part=${this.part('header')} class="top">
        ${icon(longTextIcon)}
        <span part=${this.part('label')} class="title">${t.t('kind.long_text')}</span>
        <span part=${this.part('count')} class="count">${count}</span>
      </div>
      <div part=${this.part('content')} id=${this.id('content')}>
        ${
          collapsed
            ? html`<p part=${preview} class="preview">${firstLines(segment.content)}</p>`
            : html`<pre
                  part=${this.part('text')}
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
        part=${this.part('toggle')}
        class="toggle"
        type="button"
        aria-expanded=${collapsed ? 'false' : 'true'}
        aria-controls=${this.id('content')}
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
