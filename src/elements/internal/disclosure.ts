import { css, html, nothing, type TemplateResult } from 'lit';
import { icon, type IconName } from './icons.js';

export interface DisclosureOptions {
  /** CSS class that sets the accent colour, e.g. `kind-memory`. */
  kind: string;
  icon: IconName;
  label: string;
  /** Short text after the label, e.g. "5 items". */
  summary?: string | TemplateResult;
  expanded: boolean;
  onToggle: () => void;
  body: () => TemplateResult | typeof nothing;
  /** Shown under the header while collapsed (e.g. a preview). */
  preview?: TemplateResult | typeof nothing;
}

/**
 * The collapsible panel of structural segments: a disclosure button (aria-expanded,
 * aria-controls) over a body region that is only rendered while expanded.
 */
export function renderDisclosure(o: DisclosureOptions) {
  return html`<section part="panel" class="panel ${o.kind}">
    <button
      part="header"
      class="header"
      type="button"
      aria-expanded=${o.expanded ? 'true' : 'false'}
      aria-controls="body"
      @click=${o.onToggle}
    >
      ${icon('chevron', 'chevron')} ${icon(o.icon, 'kind-icon')}
      <span part="label" class="label">${o.label}</span>
      ${o.summary ? html`<span part="summary" class="summary">${o.summary}</span>` : nothing}
    </button>
    ${o.expanded ? nothing : (o.preview ?? nothing)}
    <div part="body" class="body" id="body" ?hidden=${!o.expanded}>
      ${o.expanded ? o.body() : nothing}
    </div>
  </section>`;
}

export const disclosureStyles = css`
  .panel {
    --_accent: var(--_system-prompt);
    border: 1px solid color-mix(in srgb, var(--_accent) 35%, var(--_border));
    border-left: 4px solid var(--_accent);
    border-radius: var(--_radius);
    background: color-mix(in srgb, var(--_accent) 6%, var(--_surface));
    overflow: hidden;
  }
  .header {
    display: flex;
    align-items: center;
    gap: 0.4rem;
    width: 100%;
    padding: 0.45rem 0.65rem;
    border: 0;
    background: color-mix(in srgb, var(--_accent) 12%, var(--_surface));
    cursor: pointer;
    text-align: start;
  }
  .header:hover {
    background: color-mix(in srgb, var(--_accent) 18%, var(--_surface));
  }
  .chevron {
    flex: none;
    transition: transform 120ms ease;
    color: var(--_muted);
  }
  [aria-expanded='true'] > .chevron {
    transform: rotate(90deg);
  }
  .kind-icon {
    flex: none;
    color: var(--_accent);
  }
  .label {
    font-weight: 600;
  }
  .summary {
    margin-inline-start: auto;
    color: var(--_muted);
    font-size: 0.85em;
  }
  .body {
    padding: 0.6rem 0.75rem;
    border-top: 1px solid color-mix(in srgb, var(--_accent) 25%, var(--_border));
  }
  .body[hidden] {
    display: none;
  }
  .kind-static_var {
    --_accent: var(--_static-var);
  }
  .kind-system_prompt {
    --_accent: var(--_system-prompt);
  }
  .kind-memory {
    --_accent: var(--_memory);
  }
  .kind-skills {
    --_accent: var(--_skills);
  }
  .kind-tool_overview {
    --_accent: var(--_tool-overview);
  }
  .kind-success {
    --_accent: var(--_tool-success);
  }
  .kind-failure {
    --_accent: var(--_tool-failure);
  }
  @media (prefers-reduced-motion: reduce) {
    .chevron {
      transition: none;
    }
  }
`;
