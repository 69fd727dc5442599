/**
 * An envelope as server-rendered HTML (Lit SSR, declarative shadow DOM).
 * With JavaScript off the page shows every message, segment header and the collapsed or expanded
 * state the element would show; when the elements' script loads (after Lit's hydration support,
 * see the guide) they hydrate without rebuilding their DOM. Markdown is drawn from marked's
 * tokens as in the browser, with no DOM: raw HTML inside it is shown as text here (there is no
 * DOM to sanitize it in), and sanitized in the browser once the page's script runs.
 */
import type { RenderInfo } from '@lit-labs/ssr';
import { html, nothing } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { EnvelopeMessage } from '../elements/envelope-message/envelope-message.component.js';
import {
  kindsShownFirst,
  SEGMENT_KINDS,
  segmentStyles,
} from '../elements/internal/segments/message-segments.js';
import { preloadForServerRender } from '../elements/internal/loading/server-preload.js';
import { fixDirectiveResolveName } from './directive-resolve.js';
import '../elements/envelope-chat/envelope-chat.js';
import '../elements/envelope-viewer/envelope-viewer.js';

/** The viewer provides context to the panels inside it (and needs its shadow root for that). */
const CONTEXT_ELEMENTS = new Set([
  'envelope-viewer',
  'protocol-panel',
  'context-meter',
  'prompt-studio',
]);
let contextOnServer = false;

// Before anything renders: Next.js evaluates Lit and this module once per layer (see there).
fixDirectiveResolveName();

/**
 * Lit's server renderer. It is an optional peer dependency (a browser-only install does not
 * carry it), so it is loaded here, where a missing copy can be named.
 */
async function litServerRenderer() {
  try {
    const [{ render, LitElementRenderer }, { collectResult }] = await Promise.all([
      import('@lit-labs/ssr'),
      import('@lit-labs/ssr/lib/render-result.js'),
    ]);
    if (!contextOnServer) {
      // The panels inside a viewer take its envelope from context, which travels by an event
      // when they connect: Lit calls connectedCallback on the server only for the elements
      // asked (their controllers skip what only a browser has).
      contextOnServer = true;
      LitElementRenderer.renderOptions.push((element) =>
        CONTEXT_ELEMENTS.has(element.localName) ? { connectedCallback: true } : undefined,
      );
    }
    /**
     * A message's declarative shadow root with the styles of the segment kinds it draws, not of
     * all twelve: each message repeats its styles, and a page of 14 messages carried every
     * kind's 14 times (demo B's viewer page: 351 kB of styles, now 199). In the page a message
     * adopts the segment styles with its first view (message-segments.ts).
     */
    class MessageRenderer extends LitElementRenderer {
      static override matchesClass(ctor: typeof HTMLElement): boolean {
        return ctor === EnvelopeMessage;
      }

      override renderShadow(renderInfo: RenderInfo) {
        const result = super.renderShadow(renderInfo);
        if (!result) return result;
        const message = this.element as EnvelopeMessage;
        // A message as JSON text is read as it draws: the styles of every kind, then.
        const drawn =
          typeof message.message === 'object'
            ? kindsShownFirst(message.message, message.announced, Infinity)
            : SEGMENT_KINDS;
        const styles = segmentStyles!;
        const sheets = [...drawn].map((kind) => styles.SEGMENT_KIND_STYLES[kind]);
        if (sheets.length === 0) return result;
        const chunks = [...result];
        chunks.splice(
          chunks.indexOf('</style>'),
          0,
          ...[styles.SEGMENT_SHARED_STYLES, ...sheets].map((sheet) => sheet.cssText),
        );
        return chunks;
      }
    }
    const elementRenderers = [MessageRenderer, LitElementRenderer];
    return {
      render: (template: unknown) => render(template, { elementRenderers }),
      collectResult,
    };
  } catch (cause) {
    if ((cause as { code?: unknown }).code !== 'ERR_MODULE_NOT_FOUND') throw cause;
    throw new Error(
      'server rendering needs the package @lit-labs/ssr, an optional peer dependency of prompt-envelope: npm install @lit-labs/ssr',
      { cause },
    );
  }
}

export interface RenderEnvelopeOptions {
  /** What to render: the chat (default) or the whole viewer with its protocol panel. */
  element?: 'envelope-chat' | 'envelope-viewer';
  /** `light`, `dark` or `auto` (default: follow the page, then the system). */
  theme?: 'light' | 'dark' | 'auto';
  /** IANA time zone of the times shown (default UTC). */
  timeZone?: string;
  /** Language of the element's own words (`en` default, or `zh-CN`). */
  lang?: string;
  /** The element's `id`, for a `<protocol-panel for="…">` beside it. */
  id?: string;
  /**
   * The nonce of the page's Content-Security-Policy (`'nonce-…'` in `style-src` and
   * `script-src`), put on every `<style>` and `<script>` of the output: a policy without
   * `'unsafe-inline'` then allows the shadow roots' styles. Base64 characters only (`A–Z a–z 0–9
   * + / - _`, up to two `=` at the end); with anything else the call rejects with a `TypeError`.
   * Use a new random one for each response.
   */
  nonce?: string;
}

