import type { DOMPurify as Purifier, UponSanitizeAttributeHookEvent } from 'dompurify';
import { BoundedCache } from './bounded-cache.js';
import { defuseInlineCode } from './html-defuse.js';
import { onDemand } from '../loading/on-demand.js';
import { INLINE_IMAGE, SAFE_IMAGE, SAFE_LINK, SAFE_MEDIA } from '../ui/url-rules.js';

/**
 * Raw HTML inside Markdown (marked's `html` tokens), with the Markdown around it, is the only
 * model text that is ever parsed as HTML, and only by DOMPurify, with a strict profile: no
 * script, no event handler, no iframe/object/embed/form/style element, no style attribute,
 * links only to http, https and mailto (opening in a new tab with rel="noopener noreferrer"),
 * images only from http(s) and data:image URLs, audio and video only from http(s) URLs and never
 * preloaded, and ids/names prefixed so they cannot clobber the page's globals. It loads nothing
 * by itself: pictures load as Markdown images do (lazily, without a referrer), media when
 * played, text tracks when chosen; no `background`, and a `poster` only from a data:image URL.
 *
 * DOMPurify (32 kB minified) is loaded the first time a text holds HTML, not with the elements:
 * most conversations never need it. Until it has loaded, and on the server (no DOM to sanitize
 * in), that HTML is shown as text; each text holding it is then drawn again (markdown.ts).
 */

/** Removes `name` from `node` unless its value matches `allowed`. */
function keepUrl(node: Element, name: string, allowed: RegExp) {
  const value = node.getAttribute(name);
  if (value !== null && !allowed.test(value.trim())) node.removeAttribute(name);
}

