import { html, nothing, type TemplateResult } from 'lit';
import { linkHref } from './url-rules.js';

/**
 * A link to `url` showing `content` (the URL itself by default) under the URL rules (url-rules.ts); a URL
 * they refuse is shown as text, never as a link.
 */
export function renderLink(
  url: unknown,
  content?: TemplateResult | string,
  part?: string,
): TemplateResult {
  const href = linkHref(url);
  const shown = content ?? (typeof url === 'string' ? url : '');
  return href === undefined
    ? html`<span part=${part ?? nothing} class="link-refused">${shown}</span>`
    : html`<a
        part=${part ?? nothing}
        href=${href}
        target="_blank"
        rel="noopener noreferrer"
        referrerpolicy="no-referrer"
        >${shown}</a
      >`;
}
