import { consume } from '@lit/context';
import { css, html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { toCurl } from '../core/curl.js';
import { exportEnvelope, type ExportTarget } from '../core/export.js';
import { readableJson } from '../core/json-value.js';
import type { Envelope } from '../core/protocol.js';
import { findSemanticWarnings } from '../core/semantic-checks.js';
import { ProtocolCopyEvent, type EnvelopeLoadEvent } from '../events.js';
import { envelopeContext } from './internal/contexts.js';
import { errorPanelStyles, renderErrorPanel } from './internal/error-panel.js';
import { EnvelopeInput } from './internal/envelope-input.js';
import { icon } from './internal/icons.js';
import { jsonStyles, renderJsonText } from './internal/json-view.js';
import { cutNoteStyles, renderCutNote, shownPart } from './internal/shown-text.js';
import { AmbientController } from './internal/localize.js';
import type { StringKey } from './internal/strings.js';
import { renderTabs, tabStyles } from './internal/tabs.js';
import { themeStyles } from './internal/theme.js';

export type ProtocolTab = ExportTarget | 'raw';

const TABS: { id: ProtocolTab; label: StringKey }[] = [
  { id: 'openai', label: 'panel.openai' },
  { id: 'anthropic', label: 'panel.anthropic' },
  { id: 'gemini', label: 'panel.gemini' },
  { id: 'otel', label: 'panel.otel' },
  { id: 'raw', label: 'panel.raw' },
];

interface TabView {
  text: string;
  warnings: { message: string; where?: string }[];
  /**
   * The request as a curl command, for tabs that are API requests; made when copied, as it
   * repeats the whole body (100 ms for 10 MB).
   */
  curl: (() => string) | null;
}

/**
 * @tagname protocol-panel
 * @summary What is really sent: the envelope exported as each provider's request (OpenAI,
 * Anthropic, Gemini), as an OpenTelemetry GenAI record, and as raw protocol JSON,
 * syntax-coloured, with copy, copy as curl, download and the export's warnings. Finds its
 * envelope from its own `envelope`/`src`, else the element named by `for`, else an ancestor
 * `<envelope-viewer>`.
 *
 * @event protocol-copy - The shown JSON was copied (`detail: { target, what, text }`).
 * @event envelope-load - Its own envelope input is valid (`detail: { envelope, warnings }`).
 * @event envelope-error - Its own envelope input is invalid (`detail: { errors }`).
 *
 * @csspart base - The root wrapper.
 * @csspart tabs - The tab list.
 * @csspart tab - Each tab.
 * @csspart toolbar - Copy and download buttons.
 * @csspart warnings - The list of warnings.
 * @csspart code - The JSON.
 * @csspart cut - The note under JSON too long to show whole (copy and download give all of it).
 * @csspart error - The error panel.
 *
 * @cssprop --pe-surface-color - Background.
 * @cssprop --pe-code-background - Background of the JSON.
 * @cssprop --pe-json-key-color - Colour of JSON keys.
 * @cssprop --pe-json-string-color - Colour of JSON strings.
 * @cssprop --pe-json-number-color - Colour of JSON numbers.
 * @cssprop --pe-json-literal-color - Colour of true, false and null.
 */
export class ProtocolPanel extends LitElement {
  static override styles = [
    themeStyles,
    tabStyles,
    errorPanelStyles,
    jsonStyles,
    cutNoteStyles,
    css`
      .base {
        display: flex;
        flex-direction: column;
        height: 100%;
        min-height: 0;
        background: var(--_surface);
      }
      .tabs,
      .toolbar,
      .warnings {
        flex: none;
      }
      .tabpanel {
        display: flex;
        flex-direction: column;
        flex: 1;
        min-height: 0;
      }
      .toolbar {
        display: flex;
        align-items: center;
        gap: 0.5rem;
        padding: 0.5rem 0.75rem;
      }
      .toolbar button {
        display: inline-flex;
        align-items: center;
        gap: 0.35rem;
        padding: 0.3rem 0.65rem;
        border: 1px solid var(--_border);
        border-radius: 6px;
        background: var(--_subtle);
        cursor: pointer;
      }
      .toolbar button:hover {
        border-color: var(--_muted);
      }
      .status {
        color: var(--_muted);
        font-size: 0.85em;
      }
      .warnings {
        margin: 0 0.75rem 0.5rem;
        padding: 0.5rem 0.75rem;
        border-radius: 6px;
        border: 1px solid color-mix(in srgb, var(--_tool-overview) 50%, var(--_border));
        background: color-mix(in srgb, var(--_tool-overview) 10%, var(--_surface));
        font-size: 0.875em;
      }
      .warnings.none {
        border-color: color-mix(in srgb, var(--_tool-success) 40%, var(--_border));
        background: color-mix(in srgb, var(--_tool-success) 8%, var(--_surface));
        color: var(--_muted);
      }
      .warnings ul {
        margin: 0.25rem 0 0;
        padding-left: 1.25rem;
      }
      .warnings-title {
        display: flex;
        align-items: center;
        gap: 0.35rem;
        font-weight: 600;
      }
      .code {
        flex: 1;
        min-height: 0;
        margin: 0 0.75rem 0.75rem;
        padding: 0.75rem;
        overflow: auto;
        border-radius: 6px;
        background: var(--_code-bg);
        line-height: 1.45;
      }
      .empty {
        padding: 1rem;
        color: var(--_muted);
      }
    `,
  ];

  /** Its own envelope: an object, or JSON text (as the `envelope` attribute). */
  @property({ attribute: 'envelope' })
  envelope?: Envelope | string;

  /** URL of an envelope JSON file. */
  @property()
  src?: string;

  /** Id of an element (e.g. `<envelope-chat>`) in the same document whose envelope to show. */
  @property({ attribute: 'for' })
  for?: string;

  /** The tab shown: `openai`, `anthropic`, `gemini`, `otel` or `raw`. */
  @property({ reflect: true })
  tab: ProtocolTab = 'openai';

  /** Start of download file names: `{name}-{tab}.json`. */
  @property()
  name = 'envelope';

  /** `light`, `dark`, or unset to follow the nearest `theme` attribute, then the system. */
  @property({ reflect: true })
  theme?: 'light' | 'dark' | 'auto';

  @consume({ context: envelopeContext, subscribe: true })
  @state()
  private contextEnvelope?: Envelope;

  @state()
  private forEnvelope?: Envelope;

  @state()
  private copyStatus: '' | 'copied' | 'failed' = '';

  private readonly input = new EnvelopeInput(this);
  private readonly ambient = new AmbientController(this);
  private readonly views = new WeakMap<Envelope, Map<ProtocolTab, TabView>>();
  private listeningOn?: Node;

  override connectedCallback() {
    super.connectedCallback();
    this.listeningOn = this.getRootNode();
    this.listeningOn.addEventListener('envelope-load', this.onEnvelopeLoad);
    this.readForTarget();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.listeningOn?.removeEventListener('envelope-load', this.onEnvelopeLoad);
  }

  protected override updated(changed: Map<string, unknown>) {
    if (changed.has('for')) this.readForTarget();
  }

  /** The envelope shown: its own input, else the `for` element's, else the viewer's. */
  get shownEnvelope(): Envelope | undefined {
    const own = this.input.state;
    if (own.status === 'ready') return own.envelope;
    if (own.status !== 'empty') return undefined;
    return (this.for ? this.forEnvelope : undefined) ?? this.contextEnvelope;
  }

  /** The text of the current tab, exactly as copy and download give it. */
  get shownText(): string {
    const envelope = this.shownEnvelope;
    return envelope ? this.view(envelope, this.tab).text : '';
  }

  protected override render() {
    const a = this.ambient;
    const own = this.input.state;
    const envelope = this.shownEnvelope;
    let content;
    if (own.status === 'error') content = renderErrorPanel(a.t('error.title'), own.errors);
    else if (own.status === 'loading')
      content = html`<p class="empty" role="status">${a.t('common.loading')}</p>`;
    else if (!envelope) content = html`<p class="empty">${a.t('panel.noEnvelope')}</p>`;
    else content = this.renderView(this.view(envelope, this.tab));
    return html`<div part="base" class="base ${a.theme}">
      ${renderTabs(
        {
          tabs: TABS.map((tab) => ({ id: tab.id, label: a.t(tab.label) })),
          selected: this.tab,
          label: a.t('panel.label'),
          onSelect: (id) => this.select(id),
          root: this.renderRoot,
        },
        content,
      )}
    </div>`;
  }

  private renderView(view: TabView) {
    const a = this.ambient;
    const status =
      this.copyStatus === 'copied'
        ? a.t('panel.copied')
        : this.copyStatus === 'failed'
          ? a.t('panel.copyFailed')
          : '';
    return html`<div part="toolbar" class="toolbar">
        <button type="button" @click=${() => this.copy('json')}>
          ${icon('copy')} ${a.t('panel.copy')}
        </button>
        ${
          view.curl === null
            ? nothing
            : html`<button type="button" @click=${() => this.copy('curl')}>
                ${icon('copy')} ${a.t('panel.copyCurl')}
              </button>`
        }
        <button type="button" @click=${this.download}>
          ${icon('download')} ${a.t('panel.download')}
        </button>
        <span class="status" role="status">${status}</span>
      </div>
      ${
        view.warnings.length === 0
          ? html`<p part="warnings" class="warnings none">${a.t('panel.noWarnings')}</p>`
          : html`<div part="warnings" class="warnings">
              <span class="warnings-title"
                >${icon('warning')} ${a.t('panel.warnings')} (${view.warnings.length})</span
              >
              <ul>
                ${view.warnings.map((w) => html`<li>${w.where ? html`<code>${w.where}</code> ` : nothing}${w.message}</li>`)}
              </ul>
            </div>`
      }
      <pre
        part="code"
        class="code"
        tabindex="0"
        aria-label=${a.t(TABS.find((t) => t.id === this.tab)!.label)}
      >
${renderJsonText(shownPart(view.text))}</pre>
      ${renderCutNote(a, view.text.length)}`;
  }

  private view(envelope: Envelope, tab: ProtocolTab): TabView {
    let byTab = this.views.get(envelope);
    if (!byTab) this.views.set(envelope, (byTab = new Map()));
    let view = byTab.get(tab);
    if (!view) {
      if (tab === 'raw') {
        view = {
          text: readableJson(envelope),
          warnings: findSemanticWarnings(envelope).map((w) => ({
            message: w.message,
            where: w.path,
          })),
          curl: null,
        };
      } else {
        const out = exportEnvelope(envelope, { target: tab });
        view = {
          text: readableJson(out.body),
          warnings: out.warnings.map((w) => ({ message: w.message })),
          curl:
            tab === 'otel' ? null : () => toCurl(out.body, tab, { model: envelope.model }) ?? '',
        };
      }
      byTab.set(tab, view);
    }
    return view;
  }

  private select(tab: ProtocolTab) {
    this.tab = tab;
    this.copyStatus = '';
  }

  private async copy(what: 'json' | 'curl') {
    const envelope = this.shownEnvelope;
    const text =
      what === 'curl' && envelope ? (this.view(envelope, this.tab).curl?.() ?? '') : this.shownText;
    try {
      await navigator.clipboard.writeText(text);
      this.copyStatus = 'copied';
      this.dispatchEvent(new ProtocolCopyEvent({ target: this.tab, what, text }));
    } catch {
      this.copyStatus = 'failed';
    }
  }

  private download = () => {
    const url = URL.createObjectURL(new Blob([this.shownText], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${this.name}-${this.tab}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  private onEnvelopeLoad = (event: Event) => {
    if (!this.for) return;
    const source = event.composedPath()[0];
    if (source instanceof Element && source.id === this.for)
      this.forEnvelope = (event as EnvelopeLoadEvent).detail.envelope;
  };

  private readForTarget() {
    if (!this.for) return;
    const root = this.getRootNode() as Document | ShadowRoot;
    const target = root.getElementById?.(this.for) as { loadedEnvelope?: Envelope } | null;
    if (target?.loadedEnvelope) this.forEnvelope = target.loadedEnvelope;
  }
}
