import { toPointer } from './issues.js';

/**
 * How deep a free-form value (tool arguments, a tool's schema) may nest objects and lists; the
 * validator refuses deeper ones. Every reader in the core is iterative, so depth costs heap, not
 * stack: the limit keeps time, memory and the length of error paths bounded, and makes every
 * reader stop at the same place. It is well above what the tests show every path handling (a
 * schema of 10,000 nested properties, which is 20,001 objects) and well below the 100,000 levels
 * of the audit; no real tool gets near it.
 */
export const MAX_NESTING = 50_000;

/**
 * How deep any JSON document the core reads may nest: the free-form limit plus room for the
 * structure an envelope or a provider body puts around a free-form value (7 levels at most).
 */
export const MAX_DOCUMENT_NESTING = MAX_NESTING + 16;

/**
 * Deeper than this a free-form value is still valid and exported, with a warning: Python's json
 * module stops at about 1,000 levels and JSON.stringify at a few thousand (V8: about 4,000, fewer
 * when the stack is already deep), so the API or the sender's own code may refuse the request.
 */
export const NESTING_WARNING_DEPTH = 1_000;

/** Ends the warnings about a value nested deeper than NESTING_WARNING_DEPTH. */
export const DEEP_NESTING_RISK =
  "; Python's json module and JavaScript's JSON.stringify stop near that depth, so the API or the code that sends the request may refuse it.";

/** Ends the errors about a value nested deeper than MAX_NESTING. */
export const NESTING_LIMIT = `tool arguments and schemas may nest at most ${MAX_NESTING.toLocaleString('en')} levels`;

export interface NonJsonValue {
  /** JSON Pointer to the value. */
  path: string;
  /** What is wrong with it, completing a sentence that starts with the value's path. */
  problem: string;
  /** `nesting` for a value nested too deep, `json` for anything else. */
  keyword: 'json' | 'nesting';
}

interface Frame {
  value: unknown;
  key: string | number | null;
  parent: Frame | null;
  /** Objects and lists around the value. */
  depth: number;
  /** Set on the marker frame that ends an object's visit. */
  exit?: object;
}

/**
 * Finds the first value that JSON cannot hold: a cycle, a function, a symbol, a bigint, a
 * non-finite number, `undefined` in an array, or an object that is not a plain object or array;
 * or the first object or list nested more than `maxDepth` levels deep. Iterative with parent
 * links, so a 10,000-deep argument tree neither overflows the stack nor copies paths.
 */
export function findNonJsonValue(
  value: unknown,
  basePath: readonly (string | number)[] = [],
  maxDepth = MAX_NESTING,
): NonJsonValue | null {
  if (isSmallPlainJson(value)) return null;
  return walk(value, basePath, maxDepth, true);
}

/**
 * The first object or list nested more than `limit` levels deep in `value`, or a cycle (which
 * nests without end); other values that are not JSON are not looked at. Never recursive.
 */
export function findNestingBeyond(
  value: unknown,
  limit: number,
  basePath: readonly (string | number)[] = [],
): NonJsonValue | null {
  return walk(value, basePath, limit, false);
}

