import { css } from 'lit';

/** The styles of `<envelope-chat>` itself; the shared ones (theme, panels) come from internal/. */
export const envelopeChatStyles = css`
  .base {
    background: var(--_surface);
    min-height: 100%;
  }
  .header {
    position: sticky;
    top: 0;
    z-index: 1;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.4rem 0.75rem;
    padding: 0.6rem 1rem;
    border-bottom: 1px solid var(--_border);
    background: var(--_surface);
  }
  .title {
    margin: 0;
    font-size: 1rem;
    font-weight: 650;
  }
  .facts {
    color: var(--_muted);
    font-size: 0.85em;
  }
  .model {
    font-family: var(--_mono);
  }
  .meter {
    flex: 1 1 12rem;
    max-width: 22rem;
  }
  .measure,
  .search button {
    padding: 0.15rem 0.45rem;
    border: 1px solid var(--_border);
    border-radius: 6px;
    background: var(--_subtle);
    cursor: pointer;
    line-height: 1.2;
  }
  .measure {
    font-size: 0.85em;
  }
  .search {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.35rem;
    margin-inline-start: auto;
    font-size: 0.85em;
  }
  .search input[type='search'] {
    box-sizing: border-box;
    /* Field, count and arrows fit one line of a 360 px chat; the checkbox may wrap. */
    width: 10rem;
    max-width: 100%;
    padding: 0.25rem 0.5rem;
    border: 1px solid var(--_border);
    border-radius: 6px;
    background: var(--_surface);
    color: inherit;
    font: inherit;
  }
  .match-status {
    min-width: 4.5rem;
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  .search button:disabled {
    cursor: default;
    opacity: 0.5;
  }
  .search label {
    display: inline-flex;
    align-items: center;
    gap: 0.25rem;
    color: var(--_muted);
  }
  .scene {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.15rem 0.6rem;
    margin: 0.75rem 1rem 0;
    padding: 0.45rem 0.75rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_scene);
    color: var(--_muted);
    font-size: 0.85em;
  }
  .scene-label {
    font-size: 0.85em;
    font-weight: 700;
    letter-spacing: 0.03em;
    text-transform: uppercase;
  }
  .scene-name {
    margin: 0;
    color: var(--_text);
    font-size: 1.1em;
    font-weight: 650;
    overflow-wrap: anywhere;
  }
  .scene-facts {
    display: flex;
    flex-wrap: wrap;
    gap: 0.1rem 0.6rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .scene-facts li {
    overflow-wrap: anywhere;
  }
  .scene-facts li + li::before {
    content: '·';
    margin-inline-end: 0.6rem;
  }
  .scene-value {
    color: var(--_text);
  }
  .messages {
    padding: 1rem 1rem 0.1rem;
  }
  .item:focus {
    outline: none;
  }
  .item:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 4px;
    border-radius: var(--_radius);
  }
  .item {
    padding-bottom: 0.9rem;
  }
  .status {
    padding: 1rem;
    color: var(--_muted);
  }
  .error {
    margin: 1rem;
  }
  /* The way back to the latest message while the reader is scrolled up in a live chat. */
  .new-messages {
    position: sticky;
    bottom: 0.75rem;
    display: block;
    margin: 0.5rem auto 0;
    padding: 0.35rem 0.9rem;
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_surface);
    color: var(--_link);
    box-shadow: 0 2px 8px rgb(0 0 0 / 15%);
    cursor: pointer;
  }
`;
