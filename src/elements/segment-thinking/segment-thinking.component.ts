import type { ThinkingSegment } from '../../core/protocol/types.js';
import { SegmentElement } from '../internal/segments/segment-element.js';
import { segmentThinkingStyles } from './segment-thinking.styles.js';
import { ThinkingView } from './segment-thinking.view.js';

/**
 * @tagname segment-thinking
 * @summary The model's thinking before it answered (protocol 1.1): a calm panel, collapsed by
 * default, whose header says how long the thinking is ("Thinking · 1,204 characters"); expanded,
 * the text as Markdown and the summary parts a provider gave. Redacted or encrypted thinking
 * shows only its size, and a signature only the word "signed": opaque data is never drawn.
 *
 * @event {SegmentToggleEvent} segment-toggle - The panel was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * @event {EnvelopeErrorEvent} envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart panel - The panel.
 * @csspart header - The disclosure button (a plain line when there is nothing to expand).
 * @csspart label - The word "Thinking".
 * @csspart summary - What the header says of the thinking: its length, "redacted, N bytes", "encrypted, N bytes", "signed".
 * @csspart body - The expanded content.
 * @csspart summary-parts - The summary the provider gave, one block per part.
 * @csspart summary-part - One part of the summary (Markdown).
 * @csspart content - The thinking text (Markdown; plain text when cut).
 * @csspart caption - The caption over the summary or the text, when both are shown.
 * @csspart cut - The note under a thinking text too long to show whole (its first 100,000 characters are shown).
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop [--pe-thinking-color=#0891b2] - Accent of the panel (in both themes).
 * @cssprop [--pe-text-color=#111827] - Text colour (dark theme: #e5e7eb).
 * @cssprop [--pe-muted-color=#4b5563] - Colour of the header's facts (dark theme: #9ca3af).
 * @cssprop [--pe-surface-color=#ffffff] - Background colour (dark theme: #111827).
 * @cssprop [--pe-border-color=#d1d5db] - Border colour (dark theme: #374151).
 * @cssprop [--pe-link-color=#1d4ed8] - Link colour in the text (dark theme: #93c5fd).
 * @cssprop [--pe-code-background=#eef1f5] - Background of code in the text (dark theme: #0b1220).
 * @cssprop [--pe-radius=8px] - Corner radius.
 */
export class SegmentThinking extends SegmentElement<ThinkingSegment> {
  static override styles = [...SegmentElement.styles, segmentThinkingStyles];

  protected readonly view = new ThinkingView(this, this.ambient);
}
