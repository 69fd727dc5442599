import { consume } from '@lit/context';
import { html, isServer, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import {
  validateComponents,
  type NativeComponent,
  type PromptComponent,
} from '../../core/assembly/compose.js';
import {
  composePrompt,
  listNativeComponents,
  type ComposeOptions,
} from '../../core/targets/compose-prompt.js';
import { EXPORT_TARGETS, type ExportTarget } from '../../core/targets/target-names.js';
import type { Envelope } from '../../core/protocol/types.js';
import { StudioChangeEvent } from '../../events.js';
import type { SegmentRegistry } from '../../core/assembly/registry.js';
import { envelopeContext, segmentRegistryContext } from '../internal/input/contexts.js';
import { errorPanelStyles, renderErrorPanel } from '../internal/ui/error-panel.js';
import { EnvelopeInput } from '../internal/input/envelope-input.js';
import { AmbientController } from '../internal/strings/localize.js';
import { tabStyles } from '../internal/ui/tabs.js';
import { themeStyles } from '../internal/ui/theme.js';
import { promptStudioStyles } from './prompt-studio.styles.js';
import { renderComponentList, renderToolbar, type StatusMessage } from './component-list.js';
import { PREVIEW_BUDGET, renderPreview, type PreviewTab } from './preview.js';
import { ShownSlices, showMoreStyles } from '../internal/pacing/shown-slices.js';
import { isLargeEnvelope, offload } from '../internal/offload/offload.js';
import type { ShownComposition } from '../internal/offload/offload-jobs.js';
import { workingStyles } from '../internal/offload/offload-status.js';
import { cutNoteStyles } from '../internal/pacing/shown-text.js';
import {
  readSettingsYaml,
  readStoredComponents,
  renderSettings,
  renderSourceNotices,
  settingsActions,
  settingsYaml,
  storeComponents,
  type ImportProblem,
  type StorageProblem,
} from './settings.js';
import { SupplementDrafts, toDrafts, toSaved, type Draft } from './supplement-drafts.js';
import { PendingWork } from '../internal/loading/on-demand.js';
import { studioStrings } from '../internal/strings/en/studio.js';
import { panelStrings } from '../internal/strings/en/panel.js';

/**
 * @tagname prompt-studio
 * @summary An editor of prompt components: one list with the envelope's native parts
 * (read-only, each with "Create override") and the supplements a person adds (id, role, order,
 * position for user/assistant, origin, enabled, template), validated inline; a full preview of
 * what the model gets (system text and messages, supplement gaps marked outside the text) and the
 * provider request body; save (fires `studio-change`, optionally kept in localStorage under
 * `storage-key`); settings as YAML (copy, download, import). Finds its envelope from its own
 * `envelope`/`src`/child script, else an ancestor `<envelope-viewer>`.
 *
 * @event {StudioChangeEvent} studio-change - The supplements were saved (`detail: { components }`, a copy).
 * @event {EnvelopeLoadEvent} envelope-load - Its own envelope input is valid (`detail: { envelope, warnings }`).
 * @event {EnvelopeErrorEvent} envelope-error - Its own envelope input is invalid (`detail: { errors }`).
 *
 * @csspart base - The root wrapper.
 * @csspart editor - The component list with its toolbar.
 * @csspart toolbar - Add, save and the save status.
 * @csspart native - Each native component row.
 * @csspart supplement - Each supplement row.
 * @csspart template - Each supplement's template editor.
 * @csspart issue - Each validation message.
 * @csspart settings - The YAML import and export.
 * @csspart preview - The full preview.
 * @csspart system - The composed system text.
 * @csspart message - Each composed message.
 * @csspart more - The button under the composed messages that shows the next slice.
 * @csspart cut - The note under a composed text too long to show whole.
 * @csspart working - The status shown while a large envelope is composed off the page.
 * @csspart panel - The embedded `<protocol-panel>` with the request body.
 * @csspart error - The error panel.
 *
 * @cssprop [--pe-surface-color=#ffffff] - Background (dark theme: #111827).
 * @cssprop [--pe-border-color=#d1d5db] - Borders (dark theme: #374151).
 * @cssprop [--pe-code-background=#eef1f5] - Background of templates and of the model text (dark theme: #0b1220).
 * @cssprop [--pe-focus-color=#2563eb] - Focus ring and the supplement accent (dark theme: #60a5fa).
 * @cssprop [--pe-studio-supplement-color=#0e7490] - Accent of supplement rows and of the gap markers in the preview (dark theme: #22d3ee).
 */
export class PromptStudio extends LitElement {
  static override styles = [
    themeStyles,
    tabStyles,
    errorPanelStyles,
    showMoreStyles,
    cutNoteStyles,
    workingStyles,
    promptStudioStyles,
  ];

  /** Its own envelope: an object, or JSON text (as the `envelope` attribute). */
  @property({ attribute: 'envelope' })
  envelope?: Envelope | string;

  /** URL of an envelope JSON file. */
  @property()
  src?: string;

  /**
   * The supplements (`PromptComponent[]`, `kind: "supplement"`): the list the editor starts
   * from, and the saved list after each save. Setting it replaces the list being edited.
   * As an attribute: JSON text.
   */
  @property({
    attribute: 'components',
    converter: {
      fromAttribute(value: string | null): unknown {
        if (value === null) return [];
        try {
          return JSON.parse(value);
        } catch {
          return value;
        }
      },
    },
  })
  components: PromptComponent[] = [];

  /**
   * A localStorage key: when set, the supplements are read from `localStorage[storageKey]`
   * (JSON) when the element starts (a stored list wins over `components`) and written there on
   * save. An entry that cannot be read is reported, and kept until the next save.
   */
  @property({ attribute: 'storage-key' })
  storageKey?: string;

  /** The provider whose request body the preview shows first, and whose rules compose events. */
  @property()
  target: ExportTarget = 'openai';

  /** `light`, `dark`, or unset to follow the nearest `theme` attribute, then the system. */
  @property({ reflect: true })
  theme?: 'light' | 'dark' | 'auto';

  @consume({ context: envelopeContext, subscribe: true })
  @state()
  private contextEnvelope?: Envelope;

  /** The host's prompt segments of an ancestor viewer: native components too, and in the preview. */
  @consume({ context: segmentRegistryContext, subscribe: true })
  @state()
  private contextRegistry?: SegmentRegistry;

  /** The list as last saved (or loaded), to tell unsaved changes. */
  @state()
  private savedJson = '[]';

  @state()
  private status: StatusMessage | null = null;

  @state()
  private storageProblem: StorageProblem | null = null;

  @state()
  private inputNotice = '';

  @state()
  private expandedNatives = new Set<string>();

  @state()
  private yamlText = '';

  @state()
  private importProblem: ImportProblem | null = null;

  @state()
  private previewTab: PreviewTab = 'prompt';

  private readonly input = new EnvelopeInput(this);
  private readonly ambient = new AmbientController(this, {
    studio: studioStrings,
    panel: panelStrings,
  });
  private readonly slices = new ShownSlices(this, this.ambient);
  /** The supplements being edited; a person's edit clears the save status. */
  private readonly supplements = new SupplementDrafts(this, () => (this.status = null));
  /** The `components` value the draft was last taken from (or that save set). */
  private adopted: unknown = undefined;
  private loadedKey: string | undefined = undefined;

  private nativesMemo?: {
    envelope: Envelope;
    target: ExportTarget;
    registry?: SegmentRegistry;
    natives: NativeComponent[];
  };
  private composeMemo?: {
    envelope: Envelope;
    target: ExportTarget;
    registry?: SegmentRegistry;
    draft: Draft[];
    result: ShownComposition;
  };
  /** The preview of a large envelope composed off the main thread, and how far it is. */
  private working?: {
    envelope: Envelope;
    target: ExportTarget;
    draft: Draft[];
    share: number;
    abort: AbortController;
  };
  private validationMemo?: {
    draft: Draft[];
    natives: readonly NativeComponent[];
    result: ReturnType<typeof validateComponents>;
  };

  /** YAML work a click started (the YAML reader loads on first use). */
  private readonly pending = new PendingWork();
  private readonly settingsActions = settingsActions({
    ambient: this.ambient,
    exportYaml: () => this.exportYaml(),
    importYaml: (text) => this.importYaml(text),
    setText: (text) => (this.yamlText = text),
    setStatus: (status) => (this.status = status),
    setProblem: (problem) => (this.importProblem = problem),
  });

  /** Resolves once the YAML work a click started is done and drawn, too. */
  protected override getUpdateComplete(): Promise<boolean> {
    return this.pending.settle(() => super.getUpdateComplete());
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('storageKey') && this.storageKey !== this.loadedKey) {
      this.loadedKey = this.storageKey;
      if (this.loadFromStorage()) this.adopted = this.components;
    }
    if (this.components !== this.adopted) {
      this.adopted = this.components;
      this.adopt(this.components);
    }
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!isServer) this.listenToRegistry(); // on the server, connected only for its context
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.listenToRegistry();
  }

  /**
   * Host segments registered or disposed later change the native catalog and the preview: listen
   * to the registry in use, only while connected.
   */
  private listenToRegistry() {
    const registry =
      this.isConnected && typeof this.contextRegistry?.subscribe === 'function'
        ? this.contextRegistry
        : undefined;
    if (this.registryListener?.registry === registry) return;
    this.registryListener?.unsubscribe();
    this.registryListener = undefined;
    if (!registry) return;
    try {
      this.registryListener = { registry, unsubscribe: registry.subscribe(this.onRegistryChange) };
    } catch {
      // A host's registry that refuses listeners still works; the studio just does not refresh.
    }
  }

  private registryListener?: { registry: SegmentRegistry; unsubscribe: () => void };

  private readonly onRegistryChange = () => {
    this.nativesMemo = undefined;
    this.composeMemo = undefined;
    this.requestUpdate();
  };

  protected override updated() {
    this.listenToRegistry();
  }

  /** The supplements as they are now in the editor (saved or not), copied. */
  get draftComponents(): PromptComponent[] {
    return this.supplements.drafts.map(toSaved);
  }

  /** Whether the editor holds changes that were not saved. */
  get dirty(): boolean {
    return JSON.stringify(this.draftComponents) !== this.savedJson;
  }

  /** The envelope shown: its own input, else an ancestor viewer's. */
  get shownEnvelope(): Envelope | undefined {
    const own = this.input.state;
    if (own.status === 'ready') return own.envelope;
    return own.status === 'empty' ? this.contextEnvelope : undefined;
  }

  /**
   * Saves the supplements: fires `studio-change` and writes localStorage when `storage-key` is
   * set. Refused (returns false, and says why) while a component has errors.
   */
  save(): boolean {
    const a = this.ambient;
    const errors = this.validation.errors.length;
    if (errors > 0) {
      this.status = { text: a.t('studio.saveRefused', { n: errors }), kind: 'error' };
      return false;
    }
    const components = this.draftComponents;
    const json = JSON.stringify(components);
    const refused = this.storageKey ? storeComponents(this.storageKey, json) : null;
    if (this.storageKey && refused === null) this.storageProblem = null;
    this.savedJson = json;
    this.adopted = this.components = components.map((c) => ({ ...c }));
    this.status =
      refused === null
        ? { text: a.t('studio.saved'), kind: 'info' }
        : { text: a.t('studio.storageFailed', { reason: refused }), kind: 'error' };
    this.dispatchEvent(new StudioChangeEvent({ components: components.map((c) => ({ ...c })) }));
    return true;
  }

  /**
   * The settings as YAML: `prompt-studio:` → `components:` → the supplements being edited. The
   * YAML writer loads on first use.
   */
  exportYaml(): Promise<string> {
    return this.pending.track(settingsYaml(this.draftComponents));
  }

  /**
   * Replaces the supplements with those of a settings YAML text. Nothing changes when the YAML
   * cannot be read or a component is invalid; the problem is shown. Resolves to whether it
   * replaced. The YAML reader loads on first use.
   */
  importYaml(text: string): Promise<boolean> {
    return this.pending.track(this.readYaml(text));
  }

  private async readYaml(text: string): Promise<boolean> {
    const read = await readSettingsYaml(text, this.natives, this.ambient);
    if ('problem' in read) {
      this.importProblem = read.problem;
      return false;
    }
    this.importProblem = null;
    this.supplements.replace(read.drafts);
    this.status = {
      text: this.ambient.t('studio.imported', { n: read.drafts.length }),
      kind: 'info',
    };
    return true;
  }

  private adopt(value: unknown) {
    if (Array.isArray(value)) {
      this.inputNotice = '';
      this.supplements.replace(toDrafts(value));
    } else {
      this.inputNotice = value === undefined || value === null ? '' : 'studio.notAList';
      this.supplements.replace([]);
    }
    this.savedJson = JSON.stringify(this.draftComponents);
  }

  /** Reads the stored supplements; true when a usable list was found. */
  private loadFromStorage(): boolean {
    this.storageProblem = null;
    const read = this.storageKey ? readStoredComponents(this.storageKey, this.ambient) : undefined;
    if (!read) return false;
    if ('problem' in read) {
      this.storageProblem = read.problem;
      return false;
    }
    this.inputNotice = '';
    this.supplements.replace(read.drafts);
    this.savedJson = JSON.stringify(this.draftComponents);
    return true;
  }

  private get natives(): NativeComponent[] {
    const envelope = this.shownEnvelope;
    if (!envelope) return [];
    const target = this.shownTarget;
    const memo = this.nativesMemo;
    const registry = this.contextRegistry;
    if (memo?.envelope === envelope && memo.target === target && memo.registry === registry)
      return memo.natives;
    if (isLargeEnvelope(envelope) && !hasHostSegments(registry)) {
      // Listed off the main thread; none until they arrive (the compose waits for its own).
      this.nativesMemo = { envelope, target, registry, natives: [] };
      this.listLarge(this.nativesMemo);
      return [];
    }
    let natives: NativeComponent[];
    try {
      natives = listNativeComponents(envelope, this.composeOptions);
    } catch {
      natives = [];
    }
    this.nativesMemo = { envelope, target, registry, natives };
    return natives;
  }

  /** Lists the native components of a large envelope off the main thread. */
  private listLarge(memo: NonNullable<PromptStudio['nativesMemo']>) {
    const { envelope, target } = memo;
    offload({ type: 'natives', envelope, target })
      .catch(() => (this.nativesMemo === memo ? listNativeComponents(envelope, { target }) : null))
      .then((natives) => {
        if (this.nativesMemo !== memo || !natives) return;
        this.nativesMemo = { ...memo, natives };
        this.requestUpdate();
      });
  }

  private get validation(): ReturnType<typeof validateComponents> {
    const natives = this.natives;
    const draft = this.supplements.drafts;
    const memo = this.validationMemo;
    if (memo?.draft === draft && memo.natives === natives) return memo.result;
    const result = validateComponents(draft, natives);
    this.validationMemo = { draft, natives, result };
    return result;
  }

  private composed(envelope: Envelope): ShownComposition | null {
    const target = this.shownTarget;
    const draft = this.supplements.drafts;
    const memo = this.composeMemo;
    const registry = this.contextRegistry;
    if (
      memo?.envelope === envelope &&
      memo.target === target &&
      memo.registry === registry &&
      memo.draft === draft
    )
      return memo.result;
    if (memo?.envelope !== envelope) this.slices.reset();
    if (isLargeEnvelope(envelope) && !hasHostSegments(registry)) {
      this.composeLarge(envelope, target, draft);
      return null;
    }
    const result = composePrompt(envelope, this.draftComponents, this.composeOptions);
    this.composeMemo = { envelope, target, registry, draft, result };
    return result;
  }

  /** Composes a large envelope off the main thread; a newer input or draft supersedes it. */
  private composeLarge(envelope: Envelope, target: ExportTarget, draft: Draft[]) {
    const w = this.working;
    if (w?.envelope === envelope && w.target === target && w.draft === draft) return;
    w?.abort.abort();
    const working = { envelope, target, draft, share: 0, abort: new AbortController() };
    this.working = working;
    const registry = this.contextRegistry;
    const onProgress = (share: number) => {
      working.share = share;
      this.requestUpdate();
    };
    const components = this.draftComponents;
    offload(
      { type: 'compose', envelope, components, target, view: PREVIEW_BUDGET },
      { signal: working.abort.signal, onProgress },
    )
      .catch(() =>
        // The worker failed (a superseded job is dropped below): compose here instead.
        this.working === working ? composePrompt(envelope, components, { target }) : null,
      )
      .then((result) => {
        if (this.working !== working || !result) return;
        this.working = undefined;
        this.composeMemo = { envelope, target, registry, draft, result };
        this.requestUpdate();
      });
  }

  private get composeOptions(): ComposeOptions {
    const registry = this.contextRegistry;
    return {
      target: this.shownTarget,
      ...(typeof registry?.list === 'function' ? { registry } : {}),
    };
  }

  private get shownTarget(): ExportTarget {
    return EXPORT_TARGETS.includes(this.target) ? this.target : 'openai';
  }

  protected override render() {
    const a = this.ambient;
    const own = this.input.state;
    const validation = this.validation;
    return html`<div part="base" class="base ${a.theme}">
      <div class="layout">
        <section part="editor" class="editor" aria-labelledby="editor-title">
          <h2 id="editor-title">${a.t('studio.components')}</h2>
          <p class="intro">${a.t('studio.intro')}</p>
          ${own.status === 'error' ? renderErrorPanel(a.t('error.title'), own.errors) : nothing}
          ${renderSourceNotices({
            ambient: a,
            inputNotice: this.inputNotice,
            storageProblem: this.storageProblem,
          })}
          ${renderToolbar({
            ambient: a,
            errorCount: validation.errors.length,
            warningCount: validation.warnings.length,
            dirty: this.dirty,
            status: this.status,
            onAdd: () => this.supplements.addSupplement(),
            onSave: () => this.save(),
          })}
          ${renderComponentList({
            ambient: a,
            natives: this.natives,
            hasEnvelope: Boolean(this.shownEnvelope),
            drafts: this.supplements,
            validation,
            expandedNatives: this.expandedNatives,
            onToggleNative: (id) => this.toggleNative(id),
          })}
          ${renderSettings({
            ambient: a,
            yamlText: this.yamlText,
            problem: this.importProblem,
            onYamlText: (text) => (this.yamlText = text),
            ...this.settingsActions,
            onImport: () => void this.importYaml(this.yamlText),
          })}
        </section>
        ${renderPreview({
          ambient: a,
          envelope: this.shownEnvelope,
          loading: own.status === 'loading',
          tab: this.previewTab,
          onSelectTab: (tab) => (this.previewTab = tab),
          root: this.renderRoot,
          compose: (envelope) => this.composed(envelope),
          components: () => this.draftComponents,
          target: this.shownTarget,
          slices: this.slices,
          working: this.working?.share ?? 0,
        })}
      </div>
    </div>`;
  }

  private toggleNative(id: string) {
    const next = new Set(this.expandedNatives);
    if (!next.delete(id)) next.add(id);
    this.expandedNatives = next;
  }
}

/** Whether a registry holds host segments, whose render functions cannot leave this page. */
function hasHostSegments(registry: SegmentRegistry | undefined): boolean {
  try {
    return typeof registry?.list === 'function' && registry.list().length > 0;
  } catch {
    return true;
  }
}
