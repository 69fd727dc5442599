import type { MediaSegment } from '../core/protocol/types.js';
import { SegmentElement } from './internal/segment-element.js';
import { segmentMediaStyles } from './segment-media.styles.js';
import { MediaView } from './segment-media.view.js';

/**
 * @tagname segment-media
 * @summary An image, audio or video clip from the conversation, with its type icon, label and
 * alt text as a caption. Only http(s) URLs (and `data:image/*` for images) are loaded, and only
 * when shown: images load lazily, audio and video preload nothing.
 *
 * @event envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
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
 * @cssprop --pe-media-max-height - Largest height of an image or video (default 24rem).
 * @cssprop --pe-text-color - Text colour.
 * @cssprop --pe-muted-color - Colour of the caption, the label and the placeholder.
 * @cssprop --pe-surface-color - Background colour.
 * @cssprop --pe-subtle-color - Background of the placeholder.
 * @cssprop --pe-border-color - Border colour.
 * @cssprop --pe-radius - Corner radius.
 */
export class SegmentMedia extends SegmentElement<MediaSegment> {
  static override styles = [...SegmentElement.styles, segmentMediaStyles];

  protected readonly view = new MediaView(this, this.ambient);
}
