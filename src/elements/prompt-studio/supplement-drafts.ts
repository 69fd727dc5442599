import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  COMPONENT_POSITIONS,
  type ComponentIssue,
  type ComponentPosition,
  type NativeComponent,
  type PromptComponent,
} from '../../core/assembly/compose.js';

/**
 * A component as the editor holds it: whatever a host or a file gave, field by field, so that
 * validation can name what is wrong; the editor only ever writes well-typed values.
 */
export type Draft = Partial<Record<keyof PromptComponent, unknown>>;

/** The field a validation finding is about (`''` for the component as a whole). */
export type Field = ComponentIssue['field'];

/** A validation finding as a row shows it. */
export type RowIssue = ComponentIssue & { severity: 'error' | 'warning' };

/** A field's value as text: strings, numbers and booleans as they are, anything else empty. */
export const str = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A host's or a file's list as editable rows: objects copied, anything else an empty row. */
export function toDrafts(list: readonly unknown[]): Draft[] {
  return list.map((item) => (isRecord(item) ? ({ ...item } as Draft) : {}));
}

/** The fields a saved component has, in the order the settings file writes them. */
export function toSaved(draft: Draft): PromptComponent {
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

/**
 * The prefix of the element ids of a supplement row (`s3-id`, `s3-template`, `s3-up` …): the row
 * editor names its controls with it, and an edit says with it where the focus goes.
 */
export const rowIdPrefix = (key: number): string => `s${key}`;

/** Validation findings per row index, each tagged with its severity. */
export function issuesByRow(validation: {
  errors: readonly ComponentIssue[];
  warnings: readonly ComponentIssue[];
}): Map<number, RowIssue[]> {
  const rows = new Map<number, RowIssue[]>();
  const add = (issue: ComponentIssue, severity: 'error' | 'warning') => {
    const list = rows.get(issue.index) ?? [];
    list.push({ ...issue, severity });
    rows.set(issue.index, list);
  };
  validation.errors.forEach((i) => add(i, 'error'));
  validation.warnings.forEach((i) => add(i, 'warning'));
  return rows;
}

/**
 * The supplements being edited and the edits a person makes to them. Each row has a stable key
 * (ids are edited, so they cannot key the rows). Every edit replaces `drafts` (validation and the
 * preview are memoized on it) and asks the host to render; an edit that adds, moves or removes a
 * row also says which control gets the focus once that render is done.
 */
export class SupplementDrafts implements ReactiveController {
  drafts: Draft[] = [];
  keys: number[] = [];
  private nextKey = 1;
  /** The id of the element to focus once the next render is done. */
  private focusAfterRender: string | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & { readonly renderRoot: ParentNode },
    /** Called on every edit by a person (the studio clears its save status). */
    private readonly onEdit: () => void,
  ) {
    host.addController(this);
  }

  hostUpdated() {
    if (!this.focusAfterRender) return;
    const target = this.host.renderRoot.querySelector<HTMLElement>(`#${this.focusAfterRender}`);
    this.focusAfterRender = null;
    target?.focus();
  }

  /** Replaces the whole list (from the host, storage or a file); every row gets a new key. */
  replace(drafts: Draft[]) {
    this.drafts = drafts;
    this.keys = drafts.map(() => this.nextKey++);
    this.host.requestUpdate();
  }

  /** Sets fields of one row; a field patched to `undefined` is removed. */
  patch(index: number, patch: Draft) {
    this.drafts = this.drafts.map((d, i) => {
      if (i !== index) return d;
      const next: Draft = { ...d };
      for (const [k, v] of Object.entries(patch) as [keyof PromptComponent, unknown][]) {
        if (v === undefined) delete next[k];
        else next[k] = v;
      }
      return next;
    });
    this.edited();
  }

  /** A system component has no position; one in the messages keeps a valid one, else `tail`. */
  changeRole(index: number, role: string) {
    const current = this.drafts[index];
    if (!current) return;
    if (role === 'system') this.patch(index, { role, position: undefined });
    else {
      const position = str(current.position);
      this.patch(index, {
        role,
        position: (COMPONENT_POSITIONS as readonly string[]).includes(position) ? position : 'tail',
      });
    }
  }

  /** Adds an empty system supplement with a fresh id, and focuses its id field. */
  addSupplement() {
    const ids = new Set(this.drafts.map((d) => str(d.id)));
    let n = this.drafts.length + 1;
    while (ids.has(`supplement:${n}`)) n++;
    const component: PromptComponent = {
      id: `supplement:${n}`,
      kind: 'supplement',
      role: 'system',
      order: 0,
      enabled: true,
      template: '',
    };
    this.append(component, 'id');
  }

  /** Adds a supplement that replaces a native component, starting from its text. */
  createOverride(native: NativeComponent) {
    const ids = new Set(this.drafts.map((d) => str(d.id)));
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
    this.append(component, 'template');
  }

  move(index: number, by: -1 | 1) {
    const to = index + by;
    if (to < 0 || to >= this.drafts.length) return;
    const drafts = [...this.drafts];
    const keys = [...this.keys];
    [drafts[index], drafts[to]] = [drafts[to]!, drafts[index]!];
    [keys[index], keys[to]] = [keys[to]!, keys[index]!];
    this.drafts = drafts;
    this.keys = keys;
    const key = keys[to]!;
    // Keep the focus on the button that was pressed, unless it is now at the end of the list.
    const atEnd = (by === -1 && to === 0) || (by === 1 && to === drafts.length - 1);
    this.focusAfterRender = `${rowIdPrefix(key)}-${(by === -1) !== atEnd ? 'up' : 'down'}`;
    this.edited();
  }

  remove(index: number) {
    this.drafts = this.drafts.filter((_, i) => i !== index);
    this.keys = this.keys.filter((_, i) => i !== index);
    const next = this.keys[index] ?? this.keys[index - 1];
    // The last row gone, the focus goes to the toolbar's Add button.
    this.focusAfterRender = next === undefined ? 'add' : `${rowIdPrefix(next)}-id`;
    this.edited();
  }

  private append(component: PromptComponent, focusField: 'id' | 'template') {
    const key = this.nextKey++;
    this.drafts = [...this.drafts, component as Draft];
    this.keys = [...this.keys, key];
    this.focusAfterRender = `${rowIdPrefix(key)}-${focusField}`;
    this.edited();
  }

  private edited() {
    this.onEdit();
    this.host.requestUpdate();
  }
}
