/**
 * Comparing two envelopes (SPEC §3.8): envelope fields, then messages aligned by id (then by
 * content and position), then segments aligned within each pair of messages, down to the exact
 * field that changed (`/items/2/content`). Pure and deterministic; never throws on user data.
 */
import type { EnvelopeError } from '../protocol/issues.js';
import { pointerForMessage, toPointer } from '../protocol/issues.js';
import { align, DIFF_CELL_BUDGET, MAX_LCS_CELLS, type AlignBudget } from './diff-align.js';
import { parseEnvelope } from '../protocol/parse.js';
import type { Envelope, Message, Segment } from '../protocol/types.js';
import { validateEnvelope } from '../protocol/validate.js';

export type DiffStatus = 'added' | 'removed' | 'changed' | 'unchanged';

/**
 * One changed value. `before` is absent when the value was added, `after` when it was removed.
 * `path` is a JSON Pointer relative to what was compared (the envelope, the message or the
 * segment), into the `b` side when the value exists there, else into `a`. When a list item moved
 * (an item inserted before it), `beforePath` gives its place in `a`.
 */
export interface ValueChange {
  path: string;
  beforePath?: string;
  before?: unknown;
  after?: unknown;
}

export interface SegmentDiff {
  status: DiffStatus;
  a?: { index: number; segment: Segment };
  b?: { index: number; segment: Segment };
  /** For a changed segment, every changed field, paths inside the segment. */
  changes: ValueChange[];
}

export interface MessageDiff {
  status: DiffStatus;
  a?: { index: number; message: Message };
  b?: { index: number; message: Message };
  /** The message has the same id on both sides but not the same place in the order. */
  moved?: boolean;
  /** Changed fields of the message itself (`/role`, `/timestamp`, …), not its segments. */
  fields: ValueChange[];
  segments: SegmentDiff[];
}

/** A validation error of one side: `a` or `b`. */
export interface DiffError extends EnvelopeError {
  side: 'a' | 'b';
}

/** A list that was too long to align exactly within the diff's budget (`coarse-alignment`). */
export interface DiffWarning {
  /** JSON Pointer to the list in `b` (`/messages`, `/messages/3/segments/0/arguments/values`). */
  path: string;
  /** `coarse-alignment` (a list) or `coarse-values` (values compared whole from there on). */
  code: string;
  /** One sentence: which list, how long, and why it was not aligned exactly. */
  message: string;
}

export interface EnvelopeDiffResult {
  /** Both sides are valid envelopes; otherwise `errors` says why and nothing else is filled. */
  valid: boolean;
  errors: DiffError[];
  /**
   * Some list was aligned coarsely (by position and by the items found once on each side)
   * instead of exactly, to keep the diff's time bounded; `warnings` names each one.
   */
  coarse: boolean;
  /** What was compared coarsely, where; at most 20 lists by name, then one summary. */
  warnings: DiffWarning[];
  /** Nothing differs at all. */
  identical: boolean;
  /** Changed top-level fields (`/version`, `/model`, …), messages excepted. */
  fields: ValueChange[];
  messages: MessageDiff[];
  /** Number of messages per status. */
  summary: Record<DiffStatus, number>;
}

/**
 * Compares envelope `a` (before) with `b` (after). Either may be an object or JSON text. Messages
 * are matched by id first, keeping their order (a longest common subsequence, so an inserted
 * message marks nothing else); a message whose id is on both sides but out of order is `moved`.
 * Messages without an id match are matched by identical content, then by position. Segments of
 * a matched pair are aligned the same way on their content, then by kind; list items by content,
 * then by name or title, then by position.
 *
 * @example
 * ```ts
 * const diff = diffEnvelopes(before, after);
 * console.log(diff.summary); // { added: 1, removed: 0, changed: 2, unchanged: 10, … }
 * ```
 */
