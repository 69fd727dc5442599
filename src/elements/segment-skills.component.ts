import { html, nothing, type PropertyValues } from 'lit';
import { state } from 'lit/decorators.js';
import type { SkillItem, SkillsSegment } from '../core/protocol/types.js';
import { renderDisclosure, renderToggle, toggleIndex } from './internal/disclosure.js';
import { skillsIcon } from './internal/icons.js';
import { renderMarkdownView } from './internal/markdown-view.js';
import { SegmentElement } from './internal/segment-element.js';
import { segmentSkillsStyles } from './segment-skills.styles.js';

/**
 * @tagname segment-skills
 * @summary The skills offered to the model: a green collapsible panel with the description and
 * each skill as `/name` and its description. When a skill registry has filled in a skill's
 * instructions (`body`, SPEC §3.5), a button under the skill reveals them as Markdown.
 *
 * @event segment-toggle - The panel was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * Revealing a skill's instructions is local and fires nothing.
 * @event envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart panel - The collapsible panel.
 * @csspart header - The disclosure button.
 * @csspart label - The panel's title.
 * @csspart summary - The skill count.
 * @csspart body - The expanded content.
 * @csspart description - The segment's description.
 * @csspart item - One skill.
 * @csspart name - A skill's `/name`.
 * @csspart item-description - A skill's description.
 * @csspart instructions-toggle - The button that shows a skill's instructions.
 * @csspart instructions - A skill's instructions (Markdown).
 * @csspart more - The button under a long list that shows its next skills.
 * @csspart note - The note shown when no instructions are loaded.
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop --pe-skills-color - Accent colour (default #10B981).
 * @cssprop --pe-text-color - Text colour.
 * @cssprop --pe-muted-color - Colour of descriptions and notes.
 * @cssprop --pe-surface-color - Background colour.
 * @cssprop --pe-border-color - Border colour.
 * @cssprop --pe-code-font-family - Font of skill names.
 * @cssprop --pe-radius - Corner radius.
 */
export class SegmentSkills extends SegmentElement<SkillsSegment> {
  static override styles = [...SegmentElement.styles, segmentSkillsStyles];

  protected readonly kind = 'skills';

  /** Indexes of the skills whose instructions are shown; local to this element. */
  @state()
  private openInstructions: ReadonlySet<number> = new Set();

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('segment')) this.openInstructions = new Set();
  }

  protected override revealInner(segment: SkillsSegment, matches: (text: string) => boolean) {
    const open = new Set(this.openInstructions);
    segment.items.forEach((item, index) => {
      if (item.body && matches(item.body)) {
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
      summary: count === 1 ? t.t('common.item') : t.t('common.items', { n: count }),
      expanded: !this.collapsed,
      onToggle: () => this.toggle(),
      body: () => html`
        ${segment.description ? html`<p part="description" class="disclosure-description">${segment.description}</p>` : nothing}
        <ul class="disclosure-items" role="list">
          ${this.slices.slice('items', segment.items).map((item, index) => this.renderSkill(item, index))}
        </ul>
        ${this.slices.more('items', count)}
        ${loaded ? nothing : html`<p part="note" class="note">${t.t('skills.notLoaded')}</p>`}
      `,
    });
  }

  private renderSkill(item: SkillItem, index: number) {
    const open = this.openInstructions.has(index);
    const id = `instructions-${index}`;
    // Each button is named "Instructions … /name", so that a list of buttons tells them apart.
    return html`<li part="item" class="disclosure-item">
      <code part="name" class="name" id="name-${index}">/${item.name}</code>
      <p part="item-description" class="item-description">${item.description}</p>
      ${
        item.body
          ? html`${renderToggle({
                part: 'instructions-toggle',
                expanded: open,
                controls: id,
                labelledBy: `toggle-${index} name-${index}`,
                onToggle: () => (this.openInstructions = toggleIndex(this.openInstructions, index)),
                label: html`<span id="toggle-${index}">${this.ambient.t('skills.body')}</span>`,
              })}
              <div part="instructions" class="instructions markdown" id=${id} ?hidden=${!open}>
                ${open ? renderMarkdownView(item.body, this.ambient) : nothing}
              </div>`
          : nothing
      }
    </li>`;
  }
}
