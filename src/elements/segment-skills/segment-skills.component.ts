import type { SkillsSegment } from '../../core/protocol/types.js';
import { SegmentElement } from '../internal/segments/segment-element.js';
import { segmentSkillsStyles } from './segment-skills.styles.js';
import { SkillsView } from './segment-skills.view.js';

/**
 * @tagname segment-skills
 * @summary The skills offered to the model: a green collapsible panel with the description and
 * each skill as `/name` and its description. When a skill registry has filled in a skill's
 * instructions (`body`), a button under the skill reveals them as Markdown.
 *
 * @event {SegmentToggleEvent} segment-toggle - The panel was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * Revealing a skill's instructions is local and fires nothing.
 * @event {EnvelopeErrorEvent} envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
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
 * @cssprop [--pe-skills-color=#10b981] - Accent colour.
 * @cssprop [--pe-text-color=#111827] - Text colour (dark theme: #e5e7eb).
 * @cssprop [--pe-muted-color=#4b5563] - Colour of descriptions and notes (dark theme: #9ca3af).
 * @cssprop [--pe-surface-color=#ffffff] - Background colour (dark theme: #111827).
 * @cssprop [--pe-border-color=#d1d5db] - Border colour (dark theme: #374151).
 * @cssprop [--pe-code-font-family=ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace] - Font of skill names.
 * @cssprop [--pe-radius=8px] - Corner radius.
 */
export class SegmentSkills extends SegmentElement<SkillsSegment> {
  static override styles = [...SegmentElement.styles, segmentSkillsStyles];

  protected readonly view = new SkillsView(this, this.ambient);
}
