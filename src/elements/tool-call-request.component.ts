import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ToolCallRequestSegment } from '../core/protocol/types.js';
import { chevron, renderDisclosure } from './internal/disclosure.js';
import { callIcon } from './internal/icons.js';
import { SLICE } from './internal/shown-slices.js';
import { jsonStyles, renderJsonText, safeStringify } from './internal/json-view.js';
import { SegmentElement } from './internal/segment-element.js';
import { toolCallRequestStyles } from './tool-call-request.styles.js';

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
 * Rows drawn open by themselves in one render; beyond it nested values wait closed for a click
 * (issue 20: a JSON tree expands lazily, so arguments of any shape draw a bounded number of rows).
 */
const AUTO_OPEN_ROWS = 400;

/** Items of a nested list or object shown at first (the top level shows SLICE). */
const NESTED_SLICE = 20;

/** Characters of the one-line preview of a closed value. */
const PREVIEW_CHARS = 120;

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
 * @csspart value-toggle - The button that opens or closes a nested value (its key).
 * @csspart preview - The one-line JSON of a closed nested value.
 * @csspart more - The button under a long list of arguments that shows its next items.
 * @csspart empty - The "No arguments" note.
 * @csspart receiving - The note while the arguments stream in (`partial`).
 * @csspart partial - The arguments received so far, as JSON text.
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop --pe-tool-call-request-color - Background of the block (default #1F2937, in both themes).
 * @cssprop --pe-tool-call-request-text-color - Text on that background (default #F9FAFB).
 * @cssprop --pe-code-font-family - Monospace font of the block.
 * @cssprop --pe-radius - Corner radius.
 */
export class ToolCallRequest extends SegmentElement<ToolCallRequestSegment> {
  static override styles = [...SegmentElement.styles, jsonStyles, toolCallRequestStyles];

  protected readonly kind = 'tool_call_request';

  /**
   * The arguments received so far as JSON text, while a live chat streams the call: shown as
   * they are (they do not parse yet) until the complete call replaces the segment.
   */
  @property({ attribute: false })
  partial?: string;

  /** Nested values opened or closed by a click, by JSON Pointer; the rest follow the budget. */
  @state()
  private toggledValues: ReadonlyMap<string, boolean> = new Map();

  /** Rows still drawn open by themselves in the current render. */
  private autoOpenLeft = 0;

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('segment')) this.toggledValues = new Map();
  }

  protected renderSegment(segment: ToolCallRequestSegment) {
    const t = this.ambient;
    return renderDisclosure({
      kind: 'terminal',
      icon: callIcon,
      label: t.t('kind.tool_call_request'),
      summary: html`<code part="tool-name" class="tool-name">${segment.toolName}</code>`,
      expanded: !this.collapsed,
      onToggle: () => this.toggle(),
      body: () => {
        if (this.partial !== undefined)
          return html`<p part="receiving" class="receiving" role="status">
              ${t.t('toolCall.receiving')}
            </p>
            <pre part="partial" class="partial">${cutPartial(this.partial)}</pre>`;
        if (Object.keys(segment.arguments).length === 0) {
          return html`<p part="empty" class="empty">${t.t('toolCall.noArguments')}</p>`;
        }
        this.autoOpenLeft = AUTO_OPEN_ROWS;
        return this.renderMembers(segment.arguments, '', 1, t.t('toolCall.arguments'));
      },
    });
  }

  private renderMembers(value: object, path: string, depth: number, label?: string) {
    const keys = Array.isArray(value) ? undefined : Object.keys(value);
    const total = keys ? keys.length : (value as unknown[]).length;
    const first = depth === 1 ? SLICE : NESTED_SLICE;
    const shown = this.slices.shown(path, total, first);
    const rows = membersOf(value, keys, shown).map(([key, inner]) =>
      this.renderRow(key, inner, depth, `${path}${pointerStep(key)}`),
    );
    return html`<dl part="arguments" class="arguments" aria-label=${label ?? nothing}>${rows}</dl>
      ${this.slices.more(path, total, first)}`;
  }

  private renderRow(key: string, value: unknown, depth: number, path: string): TemplateResult {
    this.autoOpenLeft--;
    if (value === null || typeof value !== 'object') {
      return html`<div part="argument" class="row">
        <dt part="key" class="key">${key}</dt>
        <dd part="value">${renderScalar(value)}</dd>
      </div>`;
    }
    const isArray = Array.isArray(value);
    const size = isArray ? value.length : Object.keys(value).length;
    if (size === 0 || depth >= MAX_DEPTH) {
      return html`<div part="argument" class="row">
        <dt part="key" class="key">${key}</dt>
        <dd part="value">${renderJsonText(jsonText(value))}</dd>
      </div>`;
    }
    const open = this.toggledValues.get(path) ?? this.autoOpenLeft > 0;
    const toggle = () => {
      const next = new Map(this.toggledValues);
      next.set(path, !open);
      this.toggledValues = next;
    };
    return html`<div part="argument" class="row compound">
      <dt part="key" class="key">
        <button
          part="value-toggle"
          class="value-toggle"
          type="button"
          aria-expanded=${open ? 'true' : 'false'}
          @click=${toggle}
        >
          ${chevron()}${key}</button
        >${isArray ? html`<span class="count">[${size}]</span>` : nothing}
      </dt>
      <dd part="value">
        ${
          open
            ? this.renderMembers(value, path, depth + 1)
            : html`<code part="preview" class="json preview"
                >${safeStringify(value, 0, PREVIEW_CHARS)}</code
              >`
        }
      </dd>
    </div>`;
  }
}

/** The members of an object or list shown (a slice of them), by key, as a `<dl>` of rows. */
function membersOf(value: object, keys: string[] | undefined, count: number): [string, unknown][] {
  if (Array.isArray(value))
    return Array.from({ length: count }, (_, i): [string, unknown] => [String(i), value[i]]);
  return keys!.slice(0, count).map((key) => [key, (value as Record<string, unknown>)[key]]);
}

/** A JSON Pointer step. */
const pointerStep = (key: string) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** A streamed call's text so far, cut like any long value (SPEC §6). */
function cutPartial(text: string): string {
  return text.length > MAX_JSON_CHARS ? `${text.slice(0, MAX_JSON_CHARS)}…` : text;
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
