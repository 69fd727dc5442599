import type { Token } from 'marked';
import { loadedSanitizer, sanitizedNodes } from './markdown-html.js';
import {
  writeBlocks,
  writeMarkdown,
  type Attributes,
  type MarkdownWriter,
} from './markdown-walker.js';

/**
 * The client's writer (markdown-walker.ts): elements made with `createElement`, attributes set
 * one at a time, text appended as strings (adjacent text is one node). Raw HTML is sanitized
 * when DOMPurify has loaded and written as text until then (`waitsForSanitizer`).
 */
class DomWriter implements MarkdownWriter {
  readonly root = document.createDocumentFragment();
  /** Some raw HTML was written as text because DOMPurify has not loaded yet. */
  waitsForSanitizer = false;
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

  rawHtml(raw: string, asText: () => void): void {
    const purify = loadedSanitizer();
    const nodes = purify && sanitizedNodes(purify, raw);
    if (!nodes) {
      this.waitsForSanitizer ||= purify === undefined;
      return asText();
    }
    this.flush();
    this.parent.append(nodes);
  }

  /**
   * The nodes written, as copies: a node made from script keeps its JavaScript wrapper as long as
   * it lives, a copy made by `cloneNode` has none until script touches it. Copying costs less
   * than the wrappers of a long conversation would hold.
   */
  finish(): { nodes: DocumentFragment; waitsForSanitizer: boolean } {
    this.flush();
    return {
      nodes: this.root.cloneNode(true) as DocumentFragment,
      waitsForSanitizer: this.waitsForSanitizer,
    };
  }

  private flush(): void {
    if (this.pending === '') return;
    this.parent.append(this.pending);
    this.pending = '';
  }
}

/** `source` drawn as nodes: as Markdown, or as written with `plainNote` under it. */
export function markdownNodes(source: string, plainNote?: string) {
  const writer = new DomWriter();
  writeMarkdown(source, plainNote, writer);
  return writer.finish();
}

/** Top-level tokens drawn as nodes. */
export function blockNodes(tokens: readonly Token[]) {
  const writer = new DomWriter();
  writeBlocks(tokens, writer);
  return writer.finish();
}
