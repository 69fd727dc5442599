/**
 * Aligning two lists in order, for diffEnvelopes: exactly (a longest common subsequence of their
 * keys) while a budget of DP cells lasts, coarsely (anchored on the keys found once on each side)
 * beyond it. Pure; never throws.
 */

/** How one diff pays for exact alignment, and hears about the lists aligned coarsely. */
export interface AlignBudget {
  /** Takes `cells` from the budget; false (and nothing taken) when fewer are left. */
  spend(cells: number): boolean;
  /** The list at `path` was aligned coarsely: too long by itself, or the budget was spent. */
  coarse(path: string, lengthA: number, lengthB: number, tooLong: boolean): void;
}

export interface AlignOptions<T> {
  /** Equal keys mean equal items. */
  key: (item: T) => string;
  /** Unequal items that are clearly the same thing, changed (same name, same content …). */
  strong: (x: T, y: T) => boolean;
  /** False for an item that is `strong` with nothing: its search is skipped (a long list of numbers). */
  mayBeStrong: (x: T) => boolean;
  /** Unequal items that may be paired by position when nothing better fits. */
  weak: (x: T, y: T) => boolean;
}

/** One step of an alignment: `[i, j]` pairs `a[i]` with `b[j]`; an undefined side is absent. */
export type Step = [number | undefined, number | undefined];

/** A DP table above this many cells is not built: that list is aligned coarsely. */
export const MAX_LCS_CELLS = 4_000_000;

/**
 * Cells all the DP tables of one diff may fill together (about 0.3 s where one cell costs
 * 30–40 ns). Beyond it every further list is aligned coarsely: without a total, two envelopes of
 * 200 kB with fifty long argument lists filled 200 million cells (17 s).
 */
export const DIFF_CELL_BUDGET = 8_000_000;

/**
 * Aligns two lists in order: equal keys first (common prefix and suffix, then a longest common
 * subsequence of the middle), then in every gap between equal items, pairs that are `strong`
 * in order, then `weak` pairs by position; the rest is removed (from `a`) or added (to `b`).
 * When the middle is too long for the budget, the keys found once on each side anchor it instead
 * of a longest common subsequence (coarser: an item that repeats anchors nothing), and the list
 * is reported at `where`.
 */
export function align<T>(
  a: readonly T[],
  b: readonly T[],
  o: AlignOptions<T>,
  budget: AlignBudget,
  where: () => string,
): Step[] {
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
  const n = endA - start;
  const m = endB - start;
  const cells = n > 0 && m > 0 ? (n + 1) * (m + 1) : 0;
  let anchors: [number, number][];
  if (cells === 0) anchors = [];
  else if (cells <= MAX_LCS_CELLS && budget.spend(cells)) {
    anchors = lcs(keyA, keyB, start, endA, start, endB);
  } else {
    anchors = uniqueAnchors(keyA, keyB, start, endA, start, endB);
    budget.coarse(where(), a.length, b.length, cells > MAX_LCS_CELLS);
  }
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
  // Keys as small numbers: the inner loop then compares integers, not strings (about 3× faster).
  const ids = new Map<string, number>();
  const idOf = (key: string) => {
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    return id;
  };
  const idA = new Int32Array(n);
  const idB = new Int32Array(m);
  for (let i = 0; i < n; i++) idA[i] = idOf(keyA[a0 + i]);
  for (let j = 0; j < m; j++) idB[j] = idOf(keyB[b0 + j]);
  const width = m + 1;
  const table = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    const id = idA[i];
    const row = i * width;
    const below = row + width;
    for (let j = m - 1; j >= 0; j--) {
      if (id === idB[j]) table[row + j] = table[below + j + 1] + 1;
      else {
        const down = table[below + j];
        const right = table[row + j + 1];
        table[row + j] = down >= right ? down : right;
      }
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (idA[i] === idB[j]) {
      pairs.push([a0 + i, b0 + j]);
      i++;
      j++;
    } else if (table[(i + 1) * width + j] >= table[i * width + j + 1]) i++;
    else j++;
  }
  return pairs;
}

/**
 * The coarse alignment: keys that occur exactly once in `keyA[a0..a1)` and once in
 * `keyB[b0..b1)`, paired, and of those the longest run in the same order on both sides
 * (patience diff's anchors). O(n log n) time, O(n) memory, whatever the lengths.
 */
function uniqueAnchors(
  keyA: string[],
  keyB: string[],
  a0: number,
  a1: number,
  b0: number,
  b1: number,
): [number, number][] {
  const once = (keys: string[], from: number, to: number) => {
    const at = new Map<string, number>();
    for (let k = from; k < to; k++) at.set(keys[k], at.has(keys[k]) ? -1 : k);
    return at;
  };
  const inA = once(keyA, a0, a1);
  const inB = once(keyB, b0, b1);
  const pairs: [number, number][] = [];
  for (let i = a0; i < a1; i++) {
    const j = inA.get(keyA[i]) === i ? inB.get(keyA[i]) : undefined;
    if (j !== undefined && j >= 0) pairs.push([i, j]);
  }
  // Longest increasing run of j (pairs are in order of i): patience sorting with back links.
  const tails: number[] = [];
  const previous = new Int32Array(pairs.length).fill(-1);
  for (let p = 0; p < pairs.length; p++) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (pairs[tails[mid]][1] < pairs[p][1]) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[p] = tails[low - 1];
    tails[low] = p;
  }
  const anchors: [number, number][] = [];
  for (let p = tails.length > 0 ? tails[tails.length - 1] : -1; p >= 0; p = previous[p])
    anchors.push(pairs[p]);
  return anchors.reverse();
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
    if (!o.mayBeStrong(a[i])) continue;
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
