/**
 * Registers a custom element once. Loading the bundle twice, or next to another copy of the
 * library, keeps the first definition and says so once in the console instead of throwing.
 */
let warned = false;

export function defineElement(tag: string, constructor: CustomElementConstructor): void {
  const existing = customElements.get(tag);
  if (existing === undefined) {
    customElements.define(tag, constructor);
    return;
  }
  if (existing !== constructor && !warned) {
    warned = true;
    console.info(
      `prompt-envelope: <${tag}> and other elements are already defined by another copy of the library; that copy is used.`,
    );
  }
}
