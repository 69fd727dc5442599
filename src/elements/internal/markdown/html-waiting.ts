/**
 * Hosts whose raw HTML in Markdown waits for the sanitizer loading on demand (markdown-html.ts),
 * and the load each waits for. A module of its own: every segment element asks it (in
 * `updateComplete`) without carrying the sanitizing code.
 */
const waiting = new WeakMap<object, Promise<unknown>>();

/** `host` shows raw HTML as text until `loading` settles. */
export function waitForHtml(host: object, loading: Promise<unknown>): void {
  const settled = loading.finally(() => {
    if (waiting.get(host) === settled) waiting.delete(host);
  });
  waiting.set(host, settled);
}

/**
 * What `host` still waits for before its raw HTML is shown sanitized, if anything: an element's
 * `updateComplete` awaits it, so that it resolves once the element shows what it was given.
 */
export function htmlShown(host: object): Promise<unknown> | undefined {
  return waiting.get(host);
}
