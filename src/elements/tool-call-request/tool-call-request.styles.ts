import { css } from 'lit';
import { providerStyles } from '../internal/ui/provider-parts.js';

/** The styles of `<tool-call-request>` itself; the shared ones (theme, panels) come from internal/. */
export const toolCallRequestStyles = css`
  /* A terminal is dark in the light theme too, so the block sets its own colours. */
  .terminal {
    --_term-text: var(--pe-tool-call-request-text-color, #f9fafb);
    --_term-muted: color-mix(in srgb, var(--_term-text) 65%, var(--_tool-call-request));
    --_term-rule: color-mix(in srgb, var(--_term-text) 14%, var(--_tool-call-request));
    --_accent: #34d399;
    --_focus: #93c5fd;
    color-scheme: dark;
    background: var(--_tool-call-request);
    color: var(--_term-text);
    border: 1px solid var(--_term-rule);
    font-family: var(--_mono);
    font-size: 0.875em;
  }
  .terminal .disclosure-header {
    background: color-mix(in srgb, var(--_term-text) 5%, var(--_tool-call-request));
  }
  .terminal .disclosure-header:hover {
    background: color-mix(in srgb, var(--_term-text) 10%, var(--_tool-call-request));
  }
  .terminal .disclosure-chevron {
    color: var(--_term-muted);
  }
  .terminal .disclosure-label {
    flex: none;
    font-weight: 400;
    color: var(--_term-muted);
  }
  .terminal .disclosure-summary {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.2rem 0.5rem;
    margin-inline-start: 0;
    min-width: 0;
    color: var(--_term-text);
    font-size: inherit;
  }
  .tool-name {
    font-family: inherit;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  .terminal .disclosure-body {
    border-top-color: var(--_term-rule);
  }
  .arguments {
    display: grid;
    grid-template-columns: fit-content(40%) minmax(0, 1fr);
    gap: 0.3rem 1rem;
    margin: 0;
  }
  .row {
    display: grid;
    grid-column: 1 / -1;
    grid-template-columns: subgrid;
    align-items: baseline;
  }
  .key {
    color: #93c5fd;
    overflow-wrap: anywhere;
  }
  .value-toggle {
    display: inline-flex;
    align-items: center;
    gap: 0.2rem;
    padding: 0;
    border: 0;
    background: none;
    color: inherit;
    font: inherit;
    text-align: start;
    cursor: pointer;
  }
  .preview {
    color: var(--_term-muted);
  }
  .terminal .more {
    color: var(--_term-muted);
    border-color: var(--_term-rule);
  }
  .count {
    margin-inline-start: 0.4em;
    color: var(--_term-muted);
  }
  dd {
    margin: 0;
    min-width: 0;
  }
  .compound > .key,
  .compound > dd {
    grid-column: 1 / -1;
  }
  .compound > dd {
    margin-inline-start: 0.3rem;
    padding-inline-start: 0.9rem;
    border-inline-start: 1px solid var(--_term-rule);
  }
  .string {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .quiet,
  .empty {
    color: var(--_term-muted);
  }
  .empty {
    margin: 0;
    font-style: italic;
  }
  .terminal .json {
    font-size: 1em;
  }
  .terminal .json-key {
    color: #93c5fd;
  }
  .terminal .json-string {
    color: #6ee7b7;
  }
  .terminal .json-number {
    color: #fcd34d;
  }
  .terminal .json-literal {
    color: #c4b5fd;
  }
  .receiving {
    margin: 0 0 0.4rem;
    color: var(--_term-muted);
    font-size: 0.85em;
  }
  .item {
    margin-bottom: 0.5rem;
  }
  .terminal .provider-facts dt {
    color: #93c5fd;
    opacity: 1;
  }
  ${providerStyles}
  .partial {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font-family: var(--_mono);
  }
`;
