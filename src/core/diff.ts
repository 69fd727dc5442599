/**
 * Comparing two envelopes (SPEC §3.8): envelope fields, then messages aligned by id (then by
 * content and position), then segments aligned within each pair of messages, down to the exact
 * field that changed (`/items/2/content`). Pure and deterministic; never throws on user data.
 */
import type { EnvelopeError } from './issues.js';
import { toPointer } from './issues.js';
import { parseEnvelope } from './parse.js';
import type { Envelope, Message, Segment } from './protocol.js';
import { validateEnvelope } from './validate.js';

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

export interface EnvelopeDiffResult {
  /** Both sides are valid envelopes; otherwise `errors` says why and nothing else is filled. */
  valid: boolean;
  errors: DiffError[];
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
    return { valid: false, errors, identical: false, fields: [], messages: [], summary };
  }
  const keys = new Context();
  const fields = diffObjectFields(left.envelope, right.envelope, ['messages'], keys);
  const messages = diffMessages(left.envelope.messages, right.envelope.messages, keys);
  for (const row of messages) summary[row.status]++;
  const identical = fields.length === 0 && summary.unchanged === messages.length;
  return { valid: true, errors: [], identical, fields, messages, summary };
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
  const steps = align(a, b, {
    key: (m) => `id:${m.id}`,
    strong: (x, y) => free(x, idsB) && free(y, idsA) && content(x) === content(y),
    weak: (x, y) => free(x, idsB) && free(y, idsA),
  });

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
    const fields = diffObjectFields(a[i], b[j], ['segments'], keys);
    const segments = diffSegments(a[i].segments, b[j].segments, keys);
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

function diffSegments(a: Segment[], b: Segment[], keys: Context): SegmentDiff[] {
  const steps = align(a, b, {
    key: (s) => keys.of(s),
    strong: (x, y) => x.kind === y.kind && sameIdentity(x, y),
    weak: (x, y) => x.kind === y.kind,
  });
  return steps.map(([i, j]): SegmentDiff => {
    if (i === undefined) return { status: 'added', b: { index: j!, segment: b[j!] }, changes: [] };
    if (j === undefined) return { status: 'removed', a: { index: i, segment: a[i] }, changes: [] };
    const changes: ValueChange[] = [];
    diffValues(a[i], b[j], [], [], keys, changes);
    return {
      status: changes.length > 0 ? 'changed' : 'unchanged',
      a: { index: i, segment: a[i] },
      b: { index: j, segment: b[j] },
      changes,
    };
  });
}

