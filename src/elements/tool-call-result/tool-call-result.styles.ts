import { css } from 'lit';
import { providerStyles } from '../internal/ui/provider-parts.js';

/** The styles of `<tool-call-result>` itself; the shared ones (theme, panels) come from internal/. */
export const toolCallResultStyles = css`
  /* On a narrow strip the status moves under the tool name instead of squeezing it. */
  .disclosure-summary {
    display: flex;
    flex: 1;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.1rem 0.75rem;
    min-width: 0;
    margin-inline-start: 0.15rem;
    color: var(--_text);
    font-size: inherit;
  }
  .tool-name {
    min-width: 0;
    font-family: var(--_mono);
    font-size: 0.9em;
    overflow-wrap: anywhere;
  }
  .status {
    flex: none;
    margin-inline-start: auto;
    font-weight: 600;
    /* The accent is too light for text: a dark green, a light one in a dark theme (the root's
       color-scheme says which, in the element and in a message alike). */
    color: light-dark(#166534, #86efac);
  }
  .kind-failure .status {
    color: var(--_danger-text);
  }
  .result {
    margin: 0;
    max-height: 24rem;
    overflow: auto;
    padding: 0.5rem 0.65rem;
    border-radius: 6px;
    background: var(--_code-bg);
    font-family: var(--_mono);
    font-size: 0.85em;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .result .json {
    font-size: 1em;
  }
  .empty {
    color: var(--_muted);
    font-family: inherit;
    font-style: italic;
  }
  .result-type {
    margin: 0 0 0.4rem;
    color: var(--_muted);
    font-family: var(--_mono);
    font-size: 0.8em;
  }
  ${providerStyles}
`;
