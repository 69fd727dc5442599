/**
 * prompt-envelope/react on the server (the `node` export condition: React's server render,
 * Next.js with Lit's plugin, Docusaurus's build). Before any wrapper renders, it gives the elements
 * what they load on demand in a browser (the segment views, each language's strings, measuring,
 * the export targets), imported statically: a server render draws at once, and what it draws must
 * be what the browser draws when it hydrates. Nothing here is awaited: a top-level `await` would
 * make this module, and every module of the app that imports it, asynchronous to a bundler, and a
 * bundled server render (Docusaurus's) then reads a page's exports as a promise. Browsers get
 * ./index.js, which loads those parts when they are needed.
 */
import { provideServerParts } from '../elements/internal/loading/server-parts.js';
import { fixDirectiveResolveName } from '../ssr/directive-resolve.js';

export * from './wrappers.js';

// Lit's server renderer, when several copies of Lit share one process (Next.js's layers).
fixDirectiveResolveName();

provideServerParts();