function keepSafeAttributes(node: Element) {
  // An image map's <area> is a link too.
  if (node.tagName === 'A' || node.tagName === 'AREA') {
    const href = node.getAttribute('href');
    if (href === null || !SAFE_LINK.test(href.trim())) node.removeAttribute('href');
    else {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  }
  // Wide code blocks and tables scroll sideways: keyboard users must be able to focus them.
  if (node.tagName === 'PRE' || node.tagName === 'TABLE') node.setAttribute('tabindex', '0');
  if (node.tagName === 'IMG') {
    // An image without a text alternative is taken as decoration: screen readers skip it.
    if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
    keepUrl(node, 'src', SAFE_IMAGE);
    node.setAttribute('loading', 'lazy');
    node.setAttribute('referrerpolicy', 'no-referrer');
  }
  // Audio and video follow the rule of <segment-media>: http(s) only, nothing loads until played.
  if (['AUDIO', 'VIDEO', 'SOURCE', 'TRACK'].includes(node.tagName))
    keepUrl(node, 'src', SAFE_MEDIA);
  if (node.tagName === 'AUDIO' || node.tagName === 'VIDEO') {
    node.setAttribute('preload', 'none');
    node.removeAttribute('autoplay');
  }
  // A poster loads as soon as it is drawn, with the page's referrer: none can be set on it.
  if (node.tagName === 'VIDEO') keepUrl(node, 'poster', INLINE_IMAGE);
  // A default track loads as soon as it is drawn, even with preload="none"; without `default`,
  // only when the person turns its captions on.
  if (node.tagName === 'TRACK') node.removeAttribute('default');
}

/** DOMPurify refuses every data: poster; one carrying its picture in the URL loads nothing. */
function keepInlinePoster(node: Element, attribute: UponSanitizeAttributeHookEvent) {
  if (
    node.tagName === 'VIDEO' &&
    attribute.attrName === 'poster' &&
    INLINE_IMAGE.test(attribute.attrValue)
  )
    attribute.forceKeepAttr = true;
}

const PURIFY_CONFIG = {
  FORBID_TAGS: [
    'style',
    'iframe',
    'object',
    'embed',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'frame',
    'frameset',
    'base',
    'link',
    'meta',
    'svg',
    'math',
    // An open <dialog> is drawn over the text around it, like the `style` overlays refused above.
    'dialog',
  ],
  // `background` loads a picture as soon as it is drawn (table, cells, body), with the page's
  // referrer. `ping` is not in DOMPurify's list today; named so that no later list lets it in
  // (a click would send a request to each URL it holds).
  // `class`, `part`, `exportparts` and `slot` go too: the HTML shares its message's shadow root,
  // where a class would take the look of the message's own parts (a bubble, a header).
  FORBID_ATTR: [
    'background',
    'ping',
    'style',
    'srcset',
    'action',
    'formaction',
    'xlink:href',
    'class',
    'part',
    'exportparts',
    'slot',
  ],
  // A <style> renamed by defuseInlineCode goes with its content, as a <style> would.
  ADD_FORBID_CONTENTS: ['x-style'],
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  SANITIZE_DOM: true,
  SANITIZE_NAMED_PROPS: true,
  USE_PROFILES: { html: true },
  // Nodes, not a string: nothing of the result goes through innerHTML again.
  RETURN_DOM_FRAGMENT: true,
};

/** DOMPurify, set up once it has loaded (null where it cannot run: no DOM). */
const sanitizer = onDemand(async (): Promise<Purifier | null> => {
  const { default: purify } = await import('dompurify');
  if (!purify.isSupported) return null;
  purify.addHook('uponSanitizeAttribute', keepInlinePoster);
  purify.addHook('afterSanitizeAttributes', keepSafeAttributes);
  // Set once: passing the config to each sanitize() call would parse it again every time.
  purify.setConfig(PURIFY_CONFIG);
  return purify;
});

/**
 * Sanitized fragments by HTML text, within a character budget: a long conversation scrolled
 * back and forth sanitizes each piece once. Each view inserts a copy.
 */
const sanitizedCache = new BoundedCache<DocumentFragment | null>(2_000_000);

/** The sanitized nodes of `raw`, or null when it must stay text (too contrived to scan). */
function sanitize(purify: Purifier, raw: string): DocumentFragment | null {
  const hit = sanitizedCache.get(raw);
  if (hit !== undefined) return hit;
  // Handler and style names never reach a parser: it would report them (html-defuse.ts).
  const defused = defuseInlineCode(raw);
  // RETURN_DOM_FRAGMENT is in the config set once, which the call's type cannot see.
  const fragment =
    defused === undefined ? null : (purify.sanitize(defused) as unknown as DocumentFragment);
  sanitizedCache.set(raw, fragment, raw.length);
  return fragment;
}

/** DOMPurify when it has loaded (null where it cannot run), undefined until then. */
export function loadedSanitizer(): Purifier | null | undefined {
  return sanitizer.get();
}

/** Whether DOMPurify has loaded (tests read it). */
export function sanitizerLoaded(): boolean {
  return sanitizer.get() !== undefined;
}

/** Loads DOMPurify (the first text that holds HTML, a page that knows its texts do, a test). */
export function loadSanitizer(): Promise<Purifier | null> {
  return sanitizer.load();
}

/**
 * GitHub Flavored Markdown's disallowed raw HTML (its tag filter): these tags change how the HTML
 * after them is read (as text until a closing tag that may never come, or to the end), so their
 * `<` is written as `&lt;` and they are shown as text, as GitHub shows them.
 */
const DISALLOWED =
  /<(?=\/?(?:title|textarea|style|xmp|iframe|noembed|noframes|script|plaintext)(?:[\s/>]|$))/gi;

/** Raw HTML with GFM's disallowed tags made text. */
export function filterDisallowedTags(raw: string): string {
  return raw.replace(DISALLOWED, '&lt;');
}

/** A copy of the sanitized nodes of `raw`, or null when it must stay text. */
export function sanitizedNodes(purify: Purifier, raw: string): DocumentFragment | null {
  const fragment = sanitize(purify, raw);
  return fragment && document.importNode(fragment, true);
}
