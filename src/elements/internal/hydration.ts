import { adoptStyles, type LitElement } from 'lit';

/**
 * Whether a Lit element is about to hydrate server-rendered DOM: its shadow root came with the
 * page (declarative shadow DOM, so it holds nodes) and it has not rendered yet. Lit's own flag is
 * private, and named differently in its development and production builds.
 */
export function awaitsHydration(element: HTMLElement): boolean {
  const lit = element as HTMLElement & { hasUpdated?: boolean; renderRoot?: Node };
  return lit.hasUpdated === false && (lit.renderRoot?.firstChild ?? null) !== null;
}

/**
 * A Lit element's render root, made by `make` (its own `super.createRenderRoot`): one the server
 * rendered may hold only some of the element's styles (ssr/render.ts writes a message's for the
 * segment kinds it drew), so it adopts them all, as a root made in the page does.
 */
export function rootWithAllStyles(element: LitElement, make: () => HTMLElement | DocumentFragment) {
  const fromServer = Boolean(element.shadowRoot);
  const root = make();
  const styles = (element.constructor as typeof LitElement).elementStyles;
  if (fromServer) adoptStyles(root as ShadowRoot, styles);
  return root;
}
