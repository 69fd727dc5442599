import DOMPurify, { type DOMPurify as Purifier, type WindowLike } from 'dompurify';
import { Marked } from 'marked';
import { defuseInlineCode } from './html-defuse.js';

/**
 * Markdown from envelopes is untrusted (SPEC §6). It is parsed by marked, then sanitized by
 * DOMPurify with a strict profile: no script, no event handler, no iframe/object/embed/form/style
 * element, no style attribute, links only to http, https and mailto (opening in a new tab with
 * rel="noopener noreferrer"), images only from http(s) and data:image URLs, audio and video only
 * from http(s) URLs and never preloaded, and ids/names prefixed so they cannot clobber the
 * page's globals.
 * Results are cached by source text, so each content is parsed and sanitized once.
 */
const marked = new Marked({ gfm: true, breaks: false, async: false });

/**
 * The sanitizer is made on first use, not at import: in Node (server rendering, static-site
 * builds) there is no window until one is given (`useMarkdownWindow`, which prompt-envelope/ssr
 * calls with a server DOM), and a module import must not touch the DOM.
 */
let purifier: Purifier | null = null;
let purifierWindow: WindowLike | undefined;

/** Sanitize with this window's DOM from now on (server rendering passes a server DOM's window). */
export function useMarkdownWindow(window: WindowLike): void {
  purifierWindow = window;
  purifier = null;
  cache.clear();
  cachedChars = 0;
}

function sanitizer(): Purifier | null {
  if (purifier) return purifier;
  const window = purifierWindow ?? (globalThis as { window?: WindowLike }).window;
  if (!window) return null;
  const made = DOMPurify(window);
  if (!made.isSupported) return null;
  made.addHook('afterSanitizeAttributes', keepSafeAttributes);
  // Set once: passing the config to each sanitize() call would parse it again every time.
  made.setConfig(PURIFY_CONFIG);
  return (purifier = made);
}

const SAFE_LINK = /^(?:https?:|mailto:)/i;
const SAFE_IMAGE = /^(?:https?:|data:image\/(?:png|jpe?g|gif|webp|avif);)/i;
const SAFE_MEDIA = /^https?:/i;

/** Removes `name` from `node` unless its value matches `allowed`. */
function keepUrl(node: Element, name: string, allowed: RegExp) {
  const value = node.getAttribute(name);
  if (value !== null && !allowed.test(value.trim())) node.removeAttribute(name);
}

function keepSafeAttributes(node: Element) {
  if (node.tagName === 'A') {
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
    const src = node.getAttribute('src');
    if (src === null || !SAFE_IMAGE.test(src.trim())) node.removeAttribute('src');
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
  if (node.tagName === 'VIDEO') keepUrl(node, 'poster', SAFE_IMAGE);
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
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'xlink:href'],
  // A <style> renamed by defuseInlineCode goes with its content, as a <style> would.
  ADD_FORBID_CONTENTS: ['x-style'],
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  SANITIZE_DOM: true,
  SANITIZE_NAMED_PROPS: true,
  USE_PROFILES: { html: true },
};

/**
 * The cache holds up to this many characters of source and HTML (about 16 MB), so a long
 * conversation scrolled back and forth is parsed once, while a flood of huge texts is not kept.
 */
const MAX_CACHED_CHARS = 8_000_000;
const cache = new Map<string, string>();
let cachedChars = 0;

/** Safe HTML for a Markdown text: parsed and sanitized once per distinct text. */
export function renderMarkdown(source: string): string {
  const hit = cache.get(source);
  if (hit !== undefined) return hit;
  const purify = sanitizer();
  // With no DOM to sanitize in, nothing of the text is trusted: it is shown as plain text.
  if (!purify) return escapeHtml(source);
  let html: string;
  try {
    // Handler and style names never reach a parser: it would report them (html-defuse.ts).
    const defused = defuseInlineCode(marked.parse(source) as string);
    html = defused === undefined ? escapeHtml(source) : (purify.sanitize(defused) as string);
  } catch {
    // marked never should throw on text, but a failure must not take the element down.
    html = purify.sanitize(escapeHtml(source)) as string;
  }
  const size = source.length + html.length;
  if (size > MAX_CACHED_CHARS) return html;
  // Oldest first: a Map iterates in insertion order.
  for (const [oldSource, oldHtml] of cache) {
    if (cachedChars + size <= MAX_CACHED_CHARS) break;
    cache.delete(oldSource);
    cachedChars -= oldSource.length + oldHtml.length;
  }
  cache.set(source, html);
  cachedChars += size;
  return html;
}

/** How many distinct texts are cached (each was parsed and sanitized once); tests read it. */
export function markdownCacheSize(): number {
  return cache.size;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
