/**
 * A whole static page around a server-rendered envelope (`prompt-envelope render`): one file
 * that opens from disk, for bug reports, docs and e-mail (or, interactive, a page and the files
 * beside it that it loads). It needs no network: styles are in the declarative shadow roots (or
 * linked from beside it), and its Content-Security-Policy lets nothing load from elsewhere (a
 * page that is mailed around must not call the hosts its envelope names, so a page without
 * script shows a remote picture as a link with its text and address; an interactive page shows
 * pictures as the elements do, lazily and without a referrer, and its policy allows them). The policy names its
 * styles and its script by their hashes: no 'unsafe-inline'.
 */
import { createHash } from 'node:crypto';
import { nonceAttribute, renderEnvelopeMarkup, type RenderEnvelopeOptions } from './render.js';

/** The page's own styles, around the elements. */
const PAGE_CSS =
  'body { margin: 0 auto; max-width: 60rem; padding: 1rem; } h2 { margin: 2rem 0 0.5rem; font: 600 1rem system-ui, sans-serif; color: #374151; } @media (prefers-color-scheme: dark) { body { background: #0b1220; } h2 { color: #e5e7eb; } }';

/** A CSP hash source of `text`, as `script-src` and `style-src` take it. */
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The hash source of each distinct `<style>` element's text in `html`. */
function styleHashes(html: string): string[] {
  const texts = new Set<string>();
  for (const [, css] of html.matchAll(/<style(?: nonce="[^"]*")?>([^]*?)<\/style>/g))
    texts.add(css!);
  return [...texts].map(sha256);
}

/**
 * Every picture that is not inside the page (not a data: URL) as a link to its address with its
 * text alternative: the page's policy would refuse to load it (a page mailed around must not call
 * the hosts its envelope names) and report each one. The server writes every `>` inside an
 * attribute value as `&gt;`, so each `<img …>` is one match.
 */
function remoteImagesAsLinks(html: string, lang = 'en'): string {
  const word = /^zh\b/i.test(lang) ? '图片' : 'Image';
  return html.replace(/<img\b([^>]*)>/g, (tag, attributes: string) => {
    const values = new Map<string, string>();
    for (const [, name, value] of attributes.matchAll(/\s([\w:-]+)="([^"]*)"/g))
      values.set(name!, value!);
    const src = values.get('src');
    if (src === undefined || /^\s*data:/i.test(src)) return tag;
    const alt = values.get('alt');
    // The address as the server wrote it (escaped); only http(s) reaches an <img> (url-rules.ts).
    return `<a href="${src}" target="_blank" rel="noopener noreferrer">${word}${alt ? ` “${alt}”` : ''}: ${src}</a>`;
  });
}

export interface RenderPageOptions extends RenderEnvelopeOptions {
  /** The page title (default: the envelope's model and message count). */
  title?: string;
  /**
   * The script-tag bundle to inline (the text of `prompt-envelope/bundle.js`): the elements
   * hydrate and become interactive. Without it the page is HTML and CSS only.
   */
  script?: string;
  /**
   * For a page that loads its script and styles from files beside it (`render --interactive -o
   * PAGE`): `script` is the address of the classic script to load, and `stylesheet` gives the
   * address of the file that holds the styles of a shadow root (the caller writes that file).
   * Each shadow root then links its styles instead of repeating them.
   */
  files?: { script: string; stylesheet: (css: string) => string };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The page's title when none is given: `gpt-4.1 · 14 messages`, `3 conversations`, or a plain name. */
function defaultTitle(envelopes: unknown[]): string {
  if (envelopes.length > 1) return `Prompt Envelope · ${envelopes.length} conversations`;
  const value = envelopes[0] as { model?: unknown; messages?: unknown } | null;
  const parts = ['Prompt Envelope'];
  if (value && typeof value.model === 'string') parts.push(value.model.slice(0, 200));
  if (value && Array.isArray(value.messages)) parts.push(`${value.messages.length} messages`);
  return parts.join(' · ');
}

/**
 * A self-contained HTML document showing `envelope` (server-rendered, see `renderEnvelopeHTML`).
 * No input makes it reject; it rejects when `renderEnvelopeHTML` does (a `nonce` that is not
 * base64 text, `@lit-labs/ssr` not installed, or Lit's server renderer failing). The page keeps
 * its own policy (a `<meta>`), which a `nonce` served with a policy of yours does not replace.
 *
 * @example
 * ```ts
 * import { renderEnvelopePage } from 'prompt-envelope/ssr';
 * await writeFile('conversation.html', await renderEnvelopePage(envelope, { title: 'Bug 1234' }));
 * ```
 */
export async function renderEnvelopePage(
  envelope: unknown,
  options: RenderPageOptions = {},
): Promise<string> {
  return renderPage([envelope], options);
}

const conversationHeading = (n: number, of: number, lang = 'en') =>
  /^zh\b/i.test(lang) ? `第 ${n} 段对话（共 ${of} 段）` : `Conversation ${n} of ${of}`;

/**
 * The page of several conversations, one after the other under a heading each (the `render`
 * command, for a log of many requests); of one, as renderEnvelopePage.
 */
export async function renderPage(
  envelopes: unknown[],
  options: RenderPageOptions = {},
): Promise<string> {
  const { files } = options;
  // The inline bundle is a module script: `</script` cannot occur in it unescaped. The policy
  // allows exactly this script, by its hash.
  const script = options.script?.replace(/<\/script/gi, '<\\/script');
  // A page without script is never hydrated: it goes without the envelope's JSON copies.
  const hydrated = Boolean(files || script);
  const nonce = nonceAttribute(options.nonce);
  const parts = await Promise.all(
    envelopes.map((envelope) => renderEnvelopeMarkup(envelope, options, hydrated)),
  );
  const body =
    parts.length === 1
      ? parts[0]!
      : parts
          .map(
            (part, i) =>
              `<section aria-labelledby="conversation-${i + 1}"><h2 id="conversation-${i + 1}">${conversationHeading(i + 1, parts.length, options.lang)}</h2>\n${part}</section>`,
          )
          .join('\n');
  // The server renderer writes each shadow root's styles in a <style> of its own (no text of an
  // envelope can: it is escaped). With files beside the page, each links its sheet instead: demo
  // B's viewer repeated 199 kB of styles over its 17 shadow roots.
  const linked = new Set<string>();
  const styled = files
    ? body.replace(/<style(?: nonce="[^"]*")?>([^]*?)<\/style>/g, (_, css: string) => {
        const href = escapeHtml(files.stylesheet(css));
        linked.add(href);
        return `<link rel="stylesheet" href="${href}">`;
      })
    : body;
  const shown = hydrated ? styled : remoteImagesAsLinks(styled, options.lang);
  const scripts = files
    ? `<script src="${escapeHtml(files.script)}"${nonce}></script>`
    : script
      ? `<script type="module"${nonce}>${script}</script>`
      : '';
  const pageStyle = `<style${nonce}>${PAGE_CSS}</style>`;
  // Nothing loads by itself from elsewhere: pictures only from data: URLs; audio and video are
  // drawn with preload="none", so a remote clip loads only when the reader presses play. Files
  // beside the page are 'self' (on disk too: Chromium counts the page's folder as its own).
  // Inline styles are allowed by their hashes, not by 'unsafe-inline': the page's own and each
  // shadow root's (the same sheet in many roots is one hash).
  const policy = [
    "default-src 'none'",
    `style-src ${[...(files ? ["'self'"] : []), ...styleHashes(`${pageStyle}${shown}`)].join(' ')}`,
    // With script, pictures are drawn as the elements draw them everywhere: a remote one loads
    // when near the viewport, without a referrer. Without, none is (shown as a link above).
    hydrated ? 'img-src data: https: http:' : 'img-src data:',
    'media-src data: https: http:',
    ...(files ? ["script-src 'self'"] : script ? [`script-src ${sha256(script)}`] : []),
  ].join('; ');
  // A stylesheet linked in a shadow root does not hold back the first paint: asked for from the
  // head, it arrives as soon as it can.
  const preloads = [...linked].map((href) => `<link rel="preload" as="style" href="${href}">\n`);
  return `<!doctype html>
<html lang="${escapeHtml(options.lang ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="generator" content="prompt-envelope render">
<title>${escapeHtml(options.title ?? defaultTitle(envelopes))}</title>
${preloads.join('')}${pageStyle}
</head>
<body>
${shown}
${scripts}
</body>
</html>
`;
}