export function diffEnvelopes(a: unknown, b: unknown): EnvelopeDiffResult {
  const left = readSide(a, 'a');
  const right = readSide(b, 'b');
  const summary = { added: 0, removed: 0, changed: 0, unchanged: 0 };
  if ('errors' in left || 'errors' in right) {
    const errors = [
      ...('errors' in left ? left.errors : []),
      ...('errors' in right ? right.errors : []),
    ];
    return {
      valid: false,
      errors,
      coarse: false,
      warnings: [],
      identical: false,
      fields: [],
      messages: [],
      summary,
    };
  }
  const keys = new Context();
  const fields = diffObjectFields(left.envelope, right.envelope, ['messages'], keys, '');
  const messages = diffMessages(left.envelope.messages, right.envelope.messages, keys);
  for (const row of messages) summary[row.status]++;
  const identical = fields.length === 0 && summary.unchanged === messages.length;
  const warnings = keys.warnings();
  const coarse = warnings.length > 0;
  return { valid: true, errors: [], coarse, warnings, identical, fields, messages, summary };
}

function readSide(
  value: unknown,
  side: 'a' | 'b',
): { envelope: Envelope } | { errors: DiffError[] } {
  if (typeof value === 'string') {
    const parsed = parseEnvelope(value);
    if (parsed.valid) return { envelope: parsed.envelope };
    return { errors: parsed.errors.map((e) => ({ ...e, side })) };
  }
  const result = validateEnvelope(value);
  if (result.valid) return { envelope: value as Envelope };
  return { errors: result.errors.map((e) => ({ ...e, side })) };
}

function diffMessages(a: Message[], b: Message[], keys: Context): MessageDiff[] {
  const idsA = new Set(a.map((m) => m.id));
  const idsB = new Set(b.map((m) => m.id));
  // An id on both sides is kept for its own counterpart (possibly moved), never paired otherwise.
  const free = (m: Message, other: Set<string>) => !other.has(m.id);
  const contentKeys = new Map<Message, string>();
  const content = (m: Message) => {
    let key = contentKeys.get(m);
    if (key === undefined) contentKeys.set(m, (key = keys.of(messageContent(m))));
    return key;
  };
  const steps = align(
    a,
    b,
    {
      key: (m) => `id:${m.id}`,
      strong: (x, y) => free(x, idsB) && free(y, idsA) && content(x) === content(y),
      mayBeStrong: (x) => free(x, idsB),
      weak: (x, y) => free(x, idsB) && free(y, idsA),
    },
    keys,
    () => '/messages',
  );

  // Same id, out of order: one row at the message's new place instead of removed + added.
  const removedById = new Map<string, number[]>();
  steps.forEach(([i, j], k) => {
    if (i !== undefined && j === undefined) {
      const list = removedById.get(a[i].id) ?? [];
      list.push(k);
      removedById.set(a[i].id, list);
    }
  });
  const dropped = new Set<number>();
  const moved = new Set<number>();
  steps.forEach((step, k) => {
    const [i, j] = step;
    if (i !== undefined || j === undefined) return;
    const from = removedById.get(b[j].id)?.shift();
    if (from === undefined) return;
    step[0] = steps[from][0];
    dropped.add(from);
    moved.add(k);
  });

  const rows: MessageDiff[] = [];
  steps.forEach(([i, j], k) => {
    if (dropped.has(k)) return;
    if (i === undefined) {
      const message = b[j!];
      const segments = message.segments.map((segment, index): SegmentDiff => ({
        status: 'added',
        b: { index, segment },
        changes: [],
      }));
      rows.push({ status: 'added', b: { index: j!, message }, fields: [], segments });
      return;
    }
    if (j === undefined) {
      const message = a[i];
      const segments = message.segments.map((segment, index): SegmentDiff => ({
        status: 'removed',
        a: { index, segment },
        changes: [],
      }));
      rows.push({ status: 'removed', a: { index: i, message }, fields: [], segments });
      return;
    }
    const fields = diffObjectFields(a[i], b[j], ['segments'], keys, `/messages/${j}`);
    const segments = diffSegments(a[i].segments, b[j].segments, keys, `/messages/${j}/segments`);
    const changed =
      moved.has(k) || fields.length > 0 || segments.some((s) => s.status !== 'unchanged');
    const row: MessageDiff = {
      status: changed ? 'changed' : 'unchanged',
      a: { index: i, message: a[i] },
      b: { index: j, message: b[j] },
      fields,
      segments,
    };
    if (moved.has(k)) row.moved = true;
    rows.push(row);
  });
  return rows;
}

