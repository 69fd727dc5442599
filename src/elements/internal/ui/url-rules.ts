/**
 * SPEC §6's URL rules, in one place for every URL an element draws from an envelope: Markdown
 * links and images (markdown.ts), raw HTML (markdown-html.ts), media segments, and the links and
 * pictures of provider-run tools and citations. Links go only to http, https and mailto, open in
 * a new tab with rel="noopener noreferrer" and send no referrer; images load only from http(s)
 * and data:image URLs, lazily and without a referrer (a video's poster, which can be neither,
 * only from data:image); audio and video only from http(s). Nothing here imports Lit: the
 * offload worker reads Markdown with them (render-link.ts draws a link).
 */
export const SAFE_LINK = /^(?:https?:|mailto:)/i;
export const SAFE_IMAGE = /^(?:https?:|data:image\/(?:png|jpe?g|gif|webp|avif);)/i;
/** A picture carried in the URL itself: showing it asks nothing of any server. */
export const INLINE_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|avif);/i;
export const SAFE_MEDIA = /^https?:/i;

/**
 * A `data:` URL is loaded as media of its own type only: a picture, a sound or a film cannot run
 * script, a document could.
 */
const DATA_MEDIA = /^data:(\w+)\//i;

/** The URL to load as media of `type`, or null when it is not http(s) or a data: URL of that type. */
export function loadableSrc(url: string, type: 'image' | 'audio' | 'video'): string | null {
  const trimmed = url.trim();
  const data = DATA_MEDIA.exec(trimmed);
  if (data) return data[1]!.toLowerCase() === type ? trimmed : null;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The href of a link to `url`, or undefined when the rules refuse it (or it is no string). */
export function linkHref(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  const trimmed = url.trim();
  return SAFE_LINK.test(trimmed) ? trimmed : undefined;
}

/** The host of an http(s) URL (`example.com`), or '' when it has none. */
export function hostOf(url: unknown): string {
  if (typeof url !== 'string') return '';
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.host : '';
  } catch {
    return '';
  }
}

/** A picture from data the API sent as base64 (an image a provider tool made), or null. */
export function base64ImageSrc(data: unknown, format: unknown): string | null {
  if (typeof data !== 'string' || data === '' || !/^[A-Za-z0-9+/=\s]+$/.test(data)) return null;
  const type = typeof format === 'string' ? format.toLowerCase() : 'png';
  const mime = type === 'jpg' ? 'jpeg' : type;
  return ['png', 'jpeg', 'gif', 'webp'].includes(mime)
    ? `data:image/${mime};base64,${data.replace(/\s+/g, '')}`
    : null;
}
