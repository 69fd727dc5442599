/**
 * Whether a Lit element is about to hydrate server-rendered DOM: its shadow root came with the
 * page (declarative shadow DOM, so it holds nodes) and it has not rendered yet. Lit's own flag is
 * private, and named differently in its development and production builds.
 */
export function awaitsHydration(element: HTMLElement): boolean {
  const lit = element as HTMLElement & { hasUpdated?: boolean; renderRoot?: Node };
  return lit.hasUpdated === false && (lit.renderRoot?.firstChild ?? null) !== null;
}
