/**
 * Registers a custom element once. Loading the bundle twice, or next to another copy of the
 * library, keeps the first definition and warns once, naming both copies, instead of throwing.
 */
let warned = false;

/** Where this copy was loaded from: its module, or (the script-tag bundle) its script. */
const here = import.meta.url ?? (document.currentScript as HTMLScriptElement | null)?.src;
/** The copy that loaded first on this page, whose definitions are used. */
const first: unknown = ((globalThis as { [key: symbol]: unknown })[
  Symbol.for('prompt-envelope.copy')
] ??= here);

export function defineElement(tag: string, constructor: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, constructor);
  else if (customElements.get(tag) !== constructor && !warned) {
    warned = true;
    console.warn(
      `prompt-envelope: two copies of the library on this page: ${first} (used) and ${here} (not used). Load one.`,
    );
  }
}
