import { toPointer } from './issues.js';

export interface NonJsonValue {
  /** JSON Pointer to the value. */
  path: string;
  /** What is wrong with it, completing a sentence that starts with the value's path. */
  problem: string;
}

interface Frame {
  value: unknown;
  key: string | number | null;
  parent: Frame | null;
  /** Set on the marker frame that ends an object's visit. */
  exit?: object;
}

/**
 * Finds the first value that JSON cannot hold: a cycle, a function, a symbol, a bigint, a
 * non-finite number, `undefined` in an array, or an object that is not a plain object or array.
 * Iterative with parent links, so a 10,000-deep argument tree neither overflows the stack nor
 * copies paths.
 */
export function findNonJsonValue(
  value: unknown,
  basePath: readonly (string | number)[] = [],
): NonJsonValue | null {
  if (isSmallPlainJson(value)) return null;
  const stack: Frame[] = [{ value, key: null, parent: null }];
  const ancestors = new Set<object>();
  // Objects found clean already: a value that shares substructure (one object under many keys)
  // is checked once per object, not once per path, which could be exponentially many.
  const clean = new Set<object>();
  const pathOf = (frame: Frame, extra?: number): string => {
    const tokens: (string | number)[] = extra === undefined ? [] : [extra];
    for (let f: Frame | null = frame; f && f.key !== null; f = f.parent) tokens.unshift(f.key);
    return toPointer([...basePath, ...tokens]);
  };
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.exit) {
      ancestors.delete(frame.exit);
      clean.add(frame.exit);
      continue;
    }
    const v = frame.value;
    const problem = primitiveProblem(v);
    if (problem) return { path: pathOf(frame), problem };
    if (v === null || typeof v !== 'object' || clean.has(v)) continue;
    if (ancestors.has(v)) {
      return { path: pathOf(frame), problem: 'refers back to one of its own parents (a cycle)' };
    }
    const tag = Object.prototype.toString.call(v);
    if (tag !== '[object Object]' && tag !== '[object Array]') {
      return {
        path: pathOf(frame),
        problem: `is a ${tag.slice(8, -1)} object, not plain JSON data`,
      };
    }
    ancestors.add(v);
    stack.push({ value: undefined, key: null, parent: null, exit: v });
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        if (v[i] === undefined) return { path: pathOf(frame, i), problem: 'is undefined' };
        stack.push({ value: v[i], key: i, parent: frame });
      }
    } else {
      const record = v as Record<string, unknown>;
      const keys = Object.keys(record);
      for (let i = keys.length - 1; i >= 0; i--) {
        // JSON.stringify drops undefined properties, so they are simply absent.
        if (record[keys[i]] !== undefined)
          stack.push({ value: record[keys[i]], key: keys[i], parent: frame });
      }
    }
  }
  return null;
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
  return JSON.stringify(value, null, 2) ?? 'null';
}

/** Whether `value` nests objects or arrays `limit` levels deep or more; never recursive. */
export function nestingExceeds(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  // The deepest level each object was reached at: a value shared under many keys (or a cycle)
  // is walked again only from deeper, so at most `limit` times, not once per path.
  const reached = new Map<object, number>();
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= limit) return true;
    if ((reached.get(item) ?? -1) >= depth) continue;
    reached.set(item, depth);
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
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
 * envelopes have none, and this must not throw either way.
 */
function writeJson(value: unknown): string {
  const parts: string[] = [];
  const stack: WriteFrame[] = [];
  const ancestors = new Set<object>();
  const open = (v: unknown) => {
    if (v === null || typeof v !== 'object' || ancestors.has(v)) {
      const scalar = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
      parts.push(scalar ? JSON.stringify(v) : 'null');
      return;
    }
    ancestors.add(v);
    const keys = Array.isArray(v) ? null : Object.keys(v);
    parts.push(keys ? '{' : '[');
    stack.push({ value: v as WriteFrame['value'], keys, next: 0, written: false });
  };
  open(value);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    const length = frame.keys ? frame.keys.length : (frame.value as unknown[]).length;
    if (frame.next >= length) {
      stack.pop();
      ancestors.delete(frame.value);
      parts.push(frame.keys ? '}' : ']');
      continue;
    }
    const key = frame.keys ? frame.keys[frame.next] : frame.next;
    frame.next++;
    const member = (frame.value as Record<string, unknown>)[key];
    const absent =
      member === undefined || typeof member === 'function' || typeof member === 'symbol';
    if (frame.keys && absent) continue;
    if (frame.written) parts.push(',');
    frame.written = true;
    if (frame.keys) parts.push(JSON.stringify(key), ':');
    if (absent) parts.push('null');
    else open(member);
  }
  return parts.join('');
}
