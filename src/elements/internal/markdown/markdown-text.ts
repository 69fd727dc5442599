import { MAX_SHOWN_CHARS } from '../pacing/shown-part.js';
import { BLOCK_TAGS, drawnText } from './drawn-text.js';
import { markdownTooHard } from './markdown-guard.js';
import { filterDisallowedTags, loadedSanitizer, sanitizedNodes } from './markdown-html.js';
import { writeMarkdown, type MarkdownWriter } from './markdown-walker.js';

/** The walker's text, written as drawnText reads the nodes the client writer makes of it. */
class TextWriter implements MarkdownWriter {
  out = '';
  private readonly blocks: boolean[] = [];

  open(tag: string): void {
    const block = BLOCK_TAGS.has(tag);
    this.blocks.push(block);
    if (block) this.out += '\n';
  }

  close(): void {
    if (this.blocks.pop()) this.out += '\n';
  }

  empty(tag: string): void {
    if (BLOCK_TAGS.has(tag)) this.out += '\n\n';
  }

  text(text: string): void {
    this.out += text;
  }

  rawHtml(raw: string, asText: () => void): void {
    // As the client draws it: sanitized once DOMPurify is here (never in a worker), GFM's
    // disallowed tags as text, else as text. The client sanitizes a text's HTML whole; each
    // token alone holds the same text between the same blocks.
    const purify = loadedSanitizer();
    const nodes = purify && sanitizedNodes(purify, filterDisallowedTags(raw));
    if (nodes) this.out += drawnText(nodes);
    else asText();
  }
}

/**
 * The text a Markdown field shows once an element draws it, as the chat's search reads it
 * (drawn-text.ts): Markdown syntax gone, character references decoded, raw HTML as drawn, a
 * text too long or too contrived to draw as Markdown as written. What the elements give
 * searchEnvelope as `markdownText`, so that a search counts what it paints.
 */
export function markdownText(source: string): string {
  if (source.length > MAX_SHOWN_CHARS || markdownTooHard(source)) return source;
  const writer = new TextWriter();
  writeMarkdown(source, undefined, writer);
  return writer.out;
}
