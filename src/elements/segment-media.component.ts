import { html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import type { MediaSegment, MediaType } from '../core/protocol/types.js';
import { audioIcon, icon, imageIcon, videoIcon } from './internal/icons.js';
import { SegmentElement } from './internal/segment-element.js';
import { segmentMediaStyles } from './segment-media.styles.js';

/** `data:` URLs are allowed for images only: an image cannot run script, a document could. */
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+[;,]/i;

/** URLs shown as text are cut here: a data URL can be megabytes long. */
const MAX_URL_CHARS = 200;

const MEDIA_ICONS = { image: imageIcon, audio: audioIcon, video: videoIcon };

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

  protected readonly kind = 'media';

  /** The source that failed to load: a new URL gets a new attempt. */
  @state()
  private failedSrc?: string;

  protected renderSegment(segment: MediaSegment) {
    const t = this.ambient;
    const type = segment.mediaType;
    const label = t.t(`media.${type}`);
    const alt = segment.altText ?? '';
    const src = loadableSrc(segment.url, type);
    const failed = src !== null && src === this.failedSrc;
    return html`<figure part="figure" class="figure">
      <div part="header" class="top">
        ${icon(MEDIA_ICONS[type])}<span part="label">${label}</span>${
          segment.detail
            ? html`<span part="detail" class="detail"
                >${t.t('media.detail', { detail: segment.detail })}</span
              >`
            : nothing
        }
      </div>
      ${
        src === null
          ? html`<p part="notice" class="notice" role="note">
              <span>${t.t('media.blocked')}</span>
              <code part="url" class="url">${shortUrl(segment.url)}</code>
            </p>`
          : failed
            ? html`<div part="placeholder" class="placeholder">
                ${icon(MEDIA_ICONS[type])}
                <span class="placeholder-text">${alt || shortUrl(segment.url)}</span>
                <span>${t.t('media.failed')}</span>
              </div>`
            : this.renderMedia(type, src, alt || label)
      }
      ${
        alt && !failed
          ? html`<figcaption part="caption" class="caption">${alt}</figcaption>`
          : nothing
      }
    </figure>`;
  }

  private renderMedia(type: MediaType, src: string, name: string) {
    switch (type) {
      case 'image':
        return html`<img
          part="media"
          class="media image"
          src=${src}
          alt=${name}
          loading="lazy"
          decoding="async"
          referrerpolicy="no-referrer"
          @error=${() => (this.failedSrc = src)}
        />`;
      case 'audio':
        return html`<audio
          part="media"
          class="media audio"
          src=${src}
          controls
          preload="none"
          aria-label=${name}
        ></audio>`;
      case 'video':
        return html`<video
          part="media"
          class="media video"
          src=${src}
          controls
          preload="none"
          aria-label=${name}
        ></video>`;
    }
  }
}

/** The URL to load, or null when it is not http(s) (or, for an image, a data:image URL). */
function loadableSrc(url: string, type: MediaType): string | null {
  const trimmed = url.trim();
  if (DATA_IMAGE.test(trimmed)) return type === 'image' ? trimmed : null;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function shortUrl(url: string): string {
  return url.length > MAX_URL_CHARS ? `${url.slice(0, MAX_URL_CHARS)}…` : url;
}
