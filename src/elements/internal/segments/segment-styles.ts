import { css, type CSSResult } from 'lit';
import { disclosureStyles } from '../ui/disclosure.js';
import { errorPanelStyles } from '../ui/error-panel.js';
import { showMoreStyles } from '../pacing/shown-slices.js';
import { cutNoteStyles } from '../pacing/shown-text.js';

/** What every segment's styles build on besides the kind's own: panels, notes, Markdown. */
export const segmentSharedStyles: CSSResult[] = [
  disclosureStyles,
  errorPanelStyles,
  cutNoteStyles,
  showMoreStyles,
  css`
    /* A Markdown text shown as plain text (markdown-view.ts). */
    .markdown-plain {
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .markdown > :first-child {
      margin-top: 0;
    }
    .markdown > :last-child {
      margin-bottom: 0;
    }
    .markdown a {
      color: var(--_link);
    }
    .markdown code {
      font-family: var(--_mono);
      font-size: 0.9em;
      background: var(--_code-bg);
      padding: 0.1em 0.3em;
      border-radius: 4px;
    }
    .markdown pre {
      border: 1px solid var(--_border);
      background: var(--_code-bg);
      padding: 0.6rem 0.75rem;
      border-radius: 6px;
      overflow-x: auto;
    }
    .markdown pre code {
      background: none;
      padding: 0;
    }
    .markdown table {
      border-collapse: collapse;
      display: block;
      overflow-x: auto;
      max-width: 100%;
    }
    .markdown th,
    .markdown td {
      border: 1px solid var(--_border);
      padding: 0.25rem 0.5rem;
      text-align: start;
    }
    .markdown img {
      max-width: 100%;
    }
    .markdown blockquote {
      margin-inline: 0;
      padding-inline-start: 0.75rem;
      border-inline-start: 3px solid var(--_border);
      color: var(--_muted);
    }
  `,
];
