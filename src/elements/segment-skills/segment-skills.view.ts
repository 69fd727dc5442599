import { html, nothing } from 'lit';
import type { SkillItem, SkillsSegment } from '../../core/protocol/types.js';
import { renderDisclosure, renderToggle, toggleIndex } from '../internal/ui/disclosure.js';
import { skillsIcon } from '../internal/ui/icons.js';
import { renderMarkdownView } from '../internal/markdown/markdown-view.js';
import { SegmentView } from '../internal/segments/segment-view.js';
import { markdownText } from '../internal/markdown/markdown-text.js';

/** A skills list drawn: by <segment-skills> and inside `<envelope-message>`. */
export class SkillsView extends SegmentView<SkillsSegment> {
  readonly kind = 'skills';

  /** Indexes of the skills whose instructions are shown; local to this view. */
  private openInstructions: ReadonlySet<number> = new Set();

  protected override inputChanged(): void {
    this.openInstructions = new Set();
  }

  protected override revealInner(segment: SkillsSegment, matches: (text: string) => boolean) {
    const open = new Set(this.openInstructions);
    segment.items.forEach((item, index) => {
      // What the instructions show: search counts the drawn text (markdown-text.ts).
      if (item.body && matches(markdownText(item.body))) {
        open.add(index);
        this.slices.include('items', index);
      }
    });
    this.openInstructions = open;
  }

  protected renderSegment(segment: SkillsSegment) {
    const t = this.ambient;
    const count = segment.items.length;
    const loaded = segment.items.some((item) => item.body);
    return renderDisclosure({
      kind: 'kind-skills',
      icon: skillsIcon,
      label: t.t('kind.skills'),
      summary: t.t('common.items', { n: count }),
      expanded: !this.collapsed,
      onToggle: () => this.toggle(),
      naming: this.naming,
      body: () => html`
        ${segment.description ? html`<p part=${this.part('description')} class="disclosure-description">${segment.description}</p>` : nothing}
        <ul class="disclosure-items" role="list">
          ${this.slices.slice('items', segment.items).map((item, index) => this.renderSkill(item, index))}
        </ul>
        ${this.slices.more('items', count)}
        ${loaded ? nothing : html`<p part=${this.part('note')} class="note">${t.t('skills.notLoaded')}</p>`}
      `,
    });
  }

  private renderSkill(item: SkillItem, index: number) {
    const open = this.openInstructions.has(index);
    const id = this.id(`instructions-${index}`);
    // Each button is named "Instructions … /name", so that a list of buttons tells them apart.
    return html`<li part=${this.part('item')} class="disclosure-item">
      <code part=${this.part('name')} class="name" id=${this.id(`name-${index}`)}
        >/${item.name}</code
      >
      <p part=${this.part('item-description')} class="item-description">${item.description}</p>
      ${
        item.body
          ? html`${renderToggle({
                part: 'instructions-toggle',
                expanded: open,
                controls: id,
                labelledBy: this.id(`toggle-${index} name-${index}`),
                naming: this.naming,
                onToggle: () =>
                  this.change(
                    () => (this.openInstructions = toggleIndex(this.openInstructions, index)),
                  ),
                label: html`<span id=${this.id(`toggle-${index}`)}
                  >${this.ambient.t('skills.body')}</span
                >`,
              })}
              <div
                part=${this.part('instructions')}
                class="instructions markdown"
                id=${id}
                ?hidden=${!open}
              >
                ${open ? renderMarkdownView(item.body, this.ambient) : nothing}
              </div>`
          : nothing
      }
    </li>`;
  }
}
