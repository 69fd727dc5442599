import { css } from 'lit';
import { cacheNoteStyles } from '../internal/ui/cache-note.js';

/** The styles of `<segment-text>` itself; the shared ones (theme, panels) come from internal/. */
export const segmentTextStyles = css`
  .content {
    overflow-wrap: anywhere;
  }
  .plain {
    white-space: pre-wrap;
  }
  /* The sources a provider cited: small, under the text, never mistaken for it. */
  .citations {
    margin-top: 0.5rem;
    padding-top: 0.35rem;
    border-top: 1px solid var(--_border);
    font-size: 0.85em;
  }
  .citation-list {
    display: grid;
    gap: 0.3rem;
    margin: 0;
    padding-inline-start: 1.5rem;
  }
  .citation {
    overflow-wrap: anywhere;
  }
  .citation a {
    color: var(--_link);
  }
  .citation-host {
    color: var(--_muted);
  }
  .cited-text {
    margin: 0.15rem 0 0;
    padding-inline-start: 0.6rem;
    border-inline-start: 3px solid var(--_border);
    color: var(--_muted);
    white-space: pre-wrap;
  }
  ${cacheNoteStyles}
`;
