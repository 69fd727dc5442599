import { css } from 'lit';

/** The styles of `<segment-skills>` itself; the shared ones (theme, panels) come from internal/. */
export const segmentSkillsStyles = css`
  .name {
    font-family: var(--_mono);
    font-size: 0.9em;
    font-weight: 600;
  }
  .item-description {
    margin: 0.1rem 0 0;
  }
  .instructions {
    margin-top: 0.4rem;
    padding: 0.1rem 0 0.1rem 0.75rem;
    border-inline-start: 3px solid color-mix(in srgb, var(--_skills) 60%, var(--_border));
    font-size: 0.95em;
  }
  /* SKILL.md files start with an h1: keep their headings in scale with the panel. */
  .instructions :is(h1, h2, h3, h4, h5, h6) {
    margin: 0.9em 0 0.4em;
    font-size: 1em;
    line-height: 1.3;
  }
  .instructions h1 {
    font-size: 1.2em;
  }
  .instructions h2 {
    font-size: 1.1em;
  }
  .instructions[hidden] {
    display: none;
  }
  .note {
    margin: 0.5rem 0 0;
    color: var(--_muted);
    font-size: 0.85em;
  }
`;