/** Changes of the fields of two objects, leaving out `skip` (compared on their own). */
function diffObjectFields(a: object, b: object, skip: string[], keys: Context): ValueChange[] {
  const strip = (o: object) =>
    Object.fromEntries(Object.entries(o).filter(([name]) => !skip.includes(name)));
  const changes: ValueChange[] = [];
  diffValues(strip(a), strip(b), [], [], keys, changes);
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
): void {
  if (a === b || keys.of(a) === keys.of(b)) return;
  const change = (): void => {
    out.push(located(pathA, pathB, { before: a, after: b }));
  };
  const bothArrays = Array.isArray(a) && Array.isArray(b);
  const bothObjects = isPlainObject(a) && isPlainObject(b);
  if ((!bothArrays && !bothObjects) || pathB.length >= MAX_DEPTH || !keys.enter(a, b)) {
    change();
    return;
  }
  if (bothObjects) {
    const names = [...Object.keys(a), ...Object.keys(b).filter((name) => !Object.hasOwn(a, name))];
    for (const name of names) {
      const inA = Object.hasOwn(a, name);
      const inB = Object.hasOwn(b, name);
      if (inA && inB) diffValues(a[name], b[name], [...pathA, name], [...pathB, name], keys, out);
      else if (inB) out.push({ path: toPointer([...pathB, name]), after: b[name] });
      else out.push({ path: toPointer([...pathA, name]), before: a[name] });
    }
  } else {
    const listA = a as unknown[];
    const listB = b as unknown[];
    const steps = align(listA, listB, {
      key: (x) => keys.of(x),
      strong: (x, y) => sameIdentity(x, y),
      weak: (x, y) => shape(x) === shape(y),
    });
    for (const [i, j] of steps) {
      if (i === undefined) out.push({ path: toPointer([...pathB, j!]), after: listB[j!] });
      else if (j === undefined) out.push({ path: toPointer([...pathA, i]), before: listA[i] });
      else diffValues(listA[i], listB[j], [...pathA, i], [...pathB, j], keys, out);
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
  if (!isPlainObject(x) || !isPlainObject(y)) return false;
  for (const field of IDENTITY_FIELDS) {
    const fx = x[field];
    if (typeof fx === 'string' || typeof fx === 'number') return fx === y[field];
  }
  return false;
}

interface AlignOptions<T> {
  /** Equal keys mean equal items. */
  key: (item: T) => string;
  /** Unequal items that are clearly the same thing, changed (same name, same content …). */
  strong: (x: T, y: T) => boolean;
  /** Unequal items that may be paired by position when nothing better fits. */
  weak: (x: T, y: T) => boolean;
}

/** One step of an alignment: `[i, j]` pairs `a[i]` with `b[j]`; an undefined side is absent. */
type Step = [number | undefined, number | undefined];

/** A DP table above this many cells is not built; the unequal middle is then paired by position. */
const MAX_LCS_CELLS = 4_000_000;

/**
 * Aligns two lists in order: equal keys first (common prefix and suffix, then a longest common
 * subsequence of the middle), then in every gap between equal items, pairs that are `strong`
 * in order, then `weak` pairs by position; the rest is removed (from `a`) or added (to `b`).
 */
function align<T>(a: readonly T[], b: readonly T[], o: AlignOptions<T>): Step[] {
  const keyA = a.map(o.key);
  const keyB = b.map(o.key);
  let start = 0;
  while (start < a.length && start < b.length && keyA[start] === keyB[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && keyA[endA - 1] === keyB[endB - 1]) {
    endA--;
    endB--;
  }
  const anchors = lcs(keyA, keyB, start, endA, start, endB);
  const steps: Step[] = [];
  for (let k = 0; k < start; k++) steps.push([k, k]);
  let i = start;
  let j = start;
  for (const [ai, bj] of [...anchors, [endA, endB] as const]) {
    pairGap(a, b, i, ai, j, bj, o, steps);
    if (ai < endA) steps.push([ai, bj]);
    i = ai + 1;
    j = bj + 1;
  }
  for (let k = 0; endA + k < a.length; k++) steps.push([endA + k, endB + k]);
  return steps;
}

/** Index pairs of a longest common subsequence of `keyA[a0..a1)` and `keyB[b0..b1)`. */
function lcs(
  keyA: string[],
  keyB: string[],
  a0: number,
  a1: number,
  b0: number,
  b1: number,
): [number, number][] {
  const n = a1 - a0;
  const m = b1 - b0;
  if (n === 0 || m === 0 || (n + 1) * (m + 1) > MAX_LCS_CELLS) return [];
  const width = m + 1;
  const table = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * width + j] =
        keyA[a0 + i] === keyB[b0 + j]
          ? table[(i + 1) * width + j + 1] + 1
          : Math.max(table[(i + 1) * width + j], table[i * width + j + 1]);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (keyA[a0 + i] === keyB[b0 + j]) {
      pairs.push([a0 + i, b0 + j]);
      i++;
      j++;
    } else if (table[(i + 1) * width + j] >= table[i * width + j + 1]) i++;
    else j++;
  }
  return pairs;
}

/** How far ahead a gap looks for an item's counterpart, so that big gaps stay linear. */
const STRONG_WINDOW = 200;

/** Pairs the items of one gap `a[i0..i1)` / `b[j0..j1)`: strong pairs in order, then weak ones. */
function pairGap<T>(
  a: readonly T[],
  b: readonly T[],
  i0: number,
  i1: number,
  j0: number,
  j1: number,
  o: AlignOptions<T>,
  steps: Step[],
): void {
  const strong: [number, number][] = [];
  let from = j0;
  for (let i = i0; i < i1; i++) {
    for (let j = from; j < Math.min(j1, from + STRONG_WINDOW); j++) {
      if (o.strong(a[i], b[j])) {
        strong.push([i, j]);
        from = j + 1;
        break;
      }
    }
  }
  let i = i0;
  let j = j0;
  for (const [si, sj] of [...strong, [i1, j1] as const]) {
    // Between strong pairs: weak pairs by position, then what is left.
    const removed: number[] = [];
    const added: number[] = [];
    while (i < si && j < sj) {
      if (o.weak(a[i], b[j])) steps.push([i++, j++]);
      else break;
    }
    while (i < si) removed.push(i++);
    while (j < sj) added.push(j++);
    for (const r of removed) steps.push([r, undefined]);
    for (const d of added) steps.push([undefined, d]);
    if (si < i1) steps.push([si, sj]);
    i = si + 1;
    j = sj + 1;
  }
}

/** Work allowed for one canonical key; beyond it the value is compared by identity. */
const KEY_BUDGET = 1_000_000;
/** Pairs of objects one comparison may look inside. */
const VISIT_BUDGET = 1_000_000;

/**
 * The state of one comparison. Keys are canonical JSON of values (object keys sorted, so key
 * order does not count as a change), cached per object; a value with a cycle, deeper than 256
 * levels or too large to key gets a key of its own, so it equals only itself.
 */
class Context {
  private readonly cache = new WeakMap<object, string>();
  private unique = 0;
  /** Objects being compared now, to stop at a cycle (an object passed as a property may have one). */
  private readonly ancestorsA = new Set<unknown>();
  private readonly ancestorsB = new Set<unknown>();
  /** Values left to visit in this comparison, so that a huge shared structure cannot hang it. */
  private visits = VISIT_BUDGET;

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
    if (typeof value !== 'object' || value === null) return primitiveKey(value);
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
    if (typeof value !== 'object' || value === null) return primitiveKey(value);
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
      return `[${parts.join(',')}]`;
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

  private remember(value: object, key: string): string {
    this.cache.set(value, key);
    return key;
  }
}

function primitiveKey(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null)
    return String(value);
  return `\u0000${typeof value}:${String(value)}`;
}
