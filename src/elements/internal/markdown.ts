import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/**
 * Markdown from envelopes is untrusted (SPEC §6). It is parsed by marked, then sanitized by
 * DOMPurify with a strict profile: no script, no event handler, no iframe/object/embed/form/style
 * element, no style attribute, links only to http, https and mailto (opening in a new tab with
 * rel="noopener noreferrer"), and ids/names prefixed so they cannot clobber the page's globals.
 * Results are cached by source text, so each content is parsed and sanitized once.
 */
const marked = new Marked({ gfm: true, breaks: false, async: false });

const purifier = DOMPurify();

const SAFE_LINK = /^(?:https?:|mailto:)/i;
const SAFE_IMAGE = /^(?:https?:|data:image\/(?:png|jpe?g|gif|webp|avif);)/i;

purifier.addHook('afterSanitizeAttributes', (node) => {
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
});

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
  ],
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'xlink:href'],
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  SANITIZE_DOM: true,
  SANITIZE_NAMED_PROPS: true,
  USE_PROFILES: { html: true },
};

const MAX_CACHE = 500;
const cache = new Map<string, string>();

/** Safe HTML for a Markdown text: parsed and sanitized once per distinct text. */
export function renderMarkdown(source: string): string {
  const hit = cache.get(source);
  if (hit !== undefined) return hit;
  let html: string;
  try {
    html = purifier.sanitize(marked.parse(source) as string, PURIFY_CONFIG) as string;
  } catch {
    // marked never should throw on text, but a failure must not take the element down.
    html = purifier.sanitize(escapeHtml(source), PURIFY_CONFIG) as string;
  }
  if (cache.size >= MAX_CACHE) cache.delete(cache.keys().next().value!);
  cache.set(source, html);
  return html;
}

/** How many distinct texts are cached (each was parsed and sanitized once); tests read it. */
export function markdownCacheSize(): number {
  return cache.size;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
