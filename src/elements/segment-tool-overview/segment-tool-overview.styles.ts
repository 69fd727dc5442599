import { css } from 'lit';
import { providerBadgeStyles } from '../internal/ui/provider-parts.js';

/** The styles of `<segment-tool-overview>` itself; the shared ones (theme, panels) come from internal/. */
export const segmentToolOverviewStyles = css`
  .tools {
    display: grid;
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .tool {
    min-width: 0;
    padding: 0.45rem 0.65rem;
    border-radius: 6px;
    background: var(--_surface);
    border: 1px solid color-mix(in srgb, var(--_tool-overview) 30%, var(--_border));
    overflow-wrap: anywhere;
  }
  .signature {
    font-family: var(--_mono);
    font-size: 0.9em;
  }
  .tool-name {
    font-weight: 600;
  }
  .parameters {
    color: var(--_muted);
  }
  .tool-description {
    margin: 0.15rem 0 0;
  }
  /* A little stronger than the shared .disclosure-toggle tint. */
  .schema-toggle {
    border-color: color-mix(in srgb, var(--_tool-overview) 45%, var(--_border));
    background: color-mix(in srgb, var(--_tool-overview) 10%, var(--_surface));
  }
  .schema-toggle:hover {
    background: color-mix(in srgb, var(--_tool-overview) 20%, var(--_surface));
  }
  .schema {
    margin-top: 0.45rem;
  }
  .schema[hidden] {
    display: none;
  }
  .tree {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: 0.35rem;
  }
  .tree .tree {
    margin-top: 0.35rem;
    padding-inline-start: 0.9rem;
    border-inline-start: 2px solid color-mix(in srgb, var(--_tool-overview) 35%, var(--_border));
  }
  .property-head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.2rem 0.5rem;
  }
  .property-name {
    font-family: var(--_mono);
    font-size: 0.9em;
    font-weight: 600;
  }
  .type {
    font-family: var(--_mono);
    font-size: 0.85em;
    color: var(--_muted);
  }
  .required {
    padding: 0 0.4em;
    border-radius: 999px;
    background: color-mix(in srgb, var(--_tool-overview) 22%, var(--_surface));
    font-size: 0.75em;
    font-weight: 600;
  }
  .property-description {
    margin: 0.1rem 0 0;
    font-size: 0.95em;
  }
  .facts {
    display: flex;
    flex-wrap: wrap;
    gap: 0.1rem 0.9rem;
    margin: 0.1rem 0 0;
    font-size: 0.85em;
    color: var(--_muted);
  }
  .facts div {
    display: flex;
    gap: 0.3rem;
    min-width: 0;
  }
  .facts dd {
    margin: 0;
    min-width: 0;
    font-family: var(--_mono);
    color: var(--_text);
  }
  figure {
    margin: 0.5rem 0 0;
  }
  figcaption {
    margin-bottom: 0.2rem;
    color: var(--_muted);
    font-size: 0.8em;
    font-weight: 600;
  }
  .raw {
    margin: 0;
    padding: 0.5rem 0.65rem;
    border-radius: 6px;
    background: var(--_code-bg);
  }
  .note {
    margin: 0.3rem 0 0;
    color: var(--_muted);
    font-size: 0.85em;
  }
  .tools-note {
    margin: 0 0 0.5rem;
    color: var(--_muted);
    font-size: 0.85em;
  }
  ${providerBadgeStyles}
  .provider-badge,
  .declared-in {
    display: inline-block;
    margin-top: 0.2rem;
    vertical-align: baseline;
  }
  .declared-in {
    color: var(--_muted);
    font-size: 0.8em;
  }
  .declaration-toggle {
    border-color: color-mix(in srgb, var(--_tool-overview) 45%, var(--_border));
    background: color-mix(in srgb, var(--_tool-overview) 10%, var(--_surface));
  }
`;
