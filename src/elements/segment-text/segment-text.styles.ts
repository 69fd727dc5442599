import { css } from 'lit';

/** The styles of `<segment-text>` itself; the shared ones (theme, panels) come from internal/. */
export const segmentTextStyles = css`
  .content {
    overflow-wrap: anywhere;
  }
  .plain {
    white-space: pre-wrap;
  }
`;
