import { consume } from '@lit/context';
import { dump, load } from 'js-yaml';
import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import { repeat } from 'lit/directives/repeat.js';
import {
  composePrompt,
  COMPONENT_POSITIONS,
  listNativeComponents,
  validateComponents,
  type ComponentIssue,
  type ComponentPosition,
  type ComponentRole,
  type ComposedMessage,
  type ComposeOptions,
  type ComposeResult,
  type NativeComponent,
  type PromptComponent,
} from '../core/compose.js';
import { EXPORT_TARGETS, type ExportTarget } from '../core/export.js';
import type { Envelope } from '../core/protocol.js';
import { StudioChangeEvent } from '../events.js';
import type { SegmentRegistry } from '../core/assemble.js';
import { envelopeContext, segmentRegistryContext } from './internal/contexts.js';
import { errorPanelStyles, renderErrorPanel } from './internal/error-panel.js';
import { EnvelopeInput } from './internal/envelope-input.js';
import { icon } from './internal/icons.js';
import { AmbientController } from './internal/localize.js';
import type { StringKey } from './internal/strings.js';
import { renderTabs, tabStyles } from './internal/tabs.js';
import { themeStyles } from './internal/theme.js';

const ROLES: readonly ComponentRole[] = ['system', 'user', 'assistant'];

/**
 * A component as the editor holds it: whatever a host or a file gave, field by field, so that
 * validation can name what is wrong; the editor only ever writes well-typed values.
 */
type Draft = Partial<Record<keyof PromptComponent, unknown>>;

type Field = ComponentIssue['field'];

/** A validation finding as a row shows it. */
type RowIssue = ComponentIssue & { severity: 'error' | 'warning' };

/** A native template longer than this many lines (or characters) starts collapsed. */
const NATIVE_PREVIEW_LINES = 4;
const NATIVE_PREVIEW_CHARS = 320;

const str = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A host's or a file's list as editable rows: objects copied, anything else an empty row. */
function toDrafts(list: readonly unknown[]): Draft[] {
  return list.map((item) => (isRecord(item) ? ({ ...item } as Draft) : {}));
}

/** The fields a saved component has, in the order the settings file writes them. */
function toSaved(draft: Draft): PromptComponent {
  const out: Record<string, unknown> = {};
  for (const key of [
    'id',
    'kind',
    'role',
    'position',
    'order',
    'enabled',
    'template',
    'origin',
  ] as const) {
    if (draft[key] !== undefined) out[key] = draft[key];
  }
  return out as unknown as PromptComponent;
}

/** The component list inside a settings document: `prompt-studio.components`, or a bare list. */
function componentsOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (!isRecord(value)) return undefined;
  const section = value['prompt-studio'];
  if (isRecord(section) && Array.isArray(section.components)) return section.components;
  if (Array.isArray(value.components)) return value.components;
  return undefined;
}

interface StorageProblem {
  key: string;
  reason: string;
  raw: string;
}

/**
 * @tagname prompt-studio
 * @summary An editor of prompt components (SPEC §3.7): one list with the envelope's native parts
 * (read-only, each with "Create override") and the supplements a person adds (id, role, order,
 * position for user/assistant, origin, enabled, template), validated inline; a full preview of
 * what the model gets (system text and messages, supplement gaps marked outside the text) and the
 * provider request body; save (fires `studio-change`, optionally kept in localStorage under
 * `storage-key`); settings as YAML (copy, download, import). Finds its envelope from its own
 * `envelope`/`src`/child script, else an ancestor `<envelope-viewer>`.
 *
 * @event studio-change - The supplements were saved (`detail: { components }`, a copy).
 * @event envelope-load - Its own envelope input is valid (`detail: { envelope, warnings }`).
 * @event envelope-error - Its own envelope input is invalid (`detail: { errors }`).
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
 * @csspart panel - The embedded `<protocol-panel>` with the request body.
 * @csspart error - The error panel.
 *
 * @cssprop --pe-surface-color - Background.
 * @cssprop --pe-border-color - Borders.
 * @cssprop --pe-code-background - Background of templates and of the model text.
 * @cssprop --pe-focus-color - Focus ring and the supplement accent.
 * @cssprop --pe-studio-supplement-color - Accent of supplement rows and of the gap markers in the preview.
 */
