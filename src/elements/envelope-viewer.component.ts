import { ContextProvider, provide } from '@lit/context';
import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { createSegmentRegistry, type SegmentRegistry } from '../core/assemble.js';
import type { PromptComponent } from '../core/compose.js';
import { EXPORT_TARGETS, type ExportTarget } from '../core/export.js';
import {
  validateScenarioManifest,
  type ScenarioEntry,
  type ScenarioManifest,
} from '../core/manifest.js';
import { parseJson } from '../core/parse.js';
import type { Envelope } from '../core/protocol.js';
import { hydrateSkills, type SkillRegistry } from '../core/skills.js';
import { EnvelopeErrorEvent, type StudioChangeEvent } from '../events.js';
import { envelopeContext, segmentRegistryContext } from './internal/contexts.js';
import { errorPanelStyles, renderErrorPanel } from './internal/error-panel.js';
import {
  EnvelopeInput,
  fetchText,
  fromValue,
  type EnvelopeState,
} from './internal/envelope-input.js';
import { AmbientController } from './internal/localize.js';
import type { ProtocolPanel } from './protocol-panel.component.js';
import { renderTabs, tabStyles } from './internal/tabs.js';
import { themeStyles } from './internal/theme.js';

export type ViewerView = 'protocol' | 'context' | 'compare' | 'studio';
const VIEWS: readonly ViewerView[] = ['protocol', 'context', 'compare', 'studio'];

type ManifestState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; manifest: ScenarioManifest; base: string }
  | { status: 'error'; errors: { path: string; message: string; keyword: string }[] };

/**
 * @tagname envelope-viewer
 * @summary The whole app: the chat on the left; on the right the protocol panel, the context
 * size, a comparison with another envelope and the Prompt Studio, as tabs; a scenario switcher
 * on top when `scenarios` is set. Supplements saved in the Studio apply to the protocol panel's
 * requests (a note says so and turns them off). Stacks vertically on narrow screens.
 *
 * @event envelope-load - The shown envelope is valid (`detail: { envelope, warnings }`).
 * @event envelope-error - The envelope or the manifest is invalid or could not be loaded.
 * @event segment-toggle - A segment was expanded or collapsed.
 * @event protocol-copy - The protocol panel copied JSON.
 * @event studio-change - The Studio saved its supplements (`detail: { components }`).
 *
 * @csspart base - The root wrapper.
 * @csspart bar - The scenario bar.
 * @csspart scenario - Each scenario button.
 * @csspart summary - The current scenario's summary.
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
 * @cssprop --pe-viewer-height - Height of the two columns on wide screens when the viewer itself has no height (default 80vh); give the viewer a height (e.g. 100vh) to fill it.
 * @cssprop --pe-surface-color - Background.
 * @cssprop --pe-border-color - Borders.
 */
