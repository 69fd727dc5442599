/**
 * The vanilla contestant of the side-by-side bench: what a page without a component library
 * writes to show a model's Markdown safely, `DOMPurify.sanitize(marked.parse(text))`, with both
 * libraries' defaults. Bundled alone, so that its page loads nothing else.
 */
import DOMPurify from 'dompurify';
import { marked } from 'marked';

window.vanillaHtml = (markdown: string) => DOMPurify.sanitize(marked.parse(markdown) as string);

declare global {
  interface Window {
    vanillaHtml?: (markdown: string) => string;
  }
}
