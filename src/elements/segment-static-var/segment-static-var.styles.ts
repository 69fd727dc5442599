import { css } from 'lit';

/** The styles of `<segment-static-var>` itself; the shared ones (theme, panels) come from internal/. */
export const segmentStaticVarStyles = css`
  .pill {
    display: inline-block;
    max-width: 100%;
    box-sizing: border-box;
    margin: 0;
    padding: 0.15rem 0.7rem;
    border: 1px solid color-mix(in srgb, var(--_static-var) 45%, var(--_border));
    border-radius: 0.9rem;
    background: color-mix(in srgb, var(--_static-var) 12%, var(--_surface));
    text-align: start;
    overflow-wrap: anywhere;
    vertical-align: top;
  }
  button.pill {
    cursor: pointer;
  }
  button.pill:hover {
    background: color-mix(in srgb, var(--_static-var) 20%, var(--_surface));
  }
  .kind-icon,
  .disclosure-chevron {
    vertical-align: -0.2em;
  }
  .kind-icon {
    color: var(--_static-var);
    margin-inline-end: 0.3rem;
  }
  .disclosure-chevron {
    margin-inline-start: 0.3rem;
  }
  .name {
    font-family: var(--_mono);
    font-size: 0.9em;
    font-weight: 600;
  }
  .equals {
    color: var(--_muted);
    margin-inline: 0.1em;
  }
  /* A callout with its own surface, so it stays readable in a dark theme on a light page. */
  .description {
    width: fit-content;
    max-width: 100%;
    box-sizing: border-box;
    margin: 0.35rem 0 0;
    padding: 0.3rem 0.65rem;
    border-inline-start: 3px solid color-mix(in srgb, var(--_static-var) 60%, var(--_border));
    border-radius: 0 6px 6px 0;
    background: color-mix(in srgb, var(--_static-var) 6%, var(--_surface));
    color: var(--_muted);
    font-size: 0.9em;
    overflow-wrap: anywhere;
  }
  .description[hidden] {
    display: none;
  }
  .description-label {
    font-weight: 600;
  }
`;
