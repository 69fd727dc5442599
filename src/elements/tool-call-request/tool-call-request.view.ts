import { html, nothing, type TemplateResult } from 'lit';
import type { ToolCallRequestSegment } from '../../core/protocol/types.js';
import { chevron, renderDisclosure } from '../internal/ui/disclosure.js';
import { callIcon } from '../internal/ui/icons.js';
import { SLICE } from '../internal/pacing/shown-slices.js';
import { renderJsonText, safeStringify } from '../internal/ui/json-view.js';
import {
  renderCallItem,
  renderJson,
  renderProviderBadge,
  renderServer,
  type ProviderContext,
} from '../internal/ui/provider-parts.js';
import { SegmentView } from '../internal/segments/segment-view.js';

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

/** A tool call drawn: by `<tool-call-request>` and inside `<envelope-message>`. */
export class ToolCallRequestView extends SegmentView<ToolCallRequestSegment> {
  readonly kind = 'tool_call_request';

  /**
   * The arguments received so far as JSON text, while a live chat streams the call: shown as
   * they are (they do not parse yet) until the complete call replaces the segment.
   */
  partial?: string;

  /** Nested values opened or closed by a click, by JSON Pointer; the rest follow the budget. */
  private toggledValues: ReadonlyMap<string, boolean> = new Map();

  /** Rows still drawn open by themselves in the current render. */
  private autoOpenLeft = 0;

  protected override inputChanged(): void {
    this.toggledValues = new Map();
  }

  protected renderSegment(segment: ToolCallRequestSegment) {
    const t = this.ambient;
    return renderDisclosure({
      kind: 'terminal',
      icon: callIcon,
      label: t.t('kind.tool_call_request'),
      summary: html`<code part=${this.part('tool-name')} class="tool-name">${segment.toolName}</code
        >${segment.runBy === 'provider' ? renderProviderBadge(this.provider) : nothing}${renderServer(this.provider, segment.server)}`,
      expanded: !this.collapsed,
      onToggle: () => this.toggle(),
      naming: this.naming,
      body: () => {
        if (this.partial !== undefined)
          return html`<p part=${this.part('receiving')} class="receiving" role="status">
              ${t.t('toolCall.receiving')}
            </p>
            <pre part=${this.part('partial')} class="partial">${cutPartial(this.partial)}</pre>`;
        // The API's item holds what the call carried: the arguments only repeat it.
        if (segment.item) return this.renderItem(segment.item);
        if (Object.keys(segment.arguments).length === 0) {
          const empty = this.part('empty');
          return html`<p part=${empty} class="empty">${t.t('toolCall.noArguments')}</p>`;
        }
        this.autoOpenLeft = AUTO_OPEN_ROWS;
        return this.renderMembers(segment.arguments, '', 1, t.t('toolCall.arguments'));
      },
    });
  }

  /** What a provider-run tool (1.1) draws from its parts and from the API's own item. */
  private get provider(): ProviderContext {
    return { t: this.ambient, part: (names) => this.part(names), slices: this.slices };
  }

  /**
   * A Responses built-in call item: its readable parts (query, sources, code, output, image…),
   * or its JSON when its type is not known.
   */
  private renderItem(item: Record<string, unknown>) {
    const whole = this.segment?.item ?? item;
    const readable = renderCallItem(this.provider, item, whole);
    return html`<div part=${this.part('item')} class="item">
      ${readable ?? renderJson(this.provider, item)}
    </div>`;
  }

  private renderMembers(value: object, path: string, depth: number, label?: string) {
    const keys = Array.isArray(value) ? undefined : Object.keys(value);
    const total = keys ? keys.length : (value as unknown[]).length;
    const first = depth === 1 ? SLICE : NESTED_SLICE;
    const shown = this.slices.shown(path, total, first);
    const rows = membersOf(value, keys, shown).map(([key, inner]) =>
      this.renderRow(key, inner, depth, `${path}${pointerStep(key)}`),
    );
    return html`<dl part=${this.part('arguments')} class="arguments" aria-label=${label ?? nothing}>
        ${rows}
      </dl>
      ${this.slices.more(path, total, first)}`;
  }

  private renderRow(key: string, value: unknown, depth: number, path: string): TemplateResult {
    this.autoOpenLeft--;
    if (value === null || typeof value !== 'object') {
      return html`<div part=${this.part('argument')} class="row">
        <dt part=${this.part('key')} class="key">${key}</dt>
        <dd part=${this.part('value')}>${renderScalar(value)}</dd>
      </div>`;
    }
    const isArray = Array.isArray(value);
    const size = isArray ? value.length : Object.keys(value).length;
    if (size === 0 || depth >= MAX_DEPTH) {
      return html`<div part=${this.part('argument')} class="row">
        <dt part=${this.part('key')} class="key">${key}</dt>
        <dd part=${this.part('value')}>${renderJsonText(jsonText(value))}</dd>
      </div>`;
    }
    const open = this.toggledValues.get(path) ?? this.autoOpenLeft > 0;
    const toggle = () => {
      const next = new Map(this.toggledValues);
      next.set(path, !open);
      this.toggledValues = next;
      this.host.requestUpdate();
    };
    return html`<div part=${this.part('argument')} class="row compound">
      <dt part=${this.part('key')} class="key">
        <button
          part=${this.part('value-toggle')}
          class="value-toggle"
          type="button"
          aria-expanded=${open ? 'true' : 'false'}
          @click=${toggle}
        >
          ${chevron()}${key}</button
        >${isArray ? html`<span class="count">[${size}]</span>` : nothing}
      </dt>
      <dd part=${this.part('value')}>
        ${
          open
            ? this.renderMembers(value, path, depth + 1)
            : html`<code part=${this.part('preview')} class="json preview"
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
