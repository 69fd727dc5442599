import { css, html, type TemplateResult } from 'lit';

export interface TabsOptions<Id extends string> {
  tabs: readonly { id: Id; label: string }[];
  selected: Id;
  /** Accessible name of the tab list. */
  label: string;
  onSelect: (id: Id) => void;
  /** The shadow root the tabs live in, to move focus with the keyboard. */
  root: ParentNode;
  /** Distinguishes the ids of two tab lists in one shadow root. */
  prefix?: string;
}

/**
 * A tab list and its panel with the ARIA tabs pattern: arrow keys, Home and End move between
 * tabs and select them; only the selected tab is in the tab order. Shared by the protocol
 * panel, the diff and the viewer so that they look and behave alike.
 */
export function renderTabs<Id extends string>(
  o: TabsOptions<Id>,
  panel: unknown,
  panelClass = 'tabpanel',
): TemplateResult {
  const prefix = o.prefix ?? 'tab';
  const onKey = (event: KeyboardEvent) => {
    const index = o.tabs.findIndex((t) => t.id === o.selected);
    const last = o.tabs.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const id = o.tabs[(next + o.tabs.length) % o.tabs.length]!.id;
    o.onSelect(id);
    // The tab exists already; focus it once the selection has been rendered.
    requestAnimationFrame(() => o.root.querySelector<HTMLElement>(`#${prefix}-${id}`)?.focus());
  };
  return html`<div part="tabs" class="tabs" role="tablist" aria-label=${o.label} @keydown=${onKey}>
      ${o.tabs.map(
        (tab) =>
          html`<button
            part="tab"
            role="tab"
            type="button"
            id="${prefix}-${tab.id}"
            aria-selected=${tab.id === o.selected ? 'true' : 'false'}
            aria-controls="${prefix}panel"
            tabindex=${tab.id === o.selected ? 0 : -1}
            @click=${() => o.onSelect(tab.id)}
          >
            ${tab.label}
          </button>`,
      )}
    </div>
    <div
      id="${prefix}panel"
      role="tabpanel"
      class=${panelClass}
      aria-labelledby="${prefix}-${o.selected}"
    >
      ${panel}
    </div>`;
}

export const tabStyles = css`
  .tabs {
    flex: none;
    display: flex;
    gap: 0.25rem;
    padding: 0.5rem 0.75rem 0;
    border-bottom: 1px solid var(--_border);
    /* Tabs that do not fit go to a new row: none is cut off, at any width. */
    flex-wrap: wrap;
  }
  [role='tab'] {
    padding: 0.45rem 0.8rem;
    border: 1px solid transparent;
    border-bottom: 0;
    border-radius: 6px 6px 0 0;
    background: none;
    color: var(--_muted);
    cursor: pointer;
    white-space: nowrap;
    margin-bottom: -1px;
  }
  [role='tab'][aria-selected='true'] {
    color: var(--_text);
    font-weight: 600;
    background: var(--_surface);
    border-color: var(--_border);
  }
`;
