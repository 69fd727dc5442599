import { css } from 'lit';

/** Lines shown while collapsed: the clamp below, and the preview text the element cuts. */
export const PREVIEW_LINES = 2;

/** The styles of `<segment-long-text>` itself; the shared ones (theme, panels) come from internal/. */
export const segmentLongTextStyles = css`
  .card {
    display: grid;
    gap: 0.45rem;
    padding: 0.6rem 0.75rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  .top {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    column-gap: 0.4rem;
  }
  .top svg {
    flex: none;
    color: var(--_muted);
  }
  .title {
    font-weight: 600;
  }
  .count {
    margin-inline-start: auto;
    color: var(--_muted);
    font-size: 0.85em;
  }
  .preview,
  .text {
    margin: 0;
    font-family: var(--_mono);
    font-size: 0.85em;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .preview {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: ${PREVIEW_LINES};
    line-clamp: ${PREVIEW_LINES};
    overflow: hidden;
  }
  .text {
    max-height: 28rem;
    overflow: auto;
    padding: 0.5rem 0.65rem;
    border-radius: 6px;
    background: var(--_code-bg);
  }
  .toggle {
    justify-self: start;
    padding: 0.25rem 0.65rem;
    border: 1px solid var(--_border);
    border-radius: 6px;
    background: var(--_subtle);
    cursor: pointer;
  }
  .toggle:hover {
    border-color: var(--_muted);
  }
`;
