/**
 * Hosts whose Markdown waits for a part loading on demand (the sanitizer of its raw HTML,
 * markdown-html.ts, or HTML's list of character reference names, html-entities.ts), and the load
 * each waits for. A module of its own: every segment element asks it (in `updateComplete`)
 * without carrying the sanitizing code.
 */
const waiting = new WeakMap<object, Promise<unknown>>();

/** `host` shows raw HTML as text (a rare reference as written) until `loading` settles. */
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
