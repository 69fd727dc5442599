import { writeMarkdown, type Attributes, type MarkdownWriter } from './markdown-walker.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Text or an attribute value as HTML that a parser reads back as it was. */
export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);

/**
 * The server's writer (markdown-walker.ts): the walker's elements as HTML, every text and
 * attribute value escaped, raw HTML as text. What a browser parses from it is, node for node,
 * what the client's writer makes (a test compares them); hydration adopts it as it is.
 */
class HtmlWriter implements MarkdownWriter {
  html = '';
  private readonly tags: string[] = [];

  open(tag: string, attributes?: Attributes): void {
    this.empty(tag, attributes);
    this.tags.push(tag);
  }

  close(): void {
    this.html += `</${this.tags.pop()}>`;
  }

  empty(tag: string, attributes: Attributes = []): void {
    this.html += `<${tag}`;
    for (const [name, value] of attributes) this.html += ` ${name}="${escapeHtml(value)}"`;
    this.html += '>';
  }

  text(text: string): void {
    this.html += escapeHtml(text);
  }

  rawHtml(_raw: string, asText: () => void): void {
    asText();
  }
}

/** Markdown as the server writes it; with `plainNote`, the text as written and that note. */
export function markdownToHtml(source: string, plainNote?: string): string {
  const writer = new HtmlWriter();
  writeMarkdown(source, plainNote, writer);
  return writer.html;
}
