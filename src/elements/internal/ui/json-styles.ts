import { css } from 'lit';

/**
 * How JSON drawn by json-view.ts looks, apart from its code (a message's styles load before any
 * JSON is drawn). The colours are theme tokens (theme.ts), set on the element's root for its
 * theme: a rule for `.dark` here would not reach JSON inside a message, whose segment styles are
 * nested under each segment.
 */
export const jsonStyles = css`
  .json {
    font-family: var(--_mono);
    font-size: 0.85em;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .json-key {
    color: var(--_json-key);
  }
  .json-string {
    color: var(--_json-string);
  }
  .json-number {
    color: var(--_json-number);
  }
  .json-literal {
    color: var(--_json-literal);
  }
`;
