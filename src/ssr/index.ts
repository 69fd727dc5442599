/**
 * prompt-envelope/ssr: envelopes as server-rendered HTML, for SSR frameworks, static sites and
 * the `prompt-envelope render` command. Runs in Node, with no DOM emulation: Markdown is drawn from
 * tokens, and raw HTML inside it is shown as text until the browser sanitizes it.
 */
export { renderEnvelopeHTML, type RenderEnvelopeOptions } from './render.js';
export { renderEnvelopePage, type RenderPageOptions } from './page.js';
