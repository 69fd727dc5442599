import type { TextSegment } from '../../core/protocol/types.js';
import { SegmentElement } from '../internal/segments/segment-element.js';
import { segmentTextStyles } from './segment-text.styles.js';
import { TextView } from './segment-text.view.js';

/**
 * @tagname segment-text
 * @summary Plain message text: the segment's Markdown, drawn from marked's tokens as text (raw
 * HTML inside it sanitized by DOMPurify, loaded when first needed). Always visible, never
 * collapsible. Sources the provider cited are listed, numbered, under the unchanged text.
 *
 * @event {EnvelopeErrorEvent} envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart content - The rendered Markdown (plain text when the text is cut).
 * @csspart cut - The note under a text too long to show whole (its first 100,000 characters are shown).
 * @csspart citations - The numbered sources the provider cited for the text (1.1 `citations`).
 * @csspart citation - One source: its title and host as a link, a file name or a document.
 * @csspart citation-link - The link to a cited source (http, https and mailto only; no referrer).
 * @csspart cited-text - The cited passage, as a quote.
 * @csspart cache - "cached (ephemeral)": the text carries a cache marker (1.1 `cacheControl`).
 * @csspart more - The button under a long list of sources that shows the next ones.
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop [--pe-text-color=#111827] - Text colour (dark theme: #e5e7eb).
 * @cssprop [--pe-segment-background=var(--pe-surface-color)] - Background behind the segment (transparent inside a message bubble).
 * @cssprop [--pe-surface-color=#ffffff] - Surface colour, the default background (dark theme: #111827).
 * @cssprop [--pe-muted-color=#4b5563] - Colour of quotes (dark theme: #9ca3af).
 * @cssprop [--pe-link-color=#1d4ed8] - Link colour (dark theme: #93c5fd).
 * @cssprop [--pe-border-color=#d1d5db] - Table and quote borders (dark theme: #374151).
 * @cssprop [--pe-code-background=#eef1f5] - Background of code spans and blocks (dark theme: #0b1220).
 * @cssprop [--pe-code-font-family=ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace] - Font of code.
 * @cssprop [--pe-font-family=system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', sans-serif] - Font of the text.
 * @cssprop [--pe-font-size=0.9375rem] - Base font size.
 */
export class SegmentText extends SegmentElement<TextSegment> {
  static override styles = [...SegmentElement.styles, segmentTextStyles];

  protected readonly view = new TextView(this, this.ambient);
}
