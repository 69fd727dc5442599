import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { NativeComponent } from '../../core/assembly/compose.js';
import type { AmbientController } from '../internal/strings/localize.js';
import { renderCutNote, shownPart } from '../internal/pacing/shown-text.js';
import type { StringKey } from '../internal/strings/strings.js';
import { NATIVE_PREVIEW_LINES } from './prompt-studio.styles.js';
import { renderSupplementRow } from './supplement-editor.js';
import { issuesByRow, str, type SupplementDrafts } from './supplement-drafts.js';

/** A native template longer than NATIVE_PREVIEW_LINES lines (or this many characters) starts collapsed. */
const NATIVE_PREVIEW_CHARS = 320;

/** The outcome of the last save, import or copy, as the toolbar says it. */
export interface StatusMessage {
  text: string;
  kind: 'info' | 'error';
}

export interface ToolbarView {
  ambient: AmbientController;
  errorCount: number;
  warningCount: number;
  /** Whether the list holds changes that were not saved. */
  dirty: boolean;
  status: StatusMessage | null;
  onAdd: () => void;
  onSave: () => void;
}

/** Add and save, the unsaved mark, the issue counts and the save status; it stays in view. */
export function renderToolbar(v: ToolbarView): TemplateResult {
  const a = v.ambient;
  const counts = [
    v.errorCount > 0 ? a.t('studio.errorCount', { n: v.errorCount }) : '',
    v.warningCount > 0 ? a.t('studio.warningCount', { n: v.warningCount }) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return html`<div part="toolbar" class="toolbar">
    <button type="button" class="action" id="add" @click=${v.onAdd}>+ ${a.t('studio.add')}</button>
    <button type="button" class="action primary" id="save" @click=${v.onSave}>
      ${a.t('studio.save')}
    </button>
    ${v.dirty ? html`<span class="unsaved" id="unsaved">${a.t('studio.unsaved')}</span>` : nothing}
    ${counts ? html`<span class="status">${counts}</span>` : nothing}
    <span class="status" id="save-status" role=${v.status?.kind === 'error' ? 'alert' : 'status'}
      >${v.status?.text ?? ''}</span
    >
  </div>`;
}

export interface ComponentListView {
  ambient: AmbientController;
  /** The envelope's native components (none while there is no envelope). */
  natives: readonly NativeComponent[];
  hasEnvelope: boolean;
  drafts: SupplementDrafts;
  validation: Parameters<typeof issuesByRow>[0];
  /** The natives whose long template is shown whole, by id. */
  expandedNatives: ReadonlySet<string>;
  onToggleNative: (id: string) => void;
}

/** One list: the native components (read-only) first, then the supplements being edited. */
export function renderComponentList(v: ComponentListView): TemplateResult {
  const a = v.ambient;
  const { natives, drafts } = v;
  const issues = issuesByRow(v.validation);
  return html`<ul class="list" aria-labelledby="editor-title">
      ${natives.map((n, i) => renderNativeRow(v, n, i))}
      ${repeat(
        drafts.drafts,
        (_, i) => drafts.keys[i],
        (d, i) =>
          renderSupplementRow(
            {
              draft: d,
              index: i,
              key: drafts.keys[i]!,
              last: i === drafts.drafts.length - 1,
              issues: issues.get(i) ?? [],
              natives,
            },
            drafts,
            a,
          ),
      )}
    </ul>
    ${natives.length === 0 && v.hasEnvelope ? html`<p class="empty">${a.t('studio.noNatives')}</p>` : nothing}
    ${drafts.drafts.length === 0 ? html`<p class="empty">${a.t('studio.noSupplements')}</p>` : nothing}`;
}

/**
 * A native component: its facts and template (a long one collapsed), what overrides it, and
 * "Create override", which starts a supplement from it.
 */
function renderNativeRow(v: ComponentListView, native: NativeComponent, index: number) {
  const a = v.ambient;
  const template = str(native.template);
  const long =
    template.length > NATIVE_PREVIEW_CHARS || hasMoreLines(template, NATIVE_PREVIEW_LINES);
  const expanded = v.expandedNatives.has(native.id);
  const overrides = v.drafts.drafts.filter((d) => d.origin === native.id);
  const active = overrides.find((d) => d.enabled !== false);
  const domId = `native-${index}`;
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
${shownPart(template)}</pre>
    ${renderCutNote(a, template.length)}
    ${note ? html`<p class="override-note">${note}</p>` : nothing}
    <div class="row-actions">
      ${
        long
          ? html`<button
              type="button"
              class="action small"
              aria-expanded=${expanded ? 'true' : 'false'}
              aria-controls="${domId}-template"
              @click=${() => v.onToggleNative(native.id)}
            >
              ${a.t(expanded ? 'longText.showLess' : 'longText.showAll')}
            </button>`
          : nothing
      }
      <button
        type="button"
        class="action small"
        aria-describedby="${domId}-title"
        @click=${() => v.drafts.createOverride(native)}
      >
        ${a.t('studio.createOverride')}
      </button>
    </div>
  </li>`;
}

/** Whether `text` has more than `lines` lines, found without splitting all of it. */
function hasMoreLines(text: string, lines: number): boolean {
  let at = -1;
  for (let count = 0; count < lines; count++) {
    at = text.indexOf('\n', at + 1);
    if (at < 0) return false;
  }
  return true;
}
