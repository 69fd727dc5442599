import type { DOMPurify as Purifier } from 'dompurify';
import type { Token } from 'marked';
import { namesLeftForTable } from './html-entities.js';
import { filterDisallowedTags, loadedSanitizer, sanitizedNodes } from './markdown-html.js';
import { escapeHtml } from './markdown-html-writer.js';
import {
  lexMarkdown,
  writeBlocks,
  writePlain,
  type Attributes,
  type MarkdownWriter,
} from './markdown-walker.js';

/**
 * The client's writer (markdown-walker.ts): elements made with `createElement`, attributes set
 * one at a time, text appended as strings (adjacent text is one node). Raw HTML is written as
 * text: a text that holds some is drawn whole by `HtmlStructureWriter` once DOMPurify has loaded
 * (`waitsForSanitizer` until then). A character reference whose name needs HTML's whole list is
 * written as it is until that list has loaded (`waitsForNames`, html-entities.ts).
 */
class DomWriter implements MarkdownWriter {
  readonly root = document.createDocumentFragment();
  /** Some raw HTML was written as text. */
  holdsRawHtml = false;
  private parent: ParentNode = this.root;
  private pending = '';

  open(tag: string, attributes?: Attributes): void {
    this.flush();
    const element = document.createElement(tag);
    for (const [name, value] of attributes ?? []) element.setAttribute(name, value);
    this.parent.append(element);
    this.parent = element;
  }

  close(): void {
    this.flush();
    this.parent = (this.parent as Element).parentNode!;
  }

  empty(tag: string, attributes?: Attributes): void {
    this.open(tag, attributes);
    this.close();
  }

  text(text: string): void {
    this.pending += text;
  }

  rawHtml(_raw: string, asText: () => void): void {
    this.holdsRawHtml = true;
    asText();
  }

  /**
   * The nodes written, inserted as they are. Copying them with `cloneNode` (a copy has no
   * JavaScript wrapper until script touches it) was measured side by side and dropped: 90,000
   * elements of 10,000 bench messages held 6.5 MB of V8 heap copied and 6.7 MB as made (V8 lets
   * go of wrappers that script never changed), and the copying cost time.
   */
  finish(): DocumentFragment {
    this.flush();
    return this.root;
  }

  private flush(): void {
    if (this.pending === '') return;
    this.parent.append(this.pending);
    this.pending = '';
  }
}

const VOID = new Set(['br', 'hr', 'img']);
/** The walker's elements that the sanitizer refuses in raw HTML stand in as a `span`. */
const STAND_IN: Record<string, string> = { input: 'span' };
/** Line breaks where marked writes them, which the HTML parser reads as marked's HTML. */
const BREAK_AFTER_OPEN = new Set(['blockquote', 'ul', 'ol', 'table', 'thead', 'tr']);
const BREAK_AFTER_CLOSE = new Set(
  'p h1 h2 h3 h4 h5 h6 hr blockquote ul ol li pre table thead tr th td'.split(' '),
);

/**
 * The mark on the walker's elements in the HTML given to DOMPurify: random for the page and
 * never drawn (each marked element is replaced), so raw HTML cannot forge it.
 */
let pageMark: string | undefined;
const mark = () =>
  (pageMark ??= `pe-${[...crypto.getRandomValues(new Uint32Array(3))].join('-')}:`);

/**
 * A text that holds raw HTML, written whole as HTML, as marked writes it: the raw HTML as it is
 * (GFM's disallowed tags made text), Markdown text escaped, and each of the walker's elements as
 * its tag with only a `title` naming its entry in `elements`. DOMPurify parses and sanitizes the
 * whole, so an element opened in one block and closed in another holds the Markdown between
 * (`<details>` around a list) as the HTML parser nests marked's HTML; then each marked element
 * is replaced by one made from the walker's description (its checked attributes, nothing
 * DOMPurify kept or dropped), its children kept.
 */
class HtmlStructureWriter implements MarkdownWriter {
  html = '';
  readonly elements: [tag: string, attributes: Attributes][] = [];
  private readonly closing: string[] = [];

