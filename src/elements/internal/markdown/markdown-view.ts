import { html, type TemplateResult } from 'lit';
import type { AmbientController } from '../strings/localize.js';
import { markdownTooHard } from './markdown-guard.js';
import { renderMarkdown } from './markdown.js';

/**
 * A Markdown text as an element shows it: drawn from marked's tokens (markdown.ts), or, when the
 * text is shaped to stall the parser (markdown-guard.ts), the text itself with a note
 * (`part="cut"`) saying why.
 */
export function renderMarkdownView(source: string, ambient: AmbientController): TemplateResult {
  if (!markdownTooHard(source)) return renderMarkdown(source);
  return html`<div class="markdown-plain">${source}</div>
    <p part="cut" class="cut">${ambient.t('common.markdownPlain')}</p>`;
}
