/**
 * Registers a custom element once. Loading the bundle twice, or next to another copy of the
 * library, keeps the first definition and warns once, naming both copies, instead of throwing.
 */
let warned = false;

/** Where this copy was loaded from: its module, or (the script-tag bundle) its script. */
const here =
  import.meta.url ??
  (typeof document === 'object' && document.currentScript instanceof HTMLScriptElement
    ? document.currentScript.src || 'an inline script'
    : 'a copy loaded without a URL');
/** Every copy on the page, in the order they loaded (the first defines the elements). */
const copies = ((globalThis as { [key: symbol]: string[] })[
  Symbol.for('prompt-envelope.copies')
] ??= []);
copies.push(here);

export function defineElement(tag: string, constructor: CustomElementConstructor): void {
  const existing = customElements.get(tag);
  if (existing === undefined) {
    customElements.define(tag, constructor);
    return;
  }
  if (existing !== constructor && !warned) {
    warned = true;
    const first = copies.find((copy) => copy !== here) ?? here;
    console.warn(
      `prompt-envelope: two copies of the library are on this page. The elements (<${tag}> …) come from the first, ${first}; this one, ${here}, is not used. Load one copy.`,
    );
  }
}
