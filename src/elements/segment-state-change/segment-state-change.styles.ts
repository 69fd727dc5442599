import { css } from 'lit';

/** The styles of `<segment-state-change>` itself; the shared ones (theme, panels) come from internal/. */
export const segmentStateChangeStyles = css`
  .base {
    text-align: center;
  }
  .notice {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: center;
    gap: 0.15rem 0.5rem;
    max-width: 100%;
    box-sizing: border-box;
    padding: 0.2rem 0.75rem;
    border-radius: 1rem;
    background: var(--_event);
    color: var(--_muted);
    font-size: 0.85em;
    overflow-wrap: anywhere;
  }
  .person,
  .value {
    color: var(--_text);
  }
  .person {
    font-weight: 600;
  }
  .id {
    font-variant-numeric: tabular-nums;
  }
  .cut {
    text-decoration: underline dotted;
    text-underline-offset: 0.2em;
    cursor: help;
  }
  .line-toggle {
    display: inline-flex;
    align-items: center;
    gap: 0.15rem;
    padding: 0 0.3rem;
    border: 0;
    border-radius: 4px;
    background: none;
    color: var(--_link);
    font-size: 0.95em;
    cursor: pointer;
  }
  .line-toggle:hover {
    text-decoration: underline;
  }
  .line-toggle .disclosure-chevron {
    width: 0.9em;
    height: 0.9em;
  }
  .line {
    display: block;
    width: fit-content;
    max-width: 100%;
    box-sizing: border-box;
    margin: 0.3rem auto 0;
    padding: 0.25rem 0.6rem;
    border-radius: 6px;
    background: var(--_code-bg);
    color: var(--_text);
    font-family: var(--_mono);
    font-size: 0.8em;
    text-align: start;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .line[hidden] {
    display: none;
  }
`;
