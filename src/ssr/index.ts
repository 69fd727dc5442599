/**
 * prompt-envelope/ssr: envelopes as server-rendered HTML, for SSR frameworks, static sites and
 * the `prompt-envelope render` command. Node only (it sanitizes Markdown over jsdom's DOM).
 */
export { renderEnvelopeHTML, type RenderEnvelopeOptions } from './render.js';
export { renderEnvelopePage, type RenderPageOptions } from './page.js';
