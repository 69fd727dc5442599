import { html } from 'lit';
import type { MemorySegment } from '../../core/protocol/types.js';
import { renderDisclosure } from '../internal/ui/disclosure.js';
import { memoryIcon } from '../internal/ui/icons.js';
import { renderMarkdownView } from '../internal/markdown/markdown-view.js';
import { SegmentView } from '../internal/segments/segment-view.js';

/** A memory segment drawn: by `<segment-memory>` and inside `<envelope-message>`. */
export class MemoryView extends SegmentView<MemorySegment> {
  readonly kind = 'memory';

  protected renderSegment(segment: MemorySegment) {
    const t = this.ambient;
    const count = segment.items.length;
    return renderDisclosure({
      kind: 'kind-memory',
      icon: memoryIcon,
      label: t.t('kind.memory'),
      summary: t.t('common.items', { n: count }),
      expanded: !this.collapsed,
      onToggle: () => this.toggle(),
      naming: this.naming,
      body: () => html`
        ${segment.description ? html`<p class="disclosure-description">${segment.description}</p>` : ''}
        <ul class="disclosure-items">
          ${this.slices.slice('items', segment.items).map(
            (item) =>
              html`<li part=${this.part('item')} class="disclosure-item">
                <span class="title">${item.title}</span>
                <div class="markdown">${renderMarkdownView(item.content, t)}</div>
              </li>`,
          )}
        </ul>
        ${this.slices.more('items', count)}
      `,
    });
  }
}
