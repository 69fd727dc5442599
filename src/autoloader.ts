/**
 * The autoloader of the code-split script-tag build (`dist/split/autoloader.js`, written by
 * scripts/build.mjs): a page loads it alone, and it imports the module of each prompt-envelope
 * element the moment that element's tag is in the document, from beside itself, so a page pays
 * for the elements it shows. Each module brings the elements it renders (a chat brings its
 * messages and segments) and the chunks it shares with the others; nothing is defined twice,
 * and a tag that something else defined already (the one-file bundle, say) is left alone.
 *
 * Elements added later are found too (a MutationObserver on the document). Shadow roots are
 * not observed unless you pass them: `import { watch } from '…/autoloader.js'; watch(root)`.
 *
 * ```html
 * <script type="module" src="https://cdn.jsdelivr.net/npm/prompt-envelope@0.1.0/dist/split/autoloader.js"></script>
 * <envelope-chat src="/conversation.json"></envelope-chat>
 * ```
 */

/** Every tag the library defines, each with a module of its own in dist/split/elements/. */
export const TAGS: ReadonlySet<string> = new Set([
  'envelope-viewer',
  'envelope-chat',
  'envelope-message',
  'envelope-diff',
  'protocol-panel',
  'context-meter',
  'prompt-studio',
  'segment-text',
  'segment-static-var',
  'segment-system-prompt',
  'segment-memory',
  'segment-skills',
  'segment-tool-overview',
  'segment-document',
  'segment-long-text',
  'segment-media',
  'segment-state-change',
  'segment-thinking',
  'tool-call-request',
  'tool-call-result',
]);

/**
 * The chunks each element's module imports, by tag, relative to this file. The split build writes
 * them in (scripts/split-build.mjs) so that they download alongside the module rather than after
 * it: one round trip less before an element shows. Unbuilt, there are none.
 */
const CHUNKS: Partial<Record<string, string[]>> = JSON.parse('{"split build":[]}');

const requested = new Map<string, Promise<unknown>>();

/** Imports the module of a tag once (again after a failure), and the chunks it imports. */
function load(tag: string): Promise<unknown> {
  let loading = requested.get(tag);
  if (!loading) {
    // A chunk that fails to load fails the module's import too, which says so below.
    for (const chunk of CHUNKS[tag] ?? [])
      import(new URL(chunk, import.meta.url).href).catch(() => undefined);
    loading = import(new URL(`./elements/${tag}/${tag}.js`, import.meta.url).href).catch(
      (error: unknown) => {
        requested.delete(tag);
        console.error(`prompt-envelope: could not load <${tag}>`, error);
      },
    );
    requested.set(tag, loading);
  }
  return loading;
}

/**
 * Imports the modules of the prompt-envelope elements in `root` (and of `root` itself) that are
 * not defined yet; resolves when they are.
 */
export function discover(root: ParentNode): Promise<unknown[]> {
  const tags = new Set<string>();
  const consider = (element: Element) => {
    const tag = element.localName;
    if (TAGS.has(tag) && !customElements.get(tag)) tags.add(tag);
  };
  if (root instanceof Element) consider(root);
  root.querySelectorAll(':not(:defined)').forEach(consider);
  return Promise.all([...tags].map(load));
}

/** Imports the elements in `root` now, then each one added under it later. */
export function watch(root: Document | ShadowRoot | Element): MutationObserver {
  void discover(root);
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) if (node instanceof Element) void discover(node);
  });
  observer.observe(root, { childList: true, subtree: true });
  return observer;
}

if (typeof document !== 'undefined') watch(document);
