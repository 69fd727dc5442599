import { html } from 'lit';
import { issueWhere } from '../../../core/protocol/issues.js';

/**
 * An import warning or error as a list item shows it: its path as code, then its message. Its
 * text is `issueText(issue)`, the line `prompt-envelope import` prints for it, so the viewer and
 * the CLI say the same words.
 */
export const renderIssueLine = (issue: { path: string; message: string }) =>
  html`<code>${issueWhere(issue)}</code>: ${issue.message}`;
