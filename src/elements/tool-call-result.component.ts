import { html, type TemplateResult } from 'lit';
import type { ToolCallResultSegment } from '../core/protocol/types.js';
import { nestingExceeds } from '../core/protocol/json-value.js';
import { renderDisclosure } from './internal/disclosure.js';
import { failureIcon, successIcon } from './internal/icons.js';
import { jsonStyles, renderJsonText, safeStringify } from './internal/json-view.js';
import { MAX_SHOWN_CHARS, renderCutNote, shownPart } from './internal/shown-text.js';
import { SegmentElement } from './internal/segment-element.js';
import { toolCallResultStyles } from './tool-call-result.styles.js';

/** Results nested deeper than this are shown as sent: re-indenting them would grow quadratically. */
const MAX_PRETTY_DEPTH = 64;

/** Results longer than this are shown as sent, without parsing. */
const MAX_PRETTY_LENGTH = 1_000_000;

/**
 * @tagname tool-call-result
 * @summary What a tool returned: a status strip (green "Succeeded", collapsed by default; red
 * "Failed", expanded by default) over the result text, pretty-printed when it is JSON.
 *
 * @event segment-toggle - The strip was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * @event envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart panel - The status strip and its body.
 * @csspart header - The disclosure button.
 * @csspart label - The words "Tool result".
 * @csspart summary - The area after the label: tool name and status.
 * @csspart tool-name - The name of the tool.
 * @csspart status - The status word ("Succeeded" or "Failed").
 * @csspart body - The expanded content.
 * @csspart result - The result text (scrolls when long).
 * @csspart cut - The note under a result too long to show whole (its first 100,000 characters are shown).
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop --pe-tool-success-color - Accent of a successful result (default #22C55E).
 * @cssprop --pe-tool-failure-color - Accent of a failed result (default #EF4444).
 * @cssprop --pe-danger-text-color - Colour of the word "Failed".
 * @cssprop --pe-code-background - Background of the result text.
 * @cssprop --pe-code-font-family - Monospace font of the result text.
 * @cssprop --pe-text-color - Text colour.
 * @cssprop --pe-surface-color - Background colour.
 * @cssprop --pe-border-color - Border colour.
 * @cssprop --pe-radius - Corner radius.
 */
export class ToolCallResult extends SegmentElement<ToolCallResultSegment> {
  static override styles = [...SegmentElement.styles, jsonStyles, toolCallResultStyles];

  protected readonly kind = 'tool_call_result';
  protected override readonly cutsItself = ['result'];

  private formatted?: { source: string; view: TemplateResult | string };

  protected renderSegment(segment: ToolCallResultSegment) {
    const t = this.ambient;
    const ok = segment.success;
    return renderDisclosure({
      kind: ok ? 'kind-success' : 'kind-failure',
      icon: ok ? successIcon : failureIcon,
      label: t.t('kind.tool_call_result'),
      summary: html`<code part="tool-name" class="tool-name">${segment.toolName}</code>
        <span part="status" class="status">
          ${ok ? t.t('toolResult.success') : t.t('toolResult.failure')}
        </span>`,
      expanded: !this.collapsed,
      onToggle: () => this.toggle(),
      body: () =>
        segment.result === ''
          ? html`<p part="result" class="result empty">${t.t('toolResult.empty')}</p>`
          : html`<pre
                part="result"
                class="result"
                tabindex="0"
                role="region"
                aria-label=${t.t('toolResult.body')}
              >
${this.formatResult(segment.result)}</pre>
              ${renderCutNote(t, segment.result.length)}`,
    });
  }

  /** The result as shown: pretty-printed JSON for an object or array, else the text itself. */
  private formatResult(source: string): TemplateResult | string {
    if (this.formatted?.source !== source) {
      const view = source.length > MAX_SHOWN_CHARS ? shownPart(source) : prettyJson(source);
      this.formatted = { source, view };
    }
    return this.formatted.view;
  }
}

function prettyJson(source: string): TemplateResult | string {
  const start = source.trimStart()[0];
  if ((start !== '{' && start !== '[') || source.length > MAX_PRETTY_LENGTH) return source;
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    return source;
  }
  if (nestingExceeds(value, MAX_PRETTY_DEPTH)) return source;
  return renderJsonText(safeStringify(value));
}