/** What a message says, without its id and time: equal content on both sides pairs messages. */
function messageContent(m: Message): unknown {
  return { role: m.role, segments: m.segments };
}

function diffSegments(a: Segment[], b: Segment[], keys: Context, base: string): SegmentDiff[] {
  const steps = align(
    a,
    b,
    {
      key: (s) => keys.of(s),
      strong: (x, y) => x.kind === y.kind && sameIdentity(x, y),
      mayBeStrong: (x) => identityOf(x) !== undefined,
      weak: (x, y) => x.kind === y.kind,
    },
    keys,
    () => base,
  );
  return steps.map(([i, j]): SegmentDiff => {
    if (i === undefined) return { status: 'added', b: { index: j!, segment: b[j!] }, changes: [] };
    if (j === undefined) return { status: 'removed', a: { index: i, segment: a[i] }, changes: [] };
    const changes: ValueChange[] = [];
    diffValues(a[i], b[j], [], [], keys, changes, `${base}/${j}`);
    return {
      status: changes.length > 0 ? 'changed' : 'unchanged',
      a: { index: i, segment: a[i] },
      b: { index: j, segment: b[j] },
      changes,
    };
  });
}

/** Changes of the fields of two objects, leaving out `skip` (compared on their own). */
function diffObjectFields(
  a: object,
  b: object,
  skip: string[],
  keys: Context,
  base: string,
): ValueChange[] {
  const strip = (o: object) =>
    Object.fromEntries(Object.entries(o).filter(([name]) => !skip.includes(name)));
  const changes: ValueChange[] = [];
  diffValues(strip(a), strip(b), [], [], keys, changes, base);
  return changes;
}

/** Deeper than this, two different values are reported as one change of the whole value. */
const MAX_DEPTH = 64;

function diffValues(
  a: unknown,
  b: unknown,
  pathA: (string | number)[],
  pathB: (string | number)[],
  keys: Context,
  out: ValueChange[],
  /** Where the compared values are in `b`, for a warning about a list in them. */
  base: string,
): void {
  if (a === b || keys.of(a) === keys.of(b)) return;
  const change = (): void => {
    out.push(located(pathA, pathB, { before: a, after: b }));
  };
  const bothArrays = Array.isArray(a) && Array.isArray(b);
  const bothObjects = isPlainObject(a) && isPlainObject(b);
  if ((!bothArrays && !bothObjects) || pathB.length >= MAX_DEPTH || !keys.enter(a, b)) {
    if (keys.visitsSpent) keys.coarseValues(base + toPointer(pathB));
    change();
    return;
  }
  if (bothObjects) {
    const names = [...Object.keys(a), ...Object.keys(b).filter((name) => !Object.hasOwn(a, name))];
    for (const name of names) {
      const inA = Object.hasOwn(a, name);
      const inB = Object.hasOwn(b, name);
      if (inA && inB)
        diffValues(a[name], b[name], [...pathA, name], [...pathB, name], keys, out, base);
      else if (inB) out.push({ path: toPointer([...pathB, name]), after: b[name] });
      else out.push({ path: toPointer([...pathA, name]), before: a[name] });
    }
  } else {
    const listA = a as unknown[];
    const listB = b as unknown[];
    const steps = align(
      listA,
      listB,
      {
        key: (x) => keys.of(x),
        strong: (x, y) => sameIdentity(x, y),
        mayBeStrong: (x) => identityOf(x) !== undefined,
        weak: (x, y) => shape(x) === shape(y),
      },
      keys,
      () => base + toPointer(pathB),
    );
    for (const [i, j] of steps) {
      if (i === undefined) out.push({ path: toPointer([...pathB, j!]), after: listB[j!] });
      else if (j === undefined) out.push({ path: toPointer([...pathA, i]), before: listA[i] });
      else diffValues(listA[i], listB[j], [...pathA, i], [...pathB, j], keys, out, base);
    }
  }
  keys.leave(a, b);
}

