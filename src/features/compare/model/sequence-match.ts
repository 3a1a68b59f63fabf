/**
 * Matching two sequences of keys (numbers standing for step keys): which positions of one pair
 * with which of the other, in order, so that as many equal keys as possible are paired (their
 * longest common subsequence). Exact (dynamic programming) on what is left once the common start
 * and end are set aside, while that is small; beyond a size, anchored on the keys each sequence
 * holds once (patience diff) and then a greedy walk that looks a window ahead, so that matching
 * stays near linear on huge inputs. Says when it was not exact.
 */

export interface MatchBudget {
  /** Largest table (cells: one length times the other) an exact match may fill. */
  readonly cellsPerMatch: number;
  /** Cells left for exact matching in all; spent as they are used. */
  cells: number;
  /** How far the greedy walk looks ahead for a key. */
  readonly window: number;
  /** Cleared when any part was matched by an approximation. */
  exact: boolean;
}

export const DEFAULT_CELLS_PER_MATCH = 4_000_000;
export const DEFAULT_TOTAL_CELLS = 40_000_000;
export const DEFAULT_WINDOW = 64;
/** Nested anchorings at most before the greedy walk takes over. */
const MAX_DEPTH = 12;

export function matchBudget(
  cellsPerMatch = DEFAULT_CELLS_PER_MATCH,
  cells = DEFAULT_TOTAL_CELLS,
  window = DEFAULT_WINDOW,
): MatchBudget {
  return { cellsPerMatch, cells, window, exact: true };
}

type Keys = ArrayLike<number>;

/**
 * The pairs matched, flattened: `[i0, j0, i1, j1, …]` with `a[i] === b[j]`, both ascending.
 */
export function matchSequences(a: Keys, b: Keys, budget: MatchBudget): number[] {
  const out: number[] = [];
  solve(a, b, 0, a.length, 0, b.length, budget, out, 0);
  return out;
}

function solve(
  a: Keys,
  b: Keys,
  aFrom: number,
  aTo: number,
  bFrom: number,
  bTo: number,
  budget: MatchBudget,
  out: number[],
  depth: number,
): void {
  let aLo = aFrom;
  let bLo = bFrom;
  while (aLo < aTo && bLo < bTo && a[aLo] === b[bLo]) {
    out.push(aLo, bLo);
    aLo += 1;
    bLo += 1;
  }
  let aHi = aTo;
  let bHi = bTo;
  while (aHi > aLo && bHi > bLo && a[aHi - 1] === b[bHi - 1]) {
    aHi -= 1;
    bHi -= 1;
  }
  const n = aHi - aLo;
  const m = bHi - bLo;
  if (n > 0 && m > 0) {
    const cells = n * m;
    if (cells <= budget.cellsPerMatch && cells <= budget.cells) {
      budget.cells -= cells;
      exact(a, b, aLo, n, bLo, m, out);
    } else {
      budget.exact = false;
      const anchored =
        depth < MAX_DEPTH && anchoredMatch(a, b, aLo, aHi, bLo, bHi, budget, out, depth);
      if (!anchored) greedy(a, b, aLo, aHi, bLo, bHi, budget.window, out);
    }
  }
  for (let k = 0; k < aTo - aHi; k += 1) out.push(aHi + k, bHi + k);
}

/** The longest common subsequence, from a table of the lengths of every pair of suffixes. */
function exact(a: Keys, b: Keys, aLo: number, n: number, bLo: number, m: number, out: number[]) {
  const width = m + 1;
  const table =
    Math.min(n, m) < 0xffff ? new Uint16Array((n + 1) * width) : new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i -= 1) {
    const key = a[aLo + i];
    const row = i * width;
    const below = row + width;
    for (let j = m - 1; j >= 0; j -= 1) {
      if (key === b[bLo + j]) table[row + j] = (table[below + j + 1] as number) + 1;
      else {
        const down = table[below + j] as number;
        const right = table[row + j + 1] as number;
        table[row + j] = down >= right ? down : right;
      }
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[aLo + i] === b[bLo + j]) {
      out.push(aLo + i, bLo + j);
      i += 1;
      j += 1;
    } else if ((table[(i + 1) * width + j] as number) >= (table[i * width + j + 1] as number)) {
      i += 1;
    } else {
      j += 1;
    }
  }
}

/**
 * Patience: the keys found exactly once in each range are anchors; the longest run of anchors in
 * the same order in both is kept, and the stretches between them are matched on their own.
 * False when there is no anchor.
 */
