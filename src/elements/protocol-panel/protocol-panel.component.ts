import { consume } from '@lit/context';
import { html, isServer, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import {
  createSegmentRegistry,
  type SegmentRegistry,
  type TraceRow,
} from '../../core/assembly/registry.js';
import type { PromptComponent } from '../../core/assembly/compose.js';
import { toCurl } from '../../core/targets/curl.js';
import { isExportTarget, type ExportTarget } from '../../core/targets/target-names.js';
import { readableJson } from '../../core/protocol/json-value.js';
import type { Envelope } from '../../core/protocol/types.js';
import type { ImportedRequest } from '../../core/targets/import-logged.js';
import { findSemanticWarnings } from '../../core/protocol/semantic-checks.js';
import { ProtocolCopyEvent, type EnvelopeLoadEvent } from '../../events.js';
import { envelopeContext, segmentRegistryContext } from '../internal/input/contexts.js';
import { errorPanelStyles, renderErrorPanel } from '../internal/ui/error-panel.js';
import { EnvelopeInput } from '../internal/input/envelope-input.js';
import { copyIcon, downloadIcon, icon } from '../internal/ui/icons.js';
import { jsonStyles } from '../internal/ui/json-styles.js';
import { renderJsonText } from '../internal/ui/json-view.js';
import { isLargeEnvelope, offload } from '../internal/offload/offload.js';
import type { PanelView } from '../internal/offload/offload-jobs.js';
import { renderWorking, workingStyles } from '../internal/offload/offload-status.js';
import { viewText, type ViewText } from '../internal/offload/offload-text.js';
import { saveFile } from '../internal/ui/save-file.js';
import { cutNoteStyles, renderCutNote } from '../internal/pacing/shown-text.js';
import { AmbientController } from '../internal/strings/localize.js';
import type { StringKey } from '../internal/strings/strings.js';
import { awaitsHydration } from '../internal/loading/hydration.js';
import { renderTabs, tabStyles } from '../internal/ui/tabs.js';
import { selectStyles, themeStyles } from '../internal/ui/theme.js';
import { protocolPanelStyles } from './protocol-panel.styles.js';
import { PanelExports } from './panel-exports.js';
import { logNoticeLoads, renderLogNotice } from './log-notice-load.js';
import { renderTabWarnings } from './panel-warnings.js';
import { traceTable, traceTableLoads } from './trace-table-load.js';
import { renderTraceTarget, TARGETS } from './trace-target.js';
import { panelStrings } from '../internal/strings/en/panel.js';

export type ProtocolTab = ExportTarget | 'raw' | 'trace';

const TABS: { id: ProtocolTab; label: StringKey }[] = [
  ...TARGETS,
  { id: 'raw', label: 'panel.raw' },
  { id: 'trace', label: 'panel.trace' },
];

/** A registry as the core needs it; anything else a host assigns is ignored. */
function usable(registry: unknown): SegmentRegistry | undefined {
  const r = registry as Partial<SegmentRegistry> | null | undefined;
  return typeof r?.list === 'function' && typeof r.subscribe === 'function'
    ? (r as SegmentRegistry)
    : undefined;
}

interface TabView {
  /** The JSON: what is shown, its length, the whole as copy and download give it. */
  text: ViewText;
  warnings: { message: string; where?: string }[];
  /** The request as curl, for API requests: made when copied (100 ms for a 10 MB body). */
  curl: (() => string) | null;
  /** The request body, when made on the page (else it is read back from `text`). */
  body?: unknown;
  /** The Trace tab's rows and the target they are for. */
  trace?: { target: ExportTarget; rows: TraceRow[] };
}

/**
 * @tagname protocol-panel
 * @summary What is really sent: the envelope exported as each provider's request (OpenAI Chat
 * Completions and Responses, Anthropic, Gemini), as an OpenTelemetry GenAI record, and as raw protocol JSON,
 * syntax-coloured, with copy, copy as curl, download and the export's warnings; the Trace tab
 * lists every prompt segment of one target's request (characters, trimmed, built-in or host,
 * how events were sent). Finds its envelope from its own `envelope`/`src`, else the element
 * named by `for`, else an ancestor `<envelope-viewer>`. Host prompt segments come from
 * `registry` (its own, an ancestor viewer's, or one the host assigns).
 *
 * @event {ProtocolCopyEvent} protocol-copy - The shown JSON was copied (`detail: { target, what, text }`).
 * @event {EnvelopeLoadEvent} envelope-load - Its own envelope input is valid (`detail: { envelope, warnings }`).
 * @event {EnvelopeErrorEvent} envelope-error - Its own envelope input is invalid (`detail: { errors }`).
 *
 * @csspart base - The root wrapper.
 * @csspart tabs - The tab list.
 * @csspart tab - Each tab.
 * @csspart toolbar - Copy and download buttons.
 * @csspart warnings - The list of warnings.
 * @csspart log-notice - For an envelope imported from a log (`imported`): whether the request is the one logged, and what the import said.
 * @csspart log-difference - Each JSON path where the request differs from the log, with the import warnings that name it.
 * @csspart import-warnings - The import's warnings, in the words `prompt-envelope import` prints.
 * @csspart code - The JSON.
 * @csspart cut - The note under JSON too long to show whole (copy and download give all of it).
 * @csspart error - The error panel.
 * @csspart trace - The Trace tab's scrolling table container.
 * @csspart trace-table - The Trace tab's table.
 * @csspart trace-target - The Trace tab's target selector.
 * @csspart working - The status shown while a large envelope's tab is prepared off the page.
 *
 * @cssprop [--pe-surface-color=#ffffff] - Background (dark theme: #111827).
 * @cssprop [--pe-code-background=#eef1f5] - Background of the JSON (dark theme: #0b1220).
 * @cssprop [--pe-json-key-color=#1d4ed8] - Colour of JSON keys (dark theme: #93c5fd).
 * @cssprop [--pe-json-string-color=#047857] - Colour of JSON strings (dark theme: #6ee7b7).
 * @cssprop [--pe-json-number-color=#92400e] - Colour of JSON numbers (dark theme: #fcd34d).
 * @cssprop [--pe-json-literal-color=#7c3aed] - Colour of true, false and null (dark theme: #c4b5fd).
 */
export class ProtocolPanel extends LitElement {
  static override styles = [
    themeStyles,
    tabStyles,
    selectStyles,
    errorPanelStyles,
    jsonStyles,
    cutNoteStyles,
    workingStyles,
    protocolPanelStyles,
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

  /** The tab shown: `openai`, `openai-responses`, `anthropic`, `gemini`, `otel`, `raw` or `trace`. */
  @property({ reflect: true })
  tab: ProtocolTab = 'openai';

  /**
   * The target whose request the Trace tab lists: `openai`, `openai-responses`, `anthropic`,
   * `gemini` or `otel`.
   * Follows the provider tab last shown, so a person who looked at Anthropic sees its trace.
   */
  @property({ attribute: 'trace-target' })
  traceTarget: ExportTarget = 'openai';

  /**
   * Budget of the system text in characters: `preferred` segments (memory, skills, host
   * segments that say so) are left out, lowest weight first, until it fits; the Trace tab marks
   * them trimmed and the warnings say so. Unset (or not a number ≥ 0): no budget.
   */
  @property({ attribute: 'max-system-chars', type: Number })
  maxSystemChars?: number;

  /**
   * The host's prompt segments (a `SegmentRegistry` from `createSegmentRegistry()`), rendered
   * into every export and listed in the Trace tab; the panel updates when a segment is
   * registered or disposed. Unless assigned, it is the registry of an ancestor
   * `<envelope-viewer>` (or of any element that provides `segmentRegistryContext`), else one
   * of the panel's own, so `panel.registry.register({ … })` always works.
   */
  @property({ attribute: false })
  get registry(): SegmentRegistry {
    return (
      usable(this.assignedRegistry) ??
      usable(this.contextRegistry) ??
      (this.ownRegistry ??= createSegmentRegistry())
    );
  }
  set registry(value: SegmentRegistry | undefined) {
    this.assignedRegistry = value;
  }

  /**
   * Prompt Studio supplements (`PromptComponent[]`): when the list is not empty,
   * every provider tab shows the composed request (`exportEnvelope(envelope, { target,
   * components })`). The Raw protocol and Trace tabs show the envelope as it is.
   */
  @property({ attribute: false })
  components: readonly PromptComponent[] = [];

  /**
   * The request the envelope was imported from, when it came from a provider's log:
   * `{ source, body, warnings }` (`source`: the API, `body`: the body logged, `warnings`: the
   * import's), as `loggedRequests` gives it; `<envelope-viewer>` sets it for a conversation it
   * opened from a log. The tab of that API then says above its body either that it is the
   * request as logged (JSON-equal, key order aside) or each JSON path that differs, with the
   * import warnings that name it, and any difference no warning names as not explained; the
   * other tabs list what the import said. Unset for an envelope.
   */
  @property({ attribute: false })
  imported?: ImportedRequest;

  /** Start of download file names: `{name}-{tab}.json`. */
  @property()
  name = 'envelope';

  /** `light`, `dark`, or unset to follow the nearest `theme` attribute, then the system. */
  @property({ reflect: true })
  theme?: 'light' | 'dark' | 'auto';

  @consume({ context: envelopeContext, subscribe: true })
  @state()
  private contextEnvelope?: Envelope;

  @consume({ context: segmentRegistryContext, subscribe: true })
  @state()
  private contextRegistry?: SegmentRegistry;

  @state()
  private forEnvelope?: Envelope;

  @state()
  private copyStatus: '' | 'copied' | 'failed' = '';

  /** The view being prepared off the main thread (a large envelope), and how far it is. */
  @state()
  private working?: { envelope: Envelope; key: string; share: number; abort: AbortController };

  private readonly input = new EnvelopeInput(this);
  private readonly ambient = new AmbientController(this, { panel: panelStrings });
  // Replaced (not cleared) when the registry or the budget changes: exports depend on both.
  private views = new WeakMap<Envelope, Map<string, TabView>>();
  private readonly exports = new PanelExports(
    () => this.requestUpdate(),
    (reason) => this.ambient.t('common.loadFailed', { reason }),
  );
  private listeningOn?: Node;
  private assignedRegistry?: SegmentRegistry;
  private ownRegistry?: SegmentRegistry;
  private subscription?: { registry: SegmentRegistry; unsubscribe: () => void };

  override connectedCallback() {
    super.connectedCallback();
    if (isServer) return; // connected only to receive its context
    this.listeningOn = this.getRootNode();
    this.listeningOn.addEventListener('envelope-load', this.onEnvelopeLoad);
    // Back in the page, the `for` element's envelope may have changed meanwhile (on the first
    // connection, willUpdate reads it).
    if (this.hasUpdated) this.readForTarget();
    // Back in the page: segments registered meanwhile must show.
    if (this.followRegistry()) this.requestUpdate();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.listeningOn?.removeEventListener('envelope-load', this.onEnvelopeLoad);
    this.followRegistry();
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('tab') && isExportTarget(this.tab)) this.traceTarget = this.tab;
    if (changed.has('maxSystemChars') || changed.has('components')) this.forgetExports();
    this.followRegistry();
    // A panel drawn on the server could not see the `for` element there: it first hydrates
    // what it drew, and reads the element after that render (Lit warns of an update requested
    // during one).
    if (!changed.has('for')) return;
    if (awaitsHydration(this)) queueMicrotask(() => this.readForTarget());
    else this.readForTarget();
  }

  /**
   * Listens to the registry in use (and only while connected): a new registry, or one that may
   * have changed while nobody listened, means new exports.
   */
  private followRegistry(): boolean {
    const registry = this.isConnected ? this.registry : undefined;
    if (this.subscription?.registry === registry) return false;
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    this.forgetExports();
    if (!registry) return true;
    try {
      this.subscription = { registry, unsubscribe: registry.subscribe(this.onRegistryChange) };
    } catch {
      // A host's registry that refuses listeners still renders; it just does not update.
    }
    return true;
  }

  private onRegistryChange = () => {
    this.forgetExports();
    this.requestUpdate();
  };

  private forgetExports() {
    this.views = new WeakMap();
    this.exports.forget();
    this.working?.abort.abort();
    this.working = undefined;
  }

  /** The tab actually shown: an unknown `tab` attribute shows OpenAI. */
  private get shownTab(): ProtocolTab {
    return TABS.some((t) => t.id === this.tab) ? this.tab : 'openai';
  }

  private get shownTraceTarget(): ExportTarget {
    return isExportTarget(this.traceTarget) ? this.traceTarget : 'openai';
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
    return envelope ? (this.view(envelope, this.shownTab)?.text.whole() ?? '') : '';
  }

  protected override render() {
    const a = this.ambient;
    const own = this.input.state;
    const envelope = this.shownEnvelope;
    const loading = html`<p class="empty" role="status" aria-busy="true">
      ${a.t('common.loading')}
    </p>`;
    let content;
    if (own.status === 'error') content = renderErrorPanel(a.t('error.title'), own.errors);
    else if (own.status === 'loading') content = loading;
    else if (!envelope) content = html`<p class="empty">${a.t('panel.noEnvelope')}</p>`;
    else {
      const view = this.view(envelope, this.shownTab);
      // No view yet: a large envelope's is prepared off the page, or the tab's target loads.
      // A view waits for the parts it draws with that load on demand (the trace table, the
      // notice of a request imported from a log).
      const drawn = () => this.requestUpdate();
      if (view)
        content =
          (view.trace && traceTableLoads(this.exports.pending, drawn)) ||
          (this.imported && logNoticeLoads(this.exports.pending, drawn))
            ? loading
            : this.renderView(view, envelope);
      else content = this.working ? renderWorking(a, this.working.share) : loading;
    }
    return html`<div part="base" class="base ${a.theme}">
      ${renderTabs(
        {
          tabs: TABS.map((tab) => ({ id: tab.id, label: a.t(tab.label) })),
          selected: this.shownTab,
          label: a.t('panel.label'),
          onSelect: (id) => this.select(id),
          root: this.renderRoot,
        },
        content,
      )}
    </div>`;
  }

  private renderView(view: TabView, envelope: Envelope) {
    const a = this.ambient;
    const trace = view.trace;
    const status =
      this.copyStatus === 'copied'
        ? a.t('panel.copied')
        : this.copyStatus === 'failed'
          ? a.t('panel.copyFailed')
          : '';
    const log = renderLogNotice(a, this.imported, this.shownTab, view, () =>
      'body' in view ? view.body : JSON.parse(view.text.whole()),
    );
    return html`<div part="toolbar" class="toolbar">
        ${trace ? renderTraceTarget(a, trace.target, (t) => (this.traceTarget = t)) : nothing}
        <button type="button" @click=${() => this.copy('json')}>
          ${icon(copyIcon)} ${a.t('panel.copy')}
        </button>
        ${
          view.curl === null
            ? nothing
            : html`<button type="button" @click=${() => this.copy('curl')}>
                ${icon(copyIcon)} ${a.t('panel.copyCurl')}
              </button>`
        }
        <button type="button" @click=${this.download}>
          ${icon(downloadIcon)} ${a.t('panel.download')}
        </button>
        <span class="status" role="status">${status}</span>
      </div>
      ${log.notice}${renderTabWarnings(a, view.warnings, log.differs)}
      ${
        trace && traceTable.get()
          ? traceTable.get()!.renderTraceTable({
              ambient: a,
              targetLabel: TARGETS.find((t) => t.id === trace.target)!.label,
              rows: trace.rows,
              envelope,
              budget: this.budget,
            })
          : html`<pre
                part="code"
                class="code"
                tabindex="0"
                aria-label=${a.t(TABS.find((t) => t.id === this.shownTab)!.label)}
              >
${renderJsonText(view.text.shown)}</pre>
              ${renderCutNote(a, view.text.length)}`
      }`;
  }

  /** `max-system-chars` when it is a usable budget. */
  private get budget(): number | undefined {
    const value = this.maxSystemChars;
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
  }

  /** The supplements to compose, when a usable non-empty list was given. */
  private get usedComponents(): readonly PromptComponent[] | undefined {
    return Array.isArray(this.components) && this.components.length > 0
      ? this.components
      : undefined;
  }

  /**
   * The export of one target, made once per envelope, registry state, budget and components;
   * `composed` false gives the envelope's own request (for the Trace tab). Null while the
   * target's renderer (or the composer) loads: the first time a tab needs it.
   */
  private exportFor(envelope: Envelope, target: ExportTarget, composed = true) {
    return this.exports.get(envelope, target, {
      registry: this.registry,
      maxSystemChars: this.budget,
      components: composed ? this.usedComponents : undefined,
    });
  }

  protected override getUpdateComplete(): Promise<boolean> {
    return this.exports.pending.settle(() => super.getUpdateComplete());
  }

  /**
   * The view of `tab`, or null while a large envelope's is prepared off the main thread, or
   * while the tab's target loads.
   */
  private view(envelope: Envelope, tab: ProtocolTab): TabView | null {
    let byTab = this.views.get(envelope);
    if (!byTab) this.views.set(envelope, (byTab = new Map()));
    const target = this.shownTraceTarget;
    const key = tab === 'trace' ? `trace:${target}` : tab;
    let view = byTab.get(key);
    if (!view && this.offloadable(envelope)) {
      this.prepare(envelope, tab, key);
      return null;
    }
    if (!view) {
      if (tab === 'trace') {
        const out = this.exportFor(envelope, target, false);
        if (!out) return null;
        view = {
          text: viewText(readableJson(out.trace)),
          warnings: out.warnings.map((w) => ({ message: w.message })),
          curl: null,
          trace: { target, rows: out.trace },
        };
      } else if (tab === 'raw') {
        view = {
          text: viewText(readableJson(envelope)),
          warnings: findSemanticWarnings(envelope).map((w) => ({
            message: w.message,
            where: w.path,
          })),
          curl: null,
        };
      } else {
        const out = this.exportFor(envelope, tab);
        if (!out) return null;
        view = {
          text: viewText(readableJson(out.body)),
          body: out.body,
          warnings: out.warnings.map((w) => ({ message: w.message })),
          curl:
            tab === 'otel' ? null : () => toCurl(out.body, tab, { model: envelope.model }) ?? '',
        };
      }
      byTab.set(key, view);
    }
    return view;
  }

  /**
   * Whether the views of `envelope` are made off the main thread: a large envelope, and no
   * host segments (their render functions live in this page).
   */
  private offloadable(envelope: Envelope): boolean {
    if (!isLargeEnvelope(envelope)) return false;
    try {
      return this.registry.list().length === 0;
    } catch {
      return false;
    }
  }

  /** Starts making the view `key` of `tab` off the main thread; a newer request supersedes it. */
  private prepare(envelope: Envelope, tab: ProtocolTab, key: string) {
    if (this.working?.envelope === envelope && this.working.key === key) return;
    this.working?.abort.abort();
    const working = { envelope, key, share: 0, abort: new AbortController() };
    this.working = working;
    const options = {
      signal: working.abort.signal,
      onProgress: (share: number) => {
        working.share = share;
        this.requestUpdate();
      },
    };
    const budget = this.budget;
    const components = tab === 'trace' ? undefined : this.usedComponents;
    const target = tab === 'trace' ? this.shownTraceTarget : tab;
    const job: Promise<PanelView> =
      target === 'raw'
        ? offload({ type: 'raw', envelope }, options)
        : offload(
            {
              type: 'export',
              envelope,
              target,
              view: tab === 'trace' ? 'trace' : 'body',
              ...(budget === undefined ? {} : { maxSystemChars: budget }),
              ...(components ? { components } : {}),
            },
            options,
          );
    const done = (view: TabView) => {
      if (this.working !== working) return;
      this.working = undefined;
      this.views.get(envelope)?.set(key, view);
    };
    job.then(
      (made) => {
        const text = viewText(made.text);
        done({
          text,
          warnings: made.warnings,
          curl:
            tab === 'otel' || target === 'raw' || tab === 'trace'
              ? null
              : () => toCurl(JSON.parse(text.whole()), target, { model: envelope.model }) ?? '',
          ...(made.trace ? { trace: { target: target as ExportTarget, rows: made.trace } } : {}),
        });
      },
      (error: unknown) =>
        done({ text: viewText('null'), warnings: [{ message: String(error) }], curl: null }),
    );
  }

  private select(tab: ProtocolTab) {
    this.tab = tab;
    this.copyStatus = '';
  }

  private async copy(what: 'json' | 'curl') {
    const envelope = this.shownEnvelope;
    const text =
      what === 'curl' && envelope
        ? (this.view(envelope, this.shownTab)?.curl?.() ?? '')
        : this.shownText;
    try {
      await navigator.clipboard.writeText(text);
      this.copyStatus = 'copied';
      this.dispatchEvent(new ProtocolCopyEvent({ target: this.shownTab, what, text }));
    } catch {
      this.copyStatus = 'failed';
    }
  }

  private download = () => {
    const envelope = this.shownEnvelope;
    const tab = this.shownTab;
    const text = (envelope && this.view(envelope, tab)?.text) || viewText('');
    const name = `${this.name}-${tab === 'trace' ? `trace-${this.shownTraceTarget}` : tab}.json`;
    saveFile(text.file('application/json'), name);
  };

  private onEnvelopeLoad = (event: Event) => {
    if (!this.for || awaitsHydration(this)) return; // read after hydrating (willUpdate)
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
