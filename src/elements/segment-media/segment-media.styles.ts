import { css } from 'lit';

/** The styles of `<segment-media>` itself; the shared ones (theme, panels) come from internal/. */
export const segmentMediaStyles = css`
  .figure {
    display: grid;
    gap: 0.45rem;
    margin: 0;
    padding: 0.6rem 0.75rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    min-width: 0;
  }
  .top {
    display: flex;
    align-items: center;
    gap: 0.4rem;
    color: var(--_muted);
    font-size: 0.85em;
    font-weight: 600;
  }
  .top svg {
    flex: none;
  }
  .media {
    display: block;
    max-width: 100%;
    border-radius: 6px;
  }
  .image {
    height: auto;
    max-height: var(--pe-media-max-height, 24rem);
    object-fit: contain;
    justify-self: start;
    background: var(--_subtle);
  }
  .video {
    width: 100%;
    max-width: 40rem;
    max-height: var(--pe-media-max-height, 24rem);
    aspect-ratio: 16 / 9;
    background: #000;
  }
  .audio {
    width: 100%;
    max-width: 28rem;
  }
  .detail {
    margin-inline-start: auto;
    font-size: 0.85em;
    color: var(--_muted);
  }
  .caption {
    color: var(--_muted);
    font-size: 0.9em;
    overflow-wrap: anywhere;
  }
  .placeholder,
  .notice {
    display: grid;
    gap: 0.25rem;
    margin: 0;
    padding: 0.6rem 0.75rem;
    border-radius: 6px;
    overflow-wrap: anywhere;
  }
  .placeholder {
    justify-items: center;
    min-height: 6rem;
    align-content: center;
    text-align: center;
    border: 1px dashed var(--_border);
    background: var(--_subtle);
    color: var(--_muted);
  }
  .placeholder svg {
    width: 28px;
    height: 28px;
  }
  .placeholder-text {
    color: var(--_text);
  }
  .notice {
    border: 1px solid color-mix(in srgb, var(--_tool-overview) 55%, var(--_border));
    border-inline-start-width: 4px;
    border-inline-start-color: var(--_tool-overview);
    background: color-mix(in srgb, var(--_tool-overview) 8%, var(--_surface));
  }
  .url {
    font-family: var(--_mono);
    font-size: 0.85em;
  }
`;
