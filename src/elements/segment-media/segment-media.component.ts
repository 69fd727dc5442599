import type { MediaSegment } from '../../core/protocol/types.js';
import { SegmentElement } from '../internal/segments/segment-element.js';
import { segmentMediaStyles } from './segment-media.styles.js';
import { MediaView } from './segment-media.view.js';

/**
 * @tagname segment-media
 * @summary An image, audio or video clip from the conversation, with its type icon, label and
 * alt text as a caption. Only http(s) URLs and `data:` URLs of the segment's own type
 * (`data:image/*` for an image, `data:audio/*`, `data:video/*`) are loaded, and only when shown:
 * images load lazily, audio and video preload nothing.
 *
 * @event {EnvelopeErrorEvent} envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart figure - The card around the media.
 * @csspart header - The line with the type icon and label.
 * @csspart label - The type label ("Image", "Audio", "Video").
 * @csspart media - The `<img>`, `<audio>` or `<video>` element.
 * @csspart caption - The alt text, shown as a caption.
 * @csspart detail - How closely OpenAI looks at the image (`detail`, protocol 1.1), when set.
 * @csspart placeholder - Shown instead of an image that failed to load: its alt text (else its URL).
 * @csspart notice - Shown instead of media whose URL is not allowed.
 * @csspart url - The URL in the notice or the placeholder.
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop [--pe-media-max-height=24rem] - Largest height of an image or video.
 * @cssprop [--pe-text-color=#111827] - Text colour (dark theme: #e5e7eb).
 * @cssprop [--pe-muted-color=#4b5563] - Colour of the caption, the label and the placeholder (dark theme: #9ca3af).
 * @cssprop [--pe-surface-color=#ffffff] - Background colour (dark theme: #111827).
 * @cssprop [--pe-subtle-color=#f3f4f6] - Background of the placeholder (dark theme: #1f2937).
 * @cssprop [--pe-border-color=#d1d5db] - Border colour (dark theme: #374151).
 * @cssprop [--pe-radius=8px] - Corner radius.
 */
export class SegmentMedia extends SegmentElement<MediaSegment> {
  static override styles = [...SegmentElement.styles, segmentMediaStyles];

  protected readonly view = new MediaView(this, this.ambient);
}
