import type { MarkdownText } from '../../../core/insight/search.js';

/**
 * The reader of drawn Markdown text (markdown-text.ts), once the Markdown drawing has loaded:
 * the views that draw Markdown bring it, and an element that searches asks for the text view
 * (which holds it) rather than carrying marked in its first load.
 */
let reader: MarkdownText | undefined;

export function provideMarkdownText(markdownText: MarkdownText): void {
  reader = markdownText;
}

/** `markdownText` when the Markdown drawing has loaded, else undefined. */
export function loadedMarkdownText(): MarkdownText | undefined {
  return reader;
}