function walk(
  value: unknown,
  basePath: readonly (string | number)[],
  maxDepth: number,
  plainOnly: boolean,
): NonJsonValue | null {
  const stack: Frame[] = [{ value, key: null, parent: null, depth: 0 }];
  const ancestors = new Set<object>();
  // Objects found clean already: a value that shares substructure (one object under many keys)
  // is checked once per object, not once per path, which could be exponentially many. An object
  // found clean at one depth is clean at any lesser one: it is walked again only from deeper.
  const clean = new Map<object, number>();
  const pathOf = (frame: Frame, extra?: number): string => {
    const tokens: (string | number)[] = extra === undefined ? [] : [extra];
    for (let f: Frame | null = frame; f && f.key !== null; f = f.parent) tokens.push(f.key);
    return toPointer([...basePath, ...tokens.reverse()]);
  };
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.exit) {
      ancestors.delete(frame.exit);
      const before = clean.get(frame.exit);
      if (before === undefined || before < frame.depth) clean.set(frame.exit, frame.depth);
      continue;
    }
    const v = frame.value;
    const problem = plainOnly ? primitiveProblem(v) : null;
    if (problem) return { path: pathOf(frame), problem, keyword: 'json' };
    if (v === null || typeof v !== 'object') continue;
    const cleanAt = clean.get(v);
    if (cleanAt !== undefined && frame.depth <= cleanAt) continue;
    if (ancestors.has(v)) {
      return {
        path: pathOf(frame),
        problem: 'refers back to one of its own parents (a cycle)',
        keyword: 'json',
      };
    }
    if (frame.depth >= maxDepth) {
      return {
        path: pathOf(frame),
        problem: `nests more than ${maxDepth.toLocaleString('en')} levels deep`,
        keyword: 'nesting',
      };
    }
    const isArray = Array.isArray(v);
    if (plainOnly && !isArray) {
      const tag = Object.prototype.toString.call(v);
      if (tag !== '[object Object]') {
        return {
          path: pathOf(frame),
          problem: `is a ${tag.slice(8, -1)} object, not plain JSON data`,
          keyword: 'json',
        };
      }
    }
    ancestors.add(v);
    const depth = frame.depth + 1;
    stack.push({ value: undefined, key: null, parent: null, depth: frame.depth, exit: v });
    if (isArray) {
      for (let i = v.length - 1; i >= 0; i--) {
        if (plainOnly && v[i] === undefined)
          return { path: pathOf(frame, i), problem: 'is undefined', keyword: 'json' };
      }
      // Members that are fine primitives need no frame of their own (a list of a million
      // numbers then costs one pass); with a bad one among them, every member gets its frame
      // so that the first problem in document order is still the one reported.
      const all = plainOnly && hasPrimitiveProblem(v);
      for (let i = v.length - 1; i >= 0; i--) {
        if (all || isContainer(v[i])) stack.push({ value: v[i], key: i, parent: frame, depth });
      }
    } else {
      const record = v as Record<string, unknown>;
      const keys = Object.keys(record);
      const members = keys.map((key) => record[key]);
      const all = plainOnly && hasPrimitiveProblem(members);
      for (let i = keys.length - 1; i >= 0; i--) {
        // JSON.stringify drops undefined properties, so they are simply absent.
        const member = members[i];
        if (member !== undefined && (all || isContainer(member)))
          stack.push({ value: member, key: keys[i], parent: frame, depth });
      }
    }
  }
  return null;
}

const isContainer = (v: unknown): boolean => v !== null && typeof v === 'object';

/** Whether any of `values` is a primitive JSON cannot hold (undefined is left to the caller). */
function hasPrimitiveProblem(values: readonly unknown[]): boolean {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== undefined && !isContainer(v) && primitiveProblem(v) !== null) return true;
  }
  return false;
}

/** Nodes the fast check may visit before it leaves the value to the thorough one. */
let quickBudget = 0;

/**
 * Whether `value` is certainly plain JSON, found without allocating: the common case (tool
 * arguments of a few dozen values) then costs no more than the schema check. Anything deep,
 * large, shared or odd gets `false`, and the thorough walk above finds out what it is.
 */
export function isSmallPlainJson(value: unknown): boolean {
  quickBudget = 2_000;
  return quickPlain(value, 0);
}

