import { html, nothing, type TemplateResult } from 'lit';
import type { ToolCallResultSegment } from '../../core/protocol/types.js';
import { nestingExceeds } from '../../core/protocol/json-value.js';
import { renderDisclosure } from '../internal/ui/disclosure.js';
import { failureIcon, successIcon } from '../internal/ui/icons.js';
import { renderJsonText, safeStringify } from '../internal/ui/json-view.js';
import {
  renderProviderBadge,
  renderStructured,
  type ProviderContext,
} from '../internal/ui/provider-parts.js';
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
        ${segment.runBy === 'provider' ? renderProviderBadge(this.provider) : nothing}
        <span part=${this.part('status')} class="status">
          ${ok ? t.t('toolResult.success') : t.t('toolResult.failure')}
        </span>`,
      expanded: !this.collapsed,
      onToggle: () => this.toggle(),
      naming: this.naming,
      body: () =>
        segment.structured !== undefined
          ? this.renderStructured(segment)
          : this.renderText(segment.result),
    });
  }

  private renderText(result: string) {
    const t = this.ambient;
    return result === ''
      ? html`<p part=${this.part('result')} class="result empty">${t.t('toolResult.empty')}</p>`
      : html`<pre
            part=${this.part('result')}
            class="result"
            tabindex="0"
            role="region"
            aria-label=${t.t('toolResult.body')}
          >
${this.formatResult(result)}</pre>
          ${renderCutNote(t, result.length)}`;
  }

  private get provider(): ProviderContext {
    return { t: this.ambient, part: (names) => this.part(names), slices: this.slices };
  }

  /**
   * A result the API gave as an object or a list (1.1): drawn readably where its shape is known
   * (search results, code output, errors), else as JSON; never its text, which only repeats it.
   */
  private renderStructured(segment: ToolCallResultSegment) {
    return html`${
        segment.resultType
          ? html`<p part=${this.part('result-type')} class="result-type">${segment.resultType}</p>`
          : nothing
      }
      <div part=${this.part('structured')} class="structured">
        ${renderStructured(this.provider, segment.structured!)}
      </div>`;
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
