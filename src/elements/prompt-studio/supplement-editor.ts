import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import {
  COMPONENT_POSITIONS,
  type ComponentRole,
  type NativeComponent,
} from '../../core/assembly/compose.js';
import { failureIcon, icon, warningIcon } from '../internal/ui/icons.js';
import type { AmbientController } from '../internal/strings/localize.js';
import type { StringKey } from '../internal/strings/strings.js';
import {
  rowIdPrefix,
  str,
  type Draft,
  type Field,
  type RowIssue,
  type SupplementDrafts,
} from './supplement-drafts.js';

const ROLES: readonly ComponentRole[] = ['system', 'user', 'assistant'];

/** One supplement row of the list, as the editor draws it. */
export interface SupplementRow {
  draft: Draft;
  index: number;
  /** Its stable key (see SupplementDrafts). */
  key: number;
  /** Whether it is the last row (it cannot move down). */
  last: boolean;
  issues: RowIssue[];
  /** The envelope's native components, which an override can name as its origin. */
  natives: readonly NativeComponent[];
}

/** What the field renderers of one row share. */
interface RowContext {
  /** The prefix of the row's element ids. */
  p: string;
  index: number;
  ambient: AmbientController;
  drafts: SupplementDrafts;
  issuesOf(field: Field): RowIssue[];
  /** The ids of a field's issues, and any `extra` ids, for `aria-describedby`. */
  describedBy(field: Field, ...extra: string[]): string | typeof nothing;
  /** `aria-invalid` of a field: whether one of its issues is an error. */
  invalid(field: Field): 'true' | 'false';
}

/**
 * A supplement's row: its fields (id, role, order, enabled, position, origin, template) with
 * their validation issues inline, and the buttons that move and remove it. Every change goes to
 * `drafts`.
 */
