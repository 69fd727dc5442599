import { ContextProvider, provide } from '@lit/context';
import { html, isServer, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { createSegmentRegistry, type SegmentRegistry } from '../../core/assembly/registry.js';
import type { PromptComponent } from '../../core/assembly/compose.js';
import { EXPORT_TARGETS, type ExportTarget } from '../../core/targets/target-names.js';
import type { ScenarioEntry, ScenarioManifest } from '../../core/protocol/manifest.js';
import type { Envelope, Message } from '../../core/protocol/types.js';
import { validateEnvelope } from '../../core/protocol/validate.js';
import type { StreamUpdate } from '../../core/targets/streams/stream-updates.js';
import { hydrateSkills, type SkillRegistry } from '../../core/skills/registry.js';
import {
  EnvelopeErrorEvent,
  type EnvelopeChangeEvent,
  type StudioChangeEvent,
} from '../../events.js';
import type { EnvelopeChat } from '../envelope-chat/envelope-chat.component.js';
import type { UpdateOptions } from '../envelope-chat/live-chat.js';
import { loadFailure, readManifest, renderScenarioBar, type ManifestState } from './viewer-bar.js';
import { renderCompareView } from './viewer-compare.js';
import { renderReplayButton, ViewerLive } from './viewer-live.js';
import { ViewerOpen } from './viewer-open.js';
import { envelopeContext, segmentRegistryContext } from '../internal/input/contexts.js';
import { errorPanelStyles, renderErrorPanel } from '../internal/ui/error-panel.js';
import {
  EnvelopeInput,
  fetchText,
  fromValue,
  type EnvelopeState,
} from '../internal/input/envelope-input.js';
import { AmbientController } from '../internal/strings/localize.js';
import type { ProtocolPanel } from '../protocol-panel/protocol-panel.component.js';
import { renderTabs, tabStyles } from '../internal/ui/tabs.js';
import { themeStyles } from '../internal/ui/theme.js';
import { envelopeViewerStyles } from './envelope-viewer.styles.js';
import { viewerStrings } from '../internal/strings/en/viewer.js';

export type ViewerView = 'protocol' | 'context' | 'compare' | 'studio';
const VIEWS: readonly ViewerView[] = ['protocol', 'context', 'compare', 'studio'];

/**
 * @tagname envelope-viewer
 * @summary The whole app: the chat on the left; on the right the protocol panel, the context
 * size, a comparison with another envelope and the Prompt Studio, as tabs; a scenario switcher
 * on top when `scenarios` is set. Supplements saved in the Studio apply to the protocol panel's
 * requests (a note says so and turns them off). A conversation opened from a provider's log
 * gives the panel the request it was read from (its `imported`), and every warning and error
 * of the import shows, in the words `prompt-envelope import` prints. Stacks vertically on
 * narrow screens.
 *
 * @event {EnvelopeLoadEvent} envelope-load - The shown envelope is valid (`detail: { envelope, warnings }`).
 * @event {EnvelopeErrorEvent} envelope-error - The envelope or the manifest is invalid or could not be loaded (`detail: { errors }`).
 * @event {SegmentToggleEvent} segment-toggle - A segment was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * @event {ProtocolCopyEvent} protocol-copy - The protocol panel copied JSON (`detail: { target, what, text }`).
 * @event {EnvelopeChangeEvent} envelope-change - A live change was taken (`detail: { change, messageId, index, envelope }`).
 * @event {StudioChangeEvent} studio-change - The Studio saved its supplements (`detail: { components }`).
 *
 * @csspart base - The root wrapper.
 * @csspart bar - The scenario bar.
 * @csspart scenario - Each scenario button.
 * @csspart summary - The current scenario's summary.
 * @csspart replay - The button that plays the scenario again, live.
 * @csspart files - The bar of opened files: the Open button, the files, a file's conversations.
 * @csspart open - The Open button.
 * @csspart file - Each opened file's button.
 * @csspart search - The search of a file's conversations.
 * @csspart conversations - The list of a file's conversations.
 * @csspart conversation - Each conversation's button.
 * @csspart compare - Each conversation's Compare button.
 * @csspart import-marker - The sign and count beside a file or conversation the import warned about.
 * @csspart file-warnings - The import's warnings of the file, as `prompt-envelope import` prints them.
 * @csspart file-errors - What could not be read in the file.
 * @csspart import-warnings - Under the error of a file that gave no conversation: the import's warnings.
 * @csspart chat - The `<envelope-chat>`.
 * @csspart tabs - The view tabs of the right column (Protocol, Context size, Compare, Studio).
 * @csspart tab - Each view tab.
 * @csspart panel - The `<protocol-panel>`.
 * @csspart meter - The `<context-meter>` of the Context size view.
 * @csspart compare-bar - The Compare view's scenario picker and file input.
 * @csspart diff - The `<envelope-diff>` of the Compare view.
 * @csspart studio - The `<prompt-studio>` of the Studio view.
 * @csspart studio-note - The note above the protocol panel while Studio supplements are saved.
 * @csspart error - The error panel.
 *
 * @cssprop [--pe-viewer-height=80vh] - Height of the two columns on wide screens when the viewer itself has no height; give the viewer a height (e.g. 100vh) to fill it.
 * @cssprop [--pe-surface-color=#ffffff] - Background (dark theme: #111827).
 * @cssprop [--pe-border-color=#d1d5db] - Borders (dark theme: #374151).
 */
export class EnvelopeViewer extends LitElement {
  static override styles = [themeStyles, tabStyles, errorPanelStyles, envelopeViewerStyles];

  /**
   * Whether the viewer opens a person's files: an Open button, and the page's Ctrl/Cmd+O, a
   * file dropped anywhere on it and JSON pasted outside a text field. Files are read in the
   * page, never uploaded (see `openFile`).
   */
  @property({ type: Boolean, attribute: 'open-files' })
  openFiles = false;

  /** A scenario manifest: its URL, or the manifest object (files resolve against the page). */
  @property({ attribute: 'scenarios' })
  scenarios?: string | ScenarioManifest;

  /** Id of the scenario shown; defaults to the manifest's defaultScenario. */
  @property({ reflect: true })
  scenario?: string;

  /** An envelope to show without a switcher: object or JSON text. */
  @property({ attribute: 'envelope' })
  envelope?: Envelope | string;

  /** URL of an envelope to show without a switcher. */
  @property()
  src?: string;
  /** Most bytes `openUrl` reads of a URL (default 100 MB, as the CLI's `--max-bytes`). */
  @property({ type: Number, attribute: 'max-bytes' })
  maxBytes?: number;
  /** Milliseconds `openUrl` waits for more bytes of a URL before it gives up (default 30 s). */
  @property({ type: Number, attribute: 'idle-timeout' })
  idleTimeout?: number;
  /**
   * A skill registry (e.g. from `createSkillRegistry`): the chat shows skill bodies (L2) from
   * it. The protocol panel keeps showing the envelope as loaded, since bodies are not protocol data.
   */
  @property({ attribute: false })
  skills?: SkillRegistry;

  /** IANA time zone for message times. */
  @property({ attribute: 'time-zone' })
  timeZone?: string;

  /** `light`, `dark`, or unset to follow the nearest `theme` attribute, then the system. */
  @property({ reflect: true })
  theme?: 'light' | 'dark' | 'auto';

  /**
   * What the right column shows: the provider requests (`protocol`), the context size
   * (`context`), a comparison (`compare`) or the Prompt Studio (`studio`).
   */
  @property({ reflect: true })
  view: ViewerView = 'protocol';

  /**
   * What the Compare view compares the shown envelope with: another scenario's id, or else an
   * envelope (object or JSON text, e.g. the file a person opened there).
   */
  @property({ attribute: 'compare-with' })
  compareWith?: string | Envelope;

  /**
   * The host's prompt segments (a `SegmentRegistry`): every export of the protocol panel
   * renders them with the built-in ones, and its Trace tab lists them. The viewer starts with
   * a registry of its own, so `viewer.registry.register({ id, kind, weight, inject })` works at
   * once (it returns the function that removes the segment again); a host may also assign a
   * registry it shares elsewhere (assigning `undefined` goes back to the viewer's own).
   * Provided to the panels inside as `segmentRegistryContext`.
   */
  @property({ attribute: false })
  get registry(): SegmentRegistry {
    return this.assignedRegistry ?? this.ownRegistry;
  }
  set registry(value: SegmentRegistry | undefined) {
    this.assignedRegistry = value ?? undefined;
  }

  @provide({ context: envelopeContext })
  @state()
  protected shown?: Envelope;

  @state()
  private manifestState: ManifestState = { status: 'none' };

  /** The supplements last saved in the Studio; they apply to whatever envelope is shown. */
  @state()
  private studioComponents: PromptComponent[] = [];

  /** Whether saved supplements apply to the protocol panel (the note's button turns them off). */
  @state()
  private studioActive = true;

  /** The Studio stays in the page once opened, so unsaved edits survive a look at another tab. */
  private studioOpened = false;

  @state()
  private scenarioStates = new Map<string, EnvelopeState>();

  private readonly input = new EnvelopeInput(this);
  private readonly live = new ViewerLive(this);
  /** A replay running: the envelope it plays, and its first message (what the chat starts with). */
  private replayOf?: { envelope: Envelope; first: Envelope };
  private readonly ambient = new AmbientController(this, { viewer: viewerStrings });
  private readonly opener = new ViewerOpen(this, this.ambient);
  private assignedRegistry?: SegmentRegistry;
  private readonly ownRegistry = createSegmentRegistry();
  private readonly registryProvider = new ContextProvider(this, {
    context: segmentRegistryContext,
    initialValue: this.ownRegistry,
  });
  private loadedScenarios?: string | ScenarioManifest;
  private reportedErrors: unknown = null;

  protected override willUpdate() {
    this.registryProvider.setValue(this.registry);
    if (this.scenarios !== this.loadedScenarios) {
      this.loadedScenarios = this.scenarios;
      this.scenarioStates = new Map();
      void this.loadManifest(this.scenarios);
    }
    // A server render calls no update(), and the panels inside take their context from this.
    if (isServer) this.provideShown();
  }

  // After the input controller's hostUpdate, which runs after willUpdate: a `.envelope` given
  // directly must reach the context consumers in this same update.
  protected override update(changed: PropertyValues<this>) {
    this.provideShown();
    super.update(changed);
  }

  private provideShown() {
    const now = this.currentState();
    this.shown =
      now?.status === 'ready'
        ? this.live.forOtherViews(this.given(now.envelope), now.envelope)
        : undefined;
  }

  protected override updated() {
    // Errors the viewer shows itself (manifest, scenario file) are reported once each;
    // the chat reports its own.
    const current = this.currentState();
    const errors =
      this.manifestState.status === 'error'
        ? this.manifestState.errors
        : current?.status === 'error' && current !== this.input.state
          ? current.errors
          : null;
    if (errors && errors !== this.reportedErrors)
      this.dispatchEvent(new EnvelopeErrorEvent({ errors }));
    this.reportedErrors = errors;
  }

  /**
   * Live changes, as on `<envelope-chat>`: they go to the chat, and the protocol panel
   * and the other views follow at most twice a second. With nothing shown, the first message
   * starts a conversation.
   */
  appendMessage(message: Message, options?: UpdateOptions): boolean {
    const chat = this.chat();
    if (chat) return chat.appendMessage(message, options);
    // Shown (or refused, with the error panel and envelope-error) like any envelope given.
    this.envelope = { version: '1.1', messages: [message] };
    return validateEnvelope(this.envelope).valid;
  }

  /** See `<envelope-chat>`: replaces the message with this id. */
  updateMessage(id: string, message: Message, options?: UpdateOptions): boolean {
    return this.chat()?.updateMessage(id, message, options) ?? false;
  }
  /** See `<envelope-chat>`: streams text into a message. */
  appendText(messageId: string, delta: string): boolean {
    return this.chat()?.appendText(messageId, delta) ?? false;
  }
  /** See `<envelope-chat>`: streams a tool call's arguments as JSON text. */
  appendToolArguments(messageId: string, segmentIndex: number, delta: string): boolean {
    return this.chat()?.appendToolArguments(messageId, segmentIndex, delta) ?? false;
  }
  /** See `<envelope-chat>`: ends a message's stream. */
  endStream(messageId: string): void {
    this.chat()?.endStream(messageId);
  }
  /** See `<envelope-chat>`: applies one update of the core's `createStreamReader`. */
  applyStreamUpdate(update: StreamUpdate): boolean {
    return this.chat()?.applyStreamUpdate(update) ?? false;
  }

  /**
   * Plays the envelope shown again as if it were happening now: the first message at once, then
   * the others arriving with pauses, assistant text and tool-call arguments streaming in. The
   * Replay button of the scenario bar does this; another scenario stops it.
   */
  async replay(): Promise<void> {
    const current = this.currentState();
    if (current?.status !== 'ready') return;
    const envelope = this.hydrated(current.envelope);
    const first = { ...envelope, messages: envelope.messages.slice(0, 1) };
    this.replayOf = { envelope, first };
    this.requestUpdate();
    await this.updateComplete;
    const chat = this.chat();
    if (!chat) return;
    await this.live.replay(chat, envelope);
    this.requestUpdate();
  }

  /**
   * Shows a person's file, or JSON text: a request body, a log of requests and responses, a
   * trace, envelopes, a list or JSON Lines of any of them (read as `importEnvelope` reads them).
   */
  openFile(file: Blob | string, name = 'file'): Promise<void> {
    if (typeof file === 'string') return this.opener.openText(file, name);
    return this.opener.openFile(file, file instanceof File ? file.name : name);
  }

  /** Fetches a URL and shows what it holds, like `openFile` (the demo page's `?src=`). */
  openUrl(url: string): Promise<void> {
    return this.opener.openUrl(url);
  }

  private chat(): EnvelopeChat | null {
    return this.renderRoot?.querySelector<EnvelopeChat>('envelope-chat') ?? null;
  }

  /** The scenario entry shown, when a manifest is loaded. */
  get currentScenario(): ScenarioEntry | undefined {
    if (this.manifestState.status !== 'ready') return undefined;
    const { scenarios, defaultScenario } = this.manifestState.manifest;
    return (
      scenarios.find((s) => s.id === this.scenario) ??
      scenarios.find((s) => s.id === defaultScenario) ??
      scenarios[0]
    );
  }

  protected override render() {
    const a = this.ambient;
    const current = this.currentState();
    let chat;
    if (this.manifestState.status === 'error')
      chat = renderErrorPanel(a.t('error.title'), this.manifestState.errors);
    else if (!current || current.status === 'loading' || this.manifestState.status === 'loading') {
      const empty = current?.status === 'empty';
      chat = html`<p class="status" role="status" aria-busy=${empty ? 'false' : 'true'}>
        ${empty ? a.t('common.empty') : a.t('common.loading')}
      </p>`;
    } else if (current.status === 'error')
      chat = this.opener.renderFailure() ?? renderErrorPanel(a.t('error.title'), current.errors);
    else if (current.status === 'empty') chat = html`<p class="status">${a.t('common.empty')}</p>`;
    else {
      chat = html`<envelope-chat
        part="chat"
        .envelope=${this.live.forChat(this.given(current.envelope))}
        @envelope-change=${this.onChatChange}
        time-zone=${ifDefined(this.timeZone)}
        theme=${a.theme}
        lang=${a.lang}
      ></envelope-chat>`;
    }
    const entry = this.currentScenario;
    return html`<div part="base" class="base ${a.theme}">
      ${this.renderBar()}${this.opener.render()}
      <div class="columns">
        <section class="chat" aria-label=${a.t('viewer.chat')}>${chat}</section>
        <section class="side">
          ${renderTabs(
            {
              tabs: VIEWS.map((id) => ({ id, label: a.t(`viewer.${id}`) })),
              selected: this.view,
              label: a.t('viewer.views'),
              onSelect: (id) => (this.view = id),
              root: this.renderRoot,
              prefix: 'view',
            },
            html`${this.renderStudioNote()}
              <protocol-panel
                part="panel"
                class="panel"
                name=${entry ? `demo-${entry.id}` : 'envelope'}
                .registry=${this.registry}
                .components=${this.studioActive ? this.studioComponents : []}
                .imported=${this.opener.imported()}
                theme=${a.theme}
                lang=${a.lang}
                ?hidden=${this.view !== 'protocol'}
              ></protocol-panel>
              ${
                this.view === 'context'
                  ? html`<context-meter
                      part="meter"
                      .target=${this.panelTarget()}
                      theme=${a.theme}
                      lang=${a.lang}
                    ></context-meter>`
                  : nothing
              }
              ${this.view === 'compare' ? this.renderCompare() : nothing} ${this.renderStudio()}`,
            'side-panel',
          )}
        </section>
      </div>
    </div>`;
  }

  /** The Studio view, kept (hidden) once opened; it takes the envelope from the viewer's context. */
  private renderStudio() {
    if (this.view === 'studio') this.studioOpened = true;
    if (!this.studioOpened) return nothing;
    const a = this.ambient;
    return html`<prompt-studio
      part="studio"
      .components=${this.studioComponents}
      theme=${a.theme}
      lang=${a.lang}
      ?hidden=${this.view !== 'studio'}
      @studio-change=${this.onStudioChange}
    ></prompt-studio>`;
  }

  private onStudioChange = (event: StudioChangeEvent) => {
    this.studioComponents = event.detail.components;
    this.studioActive = true;
  };

  /** Says that the panel shows the composed request, with a switch to turn supplements off. */
  private renderStudioNote() {
    const n = this.studioComponents.length;
    if (n === 0) return nothing;
    const a = this.ambient;
    return html`<p
      part="studio-note"
      class="studio-note"
      role="status"
      ?hidden=${this.view !== 'protocol'}
    >
      <span
        >${a.t(this.studioActive ? 'viewer.studioActive' : 'viewer.studioInactive', { n })}</span
      >
      <button type="button" @click=${() => (this.studioActive = !this.studioActive)}>
        ${a.t(this.studioActive ? 'viewer.studioOff' : 'viewer.studioOn')}
      </button>
    </p>`;
  }

  /**
   * The provider last shown in the protocol panel (its Trace target follows its tabs): the
   * Context size view measures that provider's request.
   */
  private panelTarget(): ExportTarget {
    const target = this.renderRoot.querySelector<ProtocolPanel>('protocol-panel')?.traceTarget;
    return target && EXPORT_TARGETS.includes(target) ? target : 'openai';
  }

  /** The Compare view (viewer-compare.ts), from `compare-with` and the scenarios. */
  private renderCompare() {
    const scenarios =
      this.manifestState.status === 'ready' ? this.manifestState.manifest.scenarios : [];
    // A scenario id names a scenario; any other value is the envelope itself (object or JSON).
    const scenario =
      typeof this.compareWith === 'string'
        ? scenarios.find((s) => s.id === this.compareWith)
        : undefined;
    const current = this.currentScenario;
    return renderCompareView({
      ambient: this.ambient,
      others: scenarios.filter((s) => s !== current),
      ...(scenario ? { entry: { scenario, state: this.scenarioState(scenario) } } : {}),
      ...(scenario ? {} : { given: this.compareWith }),
      ...(this.shown ? { after: this.shown } : {}),
      pick: (id) => (this.compareWith = id),
      open: (text) => (this.compareWith = text),
    });
  }

  private renderBar() {
    if (this.manifestState.status !== 'ready') return nothing;
    return renderScenarioBar(
      this.ambient,
      this.manifestState.manifest,
      // An opened file or a direct envelope is shown instead of the scenario: no chip is current.
      this.opener.state() || this.input.state.status !== 'empty' ? undefined : this.currentScenario,
      (entry) => {
        this.live.stopReplay();
        this.replayOf = undefined;
        this.opener.deselect();
        this.scenario = entry.id;
        this.requestUpdate();
      },
      renderReplayButton(
        this.ambient,
        this.currentState()?.status === 'ready',
        () => void this.replay(),
      ),
    );
  }

  /** The direct envelope input if any, else the current scenario's (loading it on first use). */
  private currentState(): EnvelopeState | undefined {
    const opened = this.opener.state();
    if (opened) return opened;
    if (this.input.state.status !== 'empty') return this.input.state;
    const entry = this.currentScenario;
    if (!entry || this.manifestState.status !== 'ready')
      return this.scenarios ? undefined : { status: 'empty' };
    return this.scenarioState(entry);
  }

  /** The load state of a scenario's envelope, starting the load on first use. */
  private scenarioState(entry: ScenarioEntry): EnvelopeState | undefined {
    if (this.manifestState.status !== 'ready') return undefined;
    const known = this.scenarioStates.get(entry.id);
    if (known) return known;
    const url = new URL(entry.file, this.manifestState.base).href;
    // Called while rendering: record the load without scheduling another update.
    this.scenarioStates.set(entry.id, { status: 'loading', url });
    fetchText(url).then(
      (text) => this.setScenarioState(entry.id, fromValue(text)),
      (error: Error) => this.setScenarioState(entry.id, loadFailure(url, error.message)),
    );
    return this.scenarioStates.get(entry.id);
  }

  /** What the chat starts from: the viewer's envelope (skills hydrated), or its first message in a replay. */
  private given(envelope: Envelope): Envelope {
    const hydrated = this.hydrated(envelope);
    return this.replayOf?.envelope === hydrated ? this.replayOf.first : hydrated;
  }

  private onChatChange = (event: EnvelopeChangeEvent) => this.live.changed(event);
  private hydratedOf = new WeakMap<Envelope, Envelope>();
  /** The envelope with skill bodies filled in, computed once per envelope and registry. */
  private hydrated(envelope: Envelope): Envelope {
    if (!this.skills) return envelope;
    let result = this.hydratedOf.get(envelope);
    if (!result) this.hydratedOf.set(envelope, (result = hydrateSkills(envelope, this.skills)));
    return result;
  }

  private setScenarioState(id: string, state: EnvelopeState) {
    this.scenarioStates.set(id, state);
    this.requestUpdate();
  }

  private async loadManifest(source: string | ScenarioManifest | undefined) {
    if (source === undefined || source === '') {
      this.manifestState = { status: 'none' };
      return;
    }
    const state = readManifest(source);
    if (!(state instanceof Promise)) {
      this.manifestState = state;
      return;
    }
    this.manifestState = { status: 'loading' };
    const loaded = await state;
    if (this.loadedScenarios === source) this.manifestState = loaded;
  }
}