function located(
  pathA: (string | number)[],
  pathB: (string | number)[],
  values: { before: unknown; after: unknown },
): ValueChange {
  const path = toPointer(pathB);
  const beforePath = toPointer(pathA);
  return beforePath === path ? { path, ...values } : { path, beforePath, ...values };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A rough type, so that an object is never paired with a string as "the same item, changed". */
function shape(value: unknown): string {
  return Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
}

/** The fields that name a list item or segment: two items with the same name are the same item. */
const IDENTITY_FIELDS = ['name', 'title', 'toolName', 'fileName', 'id', 'url'];

function sameIdentity(x: unknown, y: unknown): boolean {
  const identity = identityOf(x);
  return identity !== undefined && isPlainObject(y) && identity.value === y[identity.field];
}

/** The first identity field of an object that holds a string or number, and its value. */
function identityOf(x: unknown): { field: string; value: string | number } | undefined {
  if (!isPlainObject(x)) return undefined;
  for (const field of IDENTITY_FIELDS) {
    const value = x[field];
    if (typeof value === 'string' || typeof value === 'number') return { field, value };
  }
  return undefined;
}

/** Work allowed for one canonical key; beyond it the value is compared by identity. */
const KEY_BUDGET = 1_000_000;
/** Pairs of objects one comparison may look inside. */
const VISIT_BUDGET = 1_000_000;
/** Coarse lists named one by one; more are counted in one last warning. */
const MAX_DIFF_WARNINGS = 20;

/** Strings longer than this are keyed by a number instead of their JSON text. */
const SHORT_STRING = 32;

/**
 * The state of one comparison. Keys are canonical JSON of values (object keys sorted, so key
 * order does not count as a change), cached per object; a value with a cycle, deeper than 256
 * levels or too large to key gets a key of its own, so it equals only itself.
 *
 * Keys are hash-consed: an object's or list's key is written with its children's numbers, and
 * the whole key is then replaced by a number of its own (equal keys, equal numbers). Spelled out
 * in full, a shared value repeated in a list makes keys that grow with every level: a schema
 * whose `anyOf` nests 8 levels of 6 had a 30 MB key and took most of a second.
 */
class Context implements AlignBudget {
  private readonly cache = new WeakMap<object, string>();
  private unique = 0;
  /** The number of each distinct canonical key of an object or list (see the class comment). */
  private readonly interned = new Map<string, string>();
  /** The number of each distinct long string. */
  private readonly strings = new Map<string, string>();
  /** Objects being compared now, to stop at a cycle (an object passed as a property may have one). */
  private readonly ancestorsA = new Set<unknown>();
  private readonly ancestorsB = new Set<unknown>();
  /** Values left to visit in this comparison, so that a huge shared structure cannot hang it. */
  private visits = VISIT_BUDGET;
  /** DP cells left for aligning lists exactly. */
  private cells = DIFF_CELL_BUDGET;
  private readonly found: DiffWarning[] = [];
  private unlisted = 0;

  /** Takes `cells` from the budget; false (and nothing taken) when fewer are left. */
  spend(cells: number): boolean {
    if (cells > this.cells) return false;
    this.cells -= cells;
    return true;
  }

  /** Records that the list at `path` was aligned coarsely. */
  coarse(path: string, lengthA: number, lengthB: number, tooLong: boolean): void {
    const why = tooLong
      ? `aligning it exactly would take more than ${MAX_LCS_CELLS.toLocaleString('en')} cells`
      : `the diff's budget of ${DIFF_CELL_BUDGET.toLocaleString('en')} cells for exact alignment was spent`;
    this.warn({
      path,
      code: 'coarse-alignment',
      message: `The list at ${pointerForMessage(path)} (${lengthA.toLocaleString('en')} items before, ${lengthB.toLocaleString('en')} after) was aligned by position and by the items found once on each side, not exactly: ${why}.`,
    });
  }

  /** Whether the visit budget ran out: values are then compared whole. */
  get visitsSpent(): boolean {
    return this.visits < 0;
  }

  /** Records, once, where values began to be compared whole for want of visits. */
  coarseValues(path: string): void {
    if (this.found.some((w) => w.code === 'coarse-values')) return;
    this.warn({
      path,
      code: 'coarse-values',
      message: `From ${pointerForMessage(path)} on, changed values are reported whole, not field by field: the diff's budget of ${VISIT_BUDGET.toLocaleString('en')} compared objects was spent.`,
    });
  }

  private warn(warning: DiffWarning): void {
    if (this.found.length < MAX_DIFF_WARNINGS) this.found.push(warning);
    else this.unlisted++;
  }

  /** What was coarse, in the order found; many lists end in one summary. */
  warnings(): DiffWarning[] {
    if (this.unlisted === 0) return [...this.found];
    const message = `${this.unlisted.toLocaleString('en')} more lists were aligned coarsely as well.`;
    return [...this.found, { path: '', code: 'coarse-alignment', message }];
  }

  /** Starts comparing the insides of `x` and `y`; false at a cycle or when the budget is spent. */
  enter(x: unknown, y: unknown): boolean {
    if (--this.visits < 0 || this.ancestorsA.has(x) || this.ancestorsB.has(y)) return false;
    this.ancestorsA.add(x);
    this.ancestorsB.add(y);
    return true;
  }

  leave(x: unknown, y: unknown): void {
    this.ancestorsA.delete(x);
    this.ancestorsB.delete(y);
  }

  of(value: unknown): string {
    if (typeof value !== 'object' || value === null) return this.primitive(value);
    const cached = this.cache.get(value);
    if (cached !== undefined) return cached;
    const budget = { left: KEY_BUDGET };
    const key = this.canonical(value, new Set(), budget, 0) ?? `\u0000ref:${this.unique++}`;
    this.cache.set(value, key);
    return key;
  }

  private canonical(
    value: unknown,
    seen: Set<unknown>,
    budget: { left: number },
    depth: number,
  ): string | undefined {
    if (--budget.left < 0 || depth > 256) return undefined;
    if (typeof value !== 'object' || value === null) return this.primitive(value);
    const cached = this.cache.get(value);
    if (cached !== undefined) return cached;
    if (seen.has(value)) return undefined;
    seen.add(value);
    const parts: string[] = [];
    if (Array.isArray(value)) {
      for (const item of value) {
        const key = this.canonical(item, seen, budget, depth + 1);
        if (key === undefined) return undefined;
        parts.push(key);
      }
      seen.delete(value);
      return this.remember(value, `[${parts.join(',')}]`);
    }
    const record = value as Record<string, unknown>;
    for (const name of Object.keys(record).sort()) {
      if (record[name] === undefined) continue;
      const key = this.canonical(record[name], seen, budget, depth + 1);
      if (key === undefined) return undefined;
      parts.push(`${JSON.stringify(name)}:${key}`);
    }
    seen.delete(value);
    return this.remember(value, `{${parts.join(',')}}`);
  }

  /** Caches the number of `key` (an object's or list's canonical key) for `value`. */
  private remember(value: object, key: string): string {
    let id = this.interned.get(key);
    if (id === undefined) this.interned.set(key, (id = `\u0001${this.interned.size}`));
    this.cache.set(value, id);
    return id;
  }

  /** A long string's number: a string shared by many items is not written out for each. */
  private primitive(value: unknown): string {
    if (typeof value !== 'string' || value.length <= SHORT_STRING) return primitiveKey(value);
    let id = this.strings.get(value);
    if (id === undefined) this.strings.set(value, (id = `\u0002${this.strings.size}`));
    return id;
  }
}

function primitiveKey(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null)
    return String(value);
  return `\u0000${typeof value}:${String(value)}`;
}