function quickPlain(v: unknown, depth: number): boolean {
  if (--quickBudget < 0) return false;
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(v);
    case 'object': {
      if (v === null) return true;
      // Cycles and deep values exceed the depth; leave them to the thorough walk.
      if (depth >= 32) return false;
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          if (v[i] === undefined || !quickPlain(v[i], depth + 1)) return false;
        }
        return true;
      }
      if (Object.prototype.toString.call(v) !== '[object Object]') return false;
      for (const key in v) {
        if (!Object.hasOwn(v, key)) return false;
        const member = (v as Record<string, unknown>)[key];
        if (member !== undefined && !quickPlain(member, depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

function primitiveProblem(v: unknown): string | null {
  switch (typeof v) {
    case 'function':
      return 'is a function';
    case 'symbol':
      return 'is a symbol';
    case 'bigint':
      return 'is a bigint, which JSON cannot hold';
    case 'number':
      return Number.isFinite(v) ? null : `is ${String(v)}, which JSON cannot hold`;
    default:
      return null;
  }
}

/**
 * Compact JSON.stringify for JSON data (what a valid envelope and its exports hold) that never
 * overflows the call stack: tool arguments nested 10,000 levels deep exhaust the stack of the
 * native JSON.stringify, which is still tried first because it is faster for everything else.
 */
export function stringifyJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return writeJson(value);
  }
}

/**
 * JSON text for people to read: indented by two spaces, or compact when the value is nested
 * more than 64 levels deep (the indentation alone would grow with the square of the depth) or
 * its text is over a million characters (indenting is V8's slow path: 0.5 s for 10 MB).
 */
export function readableJson(value: unknown): string {
  const compact = stringifyJson(value);
  if (compact.length > 1_000_000 || nestingExceeds(value, 64)) return compact;
  try {
    return JSON.stringify(value, null, 2) ?? 'null';
  } catch {
    // Only what is not JSON gets here (a bigint, a throwing toJSON): keep the compact text.
    return compact;
  }
}

/**
 * A value as JSON text for a sentence: what JSON.stringify gives, cut at `max` characters with
 * an ellipsis. Never recursive and never throws, whatever the value (nested 100,000 levels deep,
 * cyclic, a bigint, undefined); it stops writing soon after `max` characters.
 */
export function jsonPreview(value: unknown, max = 200): string {
  let text: string;
  if (typeof value === 'string') text = JSON.stringify(value.slice(0, max + 1));
  else if (value !== null && typeof value === 'object') text = writeJson(value, max);
  else if (typeof value === 'number' || typeof value === 'boolean' || value === null)
    text = JSON.stringify(value);
  else text = String(value);
  if (text.length <= max) return text;
  // Never cut between the two halves of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text[max - 2] ?? '') ? max - 2 : max - 1;
  return `${text.slice(0, end)}…`;
}

/**
 * Whether `value` nests objects or arrays `limit` levels deep or more (a cycle nests without
 * end); never recursive.
 */
export function nestingExceeds(value: unknown, limit: number): boolean {
  return findNestingBeyond(value, limit) !== null;
}

interface WriteFrame {
  value: Record<string, unknown> | unknown[];
  keys: string[] | null;
  next: number;
  /** Whether a member has been written (an object leaves out members without a JSON value). */
  written: boolean;
}

/**
 * The native algorithm with an explicit stack: undefined object members are left out, undefined
 * list entries become null. What JSON cannot hold (a cycle, a bigint) is written as null: valid
 * envelopes have none, and this must not throw either way. Stops once the text is longer than
 * `limit` (a preview needs no more).
 */
function writeJson(value: unknown, limit = Infinity): string {
  const parts: string[] = [];
  let length = 0;
  const emit = (text: string) => {
    parts.push(text);
    length += text.length;
  };
  const stack: WriteFrame[] = [];
  const ancestors = new Set<object>();
  const open = (v: unknown) => {
    if (v === null || typeof v !== 'object' || ancestors.has(v)) {
      const scalar = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
      emit(scalar ? JSON.stringify(v) : 'null');
      return;
    }
    ancestors.add(v);
    const keys = Array.isArray(v) ? null : Object.keys(v);
    emit(keys ? '{' : '[');
    stack.push({ value: v as WriteFrame['value'], keys, next: 0, written: false });
  };
  open(value);
  while (stack.length > 0 && length <= limit) {
    const frame = stack[stack.length - 1];
    const count = frame.keys ? frame.keys.length : (frame.value as unknown[]).length;
    if (frame.next >= count) {
      stack.pop();
      ancestors.delete(frame.value);
      emit(frame.keys ? '}' : ']');
      continue;
    }
    const key = frame.keys ? frame.keys[frame.next] : frame.next;
    frame.next++;
    const member = (frame.value as Record<string, unknown>)[key];
    const absent =
      member === undefined || typeof member === 'function' || typeof member === 'symbol';
    if (frame.keys && absent) continue;
    if (frame.written) emit(',');
    frame.written = true;
    if (frame.keys) emit(`${JSON.stringify(key)}:`);
    if (absent) emit('null');
    else open(member);
  }
  return parts.join('');
}

/** A JSON object (not null, not a list). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