export class EnvelopeViewer extends LitElement {
  static override styles = [
    themeStyles,
    tabStyles,
    errorPanelStyles,
    css`
      .base {
        display: flex;
        flex-direction: column;
        height: 100%;
        container-type: inline-size;
        background: var(--_subtle);
        color: var(--_text);
      }
      .bar {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.5rem 1rem;
        padding: 0.6rem 1rem;
        background: var(--_surface);
        border-bottom: 1px solid var(--_border);
      }
      .bar-title {
        margin: 0;
        font-size: 0.8rem;
        font-weight: 700;
        letter-spacing: 0.06em;
        text-transform: uppercase;
        color: var(--_muted);
      }
      .scenarios {
        display: flex;
        flex-wrap: wrap;
        gap: 0.35rem;
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .scenario {
        display: inline-flex;
        align-items: center;
        gap: 0.4rem;
        padding: 0.3rem 0.7rem;
        border: 1px solid var(--_border);
        border-radius: 999px;
        background: var(--_surface);
        cursor: pointer;
      }
      .scenario:hover {
        border-color: var(--_muted);
      }
      .scenario[aria-pressed='true'] {
        border-color: var(--_focus);
        background: color-mix(in srgb, var(--_focus) 12%, var(--_surface));
        font-weight: 600;
      }
      .scenario-label {
        display: inline-grid;
        place-items: center;
        width: 1.35rem;
        height: 1.35rem;
        border-radius: 50%;
        background: var(--_subtle);
        font-size: 0.75rem;
        font-weight: 700;
      }
      .summary {
        flex-basis: 100%;
        margin: 0;
        color: var(--_muted);
        font-size: 0.875rem;
      }
      .columns {
        display: grid;
        grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr);
        /* Fills a host that has a height (e.g. 100vh); otherwise takes this much. */
        flex: 1 1 auto;
        height: var(--pe-viewer-height, 80vh);
        min-height: 24rem;
      }
      .columns > * {
        min-height: 0;
        overflow: auto;
      }
      .chat {
        border-inline-end: 1px solid var(--_border);
      }
      .side {
        display: flex;
        flex-direction: column;
        overflow: hidden;
        background: var(--_surface);
      }
      .side-panel {
        flex: 1 1 auto;
        display: flex;
        flex-direction: column;
        min-height: 0;
        overflow: auto;
      }
      .panel {
        flex: 1 1 auto;
        min-height: 0;
      }
      .compare-bar {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 1rem;
        align-items: center;
        padding: 0.6rem 0.75rem;
        font-size: 0.875rem;
        color: var(--_muted);
      }
      .compare-bar select,
      .compare-bar input {
        font: inherit;
        color: var(--_text);
      }
      context-meter,
      envelope-diff {
        margin: 0.75rem;
      }
      .studio-note {
        flex: none;
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.35rem 0.75rem;
        margin: 0.6rem 0.75rem 0;
        padding: 0.4rem 0.75rem;
        border: 1px solid color-mix(in srgb, var(--_focus) 45%, var(--_border));
        border-radius: 6px;
        background: color-mix(in srgb, var(--_focus) 8%, var(--_surface));
        font-size: 0.875rem;
      }
      .studio-note[hidden] {
        display: none;
      }
      .studio-note button {
        padding: 0.15rem 0.6rem;
        border: 1px solid var(--_border);
        border-radius: 6px;
        background: var(--_surface);
        cursor: pointer;
      }
      @container (max-width: 900px) {
        .columns {
          grid-template-columns: minmax(0, 1fr);
          height: auto;
        }
        .columns > * {
          overflow: visible;
        }
        .chat {
          border-inline-end: 0;
          border-bottom: 1px solid var(--_border);
        }
        .side,
        .side-panel {
          overflow: visible;
        }
        .panel {
          min-height: 32rem;
        }
      }
      .error {
        margin: 1rem;
      }
      .status {
        padding: 1rem;
        color: var(--_muted);
      }
    `,
  ];

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
  private readonly ambient = new AmbientController(this);
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
  }

  // After the input controller's hostUpdate, which runs after willUpdate: a `.envelope` given
  // directly must reach the context consumers in this same update.
  protected override update(changed: PropertyValues<this>) {
    const current = this.currentState();
    this.shown = current?.status === 'ready' ? current.envelope : undefined;
    super.update(changed);
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
      chat = html`<p class="status" role="status">
        ${current?.status === 'empty' ? a.t('common.empty') : a.t('common.loading')}
      </p>`;
    } else if (current.status === 'error')
      chat = renderErrorPanel(a.t('error.title'), current.errors);
    else if (current.status === 'empty') chat = html`<p class="status">${a.t('common.empty')}</p>`;
    else {
      chat = html`<envelope-chat
        part="chat"
        .envelope=${this.hydrated(current.envelope)}
        time-zone=${ifDefined(this.timeZone)}
        theme=${a.theme}
        lang=${a.lang}
      ></envelope-chat>`;
    }
    const entry = this.currentScenario;
    return html`<div part="base" class="base ${a.theme}">
      ${this.renderBar()}
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

  /** The Compare view: pick another scenario or open a file; the diff goes from it to this one. */
  private renderCompare() {
    const a = this.ambient;
    const current = this.currentScenario;
    const others =
      this.manifestState.status === 'ready'
        ? this.manifestState.manifest.scenarios.filter((s) => s !== current)
        : [];
    // A scenario id names a scenario; any other value is the envelope itself (object or JSON).
    const entry =
      typeof this.compareWith === 'string' && this.manifestState.status === 'ready'
        ? this.manifestState.manifest.scenarios.find((s) => s.id === this.compareWith)
        : undefined;
    let before: Envelope | string | undefined = entry ? undefined : this.compareWith;
    if (entry) {
      const state = this.scenarioState(entry);
      if (state?.status === 'ready') before = state.envelope;
      else if (state?.status === 'error') return renderErrorPanel(a.t('error.title'), state.errors);
    }
    const picked = entry ? entry.id : '';
    return html`<div class="compare">
      <div part="compare-bar" class="compare-bar">
        ${
          others.length > 0
            ? html`<label
                >${a.t('viewer.compareWith')}
                <select @change=${this.onCompareScenario}>
                  <option value="" ?selected=${picked === ''}>
                    ${a.t('viewer.compareChoose')}
                  </option>
                  ${others.map(
                    (s) =>
                      html`<option value=${s.id} ?selected=${s.id === picked}>
                        ${s.label} · ${this.scenarioTitle(s)}
                      </option>`,
                  )}
                </select></label
              >`
            : nothing
        }
        <label
          >${a.t('viewer.compareFile')}
          <input type="file" accept=".json,application/json" @change=${this.onCompareFile}
        /></label>
      </div>
      ${
        before === undefined || !this.shown
          ? html`<p class="status">${a.t('viewer.compareHint')}</p>`
          : html`<envelope-diff
              part="diff"
              .beforeEnvelope=${before}
              .afterEnvelope=${this.shown}
              theme=${a.theme}
              lang=${a.lang}
            ></envelope-diff>`
      }
    </div>`;
  }

  private onCompareScenario = (event: Event) => {
    const id = (event.target as HTMLSelectElement).value;
    this.compareWith = id === '' ? undefined : id;
  };

  private onCompareFile = async (event: Event) => {
    const file = (event.target as HTMLInputElement).files?.[0];
    // The diff shows an error panel naming the side if the file is not a valid envelope.
    if (file) this.compareWith = await file.text();
  };

  private scenarioTitle(entry: ScenarioEntry): string {
    const texts = entry.title;
    const lang = this.ambient.lang;
    return texts ? (texts[lang] ?? texts[lang.split('-')[0]!] ?? texts.en ?? '') : '';
  }

  private renderBar() {
    if (this.manifestState.status !== 'ready') return nothing;
    const a = this.ambient;
    const current = this.currentScenario;
    const lang = a.lang;
    const text = (texts: Record<string, string> | undefined) =>
      texts ? (texts[lang] ?? texts[lang.split('-')[0]] ?? texts.en ?? '') : '';
    return html`<nav part="bar" class="bar" aria-label=${a.t('viewer.scenarios')}>
      <h1 class="bar-title">${a.t('viewer.scenarios')}</h1>
      <ul class="scenarios">
        ${this.manifestState.manifest.scenarios.map(
          (s) =>
            html`<li>
              <button
                part="scenario"
                class="scenario"
                type="button"
                aria-pressed=${s === current ? 'true' : 'false'}
                @click=${() => (this.scenario = s.id)}
              >
                <span class="scenario-label" aria-hidden="true">${s.label}</span>${text(s.title)}
              </button>
            </li>`,
        )}
      </ul>
      ${current?.summary ? html`<p part="summary" class="summary">${text(current.summary)}</p>` : nothing}
    </nav>`;
  }

  /** The direct envelope input if any, else the current scenario's (loading it on first use). */
  private currentState(): EnvelopeState | undefined {
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
      (error: Error) =>
        this.setScenarioState(entry.id, {
          status: 'error',
          errors: [
            { path: '', keyword: 'fetch', message: `Could not load ${url}: ${error.message}` },
          ],
        }),
    );
    return this.scenarioStates.get(entry.id);
  }

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
    const base =
      typeof source === 'string' ? new URL(source, document.baseURI).href : document.baseURI;
    let value: unknown = source;
    if (typeof source === 'string') {
      this.manifestState = { status: 'loading' };
      try {
        const json = parseJson(await fetchText(base));
        if ('error' in json) throw new Error(json.error.message);
        value = json.value;
      } catch (error) {
        if (this.loadedScenarios !== source) return;
        this.manifestState = {
          status: 'error',
          errors: [
            {
              path: '',
              keyword: 'fetch',
              message: `Could not load ${base}: ${(error as Error).message}`,
            },
          ],
        };
        return;
      }
    }
    if (this.loadedScenarios !== source) return;
    const result = validateScenarioManifest(value);
    this.manifestState = result.valid
      ? { status: 'ready', manifest: value as ScenarioManifest, base }
      : { status: 'error', errors: result.errors };
  }
}
