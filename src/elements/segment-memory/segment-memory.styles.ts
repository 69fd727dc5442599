import { css } from 'lit';

/** The styles of `<segment-memory>` itself; the shared ones (theme, panels) come from internal/. */
export const segmentMemoryStyles = css`
  .title {
    display: block;
    font-weight: 600;
  }
`;
