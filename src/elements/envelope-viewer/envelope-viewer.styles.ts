import { css } from 'lit';

/** The styles of `<envelope-viewer>` itself; the shared ones (theme, panels) come from internal/. */
export const envelopeViewerStyles = css`
  .base {
    display: flex;
    flex-direction: column;
    height: 100%;
    container-type: inline-size;
    background: var(--_subtle);
    color: var(--_text);
  }
  .bar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 1rem;
    padding: 0.6rem 1rem;
    background: var(--_surface);
    border-bottom: 1px solid var(--_border);
  }
  .bar-title {
    margin: 0;
    font-size: 0.8rem;
    font-weight: 700;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: var(--_muted);
  }
  .scenarios {
    display: flex;
    flex-wrap: wrap;
    gap: 0.35rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .scenario {
    display: inline-flex;
    align-items: center;
    gap: 0.4rem;
    padding: 0.3rem 0.7rem;
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_surface);
    cursor: pointer;
  }
  .scenario:hover {
    border-color: var(--_muted);
  }
  .scenario[aria-pressed='true'] {
    border-color: var(--_focus);
    background: color-mix(in srgb, var(--_focus) 12%, var(--_surface));
    font-weight: 600;
  }
  .scenario-label {
    display: inline-grid;
    place-items: center;
    width: 1.35rem;
    height: 1.35rem;
    border-radius: 50%;
    background: var(--_subtle);
    font-size: 0.75rem;
    font-weight: 700;
  }
  .files {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 1rem;
    padding: 0.5rem 1rem;
    background: var(--_surface);
    border-bottom: 1px solid var(--_border);
  }
  .open,
  .conversations button {
    padding: 0.3rem 0.8rem;
    border: 1px solid var(--_border);
    border-radius: 6px;
    background: var(--_surface);
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  .count {
    color: var(--_muted);
    font-size: 0.75rem;
  }
  .failure-warnings {
    margin-top: 0.5rem;
  }
  /* The import warned about this entry: a sign and a count, beside its button. */
  .import-marker {
    margin-inline-start: 0.35rem;
    padding: 0 0.4rem;
    border-radius: 999px;
    border: 1px solid color-mix(in srgb, var(--_tool-overview) 60%, var(--_border));
    background: color-mix(in srgb, var(--_tool-overview) 12%, var(--_surface));
    font-size: 0.75rem;
    white-space: nowrap;
  }
  .opened {
    display: grid;
    gap: 0.4rem;
  }
  .opened p {
    margin: 0;
  }
  .search {
    max-width: 28rem;
    padding: 0.3rem 0.5rem;
    font: inherit;
  }
  .conversations {
    max-height: 14rem;
    overflow: auto;
    margin: 0;
    padding-inline-start: 2.5rem;
  }
  .conversations li {
    margin: 0.15rem 0;
  }
  .conversations button {
    padding: 0.1rem 0.5rem;
    text-align: start;
  }
  .conversations button[aria-current='true'] {
    border-color: var(--_focus);
    font-weight: 600;
  }
  .replay {
    margin-inline-start: auto;
    padding: 0.3rem 0.8rem;
    border: 1px solid var(--_border);
    border-radius: 6px;
    background: var(--_surface);
    cursor: pointer;
  }
  .summary {
    flex-basis: 100%;
    margin: 0;
    color: var(--_muted);
    font-size: 0.875rem;
  }
  .columns {
    display: grid;
    grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr);
    /* Fills a host that has a height (e.g. 100vh); otherwise takes this much. */
    flex: 1 1 auto;
    height: var(--pe-viewer-height, 80vh);
    min-height: 24rem;
  }
  .columns > * {
    min-height: 0;
    overflow: auto;
  }
  .chat {
    border-inline-end: 1px solid var(--_border);
  }
  .side {
    display: flex;
    flex-direction: column;
    overflow: hidden;
    background: var(--_surface);
  }
  .side-panel {
    flex: 1 1 auto;
    display: flex;
    flex-direction: column;
    min-height: 0;
    overflow: auto;
  }
  .panel {
    flex: 1 1 auto;
    min-height: 0;
  }
  .compare-bar {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1rem;
    align-items: center;
    padding: 0.6rem 0.75rem;
    font-size: 0.875rem;
    color: var(--_muted);
  }
  .compare-bar select,
  .compare-bar input {
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
  }
  context-meter,
  envelope-diff {
    margin: 0.75rem;
  }
  .studio-note {
    flex: none;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.35rem 0.75rem;
    margin: 0.6rem 0.75rem 0;
    padding: 0.4rem 0.75rem;
    border: 1px solid color-mix(in srgb, var(--_focus) 45%, var(--_border));
    border-radius: 6px;
    background: color-mix(in srgb, var(--_focus) 8%, var(--_surface));
    font-size: 0.875rem;
  }
  .studio-note[hidden] {
    display: none;
  }
  .studio-note button {
    padding: 0.15rem 0.6rem;
    border: 1px solid var(--_border);
    border-radius: 6px;
    background: var(--_surface);
    cursor: pointer;
  }
  @container (max-width: 900px) {
    .columns {
      grid-template-columns: minmax(0, 1fr);
      height: auto;
    }
    .columns > * {
      overflow: visible;
    }
    .chat {
      border-inline-end: 0;
      border-bottom: 1px solid var(--_border);
    }
    .side,
    .side-panel {
      overflow: visible;
    }
    .panel {
      min-height: 32rem;
    }
  }
  .error {
    margin: 1rem;
  }
  .status {
    padding: 1rem;
    color: var(--_muted);
  }
`;