  constructor(private readonly mark: string) {}

  open(tag: string, attributes: Attributes = []): void {
    const name = STAND_IN[tag] ?? tag;
    this.html += `<${name} title="${this.mark}${this.elements.length}">`;
    this.elements.push([tag, attributes]);
    if (BREAK_AFTER_OPEN.has(tag)) this.html += '\n';
    this.closing.push(tag);
  }

  close(): void {
    const tag = this.closing.pop()!;
    this.html += `</${STAND_IN[tag] ?? tag}>`;
    if (BREAK_AFTER_CLOSE.has(tag)) this.html += '\n';
  }

  empty(tag: string, attributes?: Attributes): void {
    this.open(tag, attributes);
    if (VOID.has(tag)) {
      this.closing.pop();
      if (BREAK_AFTER_CLOSE.has(tag)) this.html += '\n';
    } else this.close();
  }

  text(text: string): void {
    this.html += escapeHtml(text);
  }

  rawHtml(raw: string): void {
    this.html += filterDisallowedTags(raw);
  }
}

/** Each marked element of `nodes` replaced by the walker's element, its children kept. */
function restoreElements(
  nodes: DocumentFragment,
  mark: string,
  elements: HtmlStructureWriter['elements'],
) {
  // The HTML parser may copy a formatting element (`<em>`, `<a>`) to continue it after a block,
  // as it does with marked's HTML: each copy is replaced alike.
  for (const stand of nodes.querySelectorAll(`[title^="${mark}"]`)) {
    const entry = elements[Number(stand.getAttribute('title')!.slice(mark.length))];
    if (!entry) {
      stand.removeAttribute('title');
      continue;
    }
    const element = document.createElement(entry[0]);
    for (const [name, value] of entry[1]) element.setAttribute(name, value);
    element.append(...stand.childNodes);
    stand.replaceWith(element);
  }
  return nodes;
}

/** Top-level tokens that hold raw HTML drawn through DOMPurify, or null where it must stay text. */
function sanitizedBlocks(purify: Purifier, tokens: readonly Token[]): DocumentFragment | null {
  const writer = new HtmlStructureWriter(mark());
  writeBlocks(tokens, writer);
  const nodes = sanitizedNodes(purify, writer.html);
  return nodes && restoreElements(nodes, mark(), writer.elements);
}

/**
 * What a text drew, whether it shows raw HTML as text until DOMPurify has loaded, and whether it
 * shows a character reference as written until HTML's list of names has loaded.
 */
export interface Drawn {
  nodes: DocumentFragment;
  waitsForSanitizer: boolean;
  waitsForNames: boolean;
}

/** Top-level tokens drawn as nodes. */
export function blockNodes(tokens: readonly Token[]): Drawn {
  const namesLeft = namesLeftForTable();
  const writer = new DomWriter();
  writeBlocks(tokens, writer);
  const nodes = writer.finish();
  const waitsForNames = namesLeftForTable() !== namesLeft;
  if (!writer.holdsRawHtml) return { nodes, waitsForSanitizer: false, waitsForNames };
  const purify = loadedSanitizer();
  if (purify === undefined) return { nodes, waitsForSanitizer: true, waitsForNames };
  return {
    nodes: (purify && sanitizedBlocks(purify, tokens)) ?? nodes,
    waitsForSanitizer: false,
    waitsForNames,
  };
}

/** `source` drawn as nodes: as Markdown, or as written with `plainNote` under it. */
export function markdownNodes(source: string, plainNote?: string): Drawn {
  let tokens: Token[] | undefined;
  if (plainNote === undefined)
    try {
      tokens = lexMarkdown(source).tokens;
    } catch {
      // marked never should throw on text, but a failure must not take the element down.
    }
  if (tokens) return blockNodes(tokens);
  const writer = new DomWriter();
  writePlain(source, plainNote, writer);
  return { nodes: writer.finish(), waitsForSanitizer: false, waitsForNames: false };
}
