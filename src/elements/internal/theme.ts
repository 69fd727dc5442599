import { css, unsafeCSS } from 'lit';

/**
 * Design tokens. Public custom properties `--pe-*` (documented on each element) feed private
 * `--_*` ones, set on the element's root part with light defaults; dark defaults apply with
 * `theme="dark"` or, without a theme, when the system prefers dark. Segment colours are the
 * seed's (SPEC §4.3) in both themes; they are used for accents and tints, never as the colour
 * of body text, so that text keeps WCAG AA contrast.
 */
const light: Record<string, [string, string]> = {
  text: ['--pe-text-color', '#111827'],
  muted: ['--pe-muted-color', '#4b5563'],
  surface: ['--pe-surface-color', '#ffffff'],
  subtle: ['--pe-subtle-color', '#f3f4f6'],
  border: ['--pe-border-color', '#d1d5db'],
  focus: ['--pe-focus-color', '#2563eb'],
  link: ['--pe-link-color', '#1d4ed8'],
  'user-bubble': ['--pe-user-bubble-color', '#eff6ff'],
  'code-bg': ['--pe-code-background', '#eef1f5'],
  'danger-text': ['--pe-danger-text-color', '#b91c1c'],
  event: ['--pe-event-color', '#f1f3f6'],
  scene: ['--pe-scene-color', '#f8fafc'],
};

const dark: Record<string, [string, string]> = {
  text: ['--pe-text-color', '#e5e7eb'],
  muted: ['--pe-muted-color', '#9ca3af'],
  surface: ['--pe-surface-color', '#111827'],
  subtle: ['--pe-subtle-color', '#1f2937'],
  border: ['--pe-border-color', '#374151'],
  focus: ['--pe-focus-color', '#60a5fa'],
  link: ['--pe-link-color', '#93c5fd'],
  'user-bubble': ['--pe-user-bubble-color', '#1e3a5f'],
  'code-bg': ['--pe-code-background', '#0b1220'],
  'danger-text': ['--pe-danger-text-color', '#fca5a5'],
  event: ['--pe-event-color', '#1c2430'],
  scene: ['--pe-scene-color', '#162032'],
};

const declarations = (tokens: Record<string, [string, string]>) =>
  unsafeCSS(
    Object.entries(tokens)
      .map(([name, [publicName, fallback]]) => `--_${name}: var(${publicName}, ${fallback});`)
      .join('\n'),
  );

export const themeStyles = css`
  :host {
    display: block;
    font-family: var(
      --pe-font-family,
      system-ui,
      -apple-system,
      'Segoe UI',
      Roboto,
      'Noto Sans',
      'PingFang SC',
      'Microsoft YaHei',
      sans-serif
    );
    font-size: var(--pe-font-size, 0.9375rem);
    line-height: 1.5;
  }
  :host([hidden]) {
    display: none;
  }
  .base {
    ${declarations(light)}
    --_static-var: var(--pe-static-var-color, #3b82f6);
    --_system-prompt: var(--pe-system-prompt-color, #6b7280);
    --_memory: var(--pe-memory-color, #8b5cf6);
    --_skills: var(--pe-skills-color, #10b981);
    --_tool-overview: var(--pe-tool-overview-color, #f59e0b);
    --_tool-call-request: var(--pe-tool-call-request-color, #1f2937);
    --_tool-success: var(--pe-tool-success-color, #22c55e);
    --_tool-failure: var(--pe-tool-failure-color, #ef4444);
    --_radius: var(--pe-radius, 8px);
    --_mono: var(--pe-code-font-family, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace);
    color: var(--_text);
    color-scheme: light;
  }
  .base.dark {
    ${declarations(dark)}
    color-scheme: dark;
  }
  @media (prefers-color-scheme: dark) {
    .base.auto {
      ${declarations(dark)}
      color-scheme: dark;
    }
  }
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  button {
    font: inherit;
    color: inherit;
  }
  /* Search matches (the chat paints them with the CSS Custom Highlight API, in every shadow root). */
  ::highlight(pe-search) {
    background-color: #fde68a;
    color: #111827;
  }
  ::highlight(pe-search-current) {
    background-color: #f59e0b;
    color: #111827;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;

/** The small native `<select>` of toolbars (protocol panel, diff), drawn in the theme. */
export const selectStyles = css`
  select {
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: 6px;
    padding: 0.2rem 0.4rem;
  }
`;
