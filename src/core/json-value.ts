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
  const stack: Frame[] = [{ value, key: null, parent: null }];
  const ancestors = new Set<object>();
  const pathOf = (frame: Frame, extra?: number): string => {
    const tokens: (string | number)[] = extra === undefined ? [] : [extra];
    for (let f: Frame | null = frame; f && f.key !== null; f = f.parent) tokens.unshift(f.key);
    return toPointer([...basePath, ...tokens]);
  };
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.exit) {
      ancestors.delete(frame.exit);
      continue;
    }
    const v = frame.value;
    const problem = primitiveProblem(v);
    if (problem) return { path: pathOf(frame), problem };
    if (v === null || typeof v !== 'object') continue;
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
