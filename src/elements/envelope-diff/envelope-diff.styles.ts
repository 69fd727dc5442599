import { css } from 'lit';

/** The styles of `<envelope-diff>` itself; the shared ones (theme, panels) come from internal/. */
export const envelopeDiffStyles = css`
  .base {
    --_added: var(--pe-diff-added-color, #22c55e);
    --_removed: var(--pe-diff-removed-color, #ef4444);
    --_changed: var(--pe-diff-changed-color, #f59e0b);
    container-type: inline-size;
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
    background: var(--_surface);
  }
  .summary {
    margin: 0;
    font-weight: 600;
  }
  .tabpanel {
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
    min-width: 0;
  }
  .muted {
    color: var(--_muted);
    margin: 0;
  }
  .pair {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    gap: 0.75rem;
  }
  .heads {
    font-size: 0.8em;
    font-weight: 700;
    letter-spacing: 0.03em;
    text-transform: uppercase;
    color: var(--_muted);
  }
  .columns {
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
  }
  .row {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    padding: 0.5rem;
    border: 1px solid var(--_border);
    border-left-width: 4px;
    border-radius: var(--_radius);
  }
  .row.unchanged {
    border-left-color: var(--_border);
  }
  .row.added {
    border-left-color: var(--_added);
  }
  .row.removed {
    border-left-color: var(--_removed);
  }
  .row.changed {
    border-left-color: var(--_changed);
  }
  .row-head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.5rem;
    font-size: 0.85em;
    color: var(--_muted);
  }
  .badge {
    padding: 0 0.45rem;
    border-radius: 999px;
    font-weight: 700;
    color: var(--_text);
    border: 1px solid var(--_accent, var(--_border));
    background: color-mix(in srgb, var(--_accent, var(--_border)) 18%, var(--_surface));
  }
  .added {
    --_accent: var(--_added);
  }
  .removed {
    --_accent: var(--_removed);
  }
  .changed {
    --_accent: var(--_changed);
  }
  .cell {
    min-width: 0;
    border-radius: var(--_radius);
  }
  .cell.added,
  .cell.removed {
    padding: 0.4rem;
    background: color-mix(in srgb, var(--_accent) 10%, var(--_surface));
  }
  .cell.changed {
    padding: 0.4rem;
    outline: 2px solid var(--_changed);
    outline-offset: -2px;
  }
  .cell.none {
    border: 1px dashed var(--_border);
    padding: 0.4rem;
    color: var(--_muted);
    font-size: 0.85em;
    display: flex;
    align-items: center;
    justify-content: center;
  }
  .side-label {
    display: none;
    font-size: 0.75em;
    font-weight: 700;
    text-transform: uppercase;
    color: var(--_muted);
  }
  .message-head {
    display: flex;
    gap: 0.5rem;
    font-size: 0.8em;
    color: var(--_muted);
  }
  .message-head .role {
    font-weight: 700;
    text-transform: uppercase;
    color: var(--_text);
  }
  .message-head mark {
    background: color-mix(in srgb, var(--_changed) 30%, transparent);
    color: inherit;
    border-radius: 3px;
    padding: 0 0.2em;
  }
  .changes ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .changes {
    margin-top: 0.4rem;
    padding: 0.4rem 0.6rem;
    border-radius: 6px;
    background: color-mix(in srgb, var(--_changed) 10%, var(--_surface));
    font-size: 0.85em;
  }
  .changes-title {
    font-weight: 600;
  }
  .changes li {
    overflow-wrap: anywhere;
    margin-top: 0.25rem;
  }
  .changes code {
    font-family: var(--_mono);
    font-weight: 600;
  }
  .value {
    display: block;
    font-family: var(--_mono);
    font-size: 0.95em;
    white-space: pre-wrap;
    text-decoration: none;
    padding: 0 0.3em;
    border-radius: 3px;
  }
  del.value::before {
    content: '− ';
    font-weight: 700;
  }
  ins.value::before {
    content: '+ ';
    font-weight: 700;
  }
  del.value {
    background: color-mix(in srgb, var(--_removed) 14%, transparent);
  }
  ins.value {
    background: color-mix(in srgb, var(--_added) 14%, transparent);
  }
  .fold {
    align-self: stretch;
    padding: 0.4rem 0.75rem;
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    background: var(--_subtle);
    cursor: pointer;
    text-align: start;
  }
  .fold:hover {
    border-color: var(--_muted);
  }
  .run {
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
  }
  .toolbar {
    display: flex;
    align-items: center;
    gap: 0.5rem;
  }
  .lines {
    margin: 0;
    padding: 0.5rem 0;
    overflow: auto;
    border-radius: 6px;
    background: var(--_code-bg);
    font-family: var(--_mono);
    font-size: 0.85em;
    line-height: 1.45;
  }
  .line {
    display: block;
    padding: 0 0.75rem;
    white-space: pre;
  }
  .line.add {
    background: color-mix(in srgb, var(--_added) 18%, transparent);
  }
  .line.del {
    background: color-mix(in srgb, var(--_removed) 18%, transparent);
  }
  .marker {
    display: inline-block;
    width: 1.5ch;
    user-select: none;
    font-weight: 700;
  }
  .lines .fold {
    display: block;
    white-space: normal;
    margin: 0.15rem 0.5rem;
    padding: 0.1rem 0.5rem;
    font-family: var(--_mono);
    font-size: 1em;
  }
  @container (max-width: 640px) {
    .pair {
      grid-template-columns: minmax(0, 1fr);
    }
    .heads {
      display: none;
    }
    .side-label {
      display: block;
    }
  }
`;
