/**
 * Comparing an export with the request it was imported from (issue 43: nothing differs
 * silently): whether the export to the API a log was written for is that request, key order
 * aside, and where it is not, each JSON path that differs with the import warnings that name it.
 */
import { pointerToken } from '../protocol/issues.js';
import type { ImportWarning } from '../targets/import-body.js';
import { DETECTION_WARNINGS } from '../targets/detection-warnings.js';
import type { ImportedRequest } from '../targets/import-logged.js';

/** One place where the export and the logged body differ. */
export interface LogDifference {
  /** JSON Pointer into the input, as the import warnings' paths are (`imported.path` + the place in the body). */
  path: string;
  /**
   * `left-out`: the log has it and the export not; `added`: the export has it and the log not;
   * `changed`: both have it, with other values (or lists of other lengths).
   */
  kind: 'left-out' | 'added' | 'changed';
  /** The import warnings that name it: their path is its path, lies inside it or holds it. */
  warnings: ImportWarning[];
}

export interface LogComparison {
  /** Whether the export is JSON-equal to the logged body, key order aside. */
  same: boolean;
  /** Every place that differs, in the order of the body; none is left out. */
  differences: LogDifference[];
  /** The import warnings that name no difference, in their order. */
  others: ImportWarning[];
}

/**
 * Compares an export (`exported`, the body `exportEnvelope` gave for `imported.source`) with the
 * body it was imported from. Objects are compared key by key; two lists of one length item by
 * item; two lists of other lengths by what they share at the start and the end, so one item left
 * out is one difference at its own index (and a list changed throughout is one difference).
 *
 * A warning names a difference when its path is the difference's, lies inside it or holds it;
 * a warning of the format detection (`format-guessed`, `format-mixed`) names none, since it says
 * what the body was read as, not what changed in it, and would otherwise explain every
 * difference of the body. A difference no warning names has an empty `warnings` list.
 */
export function compareWithLog(exported: unknown, imported: ImportedRequest): LogComparison {
  const base = imported.path ?? '';
  const found: { path: string; kind: LogDifference['kind'] }[] = [];
  diffValues(imported.body, exported, base, found);
  const named = new Set<ImportWarning>();
  const differences = found.map(({ path, kind }) => {
    const warnings = imported.warnings.filter((w) => names(w, path));
    for (const w of warnings) named.add(w);
    return { path, kind, warnings };
  });
  return {
    same: differences.length === 0,
    differences,
    others: imported.warnings.filter((w) => !named.has(w)),
  };
}

/** Whether `a` is `b` or inside it (both JSON Pointers). */
const within = (a: string, b: string) => a === b || b === '' || a.startsWith(`${b}/`);

const detection: ReadonlySet<string> = new Set(DETECTION_WARNINGS);

function names(warning: ImportWarning, difference: string): boolean {
  if (detection.has(warning.code)) return false;
  return within(warning.path, difference) || within(difference, warning.path);
}

type Found = { path: string; kind: LogDifference['kind'] }[];

/** A pair to compare, or a difference found, waiting its turn so that they come in body order. */
type Step = { logged: unknown; exported: unknown; path: string } | Found[number];

/** Adds the differences between the logged value and the exported one at `path` to `found`. */
function diffValues(logged: unknown, exported: unknown, path: string, found: Found): void {
  // Iterative, as deep as the body is: nesting costs heap, not stack.
  const stack: Step[] = [{ logged, exported, path }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if ('kind' in step) {
      found.push(step);
      continue;
    }
    const { logged: a, exported: b, path: at } = step;
    const shape = shapeOf(a);
    if (shape !== shapeOf(b) || shape === 'value') {
      if (!sameJson(a, b)) found.push({ path: at, kind: 'changed' });
      continue;
    }
    const next: Step[] = [];
    const place = (key: string | number) => `${at}/${pointerToken(key)}`;
    if (shape === 'object') {
      const x = a as Record<string, unknown>;
      const y = b as Record<string, unknown>;
      for (const key of Object.keys(x))
        next.push(
          Object.hasOwn(y, key)
            ? { logged: x[key], exported: y[key], path: place(key) }
            : { path: place(key), kind: 'left-out' },
        );
      for (const key of Object.keys(y))
        if (!Object.hasOwn(x, key)) next.push({ path: place(key), kind: 'added' });
    } else {
      const x = a as unknown[];
      const y = b as unknown[];
      if (x.length === y.length)
        x.forEach((item, i) => next.push({ logged: item, exported: y[i], path: place(i) }));
      else {
        // What the lists share at the start and at the end; the rest differs.
        const shortest = Math.min(x.length, y.length);
        let start = 0;
        while (start < shortest && sameJson(x[start], y[start])) start++;
        let end = 0;
        while (end < shortest - start && sameJson(x[x.length - 1 - end], y[y.length - 1 - end]))
          end++;
        const inLog = x.length - start - end;
        const inExport = y.length - start - end;
        if (inLog > 0 && inExport > 0) next.push({ path: at, kind: 'changed' });
        else {
          for (let i = start; i < start + inLog; i++)
            next.push({ path: place(i), kind: 'left-out' });
          for (let i = start; i < start + inExport; i++)
            next.push({ path: place(i), kind: 'added' });
        }
      }
    }
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]!);
  }
}

function shapeOf(value: unknown): 'object' | 'array' | 'value' {
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' && value !== null ? 'object' : 'value';
}

/** JSON equality, key order aside. */
export function sameJson(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (x === y) continue;
    const shape = shapeOf(x);
    if (shape !== shapeOf(y) || shape === 'value') return false;
    if (shape === 'array') {
      const p = x as unknown[];
      const q = y as unknown[];
      if (p.length !== q.length) return false;
      p.forEach((item, i) => stack.push([item, q[i]]));
    } else {
      const p = x as Record<string, unknown>;
      const q = y as Record<string, unknown>;
      const keys = Object.keys(p);
      if (keys.length !== Object.keys(q).length) return false;
      for (const key of keys) {
        if (!Object.hasOwn(q, key)) return false;
        stack.push([p[key], q[key]]);
      }
    }
  }
  return true;
}
