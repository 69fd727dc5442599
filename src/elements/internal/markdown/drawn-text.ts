/**
 * Where drawn Markdown breaks lines: the text of these elements starts and ends a line of its
 * own. Search reads a drawn Markdown text as its text nodes joined, with a line break at each
 * of these (markdown-text.ts from the tokens, the painter from the nodes, search-highlighter.ts),
 * so a match may span inline elements (`**bold** text`) but not two blocks, and what the chat
 * counts is what it paints.
 */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

/** A drawn Markdown element's text as search reads it: its text nodes, blocks on lines of their own. */
export function drawnText(root: Node): string {
  let text = '';
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      text += (node as Text).data;
      return;
    }
    const block = node instanceof Element && BLOCK_TAGS.has(node.localName);
    if (block) text += '\n';
    for (let child = node.firstChild; child; child = child.nextSibling) visit(child);
    if (block) text += '\n';
  };
  visit(root);
  return text;
}
