import { html } from 'lit';
import type { TextSegment } from '../../core/protocol/types.js';
import { renderMarkdownView } from '../internal/markdown/markdown-view.js';
import { SegmentView } from '../internal/segments/segment-view.js';
import { MAX_SHOWN_CHARS, renderCutNote, shownPart } from '../internal/pacing/shown-text.js';

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
    if (segment.content.length > MAX_SHOWN_CHARS) {
      const content = this.part('content');
      return html`<div part=${content} class="content plain">${shownPart(segment.content)}</div>
        ${renderCutNote(this.ambient, segment.content.length)}`;
    }
    return html`<div part=${this.part('content')} class="content markdown">
      ${renderMarkdownView(segment.content, this.ambient)}
    </div>`;
  }
}
