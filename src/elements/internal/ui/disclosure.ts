import { css, html, nothing, type SVGTemplateResult, type TemplateResult } from 'lit';
import { chevronIcon, icon } from './icons.js';

export interface DisclosureOptions {
  /** CSS class that sets the accent colour, e.g. `kind-memory`. */
  kind: string;
  icon: () => SVGTemplateResult;
  label: string;
  /** Short text after the label, e.g. "5 items". */
  summary?: string | TemplateResult;
  expanded: boolean;
  onToggle: () => void;
  body: () => TemplateResult | typeof nothing;
  /** Shown under the header while collapsed (e.g. a preview). */
  preview?: TemplateResult | typeof nothing;
  /** Names of parts and ids where the panel is drawn (a segment view's, see segment-view.ts). */
  naming?: { part(names: string): string; id(name: string): string };
}

const plain = { part: (names: string) => names, id: (name: string) => name };

/**
 * The collapsible panel of structural segments: a disclosure button (aria-expanded,
 * aria-controls) over a body region that is only rendered while expanded. Its classes start with
 * `disclosure` (besides `kind-icon` and the `kind-*` accents), so that they do not style an
 * element's own markup or rendered Markdown.
 */
export function renderDisclosure(o: DisclosureOptions) {
  const { part, id } = o.naming ?? plain;
  return html`<section part=${part('panel')} class="disclosure ${o.kind}">
    <button
      part=${part('header')}
      class="disclosure-header"
      type="button"
      aria-expanded=${o.expanded ? 'true' : 'false'}
      aria-controls=${id('body')}
      @click=${o.onToggle}
    >
      ${chevron()} ${icon(o.icon, 'kind-icon')}
      <span part=${part('label')} class="disclosure-label">${o.label}</span>
      ${o.summary ? html`<span part=${part('summary')} class="disclosure-summary">${o.summary}</span>` : nothing}
    </button>
    ${o.expanded ? nothing : (o.preview ?? nothing)}
    <div part=${part('body')} class="disclosure-body" id=${id('body')} ?hidden=${!o.expanded}>
      ${o.expanded ? o.body() : nothing}
    </div>
  </section>`;
}

/**
 * The chevron of a disclosure button (class `disclosure-chevron`): it points to the end while
 * the button is collapsed and turns down while its `aria-expanded` is "true". The button must be
 * its parent.
 */
export function chevron() {
  return icon(chevronIcon, 'disclosure-chevron');
}

export interface ToggleOptions {
  /** The button's part, e.g. `schema-toggle`. */
  part: string;
  expanded: boolean;
  /** Id of the region the button shows and hides. */
  controls: string;
  /** Ids of the elements that name the button, when its own text is not enough. */
  labelledBy?: string;
  onToggle: () => void;
  /** The button's text, after the chevron. */
  label: TemplateResult | string;
  /** Names of parts where the button is drawn (a segment view's, see segment-view.ts). */
  naming?: { part(names: string): string };
}

/**
 * A small button inside a panel that shows or hides one part of it (a skill's instructions, a
 * tool's schema): local state, tinted with the panel's accent. Styled by `.disclosure-toggle`.
 */
export function renderToggle(o: ToggleOptions) {
  return html`<button
    part=${o.naming ? o.naming.part(o.part) : o.part}
    class="disclosure-toggle ${o.part}"
    type="button"
    aria-expanded=${o.expanded ? 'true' : 'false'}
    aria-controls=${o.controls}
    aria-labelledby=${o.labelledBy ?? nothing}
    @click=${o.onToggle}
  >
    ${chevron()}${o.label}
  </button>`;
}

/** A copy of the set of open indexes with `index` added, or removed when it was in it. */
export function toggleIndex(open: ReadonlySet<number>, index: number): ReadonlySet<number> {
  const next = new Set(open);
  if (!next.delete(index)) next.add(index);
  return next;
}

export const disclosureStyles = css`
  /* The description and item list inside a panel (memory, skills). */
  .disclosure-description {
    margin: 0 0 0.5rem;
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
  .disclosure-items {
    display: grid;
    gap: 0.4rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .disclosure-item {
    min-width: 0;
    padding: 0.4rem 0.6rem;
    border-radius: 6px;
    background: var(--_surface);
    border: 1px solid color-mix(in srgb, var(--_accent) 25%, var(--_border));
    overflow-wrap: anywhere;
  }
  .disclosure {
    --_accent: var(--_system-prompt);
    border: 1px solid color-mix(in srgb, var(--_accent) 35%, var(--_border));
    border-left: 4px solid var(--_accent);
    border-radius: var(--_radius);
    background: color-mix(in srgb, var(--_accent) 6%, var(--_surface));
    overflow: hidden;
  }
  .disclosure-header {
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
  .disclosure-header:hover {
    background: color-mix(in srgb, var(--_accent) 18%, var(--_surface));
  }
  .disclosure-chevron {
    flex: none;
    transition: transform 120ms ease;
    color: var(--_muted);
  }
  [aria-expanded='true'] > .disclosure-chevron {
    transform: rotate(90deg);
  }
  .kind-icon {
    flex: none;
    color: var(--_accent);
  }
  .disclosure-label {
    font-weight: 600;
  }
  .disclosure-summary {
    margin-inline-start: auto;
    color: var(--_muted);
    font-size: 0.85em;
  }
  .disclosure-body {
    padding: 0.6rem 0.75rem;
    border-top: 1px solid color-mix(in srgb, var(--_accent) 25%, var(--_border));
  }
  .disclosure-body[hidden] {
    display: none;
  }
  /* renderToggle: elements may set its colours (border-color, background) from their own accent. */
  .disclosure-toggle {
    display: inline-flex;
    align-items: center;
    gap: 0.3rem;
    margin-top: 0.35rem;
    padding: 0.15rem 0.5rem 0.15rem 0.3rem;
    border: 1px solid color-mix(in srgb, var(--_accent) 40%, var(--_border));
    border-radius: 6px;
    background: color-mix(in srgb, var(--_accent) 8%, var(--_surface));
    font-size: 0.85em;
    cursor: pointer;
    text-align: start;
  }
  .disclosure-toggle:hover {
    background: color-mix(in srgb, var(--_accent) 16%, var(--_surface));
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
  .kind-thinking {
    --_accent: var(--_thinking);
  }
  @media (prefers-reduced-motion: reduce) {
    .disclosure-chevron {
      transition: none;
    }
  }
`;
