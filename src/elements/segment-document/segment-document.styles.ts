import { css } from 'lit';

/** The styles of `<segment-document>` itself; the shared ones (theme, panels) come from internal/. */
export const segmentDocumentStyles = css`
  .card {
    display: grid;
    gap: 0.5rem;
    padding: 0.65rem 0.75rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  .head {
    display: flex;
    align-items: flex-start;
    gap: 0.6rem;
    min-width: 0;
  }
  .icon {
    flex: none;
    display: grid;
    place-items: center;
    width: 2.25rem;
    height: 2.25rem;
    border-radius: 6px;
    background: var(--_subtle);
    color: var(--_muted);
  }
  .icon svg {
    width: 20px;
    height: 20px;
  }
  .meta {
    display: grid;
    min-width: 0;
  }
  .file-name {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .details {
    display: flex;
    flex-wrap: wrap;
    column-gap: 0.5rem;
    color: var(--_muted);
    font-size: 0.85em;
  }
  .mime-type {
    overflow-wrap: anywhere;
  }
  .size + .mime-type::before {
    content: '·';
    margin-inline-end: 0.5rem;
  }
  .snippet {
    margin: 0;
    padding-inline-start: 0.6rem;
    border-inline-start: 3px solid var(--_border);
    color: var(--_muted);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .toggle {
    justify-self: start;
    display: inline-flex;
    align-items: center;
    gap: 0.3rem;
    padding: 0.3rem 0.65rem;
    border: 1px solid var(--_border);
    border-radius: 6px;
    background: var(--_subtle);
    cursor: pointer;
  }
  .toggle:hover {
    border-color: var(--_muted);
  }
  .parsed {
    padding-top: 0.5rem;
    border-top: 1px solid var(--_border);
    overflow-wrap: anywhere;
  }
  /* Headings stay modest: the parsed content is a part of a card, not a page. */
  .parsed :is(h1, h2, h3, h4, h5, h6) {
    margin: 0.9em 0 0.4em;
    font-size: 1em;
    line-height: 1.3;
  }
  .parsed :is(h1, h2) {
    font-size: 1.125em;
  }
  .parsed[hidden] {
    display: none;
  }
`;
