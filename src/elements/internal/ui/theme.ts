import { css, unsafeCSS } from 'lit';

/**
 * Design tokens. Public custom properties `--pe-*` (documented on each element) feed private
 * `--_*` ones, set on the element's root part with light defaults; dark defaults apply with
 * `theme="dark"` or, without a theme, when the system prefers dark. Segment colours are the
 * seed's (SPEC §4.3) in both themes; they are used for accents and tints, never as the colour
 * of body text, so that text keeps WCAG AA contrast.
 */
/**
 * Each private token: its public property (`--pe-<name>-color` unless named) and its light and
 * dark defaults.
 */
const TOKENS: [name: string, light: string, dark: string, publicName?: string][] = [
  ['text', '#111827', '#e5e7eb'],
  ['muted', '#4b5563', '#9ca3af'],
  ['surface', '#ffffff', '#111827'],
  ['subtle', '#f3f4f6', '#1f2937'],
  ['border', '#d1d5db', '#374151'],
  ['focus', '#2563eb', '#60a5fa'],
  ['link', '#1d4ed8', '#93c5fd'],
  ['user-bubble', '#eff6ff', '#1e3a5f'],
  ['code-bg', '#eef1f5', '#0b1220', '--pe-code-background'],
  ['danger-text', '#b91c1c', '#fca5a5'],
  ['event', '#f1f3f6', '#1c2430'],
  ['scene', '#f8fafc', '#162032'],
  ['json-key', '#1d4ed8', '#93c5fd'],
  ['json-string', '#047857', '#6ee7b7'],
  ['json-number', '#92400e', '#fcd34d'],
  ['json-literal', '#7c3aed', '#c4b5fd'],
];

/** The segment colours (SPEC §4.3), the same in both themes. */
const SEGMENT_TOKENS: [name: string, colour: string][] = [
  ['static-var', '#3b82f6'],
  ['system-prompt', '#6b7280'],
  ['memory', '#8b5cf6'],
  ['skills', '#10b981'],
  ['tool-overview', '#f59e0b'],
  ['tool-call-request', '#1f2937'],
  ['tool-success', '#22c55e'],
  ['tool-failure', '#ef4444'],
  ['thinking', '#0891b2'],
  ['provider', '#6366f1'],
];

/** The tokens as custom properties, with the value in `column` (1: light, 2: dark) as fallback. */
const declarations = (tokens: readonly (string | undefined)[][], column: 1 | 2) =>
  unsafeCSS(
    tokens
      .map(
        (token) =>
          `--_${token[0]}: var(${token[3] ?? `--pe-${token[0]}-color`}, ${token[column]});`,
      )
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
    ${declarations(TOKENS, 1)}
    ${declarations(SEGMENT_TOKENS, 1)}
    --_radius: var(--pe-radius, 8px);
    --_mono: var(--pe-code-font-family, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace);
    color: var(--_text);
    color-scheme: light;
  }
  .base.dark {
    ${declarations(TOKENS, 2)}
    color-scheme: dark;
  }
  @media (prefers-color-scheme: dark) {
    .base.auto {
      ${declarations(TOKENS, 2)}
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