/** A CSP nonce as the policy's grammar writes it (base64 or base64url). */
const NONCE = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** `nonce` checked, as the attribute text to add (` nonce="…"`), or '' without one. */
export function nonceAttribute(nonce: unknown): string {
  if (nonce === undefined) return '';
  if (typeof nonce !== 'string' || !NONCE.test(nonce))
    throw new TypeError(
      `prompt-envelope: the nonce must be base64 text (A-Z, a-z, 0-9, +, /, - and _, then up to two =), as a Content-Security-Policy 'nonce-…' source writes it; got ${typeof nonce === 'string' ? JSON.stringify(nonce.slice(0, 40)) : typeof nonce}`,
    );
  return ` nonce="${nonce}"`;
}

/**
 * The envelope as a `<script type="application/json">` child. `<` is written `\u003c` (the same
 * character to a JSON reader), so no value can end the script or open a comment in it.
 */
function scriptChild(envelope: unknown, nonce: string): string {
  let json: string;
  try {
    json = typeof envelope === 'string' ? envelope : (JSON.stringify(envelope) ?? 'null');
  } catch {
    json = 'null'; // a cycle: the element shows its error panel for the property anyway
  }
  return `<script type="application/json"${nonce}>${json.replace(/</g, '\\u003c')}</script>`;
}

/**
 * The HTML of an `<envelope-chat>` (or `<envelope-viewer>`) showing `envelope`, with its shadow
 * DOM declared in `<template shadowrootmode="open">`. The envelope also travels in a child
 * `<script type="application/json">`, so the element reads the same data when it hydrates.
 * Invalid input renders the same error panel as in the browser: no input makes it reject. It
 * rejects when `nonce` is not base64 text (a `TypeError`), when `@lit-labs/ssr` is not installed
 * (naming the package), and when Lit's server renderer itself fails (with Lit's message and the
 * error as `cause`), so that a build or a request fails instead of serving an error sentence as
 * the page.
 *
 * @example
 * ```ts
 * import { renderEnvelopeHTML } from 'prompt-envelope/ssr';
 * const html = await renderEnvelopeHTML(envelope, { theme: 'light' });
 * response.end(`<!doctype html><body>${html}</body>`);
 * ```
 */
export async function renderEnvelopeHTML(
  envelope: unknown,
  options: RenderEnvelopeOptions = {},
): Promise<string> {
  return renderEnvelopeMarkup(envelope, options, true);
}

/**
 * renderEnvelopeHTML, or, without `data`, the same HTML without the envelope's
 * `<script type="application/json">` child: for a page that has no script to hydrate it.
 */
export async function renderEnvelopeMarkup(
  envelope: unknown,
  options: RenderEnvelopeOptions,
  data: boolean,
): Promise<string> {
  const nonce = nonceAttribute(options.nonce);
  const [{ render, collectResult }] = await Promise.all([
    litServerRenderer(),
    preloadForServerRender([options.lang ?? 'en']),
  ]);
  const script = data ? unsafeHTML(scriptChild(envelope, nonce)) : nothing;
  const theme = options.theme ?? 'auto';
  const id = options.id ?? nothing;
  const template =
    options.element === 'envelope-viewer'
      ? html`<envelope-viewer
          id=${id}
          .envelope=${envelope}
          theme=${theme}
          lang=${options.lang ?? 'en'}
          time-zone=${options.timeZone ?? 'UTC'}
          >${script}</envelope-viewer
        >`
      : html`<envelope-chat
          id=${id}
          .envelope=${envelope}
          theme=${theme}
          lang=${options.lang ?? 'en'}
          time-zone=${options.timeZone ?? 'UTC'}
          >${script}</envelope-chat
        >`;
  let output: string;
  try {
    output = await collectResult(render(template));
  } catch (cause) {
    // Not the input (bad input renders the error panel): the renderer itself failed. Rejecting
    // fails the page's build or request, where an error sentence in the HTML would ship as the
    // page's content.
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new Error(`prompt-envelope: Lit's server renderer failed: ${reason}`, { cause });
  }
  // Each shadow root's styles are the only <style> tags: no text of an envelope can write one
  // (it is escaped, `<` as `&lt;`, and in the JSON child as `\u003c`).
  return nonce ? output.replaceAll('<style>', `<style${nonce}>`) : output;
}
