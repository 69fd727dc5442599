/**
 * A whole static page around a server-rendered envelope (`prompt-envelope render`): one file
 * that opens from disk, for bug reports, docs and e-mail. It needs no network: styles are in the
 * declarative shadow roots, and its Content-Security-Policy lets nothing load from elsewhere (a
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
 * Never throws on any input (rejects when `@lit-labs/ssr` is not installed, as that does).
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
  // The inline bundle is a module script: `</script` cannot occur in it unescaped. The policy
  // allows exactly this script, by its hash.
  const script = options.script?.replace(/<\/script/gi, '<\\/script');
  const inline = script ? `<script type="module">${script}</script>` : '';
  // Nothing loads by itself: pictures only from data: URLs. Audio and video are drawn with
  // preload="none", so a remote clip loads only when the reader presses play.
  const policy = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    'img-src data:',
    'media-src data: https: http:',
    ...(script
      ? [`script-src 'sha256-${createHash('sha256').update(script).digest('base64')}'`]
      : []),
  ].join('; ');
  return `<!doctype html>
<html lang="${escapeHtml(options.lang ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="generator" content="prompt-envelope render">
<title>${escapeHtml(options.title ?? defaultTitle(envelopes))}</title>
<style>body { margin: 0 auto; max-width: 60rem; padding: 1rem; } h2 { margin: 2rem 0 0.5rem; font: 600 1rem system-ui, sans-serif; color: #374151; } @media (prefers-color-scheme: dark) { body { background: #0b1220; } h2 { color: #e5e7eb; } }</style>
</head>
<body>
${body}
${inline}
</body>
</html>
`;
}
