/**
 * prompt-envelope/react on the server (the `node` export condition: React's server render,
 * Next.js with Lit's plugin). Before any wrapper renders, it loads what the elements load on
 * demand in a browser (the segment views, each language's strings, measuring, the export
 * targets): a server render draws at once, and what it draws must be what the browser draws when
 * it hydrates. Browsers get ./index.js, without this wait.
 */
import { preloadForServerRender } from '../elements/internal/loading/server-preload.js';
import { fixDirectiveResolveName } from '../ssr/directive-resolve.js';

export * from './wrappers.js';

// Lit's server renderer, when several copies of Lit share one process (Next.js's layers).
fixDirectiveResolveName();

await preloadForServerRender();