export function renderSupplementRow(
  row: SupplementRow,
  drafts: SupplementDrafts,
  ambient: AmbientController,
): TemplateResult {
  const a = ambient;
  const { draft: d, index, key, natives } = row;
  const c = rowContext(row, drafts, ambient);
  const { p, issuesOf, describedBy, invalid } = c;
  const role = str(d.role);
  const inMessages = role === 'user' || role === 'assistant';
  const id = str(d.id);
  const name = id || a.t('studio.untitled', { n: index + 1 });
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
    ${renderIssues(a, issuesOf(''), `${p}--issue`)}
    ${renderIssues(a, issuesOf('kind'), `${p}-kind-issue`)}
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
          @input=${(e: Event) => drafts.patch(index, { id: (e.target as HTMLInputElement).value })}
        />
        ${renderIssues(a, issuesOf('id'), `${p}-id-issue`)}
      </div>
      <div class="field">
        <label for="${p}-role">${a.t('studio.role')}</label>
        <select
          id="${p}-role"
          aria-invalid=${invalid('role')}
          aria-describedby=${describedBy('role')}
          @change=${(e: Event) => drafts.changeRole(index, (e.target as HTMLSelectElement).value)}
        >
          ${ROLES.includes(role as ComponentRole) ? nothing : html`<option value="" selected>—</option>`}
          ${ROLES.map(
            (r) =>
              html`<option value=${r} ?selected=${r === role}>
                ${a.t(`role.${r}` as StringKey)}
              </option>`,
          )}
        </select>
        ${renderIssues(a, issuesOf('role'), `${p}-role-issue`)}
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
          @input=${(e: Event) => {
            const value = (e.target as HTMLInputElement).valueAsNumber;
            // An emptied field leaves the order unset (validation says so) rather than inventing one.
            drafts.patch(index, { order: Number.isFinite(value) ? value : undefined });
          }}
        />
        <p class="hint" id="${p}-order-hint">
          ${a.t(inMessages ? 'studio.orderHint.message' : 'studio.orderHint.system')}
        </p>
        ${renderIssues(a, issuesOf('order'), `${p}-order-issue`)}
      </div>
      <div class="field check">
        <input
          id="${p}-enabled"
          type="checkbox"
          .checked=${live(enabled)}
          aria-invalid=${invalid('enabled')}
          aria-describedby=${describedBy('enabled')}
          @change=${(e: Event) =>
            drafts.patch(index, { enabled: (e.target as HTMLInputElement).checked })}
        />
        <label for="${p}-enabled">${a.t('studio.enabled')}</label>
        ${renderIssues(a, issuesOf('enabled'), `${p}-enabled-issue`)}
      </div>
      ${
        inMessages
          ? renderPositionSelect(c, position)
          : position || issuesOf('position').length > 0
            ? renderStrayPosition(c, position)
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
            drafts.patch(index, { origin: value === '' ? undefined : value });
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
        ${renderIssues(a, issuesOf('origin'), `${p}-origin-issue`)}
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
            drafts.patch(index, { template: (e.target as HTMLTextAreaElement).value })}
        ></textarea>
        <p class="hint" id="${p}-template-hint">${a.t('studio.templateHint')}</p>
        ${renderIssues(a, issuesOf('template'), `${p}-template-issue`)}
      </div>
    </div>
    <div class="row-actions">
      <button
        type="button"
        class="action small"
        id="${p}-up"
        aria-label=${a.t('studio.moveUpOf', { name })}
        ?disabled=${index === 0}
        @click=${() => drafts.move(index, -1)}
      >
        ↑ ${a.t('studio.moveUp')}
      </button>
      <button
        type="button"
        class="action small"
        id="${p}-down"
        aria-label=${a.t('studio.moveDownOf', { name })}
        ?disabled=${row.last}
        @click=${() => drafts.move(index, 1)}
      >
        ↓ ${a.t('studio.moveDown')}
      </button>
      <button
        type="button"
        class="action small"
        id="${p}-remove"
        aria-label=${a.t('studio.removeOf', { name })}
        @click=${() => drafts.remove(index)}
      >
        ${a.t('studio.remove')}
      </button>
    </div>
  </li>`;
}

function rowContext(
  row: SupplementRow,
  drafts: SupplementDrafts,
  ambient: AmbientController,
): RowContext {
  const c: RowContext = {
    p: rowIdPrefix(row.key),
    index: row.index,
    ambient,
    drafts,
    issuesOf: (f) => row.issues.filter((i) => i.field === f),
    describedBy: (f, ...extra) =>
      [...c.issuesOf(f).map((_, j) => `${c.p}-${f}-issue-${j}`), ...extra].join(' ') || nothing,
    invalid: (f) => (c.issuesOf(f).some((i) => i.severity === 'error') ? 'true' : 'false'),
  };
  return c;
}

/** The position of a user or assistant supplement: a select, with what each position means. */
function renderPositionSelect(c: RowContext, position: string) {
  const { p, ambient: a } = c;
  const known = (COMPONENT_POSITIONS as readonly string[]).includes(position);
  return html`<div class="field wide">
    <label for="${p}-position">${a.t('studio.position')}</label>
    <select
      id="${p}-position"
      aria-invalid=${c.invalid('position')}
      aria-describedby=${c.describedBy('position', `${p}-position-help`)}
      @change=${(e: Event) => {
        const value = (e.target as HTMLSelectElement).value;
        c.drafts.patch(c.index, { position: value === '' ? undefined : value });
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
    ${renderIssues(a, c.issuesOf('position'), `${p}-position-issue`)}
  </div>`;
}

/** A system component that carries a position (given by a host or a file): say so, offer to drop it. */
function renderStrayPosition(c: RowContext, position: string) {
  const { p, ambient: a } = c;
  return html`<div class="field wide">
    <span class="field-label" id="${p}-position-label">${a.t('studio.position')}</span>
    <div class="row-actions">
      <code>${position || '—'}</code>
      <button
        type="button"
        class="action small"
        id="${p}-position"
        aria-describedby=${c.describedBy('position', `${p}-position-label`)}
        @click=${() => c.drafts.patch(c.index, { position: undefined })}
      >
        ${a.t('studio.removePosition')}
      </button>
    </div>
    ${renderIssues(a, c.issuesOf('position'), `${p}-position-issue`)}
  </div>`;
}

function renderIssues(a: AmbientController, issues: RowIssue[], idPrefix: string) {
  if (issues.length === 0) return nothing;
  return issues.map((issue, j) => {
    const severity = issue.severity;
    return html`<p
      part="issue"
      class="issue ${severity}"
      id="${idPrefix}-${j}"
      data-field=${issue.field}
      data-code=${issue.code}
    >
      ${icon(severity === 'error' ? failureIcon : warningIcon)}
      <span
        ><span class="visually-hidden"
          >${a.t(severity === 'error' ? 'studio.error' : 'studio.warning')}: </span
        >${issue.message}</span
      >
    </p>`;
  });
}
