import { css, html, nothing, type TemplateResult } from 'lit';
import type { ToolCallRequestSegment } from '../core/protocol.js';
import { renderDisclosure } from './internal/disclosure.js';
import { jsonStyles, renderJsonText, safeStringify } from './internal/json-view.js';
import { SegmentElement } from './internal/segment-element.js';

/**
 * Levels of nested argument rows. Deeper values are shown as JSON text, which also keeps the
 * render's recursion bounded for arguments nested thousands of levels deep (SPEC §6).
 */
const MAX_DEPTH = 6;

/** Characters of JSON text shown for a value below the deepest row; the rest is cut with "…". */
const MAX_JSON_CHARS = 20_000;

/** Pretty-printed JSON longer than this is shown compact instead. */
const MAX_PRETTY_CHARS = 8_000;

/**
 * @tagname tool-call-request
 * @summary A call the model made to a tool: a dark terminal-style block whose header names the
 * tool and whose body lists each argument as a labelled row, nested values indented.
 *
 * @event segment-toggle - The block was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * @event envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart panel - The terminal block.
 * @csspart header - The disclosure button.
 * @csspart label - The words "Tool call".
 * @csspart summary - The area after the label, holding the tool name.
 * @csspart tool-name - The name of the called tool.
 * @csspart body - The expanded content.
 * @csspart arguments - The list of arguments (a `<dl>`, also used for nested values).
 * @csspart argument - One row: a key and its value.
 * @csspart key - The name of an argument or nested key.
 * @csspart value - The value of an argument.
 * @csspart empty - The "No arguments" note.
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop --pe-tool-call-request-color - Background of the block (default #1F2937, in both themes).
 * @cssprop --pe-tool-call-request-text-color - Text on that background (default #F9FAFB).
 * @cssprop --pe-code-font-family - Monospace font of the block.
 * @cssprop --pe-radius - Corner radius.
 */
export class ToolCallRequest extends SegmentElement<ToolCallRequestSegment> {
  static override styles = [
    ...SegmentElement.styles,
    jsonStyles,
    css`
      /* A terminal is dark in the light theme too, so the block sets its own colours. */
      .terminal {
        --_term-text: var(--pe-tool-call-request-text-color, #f9fafb);
        --_term-muted: color-mix(in srgb, var(--_term-text) 65%, var(--_tool-call-request));
        --_term-rule: color-mix(in srgb, var(--_term-text) 14%, var(--_tool-call-request));
        --_accent: #34d399;
        --_focus: #93c5fd;
        color-scheme: dark;
        background: var(--_tool-call-request);
        color: var(--_term-text);
        border: 1px solid var(--_term-rule);
        font-family: var(--_mono);
        font-size: 0.875em;
      }
      .terminal .disclosure-header {
        background: color-mix(in srgb, var(--_term-text) 5%, var(--_tool-call-request));
      }
      .terminal .disclosure-header:hover {
        background: color-mix(in srgb, var(--_term-text) 10%, var(--_tool-call-request));
      }
      .terminal .disclosure-chevron {
        color: var(--_term-muted);
      }
      .terminal .disclosure-label {
        flex: none;
        font-weight: 400;
        color: var(--_term-muted);
      }
      .terminal .disclosure-summary {
        margin-inline-start: 0;
        min-width: 0;
        color: var(--_term-text);
        font-size: inherit;
      }
      .tool-name {
        font-family: inherit;
        font-weight: 700;
        overflow-wrap: anywhere;
      }
      .terminal .disclosure-body {
        border-top-color: var(--_term-rule);
      }
      .arguments {
        display: grid;
        grid-template-columns: fit-content(40%) minmax(0, 1fr);
        gap: 0.3rem 1rem;
        margin: 0;
      }
      .row {
        display: grid;
        grid-column: 1 / -1;
        grid-template-columns: subgrid;
        align-items: baseline;
      }
      .key {
        color: #93c5fd;
        overflow-wrap: anywhere;
      }
      .count {
        margin-inline-start: 0.4em;
        color: var(--_term-muted);
      }
      dd {
        margin: 0;
        min-width: 0;
      }
      .compound > .key,
      .compound > dd {
        grid-column: 1 / -1;
      }
      .compound > dd {
        margin-inline-start: 0.3rem;
        padding-inline-start: 0.9rem;
        border-inline-start: 1px solid var(--_term-rule);
      }
      .string {
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      .quiet,
      .empty {
        color: var(--_term-muted);
      }
      .empty {
        margin: 0;
        font-style: italic;
      }
      .terminal .json {
        font-size: 1em;
      }
      .terminal .json-key {
        color: #93c5fd;
      }
      .terminal .json-string {
        color: #6ee7b7;
      }
      .terminal .json-number {
        color: #fcd34d;
      }
      .terminal .json-literal {
        color: #c4b5fd;
      }
    `,
  ];

