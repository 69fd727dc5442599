import type { AmbientController } from '../strings/localize.js';
import { renderMarkdown } from './markdown.js';
import { afterEntityNamesLoad } from './html-entities.js';
import { provideMarkdownText } from './markdown-reading.js';
import { markdownText } from './markdown-text.js';

// Searching reads drawn Markdown with it: it comes with the first view that draws Markdown.
provideMarkdownText(markdownText);
// Once HTML's list of character reference names has loaded, a text reads differently (`&eacute;`
// is é): a new reader, as search keeps what it read by reader, so that it reads them again.
afterEntityNamesLoad(() => provideMarkdownText((source) => markdownText(source)));

/**
 * A Markdown text as an element shows it (markdown.ts): drawn from marked's tokens, or, when the
 * text is shaped to stall the parser (markdown-guard.ts), the text itself with a note
 * (`part="cut"`) saying why.
 */
export function renderMarkdownView(source: string, ambient: AmbientController) {
  return renderMarkdown(source, ambient.t('common.markdownPlain'));
}
