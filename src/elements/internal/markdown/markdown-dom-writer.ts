import type { Token } from 'marked';
import { namesLeftForTable } from './html-entities.js';
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
 * when DOMPurify has loaded and written as text until then (`waitsForSanitizer`); a character
 * reference whose name needs HTML's whole list is written as it is until that list has loaded
 * (`waitsForNames`, html-entities.ts).
 */
class DomWriter implements MarkdownWriter {
  readonly root = document.createDocumentFragment();
  /** Some raw HTML was written as text because DOMPurify has not loaded yet. */
  waitsForSanitizer = false;
  private parent: ParentNode = this.root;
  private pending = '';
  private readonly namesLeft = namesLeftForTable();

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
   * The nodes written, inserted as they are. Copying them with `cloneNode` (a copy has no
   * JavaScript wrapper until script touches it) was measured side by side and dropped: 90,000
   * elements of 10,000 bench messages held 6.5 MB of V8 heap copied and 6.7 MB as made (V8 lets
   * go of wrappers that script never changed), and the copying cost time.
   */
  finish(): { nodes: DocumentFragment; waitsForSanitizer: boolean; waitsForNames: boolean } {
    this.flush();
    return {
      nodes: this.root,
      waitsForSanitizer: this.waitsForSanitizer,
      waitsForNames: namesLeftForTable() !== this.namesLeft,
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
