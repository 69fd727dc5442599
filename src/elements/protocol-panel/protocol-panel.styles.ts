import { css } from 'lit';

/** The styles of `<protocol-panel>` itself; the shared ones (theme, panels) come from internal/. */
export const protocolPanelStyles = css`
  .base {
    display: flex;
    flex-direction: column;
    height: 100%;
    min-height: 0;
    background: var(--_surface);
  }
  .tabs,
  .toolbar,
  .warnings {
    flex: none;
  }
  .tabpanel {
    display: flex;
    flex-direction: column;
    flex: 1;
    min-height: 0;
  }
  .toolbar {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.5rem 0.75rem;
  }
  .toolbar button {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    padding: 0.3rem 0.65rem;
    border: 1px solid var(--_border);
    border-radius: 6px;
    background: var(--_subtle);
    cursor: pointer;
  }
  .toolbar button:hover {
    border-color: var(--_muted);
  }
  .status {
    color: var(--_muted);
    font-size: 0.85em;
  }
  .warnings {
    margin: 0 0.75rem 0.5rem;
    padding: 0.5rem 0.75rem;
    border-radius: 6px;
    border: 1px solid color-mix(in srgb, var(--_tool-overview) 50%, var(--_border));
    background: color-mix(in srgb, var(--_tool-overview) 10%, var(--_surface));
    font-size: 0.875em;
  }
  .warnings.none {
    border-color: color-mix(in srgb, var(--_tool-success) 40%, var(--_border));
    background: color-mix(in srgb, var(--_tool-success) 8%, var(--_surface));
    color: var(--_muted);
  }
  .warnings ul {
    margin: 0.25rem 0 0;
    padding-left: 1.25rem;
  }
  .warnings-title {
    display: flex;
    align-items: center;
    gap: 0.35rem;
    font-weight: 600;
  }
  .code {
    flex: 1;
    min-height: 0;
    margin: 0 0.75rem 0.75rem;
    padding: 0.75rem;
    overflow: auto;
    border-radius: 6px;
    background: var(--_code-bg);
    line-height: 1.45;
  }
  .empty {
    padding: 1rem;
    color: var(--_muted);
  }
  .toolbar label {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    margin-inline-end: auto;
  }
  .trace {
    flex: 1;
    min-height: 0;
    margin: 0 0.75rem 0.75rem;
    overflow: auto;
    border: 1px solid var(--_border);
    border-radius: 6px;
  }
  .trace table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.875em;
    font-variant-numeric: tabular-nums;
  }
  .trace caption {
    padding: 0.5rem 0.75rem;
    text-align: start;
    font-weight: 600;
    background: var(--_subtle);
  }
  .trace th,
  .trace td {
    padding: 0.35rem 0.6rem;
    border-top: 1px solid var(--_border);
    text-align: start;
    vertical-align: top;
  }
  .trace thead th {
    position: sticky;
    top: 0;
    background: var(--_surface);
    color: var(--_muted);
    font-weight: 600;
    white-space: nowrap;
  }
  .trace .number {
    text-align: end;
    white-space: nowrap;
  }
  .trace tbody th {
    font-weight: normal;
  }
  .trace code {
    font-family: var(--_mono);
    font-size: 0.95em;
    overflow-wrap: anywhere;
  }
  .trace .what {
    display: block;
    color: var(--_muted);
    font-size: 0.9em;
  }
  .trace tr.trimmed {
    background: color-mix(in srgb, var(--_tool-failure) 9%, var(--_surface));
  }
  .trace tr.trimmed .characters {
    text-decoration: line-through;
  }
  .trace tr.host {
    box-shadow: inset 3px 0 0 var(--_focus);
  }
  .badge {
    display: inline-block;
    padding: 0 0.45rem;
    border-radius: 999px;
    border: 1px solid var(--_border);
    white-space: nowrap;
  }
  .badge.yes {
    border-color: var(--_danger-text);
    color: var(--_danger-text);
    font-weight: 600;
  }
  .badge.no {
    color: var(--_muted);
  }
  .trace tfoot th,
  .trace tfoot td {
    border-top: 2px solid var(--_border);
    font-weight: 600;
    background: var(--_subtle);
  }
  .trace tfoot tr + tr th,
  .trace tfoot tr + tr td {
    border-top-width: 1px;
  }
  /* The notice of a request imported from a log (log-notice.ts). */
  .log-notice {
    flex: none;
    max-height: 40%;
    overflow: auto;
    margin: 0 0.75rem 0.5rem;
    padding: 0.5rem 0.75rem;
    border-radius: 6px;
    border: 1px solid var(--_border);
    background: var(--_subtle);
    font-size: 0.875em;
  }
  .log-notice p {
    margin: 0;
  }
  .log-notice.same {
    border-color: color-mix(in srgb, var(--_tool-success) 40%, var(--_border));
    background: color-mix(in srgb, var(--_tool-success) 8%, var(--_surface));
  }
  /* A difference is a warning, as the export's are; one nobody explains is marked in red. */
  .log-notice.differs {
    border-color: color-mix(in srgb, var(--_tool-overview) 50%, var(--_border));
    background: color-mix(in srgb, var(--_tool-overview) 10%, var(--_surface));
  }
  .log-title {
    display: flex;
    align-items: center;
    gap: 0.35rem;
    font-weight: 600;
  }
  .log-notice ul {
    margin: 0.25rem 0;
    padding-left: 1.25rem;
  }
  .log-notice li {
    overflow-wrap: anywhere;
  }
  .log-notice code {
    font-family: var(--_mono);
    font-size: 0.95em;
  }
  .log-said {
    margin-top: 0.25rem;
    color: var(--_muted);
  }
  .unexplained {
    color: var(--_danger-text);
  }
  .log-notice.differs:has(.unexplained) {
    border-color: color-mix(in srgb, var(--_tool-failure) 45%, var(--_border));
  }
`;
