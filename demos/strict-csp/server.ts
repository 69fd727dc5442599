/**
 * A conversation served under a strict Content-Security-Policy: no 'unsafe-inline', Trusted
 * Types on. Each response gets a new nonce, given to renderEnvelopeHTML (for the styles of its
 * shadow roots) and to the page's one script. Plain node:http; in Express the handler is the
 * same with `res.setHeader` and `res.send`.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { renderEnvelopeHTML } from 'prompt-envelope/ssr';

/**
 * The policy of one response. `img-src` and `media-src` allow pictures and sounds carried in the
 * envelope (data: URLs); add the hosts of any others your envelopes show.
 */
export function strictPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    `script-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "media-src 'self' data:",
    "require-trusted-types-for 'script'",
    'trusted-types lit-html dompurify',
  ].join('; ');
}

/**
 * Sends the page of `envelope`. `bundle` is where the page loads the elements from: the file
 * `prompt-envelope/bundle.js` (dist/prompt-envelope.js) served from this origin, with the
 * dist/lazy/ folder beside it.
 */
export async function sendEnvelopePage(
  response: ServerResponse,
  envelope: unknown,
  bundle = '/prompt-envelope/prompt-envelope.js',
): Promise<void> {
  const nonce = randomBytes(16).toString('base64');
  const chat = await renderEnvelopeHTML(envelope, { nonce });
  response.setHeader('Content-Security-Policy', strictPolicy(nonce));
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.end(`<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Conversation</title>
${chat}
<script type="module" src="${bundle}" nonce="${nonce}"></script>
</html>
`);
}
