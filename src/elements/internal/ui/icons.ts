import { svg, type SVGTemplateResult } from 'lit';

// Small line icons (24×24, stroke = currentColor), decorative: always aria-hidden. One function
// each (a module-level template would be kept by bundlers as a call), so that an element's
// bundle holds only the icons it draws.

export const chevronIcon = (): SVGTemplateResult => svg`<path d="M9 6l6 6-6 6" />`;
export const variableIcon = (): SVGTemplateResult =>
  svg`<path d="M8 4c-2 0-3 1-3 3v2c0 1.5-1 3-2 3 1 0 2 1.5 2 3v2c0 2 1 3 3 3M16 4c2 0 3 1 3 3v2c0 1.5 1 3 2 3-1 0-2 1.5-2 3v2c0 2-1 3-3 3M10 10l4 4M14 10l-4 4" />`;
export const promptIcon = (): SVGTemplateResult =>
  svg`<rect x="3" y="4" width="18" height="16" rx="2" /><path d="M7 9l3 3-3 3M12 15h5" />`;
export const memoryIcon = (): SVGTemplateResult =>
  svg`<path d="M12 5a3 3 0 0 0-5.9-.8A3 3 0 0 0 4 9a3 3 0 0 0 .6 5.4A3 3 0 0 0 9 19a3 3 0 0 0 3-1M12 5a3 3 0 0 1 5.9-.8A3 3 0 0 1 20 9a3 3 0 0 1-.6 5.4A3 3 0 0 1 15 19a3 3 0 0 1-3-1M12 5v13" />`;
export const skillsIcon = (): SVGTemplateResult => svg`<path d="M13 2L4 14h7l-1 8 9-12h-7z" />`;
export const toolsIcon = (): SVGTemplateResult =>
  svg`<path d="M14.7 6.3a4 4 0 0 0-5.4 5.2L3 17.8 6.2 21l6.3-6.3a4 4 0 0 0 5.2-5.4l-2.6 2.6-2.6-.4-.4-2.6z" />`;
export const callIcon = (): SVGTemplateResult => svg`<path d="M4 17l6-5-6-5M12 19h8" />`;
export const successIcon = (): SVGTemplateResult =>
  svg`<circle cx="12" cy="12" r="9" /><path d="M8 12.5l2.5 2.5L16 9.5" />`;
export const failureIcon = (): SVGTemplateResult =>
  svg`<circle cx="12" cy="12" r="9" /><path d="M9 9l6 6M15 9l-6 6" />`;
export const documentIcon = (): SVGTemplateResult =>
  svg`<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" /><path d="M14 3v5h5M9 13h6M9 17h6" />`;
export const longTextIcon = (): SVGTemplateResult =>
  svg`<path d="M4 6h16M4 10h16M4 14h16M4 18h10" />`;
export const imageIcon = (): SVGTemplateResult =>
  svg`<rect x="3" y="4" width="18" height="16" rx="2" /><circle cx="9" cy="10" r="2" /><path d="M21 16l-5-5-9 9" />`;
export const audioIcon = (): SVGTemplateResult =>
  svg`<path d="M9 18V5l11-2v13" /><circle cx="6" cy="18" r="3" /><circle cx="17" cy="16" r="3" />`;
export const videoIcon = (): SVGTemplateResult =>
  svg`<rect x="3" y="6" width="13" height="12" rx="2" /><path d="M16 10l5-3v10l-5-3z" />`;
export const thinkingIcon = (): SVGTemplateResult =>
  svg`<path d="M8.5 16H8a4 4 0 0 1-.6-8A5 5 0 0 1 17 7.2a4 4 0 0 1-.5 8.8H12" /><circle cx="8" cy="19.5" r="1.3" /><circle cx="4.5" cy="21.5" r=".6" />`;
export const providerIcon = (): SVGTemplateResult =>
  svg`<rect x="4" y="4" width="16" height="6" rx="1.5" /><rect x="4" y="14" width="16" height="6" rx="1.5" /><path d="M8 7h.01M8 17h.01" />`;
export const copyIcon = (): SVGTemplateResult =>
  svg`<rect x="9" y="9" width="12" height="12" rx="2" /><path d="M5 15V5a2 2 0 0 1 2-2h10" />`;
export const downloadIcon = (): SVGTemplateResult =>
  svg`<path d="M12 3v12M7 10l5 5 5-5M5 21h14" />`;
export const warningIcon = (): SVGTemplateResult =>
  svg`<path d="M12 3l10 18H2z" /><path d="M12 10v5M12 18v.5" />`;

/** An icon: one of the shapes above in its `<svg>`. */
export function icon(shape: () => SVGTemplateResult, className = 'icon') {
  return svg`<svg class=${className} viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${shape()}</svg>`;
}
