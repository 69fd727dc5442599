import { css, html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import type { MediaSegment, MediaType } from '../core/protocol.js';
import { icon } from './internal/icons.js';
import { SegmentElement } from './internal/segment-element.js';

/** `data:` URLs are allowed for images only: an image cannot run script, a document could. */
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+[;,]/i;

/** URLs shown as text are cut here: a data URL can be megabytes long. */
const MAX_URL_CHARS = 200;

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
  static override styles = [
    ...SegmentElement.styles,
    css`
      .figure {
        display: grid;
        gap: 0.45rem;
        margin: 0;
        padding: 0.6rem 0.75rem;
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        background: var(--_surface);
        min-width: 0;
      }
      .top {
        display: flex;
        align-items: center;
        gap: 0.4rem;
        color: var(--_muted);
        font-size: 0.85em;
        font-weight: 600;
      }
      .top svg {
        flex: none;
      }
      .media {
        display: block;
        max-width: 100%;
        border-radius: 6px;
      }
      .image {
        height: auto;
        max-height: var(--pe-media-max-height, 24rem);
        object-fit: contain;
        justify-self: start;
        background: var(--_subtle);
      }
      .video {
        width: 100%;
        max-width: 40rem;
        max-height: var(--pe-media-max-height, 24rem);
        aspect-ratio: 16 / 9;
        background: #000;
      }
      .audio {
        width: 100%;
        max-width: 28rem;
      }
      .caption {
        color: var(--_muted);
        font-size: 0.9em;
        overflow-wrap: anywhere;
      }
      .placeholder,
      .notice {
        display: grid;
        gap: 0.25rem;
        margin: 0;
        padding: 0.6rem 0.75rem;
        border-radius: 6px;
        overflow-wrap: anywhere;
      }
      .placeholder {
        justify-items: center;
        min-height: 6rem;
        align-content: center;
        text-align: center;
        border: 1px dashed var(--_border);
        background: var(--_subtle);
        color: var(--_muted);
      }
      .placeholder svg {
        width: 28px;
        height: 28px;
      }
      .placeholder-text {
        color: var(--_text);
      }
      .notice {
        border: 1px solid color-mix(in srgb, var(--_tool-overview) 55%, var(--_border));
        border-inline-start-width: 4px;
        border-inline-start-color: var(--_tool-overview);
        background: color-mix(in srgb, var(--_tool-overview) 8%, var(--_surface));
      }
      .url {
        font-family: var(--_mono);
        font-size: 0.85em;
      }
    `,
  ];

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
      <div part="header" class="top">${icon(type)}<span part="label">${label}</span></div>
      ${
        src === null
          ? html`<p part="notice" class="notice" role="note">
              <span>${t.t('media.blocked')}</span>
              <code part="url" class="url">${shortUrl(segment.url)}</code>
            </p>`
          : failed
            ? html`<div part="placeholder" class="placeholder">
                ${icon(type)}
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
