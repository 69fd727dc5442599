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

/*
 * The page's inherited text settings stop at the host: create-vite's `#app { text-align: center }`
 * would otherwise centre every message. Each is set to the value a plain page gives. The
 * direction follows the document's `dir` (`<html dir="rtl">` on an Arabic page, or `dir` on an
 * ancestor), not a CSS `direction` that a page sets on a container. Colour is the theme's and the
 * font the element's own (`--pe-font-family`). A page's style on the element itself still wins.
 */
export const themeStyles = css`
  :host {
    display: block;
    direction: ltr;
    writing-mode: horizontal-tb;
    font-style: normal;
    font-weight: 400;
    font-variant: normal;
    font-stretch: normal;
    font-kerning: auto;
    font-feature-settings: normal;
    font-variation-settings: normal;
    font-size-adjust: none;
    letter-spacing: normal;
    word-spacing: normal;
    text-align: start;
    text-align-last: auto;
    text-indent: 0;
    text-transform: none;
    text-shadow: none;
    white-space: normal;
    text-wrap: wrap;
    word-break: normal;
    overflow-wrap: normal;
    line-break: auto;
    hyphens: manual;
    tab-size: 8;
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
  :host(:dir(rtl)) {
    direction: rtl;
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