export class PromptStudio extends LitElement {
  static override styles = [
    themeStyles,
    tabStyles,
    errorPanelStyles,
    css`
      .base {
        --_supplement: var(--pe-studio-supplement-color, #0e7490);
        container-type: inline-size;
        background: var(--_surface);
        color: var(--_text);
      }
      .base.dark {
        --_supplement: var(--pe-studio-supplement-color, #22d3ee);
      }
      @media (prefers-color-scheme: dark) {
        .base.auto {
          --_supplement: var(--pe-studio-supplement-color, #22d3ee);
        }
      }
      .layout {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: 1rem;
        padding: 0.75rem;
      }
      @container (min-width: 1100px) {
        .layout {
          grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr);
          align-items: start;
        }
        .preview {
          position: sticky;
          top: 0;
        }
      }
      h2 {
        margin: 0 0 0.25rem;
        font-size: 1.05rem;
      }
      h3 {
        margin: 0;
        font-size: 0.95rem;
        overflow-wrap: anywhere;
      }
      .intro {
        margin: 0 0 0.75rem;
        color: var(--_muted);
        font-size: 0.875rem;
      }
      .toolbar {
        position: sticky;
        top: 0;
        z-index: 1;
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.5rem;
        padding: 0.5rem 0;
        background: var(--_surface);
      }
      .toolbar .status {
        margin-inline-start: auto;
      }
      button.action,
      .file-button {
        display: inline-flex;
        align-items: center;
        gap: 0.35rem;
        padding: 0.3rem 0.7rem;
        border: 1px solid var(--_border);
        border-radius: 6px;
        background: var(--_subtle);
        cursor: pointer;
      }
      button.action:hover {
        border-color: var(--_muted);
      }
      button.primary {
        border-color: var(--_focus);
        background: var(--_focus);
        color: var(--_surface);
        font-weight: 600;
      }
      button.small {
        padding: 0.15rem 0.5rem;
        font-size: 0.85em;
      }
      button:disabled {
        cursor: default;
        opacity: 0.55;
      }
      .status {
        color: var(--_muted);
        font-size: 0.875rem;
      }
      .unsaved {
        display: inline-flex;
        align-items: center;
        gap: 0.35rem;
        font-weight: 600;
        color: var(--_text);
      }
      .unsaved::before {
        content: '';
        width: 0.5rem;
        height: 0.5rem;
        border-radius: 50%;
        background: var(--_tool-overview);
      }
      .list {
        display: flex;
        flex-direction: column;
        gap: 0.6rem;
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .row {
        border: 1px solid var(--_border);
        border-inline-start-width: 4px;
        border-radius: var(--_radius);
        padding: 0.6rem 0.75rem;
        background: var(--_surface);
      }
      .row.native {
        border-inline-start-color: var(--_system-prompt);
        background: color-mix(in srgb, var(--_subtle) 60%, var(--_surface));
      }
      .row.native.overridden .template-text {
        text-decoration: line-through;
        text-decoration-color: var(--_muted);
      }
      .row.supplement {
        border-inline-start-color: var(--_supplement);
      }
      .row.supplement.disabled {
        border-inline-start-style: dashed;
      }
      .row-head {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.35rem 0.6rem;
        margin-bottom: 0.4rem;
      }
      .row-head h3 {
        flex: 1 1 12rem;
      }
      .badge {
        display: inline-block;
        padding: 0 0.45rem;
        border: 1px solid var(--_border);
        border-radius: 999px;
        font-size: 0.8em;
        color: var(--_muted);
        white-space: nowrap;
      }
      .facts {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem 1rem;
        margin: 0 0 0.4rem;
        padding: 0;
        list-style: none;
        color: var(--_muted);
        font-size: 0.85rem;
      }
      code {
        font-family: var(--_mono);
        font-size: 0.92em;
        overflow-wrap: anywhere;
      }
      .template-text,
      .model-text {
        margin: 0;
        padding: 0.5rem 0.6rem;
        border-radius: 6px;
        background: var(--_code-bg);
        font-family: var(--_mono);
        font-size: 0.85rem;
        line-height: 1.45;
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      .template-text.clamped {
        max-height: calc(${NATIVE_PREVIEW_LINES} * 1.45em + 1rem);
        overflow: hidden;
        mask-image: linear-gradient(to bottom, black 60%, transparent);
      }
      .override-note {
        margin: 0.4rem 0 0;
        font-size: 0.875rem;
        font-weight: 600;
      }
      .row-actions {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem;
        margin-top: 0.5rem;
      }
      .fields {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(10.5rem, 1fr));
        gap: 0.6rem 0.75rem;
      }
      .field {
        display: flex;
        flex-direction: column;
        gap: 0.2rem;
        min-width: 0;
      }
      .field.wide {
        grid-column: 1 / -1;
      }
      .field > label,
      .field-label {
        font-size: 0.8rem;
        font-weight: 600;
        color: var(--_muted);
      }
      .check {
        flex-direction: row;
        align-items: center;
        gap: 0.4rem;
        align-self: end;
        padding-bottom: 0.3rem;
      }
      .check > label {
        font-size: 0.9rem;
        color: var(--_text);
        font-weight: normal;
      }
      input,
      select,
      textarea {
        font: inherit;
        color: var(--_text);
        background: var(--_surface);
        border: 1px solid var(--_border);
        border-radius: 6px;
        padding: 0.3rem 0.45rem;
        min-width: 0;
      }
      input[type='checkbox'] {
        width: 1.05rem;
        height: 1.05rem;
        accent-color: var(--_focus);
      }
      [aria-invalid='true'] {
        border-color: var(--_danger-text);
        box-shadow: 0 0 0 1px var(--_danger-text);
      }
      textarea.template {
        width: 100%;
        box-sizing: border-box;
        min-height: calc(4 * 1.45em + 0.8rem);
        field-sizing: content;
        resize: vertical;
        font-family: var(--_mono);
        font-size: 0.85rem;
        line-height: 1.45;
        background: var(--_code-bg);
      }
      .hint {
        margin: 0;
        color: var(--_muted);
        font-size: 0.8rem;
      }
      .position-help {
        margin: 0.15rem 0 0;
        padding-inline-start: 1rem;
        color: var(--_muted);
        font-size: 0.8rem;
      }
      .position-help .current {
        color: var(--_text);
      }
      .issue {
        display: flex;
        gap: 0.35rem;
        align-items: flex-start;
        margin: 0.15rem 0 0;
        padding: 0.2rem 0.45rem;
        border-radius: 4px;
        font-size: 0.82rem;
        overflow-wrap: anywhere;
      }
      .issue .icon {
        flex: none;
        margin-top: 0.15rem;
      }
      .issue.error {
        color: var(--_danger-text);
        background: color-mix(in srgb, var(--_tool-failure) 9%, var(--_surface));
        font-weight: 600;
      }
      .issue.warning {
        color: var(--_text);
        background: color-mix(in srgb, var(--_tool-overview) 14%, var(--_surface));
        border-inline-start: 3px solid var(--_tool-overview);
      }
      .empty {
        margin: 0.25rem 0;
        color: var(--_muted);
      }
      .notice {
        margin: 0 0 0.75rem;
        padding: 0.5rem 0.75rem;
        border: 1px solid color-mix(in srgb, var(--_tool-overview) 50%, var(--_border));
        border-radius: 6px;
        background: color-mix(in srgb, var(--_tool-overview) 10%, var(--_surface));
        font-size: 0.875rem;
      }
      .notice pre {
        max-height: 10rem;
        overflow: auto;
        white-space: pre-wrap;
        overflow-wrap: anywhere;
        font-family: var(--_mono);
      }
      .settings {
        margin-top: 1rem;
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
      }
      .settings > summary {
        padding: 0.5rem 0.75rem;
        cursor: pointer;
        font-weight: 600;
      }
      .settings-body {
        display: flex;
        flex-direction: column;
        gap: 0.6rem;
        padding: 0 0.75rem 0.75rem;
      }
      .settings textarea {
        width: 100%;
        box-sizing: border-box;
        min-height: 7rem;
        font-family: var(--_mono);
        font-size: 0.85rem;
      }
      .settings .buttons {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.5rem;
      }
      .import-errors {
        margin: 0;
        padding: 0.5rem 0.75rem;
        border: 1px solid var(--_tool-failure);
        border-radius: 6px;
        background: color-mix(in srgb, var(--_tool-failure) 8%, var(--_surface));
        font-size: 0.875rem;
      }
      .import-errors p {
        margin: 0 0 0.25rem;
        font-weight: 600;
        color: var(--_danger-text);
      }
      .import-errors pre,
      .import-errors ul {
        margin: 0;
        white-space: pre-wrap;
        overflow-wrap: anywhere;
        font-family: var(--_mono);
        font-size: 0.85em;
      }
      .import-errors ul {
        font-family: inherit;
        padding-inline-start: 1.25rem;
      }
      .preview {
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        overflow: hidden;
      }
      .preview > h2 {
        padding: 0.6rem 0.75rem 0;
      }
      .prompt {
        display: flex;
        flex-direction: column;
        gap: 0.6rem;
        padding: 0.75rem;
      }
      .model-text {
        max-height: 28rem;
        overflow: auto;
      }
      .message {
        border: 1px solid var(--_border);
        border-radius: 6px;
        padding: 0.4rem 0.5rem 0.5rem;
      }
      .message.gap {
        border-color: color-mix(in srgb, var(--_supplement) 60%, var(--_border));
        border-inline-start: 4px solid var(--_supplement);
      }
      .message-head {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.25rem 0.6rem;
        margin-bottom: 0.3rem;
        font-size: 0.82rem;
        color: var(--_muted);
      }
      .message-head .role {
        font-weight: 700;
        color: var(--_text);
        text-transform: capitalize;
      }
      .gap-marker {
        font-weight: 600;
        color: var(--_text);
      }
      .messages {
        display: flex;
        flex-direction: column;
        gap: 0.5rem;
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .tool-calls {
        margin: 0.3rem 0 0;
        padding-inline-start: 1.1rem;
        font-size: 0.82rem;
        color: var(--_muted);
      }
      .preview-warnings {
        margin: 0;
        padding: 0.5rem 0.75rem;
        border-radius: 6px;
        border: 1px solid color-mix(in srgb, var(--_tool-overview) 50%, var(--_border));
        background: color-mix(in srgb, var(--_tool-overview) 10%, var(--_surface));
        font-size: 0.85rem;
      }
      .preview-warnings ul {
        margin: 0.25rem 0 0;
        padding-inline-start: 1.25rem;
      }
      .panel {
        display: block;
        height: 36rem;
      }
      .error {
        margin-bottom: 0.75rem;
      }
    `,
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

  /** The supplements being edited. */
  @state()
  private draft: Draft[] = [];

  /** The list as last saved (or loaded), to tell unsaved changes. */
  @state()
  private savedJson = '[]';

  @state()
  private status: { text: string; kind: 'info' | 'error' } | null = null;

  @state()
  private storageProblem: StorageProblem | null = null;

  @state()
  private inputNotice = '';

  @state()
  private expandedNatives = new Set<string>();

  @state()
  private yamlText = '';

  @state()
  private importProblem: { title: string; yaml?: string; issues?: ComponentIssue[] } | null = null;

  @state()
  private previewTab: 'prompt' | 'request' = 'prompt';

  private readonly input = new EnvelopeInput(this);
  private readonly ambient = new AmbientController(this);
  /** A stable key per row (ids are edited, so they cannot key the rows). */
  private keys: number[] = [];
  private nextKey = 1;
  /** The `components` value the draft was last taken from (or that save set). */
  private adopted: unknown = undefined;
  private loadedKey: string | undefined = undefined;
  /** Where to put focus once the next render is done. */
  private focusAfterRender: string | null = null;

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
    result: ComposeResult;
  };
  private validationMemo?: {
    draft: Draft[];
    natives: readonly NativeComponent[];
    result: ReturnType<typeof validateComponents>;
  };

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
    this.listenToRegistry();
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
    if (!this.focusAfterRender) return;
    const target = this.renderRoot.querySelector<HTMLElement>(`#${this.focusAfterRender}`);
    this.focusAfterRender = null;
    target?.focus();
  }

  /** The supplements as they are now in the editor (saved or not), copied. */
  get draftComponents(): PromptComponent[] {
    return this.draft.map(toSaved);
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
    let stored = true;
    let reason = '';
    if (this.storageKey) {
      try {
        localStorage.setItem(this.storageKey, json);
        this.storageProblem = null;
      } catch (error) {
        stored = false;
        reason = (error as Error)?.message ?? String(error);
      }
    }
    this.savedJson = json;
    this.adopted = this.components = components.map((c) => ({ ...c }));
    this.status = stored
      ? { text: a.t('studio.saved'), kind: 'info' }
      : { text: a.t('studio.storageFailed', { reason }), kind: 'error' };
    this.dispatchEvent(new StudioChangeEvent({ components: components.map((c) => ({ ...c })) }));
    return true;
  }

  /** The settings as YAML: `prompt-studio:` → `components:` → the supplements being edited. */
  exportYaml(): string {
    return dump(
      { 'prompt-studio': { components: this.draftComponents } },
      { lineWidth: -1, noRefs: true },
    );
  }

  /**
   * Replaces the supplements with those of a settings YAML text. Nothing changes when the YAML
   * cannot be read or a component is invalid; the problem is shown. Returns whether it replaced.
   */
  importYaml(text: string): boolean {
    const a = this.ambient;
    let value: unknown;
    try {
      value = load(text);
    } catch (error) {
      this.importProblem = {
        title: a.t('studio.importYamlError'),
        yaml: (error as Error)?.message ?? String(error),
      };
      return false;
    }
    const list = componentsOf(value);
    if (!list) {
      this.importProblem = { title: a.t('studio.importShape') };
      return false;
    }
    const drafts = toDrafts(list);
    const result = validateComponents(drafts, this.natives);
    if (!result.valid) {
      this.importProblem = { title: a.t('studio.importInvalid'), issues: result.errors };
      return false;
    }
    this.importProblem = null;
    this.setDraft(drafts, true);
    this.status = { text: a.t('studio.imported', { n: drafts.length }), kind: 'info' };
    return true;
  }

  private adopt(value: unknown) {
    if (Array.isArray(value)) {
      this.inputNotice = '';
      this.setDraft(toDrafts(value), true);
    } else {
      this.inputNotice = value === undefined || value === null ? '' : 'studio.notAList';
      this.setDraft([], true);
    }
    this.savedJson = JSON.stringify(this.draftComponents);
  }

  /** Reads the stored supplements; true when a usable list was found. */
  private loadFromStorage(): boolean {
    const key = this.storageKey;
    this.storageProblem = null;
    if (!key) return false;
    let raw: string | null;
    try {
      raw = localStorage.getItem(key);
    } catch (error) {
      this.storageProblem = { key, reason: (error as Error)?.message ?? String(error), raw: '' };
      return false;
    }
    if (raw === null) return false;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      this.storageProblem = { key, reason: (error as Error).message, raw };
      return false;
    }
    const list = componentsOf(value);
    if (!list) {
      this.storageProblem = { key, reason: this.ambient.t('studio.notAList'), raw };
      return false;
    }
    this.inputNotice = '';
    this.setDraft(toDrafts(list), true);
    this.savedJson = JSON.stringify(this.draftComponents);
    return true;
  }

  private setDraft(drafts: Draft[], newKeys: boolean) {
    this.draft = drafts;
    if (newKeys) this.keys = drafts.map(() => this.nextKey++);
  }

  private get natives(): NativeComponent[] {
    const envelope = this.shownEnvelope;
    if (!envelope) return [];
    const target = this.shownTarget;
    const memo = this.nativesMemo;
    const registry = this.contextRegistry;
    if (memo?.envelope === envelope && memo.target === target && memo.registry === registry)
      return memo.natives;
    let natives: NativeComponent[];
    try {
      natives = listNativeComponents(envelope, this.composeOptions);
    } catch {
      natives = [];
    }
    this.nativesMemo = { envelope, target, registry, natives };
    return natives;
  }

  private get validation(): ReturnType<typeof validateComponents> {
    const natives = this.natives;
    const memo = this.validationMemo;
    if (memo?.draft === this.draft && memo.natives === natives) return memo.result;
    const result = validateComponents(this.draft, natives);
    this.validationMemo = { draft: this.draft, natives, result };
    return result;
  }

  private composed(envelope: Envelope): ComposeResult {
    const target = this.shownTarget;
    const memo = this.composeMemo;
    const registry = this.contextRegistry;
    if (
      memo?.envelope === envelope &&
      memo.target === target &&
      memo.registry === registry &&
      memo.draft === this.draft
    )
      return memo.result;
    const result = composePrompt(envelope, this.draftComponents, this.composeOptions);
    this.composeMemo = { envelope, target, registry, draft: this.draft, result };
    return result;
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
    const envelope = this.shownEnvelope;
    return html`<div part="base" class="base ${a.theme}">
      <div class="layout">
        <section part="editor" class="editor" aria-labelledby="editor-title">
          <h2 id="editor-title">${a.t('studio.components')}</h2>
          <p class="intro">${a.t('studio.intro')}</p>
          ${own.status === 'error' ? renderErrorPanel(a.t('error.title'), own.errors) : nothing}
          ${this.renderNotices()} ${this.renderToolbar()} ${this.renderList()}
          ${this.renderSettings()}
        </section>
        ${this.renderPreview(envelope, own.status === 'loading')}
      </div>
    </div>`;
  }

  private renderNotices() {
    const a = this.ambient;
    const problem = this.storageProblem;
    return html`${
      this.inputNotice
        ? html`<p class="notice" role="status">${a.t(this.inputNotice as StringKey)}</p>`
        : nothing
    }
    ${
      problem
        ? html`<div class="notice" role="alert">
            <p>${a.t('studio.storageCorrupt', { key: problem.key, reason: problem.reason })}</p>
            ${
              problem.raw
                ? html`<details>
                    <summary>${a.t('studio.storedText')}</summary>
                    <pre>${problem.raw}</pre>
                  </details>`
                : nothing
            }
          </div>`
        : nothing
    }`;
  }

  private renderToolbar() {
    const a = this.ambient;
    const { errors, warnings } = this.validation;
    const dirty = this.dirty;
    const counts = [
      errors.length > 0 ? a.t('studio.errorCount', { n: errors.length }) : '',
      warnings.length > 0 ? a.t('studio.warningCount', { n: warnings.length }) : '',
    ]
      .filter(Boolean)
      .join(' · ');
    return html`<div part="toolbar" class="toolbar">
      <button type="button" class="action" id="add" @click=${this.addSupplement}>
        + ${a.t('studio.add')}
      </button>
      <button type="button" class="action primary" id="save" @click=${() => this.save()}>
        ${a.t('studio.save')}
      </button>
      ${dirty ? html`<span class="unsaved" id="unsaved">${a.t('studio.unsaved')}</span>` : nothing}
      ${counts ? html`<span class="status">${counts}</span>` : nothing}
      <span
        class="status"
        id="save-status"
        role=${this.status?.kind === 'error' ? 'alert' : 'status'}
        >${this.status?.text ?? ''}</span
      >
    </div>`;
  }

  private renderList() {
    const a = this.ambient;
    const natives = this.natives;
    const issues = this.issuesByRow();
    return html`<ul class="list" aria-labelledby="editor-title">
        ${natives.map((n) => this.renderNative(n))}
        ${repeat(
          this.draft,
          (_, i) => this.keys[i],
          (d, i) => this.renderSupplement(d, i, issues.get(i) ?? [], natives),
        )}
      </ul>
      ${
        natives.length === 0 && this.shownEnvelope
          ? html`<p class="empty">${a.t('studio.noNatives')}</p>`
          : nothing
      }
      ${this.draft.length === 0 ? html`<p class="empty">${a.t('studio.noSupplements')}</p>` : nothing}`;
  }

  private renderNative(native: NativeComponent) {
    const a = this.ambient;
    const template = str(native.template);
    const long =
      template.split('\n').length > NATIVE_PREVIEW_LINES || template.length > NATIVE_PREVIEW_CHARS;
    const expanded = this.expandedNatives.has(native.id);
    const overrides = this.draft.filter((d) => d.origin === native.id);
    const active = overrides.find((d) => d.enabled !== false);
    const domId = `native-${this.natives.indexOf(native)}`;
    let note = '';
    if (active) note = a.t('studio.replacedBy', { id: str(active.id) });
    else if (overrides.length > 0) note = a.t('studio.removedBy', { id: str(overrides[0]!.id) });
    return html`<li
      part="native"
      class="row native ${overrides.length > 0 ? 'overridden' : ''}"
      data-id=${native.id}
    >
      <div class="row-head">
        <h3 id="${domId}-title">${native.label || native.id}</h3>
        <span class="badge">${a.t('studio.native')}</span>
      </div>
      <ul class="facts">
        <li><code>${native.id}</code></li>
        <li>${a.t('studio.role')}: ${a.t(`role.${native.role}` as StringKey)}</li>
        <li>${a.t('studio.order')}: ${native.order}</li>
        ${native.position ? html`<li>${a.t('studio.position')}: ${native.position}</li>` : nothing}
      </ul>
      <pre
        class="template-text ${long && !expanded ? 'clamped' : ''}"
        id="${domId}-template"
        tabindex=${long ? 0 : -1}
        aria-label=${a.t('studio.templateOf', { name: native.label || native.id })}
      >
${template}</pre>
      ${note ? html`<p class="override-note">${note}</p>` : nothing}
      <div class="row-actions">
        ${
          long
            ? html`<button
                type="button"
                class="action small"
                aria-expanded=${expanded ? 'true' : 'false'}
                aria-controls="${domId}-template"
                @click=${() => this.toggleNative(native.id)}
              >
                ${a.t(expanded ? 'longText.showLess' : 'longText.showAll')}
              </button>`
            : nothing
        }
        <button
          type="button"
          class="action small"
          aria-describedby="${domId}-title"
          @click=${() => this.createOverride(native)}
        >
          ${a.t('studio.createOverride')}
        </button>
      </div>
    </li>`;
  }

  private renderSupplement(
    d: Draft,
    index: number,
    issues: RowIssue[],
    natives: readonly NativeComponent[],
  ) {
    const a = this.ambient;
    const key = this.keys[index];
    const p = `s${key}`;
    const role = str(d.role);
    const inMessages = role === 'user' || role === 'assistant';
    const id = str(d.id);
    const name = id || a.t('studio.untitled', { n: index + 1 });
    const field = (f: Field) => issues.filter((i) => i.field === f);
    const describedBy = (f: Field, ...extra: string[]) =>
      [...field(f).map((_, j) => `${p}-${f}-issue-${j}`), ...extra].join(' ') || nothing;
    const invalid = (f: Field) => (field(f).some((i) => i.severity === 'error') ? 'true' : 'false');
    const origin = str(d.origin);
    const originKnown = origin === '' || natives.some((n) => n.id === origin);
    const position = str(d.position);
    const enabled = d.enabled !== false;
    return html`<li
      part="supplement"
      class="row supplement ${enabled ? '' : 'disabled'}"
      data-key=${key}
      aria-labelledby="${p}-title"
    >
      <div class="row-head">
        <h3 id="${p}-title">${name}</h3>
        <span class="badge"
          >${a.t('studio.supplement')}${origin ? ` · ${a.t('studio.override')}` : ''}</span
        >
      </div>
      ${this.renderIssues(field(''), `${p}--issue`)}
      ${this.renderIssues(field('kind'), `${p}-kind-issue`)}
      <div class="fields">
        <div class="field">
          <label for="${p}-id">${a.t('studio.id')}</label>
          <input
            id="${p}-id"
            type="text"
            spellcheck="false"
            autocomplete="off"
            .value=${live(id)}
            aria-invalid=${invalid('id')}
            aria-describedby=${describedBy('id')}
            @input=${(e: Event) => this.patchRow(index, { id: (e.target as HTMLInputElement).value })}
          />
          ${this.renderIssues(field('id'), `${p}-id-issue`)}
        </div>
        <div class="field">
          <label for="${p}-role">${a.t('studio.role')}</label>
          <select
            id="${p}-role"
            aria-invalid=${invalid('role')}
            aria-describedby=${describedBy('role')}
            @change=${(e: Event) => this.changeRole(index, (e.target as HTMLSelectElement).value)}
          >
            ${ROLES.includes(role as ComponentRole) ? nothing : html`<option value="" selected>—</option>`}
            ${ROLES.map(
              (r) =>
                html`<option value=${r} ?selected=${r === role}>
                  ${a.t(`role.${r}` as StringKey)}
                </option>`,
            )}
          </select>
          ${this.renderIssues(field('role'), `${p}-role-issue`)}
        </div>
        <div class="field">
          <label for="${p}-order">${a.t('studio.order')}</label>
          <input
            id="${p}-order"
            type="number"
            step="1"
            .value=${live(typeof d.order === 'number' && Number.isFinite(d.order) ? String(d.order) : '')}
            aria-invalid=${invalid('order')}
            aria-describedby=${describedBy('order', `${p}-order-hint`)}
            @input=${(e: Event) => this.changeOrder(index, e.target as HTMLInputElement)}
          />
          <p class="hint" id="${p}-order-hint">
            ${a.t(inMessages ? 'studio.orderHint.message' : 'studio.orderHint.system')}
          </p>
          ${this.renderIssues(field('order'), `${p}-order-issue`)}
        </div>
        <div class="field check">
          <input
            id="${p}-enabled"
            type="checkbox"
            .checked=${live(enabled)}
            aria-invalid=${invalid('enabled')}
            aria-describedby=${describedBy('enabled')}
            @change=${(e: Event) =>
              this.patchRow(index, { enabled: (e.target as HTMLInputElement).checked })}
          />
          <label for="${p}-enabled">${a.t('studio.enabled')}</label>
          ${this.renderIssues(field('enabled'), `${p}-enabled-issue`)}
        </div>
        ${
          inMessages
            ? this.renderPositionSelect(p, index, position, describedBy, invalid, field('position'))
            : position || field('position').length > 0
              ? this.renderStrayPosition(p, index, position, describedBy, field('position'))
              : nothing
        }
        <div class="field wide">
          <label for="${p}-origin">${a.t('studio.origin')}</label>
          <select
            id="${p}-origin"
            aria-invalid=${invalid('origin')}
            aria-describedby=${describedBy('origin', `${p}-origin-hint`)}
            @change=${(e: Event) => {
              const value = (e.target as HTMLSelectElement).value;
              this.patchRow(index, { origin: value === '' ? undefined : value });
            }}
          >
            <option value="" ?selected=${origin === ''}>${a.t('studio.originNone')}</option>
            ${natives.map(
              (n) =>
                html`<option value=${n.id} ?selected=${n.id === origin}>
                  ${n.label || n.id} (${n.id})
                </option>`,
            )}
            ${
              originKnown
                ? nothing
                : html`<option value=${origin} selected>
                    ${a.t('studio.originUnknown', { id: origin })}
                  </option>`
            }
          </select>
          <p class="hint" id="${p}-origin-hint">${a.t('studio.originHint')}</p>
          ${this.renderIssues(field('origin'), `${p}-origin-issue`)}
        </div>
        <div class="field wide">
          <label for="${p}-template">${a.t('studio.template')}</label>
          <textarea
            part="template"
            class="template"
            id="${p}-template"
            spellcheck="false"
            rows=${Math.max(4, str(d.template).split('\n').length + 1)}
            .value=${live(str(d.template))}
            aria-invalid=${invalid('template')}
            aria-describedby=${describedBy('template', `${p}-template-hint`)}
            @input=${(e: Event) =>
              this.patchRow(index, { template: (e.target as HTMLTextAreaElement).value })}
          ></textarea>
          <p class="hint" id="${p}-template-hint">${a.t('studio.templateHint')}</p>
          ${this.renderIssues(field('template'), `${p}-template-issue`)}
        </div>
      </div>
      <div class="row-actions">
        <button
          type="button"
          class="action small"
          id="${p}-up"
          aria-label=${a.t('studio.moveUpOf', { name })}
          ?disabled=${index === 0}
          @click=${() => this.moveRow(index, -1)}
        >
          ↑ ${a.t('studio.moveUp')}
        </button>
        <button
          type="button"
          class="action small"
          id="${p}-down"
          aria-label=${a.t('studio.moveDownOf', { name })}
          ?disabled=${index === this.draft.length - 1}
          @click=${() => this.moveRow(index, 1)}
        >
          ↓ ${a.t('studio.moveDown')}
        </button>
        <button
          type="button"
          class="action small"
          id="${p}-remove"
          aria-label=${a.t('studio.removeOf', { name })}
          @click=${() => this.removeRow(index)}
        >
          ${a.t('studio.remove')}
        </button>
      </div>
    </li>`;
  }

  private renderPositionSelect(
    p: string,
    index: number,
    position: string,
    describedBy: (f: Field, ...extra: string[]) => string | typeof nothing,
    invalid: (f: Field) => string,
    issues: RowIssue[],
  ) {
    const a = this.ambient;
    const known = (COMPONENT_POSITIONS as readonly string[]).includes(position);
    return html`<div class="field wide">
      <label for="${p}-position">${a.t('studio.position')}</label>
      <select
        id="${p}-position"
        aria-invalid=${invalid('position')}
        aria-describedby=${describedBy('position', `${p}-position-help`)}
        @change=${(e: Event) => {
          const value = (e.target as HTMLSelectElement).value;
          this.patchRow(index, { position: value === '' ? undefined : value });
        }}
      >
        ${known ? nothing : html`<option value="" selected>—</option>`}
        ${COMPONENT_POSITIONS.map(
          (pos) =>
            html`<option value=${pos} ?selected=${pos === position}>
              ${a.t(`studio.position.${pos}` as StringKey)}
            </option>`,
        )}
      </select>
      <ul class="position-help" id="${p}-position-help">
        ${COMPONENT_POSITIONS.map(
          (pos) =>
            html`<li class=${pos === position ? 'current' : ''}>
              <strong>${a.t(`studio.position.${pos}` as StringKey)}</strong>:
              ${a.t(`studio.positionHelp.${pos}` as StringKey)}
            </li>`,
        )}
      </ul>
      ${this.renderIssues(issues, `${p}-position-issue`)}
    </div>`;
  }

  /** A system component that carries a position (given by a host or a file): say so, offer to drop it. */
  private renderStrayPosition(
    p: string,
    index: number,
    position: string,
    describedBy: (f: Field, ...extra: string[]) => string | typeof nothing,
    issues: RowIssue[],
  ) {
    const a = this.ambient;
    return html`<div class="field wide">
      <span class="field-label" id="${p}-position-label">${a.t('studio.position')}</span>
      <div class="row-actions">
        <code>${position || '—'}</code>
        <button
          type="button"
          class="action small"
          id="${p}-position"
          aria-describedby=${describedBy('position', `${p}-position-label`)}
          @click=${() => this.patchRow(index, { position: undefined })}
        >
          ${a.t('studio.removePosition')}
        </button>
      </div>
      ${this.renderIssues(issues, `${p}-position-issue`)}
    </div>`;
  }

  private renderIssues(issues: RowIssue[], idPrefix: string) {
    if (issues.length === 0) return nothing;
    const a = this.ambient;
    return issues.map((issue, j) => {
      const severity = issue.severity;
      return html`<p
        part="issue"
        class="issue ${severity}"
        id="${idPrefix}-${j}"
        data-field=${issue.field}
        data-code=${issue.code}
      >
        ${icon(severity === 'error' ? 'failure' : 'warning')}
        <span
          ><span class="visually-hidden"
            >${a.t(severity === 'error' ? 'studio.error' : 'studio.warning')}: </span
          >${issue.message}</span
        >
      </p>`;
    });
  }

  /** Validation findings per row index, each tagged with its severity. */
  private issuesByRow(): Map<number, RowIssue[]> {
    const { errors, warnings } = this.validation;
    const rows = new Map<number, RowIssue[]>();
    const add = (issue: ComponentIssue, severity: 'error' | 'warning') => {
      const list = rows.get(issue.index) ?? [];
      list.push({ ...issue, severity });
      rows.set(issue.index, list);
    };
    errors.forEach((i) => add(i, 'error'));
    warnings.forEach((i) => add(i, 'warning'));
    return rows;
  }

  private renderSettings() {
    const a = this.ambient;
    const problem = this.importProblem;
    return html`<details part="settings" class="settings">
      <summary>${a.t('studio.settings')}</summary>
      <div class="settings-body">
        <p class="hint">${a.t('studio.settingsHint')}</p>
        <div class="buttons">
          <button type="button" class="action" id="yaml-copy" @click=${this.copyYaml}>
            ${icon('copy')} ${a.t('studio.exportCopy')}
          </button>
          <button type="button" class="action" id="yaml-download" @click=${this.downloadYaml}>
            ${icon('download')} ${a.t('studio.exportDownload')}
          </button>
        </div>
        <label for="yaml-text" class="field-label">${a.t('studio.importText')}</label>
        <textarea
          id="yaml-text"
          spellcheck="false"
          .value=${live(this.yamlText)}
          aria-describedby=${problem ? 'import-problem' : nothing}
          @input=${(e: Event) => (this.yamlText = (e.target as HTMLTextAreaElement).value)}
        ></textarea>
        <div class="buttons">
          <button
            type="button"
            class="action"
            id="yaml-import"
            @click=${() => this.importYaml(this.yamlText)}
          >
            ${a.t('studio.import')}
          </button>
          <label class="field-label"
            >${a.t('studio.importFile')}
            <input
              type="file"
              id="yaml-file"
              accept=".yaml,.yml,application/yaml,text/yaml"
              @change=${this.onYamlFile}
          /></label>
        </div>
        ${
          problem
            ? html`<div class="import-errors" id="import-problem" role="alert">
                <p>${problem.title}</p>
                ${problem.yaml ? html`<pre>${problem.yaml}</pre>` : nothing}
                ${
                  problem.issues
                    ? html`<ul>
                        ${problem.issues.map(
                          (i) =>
                            html`<li>
                              ${a.t('studio.importIssueAt', { n: i.index })}${
                                i.field ? html` <code>${i.field}</code>` : nothing
                              }:
                              ${i.message}
                            </li>`,
                        )}
                      </ul>`
                    : nothing
                }
              </div>`
            : nothing
        }
      </div>
    </details>`;
  }

  private renderPreview(envelope: Envelope | undefined, loading: boolean) {
    const a = this.ambient;
    let body;
    if (loading) body = html`<p class="empty" role="status">${a.t('common.loading')}</p>`;
    else if (!envelope) body = html`<p class="empty">${a.t('studio.noEnvelope')}</p>`;
    else
      body = renderTabs(
        {
          tabs: [
            { id: 'prompt' as const, label: a.t('studio.prompt') },
            { id: 'request' as const, label: a.t('studio.request') },
          ],
          selected: this.previewTab,
          label: a.t('studio.preview'),
          onSelect: (id) => (this.previewTab = id),
          root: this.renderRoot,
          prefix: 'preview',
        },
        this.previewTab === 'prompt'
          ? this.renderPrompt(this.composed(envelope))
          : html`<protocol-panel
              part="panel"
              class="panel"
              .envelope=${envelope}
              .components=${this.draftComponents}
              tab=${this.shownTarget}
              name="prompt-studio"
              theme=${a.theme}
              lang=${a.lang}
              @envelope-load=${stop}
              @envelope-error=${stop}
            ></protocol-panel>`,
      );
    return html`<section part="preview" class="preview" aria-labelledby="preview-title">
      <h2 id="preview-title">${a.t('studio.preview')}</h2>
      ${body}
    </section>`;
  }

  private renderPrompt(result: ComposeResult) {
    const a = this.ambient;
    return html`<div class="prompt">
      <p class="hint">${a.t('studio.previewHint')}</p>
      ${
        result.warnings.length > 0
          ? html`<div class="preview-warnings">
              <strong>${a.t('panel.warnings')} (${result.warnings.length})</strong>
              <ul>
                ${result.warnings.map((w) => html`<li>${w.message}</li>`)}
              </ul>
            </div>`
          : nothing
      }
      <section aria-labelledby="system-title">
        <h3 id="system-title">${a.t('studio.systemText')}</h3>
        ${
          result.system === null || result.system === ''
            ? html`<p class="empty">${a.t('studio.noSystem')}</p>`
            : html`<pre
                part="system"
                class="model-text"
                tabindex="0"
                aria-labelledby="system-title"
              >
${result.system}</pre>`
        }
      </section>
      <section aria-labelledby="messages-title">
        <h3 id="messages-title">${a.t('studio.messages', { n: result.messages.length })}</h3>
        <ol class="messages">
          ${result.messages.map((m, i) => this.renderMessage(m, i))}
        </ol>
      </section>
    </div>`;
  }

  private renderMessage(message: ComposedMessage, index: number) {
    const a = this.ambient;
    const roleKey = `role.${message.role}` as StringKey;
    const roleLabel = message.role === 'developer' ? 'developer' : a.t(roleKey);
    const gap = message.gap;
    return html`<li
      part="message"
      class="message ${gap ? 'gap' : ''}"
      data-gap=${gap ?? ''}
      data-role=${message.role}
    >
      <div class="message-head">
        <span class="role">${roleLabel}</span>
        ${
          gap
            ? html`<span class="gap-marker"
                >${a.t('studio.gapMarker', {
                  gap: a.t(`studio.position.${gap}` as StringKey),
                  ids: message.components.join(', '),
                })}</span
              >`
            : message.components.length > 0
              ? html`<span class="gap-marker"
                  >${a.t('studio.inMessage', { ids: message.components.join(', ') })}</span
                >`
              : nothing
        }
        ${message.toolCallId ? html`<span>${a.t('studio.answers', { id: message.toolCallId })}</span>` : nothing}
      </div>
      ${
        message.content !== ''
          ? html`<pre
              class="model-text content"
              tabindex="0"
              aria-label=${a.t('studio.messageText', { n: index + 1, role: roleLabel })}
            >
${message.content}</pre>`
          : nothing
      }
      ${
        message.toolCalls && message.toolCalls.length > 0
          ? html`<ul class="tool-calls" aria-label=${a.t('studio.toolCalls')}>
              ${message.toolCalls.map(
                (c) =>
                  html`<li>
                    <code>${c.name}(${safeJson(c.arguments)})</code> · <code>${c.id}</code>
                  </li>`,
              )}
            </ul>`
          : nothing
      }
    </li>`;
  }

  private toggleNative(id: string) {
    const next = new Set(this.expandedNatives);
    if (!next.delete(id)) next.add(id);
    this.expandedNatives = next;
  }

  private patchRow(index: number, patch: Partial<Record<keyof PromptComponent, unknown>>) {
    this.status = null;
    this.draft = this.draft.map((d, i) => {
      if (i !== index) return d;
      const next: Draft = { ...d };
      for (const [k, v] of Object.entries(patch) as [keyof PromptComponent, unknown][]) {
        if (v === undefined) delete next[k];
        else next[k] = v;
      }
      return next;
    });
  }

  private changeRole(index: number, role: string) {
    const current = this.draft[index];
    if (!current) return;
    if (role === 'system') this.patchRow(index, { role, position: undefined });
    else {
      const position = str(current.position);
      this.patchRow(index, {
        role,
        position: (COMPONENT_POSITIONS as readonly string[]).includes(position) ? position : 'tail',
      });
    }
  }

  private changeOrder(index: number, input: HTMLInputElement) {
    const value = input.valueAsNumber;
    // An emptied field leaves the order unset (validation says so) rather than inventing one.
    this.patchRow(index, { order: Number.isFinite(value) ? value : undefined });
  }

  private addSupplement = () => {
    const ids = new Set(this.draft.map((d) => str(d.id)));
    let n = this.draft.length + 1;
    while (ids.has(`supplement:${n}`)) n++;
    const component: PromptComponent = {
      id: `supplement:${n}`,
      kind: 'supplement',
      role: 'system',
      order: 0,
      enabled: true,
      template: '',
    };
    this.status = null;
    const key = this.nextKey++;
    this.draft = [...this.draft, component as Draft];
    this.keys = [...this.keys, key];
    this.focusAfterRender = `s${key}-id`;
  };

  private createOverride(native: NativeComponent) {
    const ids = new Set(this.draft.map((d) => str(d.id)));
    const base = `override:${native.id}`;
    let id = base;
    for (let n = 2; ids.has(id); n++) id = `${base}:${n}`;
    const component: PromptComponent = {
      id,
      kind: 'supplement',
      role: native.role,
      ...(native.role === 'system' ? {} : { position: 'anchored' as ComponentPosition }),
      order: native.order,
      enabled: true,
      template: native.template,
      origin: native.id,
    };
    this.status = null;
    const key = this.nextKey++;
    this.draft = [...this.draft, component as Draft];
    this.keys = [...this.keys, key];
    this.focusAfterRender = `s${key}-template`;
  }

  private moveRow(index: number, by: -1 | 1) {
    const to = index + by;
    if (to < 0 || to >= this.draft.length) return;
    const draft = [...this.draft];
    const keys = [...this.keys];
    [draft[index], draft[to]] = [draft[to]!, draft[index]!];
    [keys[index], keys[to]] = [keys[to]!, keys[index]!];
    this.status = null;
    this.draft = draft;
    this.keys = keys;
    const key = keys[to]!;
    // Keep the focus on the button that was pressed, unless it is now at the end of the list.
    const atEnd = (by === -1 && to === 0) || (by === 1 && to === draft.length - 1);
    this.focusAfterRender = `s${key}-${(by === -1) !== atEnd ? 'up' : 'down'}`;
  }

  private removeRow(index: number) {
    this.status = null;
    this.draft = this.draft.filter((_, i) => i !== index);
    this.keys = this.keys.filter((_, i) => i !== index);
    const next = this.keys[index] ?? this.keys[index - 1];
    this.focusAfterRender = next === undefined ? 'add' : `s${next}-id`;
  }

  private copyYaml = async () => {
    const a = this.ambient;
    const yaml = this.exportYaml();
    this.yamlText = yaml;
    try {
      await navigator.clipboard.writeText(yaml);
      this.status = { text: a.t('studio.yamlCopied'), kind: 'info' };
    } catch {
      this.status = { text: a.t('panel.copyFailed'), kind: 'error' };
    }
  };

  private downloadYaml = () => {
    const yaml = this.exportYaml();
    this.yamlText = yaml;
    const url = URL.createObjectURL(new Blob([yaml], { type: 'application/yaml' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'prompt-studio.yaml';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  private onYamlFile = async (event: Event) => {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      this.importProblem = {
        title: this.ambient.t('studio.importYamlError'),
        yaml: (error as Error)?.message ?? String(error),
      };
      return;
    }
    this.yamlText = text;
    this.importYaml(text);
    input.value = '';
  };
}

/** Events of the embedded panel are the studio's own business: it reports its envelope itself. */
const stop = (event: Event) => event.stopPropagation();

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
