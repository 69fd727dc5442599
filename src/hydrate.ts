/**
 * prompt-envelope/hydrate: Lit's hydration support. Import it first in the client code of a page
 * whose elements came from `prompt-envelope/ssr` (before the elements or Lit load), so that they
 * take over the server's DOM instead of drawing it a second time. The script-tag bundles include it.
 */
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