  protected readonly kind = 'tool_call_request';

  protected renderSegment(segment: ToolCallRequestSegment) {
    const t = this.ambient;
    return renderDisclosure({
      kind: 'terminal',
      icon: 'call',
      label: t.t('kind.tool_call_request'),
      summary: html`<code part="tool-name" class="tool-name">${segment.toolName}</code>`,
      expanded: !this.collapsed,
      onToggle: () => this.toggle(),
      body: () => {
        const entries = Object.entries(segment.arguments);
        if (entries.length === 0) {
          return html`<p part="empty" class="empty">${t.t('toolCall.noArguments')}</p>`;
        }
        return html`<dl part="arguments" class="arguments" aria-label=${t.t('toolCall.arguments')}>
          ${renderRows(entries, 1)}
        </dl>`;
      },
    });
  }
}

function renderRows(entries: [string, unknown][], depth: number): TemplateResult[] {
  return entries.map(([key, value]) => renderRow(key, value, depth));
}

function renderRow(key: string, value: unknown, depth: number): TemplateResult {
  if (value === null || typeof value !== 'object') {
    return html`<div part="argument" class="row">
      <dt part="key" class="key">${key}</dt>
      <dd part="value">${renderScalar(value)}</dd>
    </div>`;
  }
  const isArray = Array.isArray(value);
  const entries: [string, unknown][] = isArray
    ? value.map((item, i): [string, unknown] => [String(i), item])
    : Object.entries(value);
  if (entries.length === 0 || depth >= MAX_DEPTH) {
    return html`<div part="argument" class="row">
      <dt part="key" class="key">${key}</dt>
      <dd part="value">${renderJsonText(jsonText(value))}</dd>
    </div>`;
  }
  return html`<div part="argument" class="row compound">
    <dt part="key" class="key">
      ${key}${isArray ? html`<span class="count">[${entries.length}]</span>` : nothing}
    </dt>
    <dd part="value">
      <dl part="arguments" class="arguments">${renderRows(entries, depth + 1)}</dl>
    </dd>
  </div>`;
}

function renderScalar(value: unknown): TemplateResult {
  if (typeof value === 'string') {
    return value === ''
      ? html`<span class="quiet">""</span>`
      : html`<span class="string">${value}</span>`;
  }
  if (typeof value === 'number') return html`<span class="json-number">${String(value)}</span>`;
  return html`<span class="json-literal">${String(value)}</span>`;
}

/**
 * JSON text of a value below the deepest row: pretty-printed when small, else compact and cut
 * after MAX_JSON_CHARS. safeStringify does not recurse, so arguments nested 10,000 levels deep
 * are fine, and the caps keep its work small.
 */
function jsonText(value: unknown): string {
  const compact = safeStringify(value, 0, MAX_JSON_CHARS);
  if (compact.length > 2_000) return compact;
  const pretty = safeStringify(value, 2, MAX_PRETTY_CHARS);
  return pretty.length <= MAX_PRETTY_CHARS ? pretty : compact;
}
