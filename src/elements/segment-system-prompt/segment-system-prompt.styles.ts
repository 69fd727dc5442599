import { css } from 'lit';

/** The styles of `<segment-system-prompt>` itself; the shared ones (theme, panels) come from internal/. */
export const segmentSystemPromptStyles = css`
  .disclosure-body {
    display: grid;
    gap: 0.75rem;
  }
  figure {
    margin: 0;
    min-width: 0;
  }
  figcaption {
    margin-bottom: 0.25rem;
    color: var(--_muted);
    font-size: 0.8em;
    font-weight: 600;
    letter-spacing: 0.03em;
    text-transform: uppercase;
  }
  /* A pre keeps the prompt's white space (and Prettier leaves its template alone). */
  .text {
    margin: 0;
    font: inherit;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  figure .text {
    padding: 0.5rem 0.65rem;
    border: 1px solid var(--_border);
    border-radius: 6px;
    background: var(--_surface);
  }
  mark {
    color: inherit;
    border-radius: 4px;
    padding: 0 0.15em;
    box-decoration-break: clone;
    -webkit-box-decoration-break: clone;
  }
  .placeholder {
    font-family: var(--_mono);
    font-size: 0.9em;
    background: color-mix(in srgb, var(--_static-var) 16%, var(--_surface));
    outline: 1px solid color-mix(in srgb, var(--_static-var) 55%, var(--_border));
    outline-offset: -1px;
  }
  .placeholder.unknown {
    background: transparent;
    outline: 1px dashed var(--_muted);
    cursor: help;
  }
  .value {
    background: color-mix(in srgb, var(--_static-var) 10%, var(--_surface));
    box-shadow: inset 0 -2px 0 color-mix(in srgb, var(--_static-var) 70%, var(--_border));
    border-radius: 2px 2px 0 0;
  }
`;
