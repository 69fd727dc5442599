import { css } from 'lit';

/** The styles of `<segment-thinking>` itself; the shared ones (theme, panels) come from internal/. */
export const segmentThinkingStyles = css`
  /* Thinking is context, not the answer: a quieter panel than the structural ones. */
  .disclosure.kind-thinking {
    border-left-width: 3px;
    background: color-mix(in srgb, var(--_accent) 4%, var(--_surface));
  }
  .kind-thinking .disclosure-header {
    background: transparent;
  }
  .kind-thinking .disclosure-header:hover {
    background: color-mix(in srgb, var(--_accent) 10%, var(--_surface));
  }
  .kind-thinking .disclosure-label {
    font-weight: 500;
    color: var(--_muted);
  }
  /* Redacted or encrypted thinking: a header with nothing to open, its icon where the others'
     is (after the 16 px chevron it does not have). */
  .opaque {
    box-sizing: border-box;
    padding-inline-start: calc(0.65rem + 16px + 0.4rem);
    cursor: default;
  }
  .opaque:hover {
    background: transparent;
  }
  .thinking-body {
    display: grid;
    gap: 0.6rem;
    color: color-mix(in srgb, var(--_text) 85%, var(--_muted));
    overflow-wrap: anywhere;
  }
  .thinking-caption {
    margin: 0 0 0.25rem;
    color: var(--_muted);
    font-size: 0.8em;
    font-weight: 600;
    letter-spacing: 0.02em;
    text-transform: uppercase;
  }
  .thinking-parts {
    display: grid;
    gap: 0.45rem;
  }
  figure {
    margin: 0;
  }
  .plain {
    white-space: pre-wrap;
  }
`;
