/**
 * A whole static page around a server-rendered envelope (`prompt-envelope render`): one file
 * that opens from disk, for bug reports, docs and e-mail (or, interactive, a page and the files
 * beside it that it loads). It needs no network: styles are in the declarative shadow roots (or
 * linked from beside it), and its Content-Security-Policy lets nothing load from elsewhere (a
 * page that is mailed around must not call the hosts its envelope names, so remote images show
 * as their alt text).
 */
import { createHash } from 'node:crypto';
import { renderEnvelopeHTML, type RenderEnvelopeOptions } from './render.js';

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
 * No input makes it reject; it rejects when `renderEnvelopeHTML` does (`@lit-labs/ssr` not
 * installed, or Lit's server renderer failing).
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
  const parts = await Promise.all(
    envelopes.map((envelope) => renderEnvelopeHTML(envelope, options)),
  );
  const body =
    parts.length === 1
      ? parts[0]
      : parts
          .map(
            (part, i) =>
              `<section aria-labelledby="conversation-${i + 1}"><h2 id="conversation-${i + 1}">${conversationHeading(i + 1, parts.length, options.lang)}</h2>\n${part}</section>`,
          )
          .join('\n');
  const { files } = options;
  // The server renderer writes each shadow root's styles in a <style> of its own (no text of an
  // envelope can: it is escaped). With files beside the page, each links its sheet instead: demo
  // B's viewer repeated 199 kB of styles over its 17 shadow roots.
  const linked = new Set<string>();
  const shown = files
    ? body.replace(/<style>([^]*?)<\/style>/g, (_, css: string) => {
        const href = escapeHtml(files.stylesheet(css));
        linked.add(href);
        return `<link rel="stylesheet" href="${href}">`;
      })
    : body;
  // The inline bundle is a module script: `</script` cannot occur in it unescaped. The policy
  // allows exactly this script, by its hash.
  const script = options.script?.replace(/<\/script/gi, '<\\/script');
  const scripts = files
    ? `<script src="${escapeHtml(files.script)}"></script>`
    : script
      ? `<script type="module">${script}</script>`
      : '';
  // Nothing loads by itself from elsewhere: pictures only from data: URLs; audio and video are
  // drawn with preload="none", so a remote clip loads only when the reader presses play. Files
  // beside the page are 'self' (on disk too: Chromium counts the page's folder as its own).
  const policy = [
    "default-src 'none'",
    files ? "style-src 'self' 'unsafe-inline'" : "style-src 'unsafe-inline'",
    'img-src data:',
    'media-src data: https: http:',
    ...(files
      ? ["script-src 'self'"]
      : script
        ? [`script-src 'sha256-${createHash('sha256').update(script).digest('base64')}'`]
        : []),
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
${preloads.join('')}<style>body { margin: 0 auto; max-width: 60rem; padding: 1rem; } h2 { margin: 2rem 0 0.5rem; font: 600 1rem system-ui, sans-serif; color: #374151; } @media (prefers-color-scheme: dark) { body { background: #0b1220; } h2 { color: #e5e7eb; } }</style>
</head>
<body>
${shown}
${scripts}
</body>
</html>
`;
}
