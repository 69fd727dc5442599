import { html, nothing } from 'lit';
import type { MediaSegment, MediaType } from '../../core/protocol/types.js';
import { audioIcon, icon, imageIcon, videoIcon } from '../internal/ui/icons.js';
import { SegmentView } from '../internal/segments/segment-view.js';
import { loadableSrc } from '../internal/ui/url-rules.js';

/** URLs shown as text are cut here: a data URL can be megabytes long. */
const MAX_URL_CHARS = 200;

const MEDIA_ICONS = { image: imageIcon, audio: audioIcon, video: videoIcon };

/** A media segment drawn: by <segment-media> and inside `<envelope-message>`. */
export class MediaView extends SegmentView<MediaSegment> {
  readonly kind = 'media';
  // The URL is loaded whole (a picture as a data: URL is longer than any label) and shown cut.
  protected override readonly cutsItself = ['url'];

  /** The source that failed to load: a new URL gets a new attempt. */
  private failedSrc?: string;

  protected renderSegment(segment: MediaSegment) {
    const t = this.ambient;
    const type = segment.mediaType;
    const label = t.t(`media.${type}`);
    const alt = segment.altText ?? '';
    const src = loadableSrc(segment.url, type);
    const failed = src !== null && src === this.failedSrc;
    return html`<figure part=${this.part('figure')} class="figure">
      <div part=${this.part('header')} class="top">
        ${icon(MEDIA_ICONS[type])}<span part=${this.part('label')}>${label}</span>${
          segment.detail
            ? html`<span part=${this.part('detail')} class="detail"
                >${t.t('media.detail', { detail: segment.detail })}</span
              >`
            : nothing
        }
      </div>
      ${
        src === null
          ? html`<p part=${this.part('notice')} class="notice" role="note">
              <span>${t.t('media.blocked')}</span>
              <code part=${this.part('url')} class="url">${shortUrl(segment.url)}</code>
            </p>`
          : failed
            ? html`<div part=${this.part('placeholder')} class="placeholder">
                ${icon(MEDIA_ICONS[type])}
                <span class="placeholder-text">${alt || shortUrl(segment.url)}</span>
                <span>${t.t('media.failed')}</span>
              </div>`
            : this.renderMedia(type, src, alt || label)
      }
      ${
        alt && !failed
          ? html`<figcaption part=${this.part('caption')} class="caption">${alt}</figcaption>`
          : nothing
      }
    </figure>`;
  }

  private renderMedia(type: MediaType, src: string, name: string) {
    switch (type) {
      case 'image':
        return html`<img
          part=${this.part('media')}
          class="media image"
          src=${src}
          alt=${name}
          loading="lazy"
          decoding="async"
          referrerpolicy="no-referrer"
          @error=${() => this.change(() => (this.failedSrc = src))}
        />`;
      case 'audio':
        return html`<audio
          part=${this.part('media')}
          class="media audio"
          src=${src}
          controls
          preload="none"
          aria-label=${name}
        ></audio>`;
      case 'video':
        return html`<video
          part=${this.part('media')}
          class="media video"
          src=${src}
          controls
          preload="none"
          aria-label=${name}
        ></video>`;
    }
  }
}

function shortUrl(url: string): string {
  return url.length > MAX_URL_CHARS ? `${url.slice(0, MAX_URL_CHARS)}…` : url;
}
