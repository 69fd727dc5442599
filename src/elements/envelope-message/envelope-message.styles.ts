import { css } from 'lit';

/** The styles of `<envelope-message>` itself; the shared ones (theme, panels) come from internal/. */
export const envelopeMessageStyles = css`
  .base {
    display: flex;
    /* Rows added at export take a line of their own above the bubble. */
    flex-wrap: wrap;
  }
  .role-user {
    justify-content: flex-end;
  }
  .bubble {
    box-sizing: border-box;
    max-width: min(100%, 46rem);
    min-width: 0;
    padding: 0.6rem 0.75rem 0.7rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) + 4px);
    background: var(--_surface);
  }
  .role-user .bubble {
    background: var(--_user-bubble);
    border-color: color-mix(in srgb, var(--_static-var) 30%, var(--_border));
    border-end-end-radius: 4px;
  }
  .role-assistant .bubble {
    border-end-start-radius: 4px;
  }
  .role-system .bubble,
  .role-tool .bubble {
    background: var(--_subtle);
    width: 100%;
    max-width: 100%;
  }
  .header {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.25rem 0.5rem;
    margin-bottom: 0.4rem;
    font-size: 0.8em;
    color: var(--_muted);
  }
  .role {
    font-weight: 700;
    letter-spacing: 0.03em;
    text-transform: uppercase;
    color: var(--_text);
  }
  .segments {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    min-width: 0;
  }
  .variables {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
  }
  .segments > *,
  .variables > * {
    min-width: 0;
    --pe-segment-background: transparent;
  }
  .actor {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.25rem 0.35rem;
    min-width: 0;
  }
  .actor-name {
    font-weight: 650;
    color: var(--_text);
    overflow-wrap: anywhere;
  }
  .badge {
    padding: 0 0.4rem;
    border: 1px solid var(--_border);
    border-radius: 0.6rem;
    font-size: 0.92em;
    line-height: 1.45;
    overflow-wrap: anywhere;
  }
  .badge.group-title {
    font-style: italic;
  }
  .badge.muted {
    color: var(--_danger-text);
    border-color: color-mix(in srgb, var(--_danger-text) 45%, var(--_border));
  }
  .badge.peer-bot {
    border-style: dashed;
  }
  .cut {
    cursor: help;
  }
  .link-button {
    padding: 0 0.25rem;
    border: 0;
    border-radius: 4px;
    background: none;
    color: var(--_link);
    cursor: pointer;
    font-size: inherit;
  }
  .link-button:hover {
    text-decoration: underline;
  }
  .facts-toggle {
    margin-inline-start: auto;
  }
  .reply {
    display: block;
    max-width: 100%;
    margin: -0.15rem 0 0.35rem;
    padding-inline: 0;
    font-size: 0.8em;
    text-align: start;
    overflow-wrap: anywhere;
  }
  .speaker-facts[hidden] {
    display: none;
  }
  .speaker-facts {
    margin: 0 0 0.5rem;
    padding: 0.3rem 0.55rem;
    border-radius: 6px;
    background: color-mix(in srgb, var(--_subtle) 70%, transparent);
    font-size: 0.8em;
  }
  .fact-list {
    display: flex;
    flex-wrap: wrap;
    gap: 0.15rem 0.9rem;
    margin: 0;
  }
  .fact {
    display: flex;
    gap: 0.3rem;
    min-width: 0;
  }
  .speaker-facts dt {
    color: var(--_muted);
  }
  .speaker-facts dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .full-header {
    margin: 0;
    color: var(--_muted);
    font-weight: 600;
    font-size: 0.95em;
  }
  .role-event {
    justify-content: center;
  }
  .event-notice {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 0.25rem;
    max-width: min(100%, 40rem);
    min-width: 0;
  }
  .event-notice > .events {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    width: 100%;
  }
  .event-notice > .events > * {
    --pe-segment-background: transparent;
  }
  .event-notice > time {
    color: var(--_muted);
    font-size: 0.75em;
  }
  .announced {
    display: flex;
    flex: 1 0 100%;
    flex-direction: column;
    gap: 0.25rem;
    margin-bottom: 0.5rem;
  }
  .announced-row {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: center;
    gap: 0.25rem 0.4rem;
    min-width: 0;
  }
  .announced-row > .segment {
    min-width: 0;
    --pe-segment-background: transparent;
  }
  .export-tag {
    padding: 0 0.4rem;
    border: 1px dashed var(--_border);
    border-radius: 0.6rem;
    color: var(--_muted);
    font-size: 0.75em;
    line-height: 1.45;
    white-space: nowrap;
    cursor: help;
  }
  /* A live message being written: three dots that breathe (still when motion is reduced). */
  .typing {
    margin-inline-start: auto;
    color: var(--_muted);
    letter-spacing: 0.1em;
  }
  .typing [aria-hidden] {
    animation: pe-typing 1.2s ease-in-out infinite;
  }
  @keyframes pe-typing {
    50% {
      opacity: 0.3;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .typing [aria-hidden] {
      animation: none;
    }
  }
`;
