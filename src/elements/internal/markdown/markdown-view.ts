import type { AmbientController } from '../strings/localize.js';
import { renderMarkdown } from './markdown.js';
import { provideMarkdownText } from './markdown-reading.js';
import { markdownText } from './markdown-text.js';

// Searching reads drawn Markdown with it: it comes with the first view that draws Markdown.
provideMarkdownText(markdownText);

/**
 * A Markdown text as an element shows it (markdown.ts): drawn from marked's tokens, or, when the
 * text is shaped to stall the parser (markdown-guard.ts), the text itself with a note
 * (`part="cut"`) saying why.
 */
export function renderMarkdownView(source: string, ambient: AmbientController) {
  return renderMarkdown(source, ambient.t('common.markdownPlain'));
}
