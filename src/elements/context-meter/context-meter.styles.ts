import { css, unsafeCSS } from 'lit';
import { MEASURE_BUCKETS, type MeasureBucket } from '../../core/insight/measure-result.js';

/**
 * Kind colours by `data-kind`, so that no inline style is needed (strict CSP): the measured
 * buckets and the request's overhead, the rows the meter draws.
 */
export const kindColourStyles = unsafeCSS(
  [...MEASURE_BUCKETS, 'overhead']
    .map(
      (row) =>
        `[data-kind='${row}'] .swatch, [part~='segment'][data-kind='${row}'] { background: var(--_${row}); }`,
    )
    .join('\n'),
);

/** Colours of the kinds that have none in SPEC §4.3: [public property, light, dark]. */
const NEW_COLOURS: [MeasureBucket, string, string, string][] = [
  ['history', '--pe-history-color', '#0284c7', '#38bdf8'],
  ['tool_traffic', '--pe-tool-traffic-color', '#db2777', '#f472b6'],
  ['documents', '--pe-documents-color', '#65a30d', '#a3e635'],
  ['long_text', '--pe-long-text-color', '#a16207', '#d6a35c'],
  ['media', '--pe-media-color', '#4f46e5', '#818cf8'],
];

const palette = (dark: 0 | 1) =>
  unsafeCSS(NEW_COLOURS.map((c) => `--_${c[0]}: var(${c[1]}, ${c[2 + dark]});`).join(''));

/** The styles of `<context-meter>` itself; the shared ones (theme, panels) come from internal/. */
export const contextMeterStyles = css`
  .base {
    ${palette(0)}
    --_system_prompt: var(--_system-prompt);
    --_tools: var(--_tool-overview);
    --_overhead: var(--_border);
  }
  .base.dark {
    ${palette(1)}
  }
  @media (prefers-color-scheme: dark) {
    .base.auto {
      ${palette(1)}
    }
  }
  .base {
    background: var(--_surface);
    color: var(--_text);
  }
  .header {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 0.75rem;
    align-items: baseline;
    margin-bottom: 0.35rem;
  }
  .total {
    font-weight: 600;
  }
  .limit-text {
    color: var(--_muted);
  }
  .over .limit-text {
    color: var(--_danger-text);
    font-weight: 600;
  }
  .bar {
    position: relative;
    display: flex;
    height: 1rem;
    border-radius: 4px;
    background: var(--_subtle);
    overflow: hidden;
  }
  .compact {
    display: flex;
    align-items: center;
    gap: 0.5rem;
  }
  .compact .header {
    margin: 0;
    flex: none;
  }
  .compact .bar {
    flex: 1;
    min-width: 4rem;
    height: 0.5rem;
  }
  .over .bar {
    outline: 2px solid var(--_tool-failure);
  }
  [part='segment'] {
    flex: none;
    height: 100%;
    /* A hairline between kinds tells neighbours of similar colour apart. */
    box-shadow: inset -1px 0 var(--_surface);
  }
  [part='limit'] {
    position: absolute;
    top: 0;
    bottom: 0;
    width: 2px;
    margin-left: -1px;
    background: var(--_tool-failure);
  }
  table {
    margin-top: 0.5rem;
    border-collapse: collapse;
    font-size: 0.875em;
  }
  caption {
    text-align: start;
    color: var(--_muted);
    padding-bottom: 0.25rem;
  }
  th,
  td {
    padding: 0.15rem 0.75rem 0.15rem 0;
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  th:first-child {
    text-align: start;
    font-weight: normal;
  }
  thead th,
  tfoot th,
  tfoot td {
    font-weight: 600;
  }
  .swatch {
    display: inline-block;
    width: 0.7rem;
    height: 0.7rem;
    margin-inline-end: 0.4rem;
    border-radius: 2px;
    vertical-align: -0.05rem;
  }
  .empty,
  .note {
    color: var(--_muted);
  }
  .note {
    margin: 0.25rem 0 0;
    font-size: 0.875em;
  }
`;
