import { css, html } from 'lit';
import type { EnvelopeError } from '../../../core/protocol/issues.js';

/** The readable error state every element shows for bad input: the core's messages with paths. */
export function renderErrorPanel(title: string, errors: readonly EnvelopeError[]) {
  return html`<div part="error" class="error" role="alert">
    <p class="error-title">${title}</p>
    <ul>
      ${errors.map(
        (e) =>
          html`<li>
            ${e.path ? html`<code class="error-path">${e.path}</code> ` : ''}${e.message}
          </li>`,
      )}
    </ul>
  </div>`;
}

export const errorPanelStyles = css`
  .error {
    border: 1px solid var(--_tool-failure);
    border-left-width: 4px;
    border-radius: var(--_radius);
    background: color-mix(in srgb, var(--_tool-failure) 8%, var(--_surface));
    padding: 0.5rem 0.75rem;
    color: var(--_text);
  }
  .error-title {
    margin: 0 0 0.25rem;
    font-weight: 600;
    color: var(--_danger-text);
  }
  .error ul {
    margin: 0;
    padding-left: 1.25rem;
  }
  .error li {
    overflow-wrap: anywhere;
  }
  .error-path {
    font-family: var(--_mono);
    font-size: 0.85em;
  }
`;