function anchoredMatch(
  a: Keys,
  b: Keys,
  aLo: number,
  aHi: number,
  bLo: number,
  bHi: number,
  budget: MatchBudget,
  out: number[],
  depth: number,
): boolean {
  const inA = new Map<number, number>();
  for (let i = aLo; i < aHi; i += 1) {
    const key = a[i] as number;
    inA.set(key, inA.has(key) ? -1 : i);
  }
  const inB = new Map<number, number>();
  for (let j = bLo; j < bHi; j += 1) {
    const key = b[j] as number;
    if (inA.has(key)) inB.set(key, inB.has(key) ? -1 : j);
  }
  const candidatesA: number[] = [];
  const candidatesB: number[] = [];
  for (let i = aLo; i < aHi; i += 1) {
    const key = a[i] as number;
    const j = inB.get(key);
    if (inA.get(key) === i && j !== undefined && j >= 0) {
      candidatesA.push(i);
      candidatesB.push(j);
    }
  }
  if (candidatesA.length === 0) return false;
  const chosen = increasingRun(candidatesB);
  let pa = aLo;
  let pb = bLo;
  for (const at of chosen) {
    const i = candidatesA[at] as number;
    const j = candidatesB[at] as number;
    solve(a, b, pa, i, pb, j, budget, out, depth + 1);
    out.push(i, j);
    pa = i + 1;
    pb = j + 1;
  }
  solve(a, b, pa, aHi, pb, bHi, budget, out, depth + 1);
  return true;
}

/** Positions of the longest strictly increasing subsequence of `values` (n log n). */
export function increasingRun(values: readonly number[]): number[] {
  const tails: number[] = [];
  const previous = new Int32Array(values.length).fill(-1);
  for (let at = 0; at < values.length; at += 1) {
    const value = values[at] as number;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((values[tails[mid] as number] as number) < value) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[at] = tails[low - 1] as number;
    tails[low] = at;
  }
  const run: number[] = [];
  for (let at = tails[tails.length - 1] ?? -1; at >= 0; at = previous[at] as number) run.push(at);
  return run.reverse();
}

/** Where each key occurs in a range, ascending. */
function positions(keys: Keys, from: number, to: number): Map<number, number[]> {
  const found = new Map<number, number[]>();
  for (let at = from; at < to; at += 1) {
    const key = keys[at] as number;
    const list = found.get(key);
    if (list) list.push(at);
    else found.set(key, [at]);
  }
  return found;
}

/** The first position of `key` at or after `from`; -1 when none. Callers ask with `from` rising. */
function nextOf(
  lists: Map<number, number[]>,
  cursors: Map<number, number>,
  key: number,
  from: number,
): number {
  const list = lists.get(key);
  if (!list) return -1;
  let cursor = cursors.get(key) ?? 0;
  while (cursor < list.length && (list[cursor] as number) < from) cursor += 1;
  cursors.set(key, cursor);
  return cursor < list.length ? (list[cursor] as number) : -1;
}

/**
 * A walk along both: equal keys pair; else the side whose key the other holds nearer (within the
 * window) skips to it, and when neither does, both move on. Linear but for the window.
 */
function greedy(
  a: Keys,
  b: Keys,
  aLo: number,
  aHi: number,
  bLo: number,
  bHi: number,
  window: number,
  out: number[],
): void {
  const inA = positions(a, aLo, aHi);
  const inB = positions(b, bLo, bHi);
  const cursorsA = new Map<number, number>();
  const cursorsB = new Map<number, number>();
  let i = aLo;
  let j = bLo;
  while (i < aHi && j < bHi) {
    if (a[i] === b[j]) {
      out.push(i, j);
      i += 1;
      j += 1;
      continue;
    }
    const inBAt = nextOf(inB, cursorsB, a[i] as number, j);
    const inAAt = nextOf(inA, cursorsA, b[j] as number, i);
    const skipB = inBAt < 0 || inBAt - j > window ? Number.POSITIVE_INFINITY : inBAt - j;
    const skipA = inAAt < 0 || inAAt - i > window ? Number.POSITIVE_INFINITY : inAAt - i;
    if (skipA === Number.POSITIVE_INFINITY && skipB === Number.POSITIVE_INFINITY) {
      i += 1;
      j += 1;
    } else if (skipB <= skipA) {
      j = inBAt;
    } else {
      i = inAAt;
    }
  }
}
