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

/**
 * Whether a tag defined by another evaluation of the library is another copy. A copy is what
 * registers the element classes: a tag already defined with another class was defined by another
 * evaluation. In a browser that is a second download of the library, whose classes go unused.
 * In Node (Lit's server renderer, whose DOM shim has no document) a bundler may evaluate the
 * same file once per bundle layer (Next.js: server components and the server render of client
 * components) in one process and one registry: the same code, so one copy; another file is
 * another copy.
 */
function anotherCopy(): boolean {
  return typeof document !== 'undefined' || first !== here;
}

export function defineElement(tag: string, constructor: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, constructor);
  else if (customElements.get(tag) !== constructor && !warned && anotherCopy()) {
    warned = true;
    console.warn(
      first === here
        ? `prompt-envelope: two copies of the library on this page, both from ${here} (the file was loaded or bundled twice). Load one.`
        : `prompt-envelope: two copies of the library on this page: ${first} (used) and ${here} (not used). Load one.`,
    );
  }
}
