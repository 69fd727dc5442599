import { html, type TemplateResult } from 'lit';
import type { ToolCallResultSegment } from '../../core/protocol/types.js';
import { nestingExceeds } from '../../core/protocol/json-value.js';
import { renderDisclosure } from '../internal/ui/disclosure.js';
import { failureIcon, successIcon } from '../internal/ui/icons.js';
import { renderJsonText, safeStringify } from '../internal/ui/json-view.js';
import { MAX_SHOWN_CHARS, renderCutNote, shownPart } from '../internal/pacing/shown-text.js';
import { SegmentView } from '../internal/segments/segment-view.js';

/** Results nested deeper than this are shown as sent: re-indenting them would grow quadratically. */
const MAX_PRETTY_DEPTH = 64;

/** Results longer than this are shown as sent, without parsing. */
const MAX_PRETTY_LENGTH = 1_000_000;

/** A tool result drawn: by `<tool-call-result>` and inside `<envelope-message>`. */
export class ToolCallResultView extends SegmentView<ToolCallResultSegment> {
  readonly kind = 'tool_call_result';
  protected override readonly cutsItself = ['result'];

  private formatted?: { source: string; view: TemplateResult | string };

  protected renderSegment(segment: ToolCallResultSegment) {
    const t = this.ambient;
    const ok = segment.success;
    return renderDisclosure({
      kind: ok ? 'kind-success' : 'kind-failure',
      icon: ok ? successIcon : failureIcon,
      label: t.t('kind.tool_call_result'),
      summary: html`<code part=${this.part('tool-name')} class="tool-name"
          >${segment.toolName}</code
        >
        <span part=${this.part('status')} class="status">
          ${ok ? t.t('toolResult.success') : t.t('toolResult.failure')}
        </span>`,
      expanded: !this.collapsed,
      onToggle: () => this.toggle(),
      naming: this.naming,
      body: () =>
        segment.result === ''
          ? html`<p part=${this.part('result')} class="result empty">${t.t('toolResult.empty')}</p>`
          : html`<pre
                part=${this.part('result')}
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
