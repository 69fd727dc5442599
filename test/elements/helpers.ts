import type { Envelope } from '../../src/core/protocol.js';

/** Every element below `root`, through every open shadow root. */
export function deepElements(root: ParentNode): Element[] {
  const found: Element[] = [];
  const walk = (node: ParentNode) => {
    for (const el of Array.from(node.querySelectorAll('*'))) {
      found.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  // Start inside the root's own shadow root too: most roots here are our elements.
  if (root instanceof Element && root.shadowRoot) walk(root.shadowRoot);
  walk(root);
  return found;
}

/** The first element matching `selector` anywhere below `root`, through shadow roots. */
export function deepQuery<T extends Element = Element>(
  root: ParentNode,
  selector: string,
): T | undefined {
  return deepElements(root).find((el) => el.matches(selector)) as T | undefined;
}

export function deepQueryAll<T extends Element = Element>(root: ParentNode, selector: string): T[] {
  return deepElements(root).filter((el) => el.matches(selector)) as T[];
}

/** Text of an element including its shadow root, recursively. */
export function deepText(root: Element | ShadowRoot): string {
  let text = '';
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent;
    if (node instanceof Element && node.shadowRoot) walk(node.shadowRoot);
    for (const child of Array.from(node.childNodes)) walk(child);
  };
  walk(root);
  return text;
}

/** Waits until every Lit element below `root` has finished updating. */
export async function settle(root: ParentNode, rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await Promise.all(
      deepElements(root).map(
        (el) => (el as unknown as { updateComplete?: Promise<unknown> }).updateComplete,
      ),
    );
    await new Promise((r) => setTimeout(r));
  }
}

/** Loads a demo envelope served by the test server. */
export async function loadDemo(id: string): Promise<Envelope> {
  const response = await fetch(`/src/data/demos/demo-${id}.json`);
  return (await response.json()) as Envelope;
}

/** Clicks every collapsed disclosure below `root` until none is left (bounded). */
export async function expandAll(root: ParentNode): Promise<void> {
  for (let round = 0; round < 6; round++) {
    const closed = deepQueryAll<HTMLButtonElement>(root, 'button[aria-expanded="false"]');
    if (closed.length === 0) return;
    for (const button of closed) button.click();
    await settle(root, 2);
  }
}

/** What must never be in any shadow root after rendering hostile input (SPEC §6). */
export function findUnsafe(root: ParentNode): string[] {
  const problems: string[] = [];
  for (const el of deepElements(root)) {
    const tag = el.localName;
    if (
      [
        'script',
        'iframe',
        'object',
        'embed',
        'form',
        'style',
        'frame',
        'base',
        'meta',
        'link',
      ].includes(tag)
    ) {
      // Lit never adds style elements when adoptedStyleSheets exist; any style here came from data.
      problems.push(`<${tag}> element`);
    }
    for (const attr of Array.from(el.attributes)) {
      if (/^on/i.test(attr.name)) problems.push(`${tag}[${attr.name}]`);
      // Our elements may set styles through CSSOM; HTML rendered from data may never carry one.
      if (attr.name === 'style' && el.closest('.markdown')) problems.push(`${tag}[style]`);
      if (
        ['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'data'].includes(attr.name)
      ) {
        // Browsers ignore whitespace and control characters in URL schemes, so the check does too.
        // eslint-disable-next-line no-control-regex
        const value = attr.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
        if (/^(javascript|vbscript):|^data:text\/html/.test(value))
          problems.push(`${tag}[${attr.name}=${attr.value}]`);
      }
    }
  }
  return problems;
}
