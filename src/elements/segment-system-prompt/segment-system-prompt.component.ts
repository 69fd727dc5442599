import type { PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { SystemPromptSegment } from '../../core/protocol/types.js';
import { SegmentElement } from '../internal/segments/segment-element.js';
import { segmentSystemPromptStyles } from './segment-system-prompt.styles.js';
import { SystemPromptView } from './segment-system-prompt.view.js';

/**
 * @tagname segment-system-prompt
 * @summary The system prompt: a grey collapsible panel. Expanded, it shows the raw template with
 * each `{{name}}` placeholder marked, and the text as sent with the placeholders filled in from
 * `variables`. A prompt without placeholders is shown once.
 *
 * The prompt is shown as text (white space kept), never as Markdown or HTML: it is what the
 * model receives, character for character.
 *
 * @event {SegmentToggleEvent} segment-toggle - The panel was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * @event {EnvelopeErrorEvent} envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart panel - The collapsible panel.
 * @csspart header - The disclosure button.
 * @csspart label - The panel's title.
 * @csspart summary - The character count, and the cache note.
 * @csspart cache - "cached (ephemeral)": the prompt carries a cache marker (1.1 `cacheControl`).
 * @csspart body - The expanded content.
 * @csspart template - The raw template block (only when it has placeholders).
 * @csspart expanded - The "as sent" block (only when the template has placeholders).
 * @csspart caption - The label of the template and "as sent" blocks.
 * @csspart text - A block of prompt text.
 * @csspart placeholder - A `{{name}}` placeholder in the template; also `unknown` when no value is known.
 * @csspart value - A value filled in for a placeholder in the text as sent.
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop [--pe-system-prompt-color=#6b7280] - Accent colour.
 * @cssprop [--pe-static-var-color=#3b82f6] - Colour of placeholder marks, as in `<segment-static-var>`.
 * @cssprop [--pe-text-color=#111827] - Text colour (dark theme: #e5e7eb).
 * @cssprop [--pe-muted-color=#4b5563] - Colour of captions and the summary (dark theme: #9ca3af).
 * @cssprop [--pe-surface-color=#ffffff] - Background colour (dark theme: #111827).
 * @cssprop [--pe-border-color=#d1d5db] - Border colour (dark theme: #374151).
 * @cssprop [--pe-radius=8px] - Corner radius.
 */
export class SegmentSystemPrompt extends SegmentElement<SystemPromptSegment> {
  static override styles = [...SegmentElement.styles, segmentSystemPromptStyles];

  /**
   * Values of the placeholders by name, usually the envelope's static_var segments (set by
   * `<envelope-message>`). Placeholders without a value are marked as unknown.
   */
  @property({ attribute: false })
  variables?: Record<string, string>;

  protected readonly view = new SystemPromptView(this, this.ambient);

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.view.variables = this.variables;
    super.willUpdate(changed);
  }
}
