/** Merging the All view's lists: rows by time, and the filter's keys. */

/**
 * Merges lists, each kept in its own order, by time: at each step the head of lowest time goes
 * first; ties go to the earlier list. A time that is not a number sorts as if it were the time of
 * the row before it in its list.
 */
export function mergeByTime<R extends { timeMs: number }>(lists: readonly R[][]): R[] {
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  const out = new Array<R>(total);
  const heads = lists.map(() => 0);
  const keys = lists.map(() => Number.NEGATIVE_INFINITY);
  for (let at = 0; at < total; at += 1) {
    let pick = -1;
    let pickKey = Number.POSITIVE_INFINITY;
    for (let list = 0; list < lists.length; list += 1) {
      const row = (lists[list] as R[])[heads[list] as number];
      if (!row) continue;
      const key = Number.isNaN(row.timeMs) ? (keys[list] as number) : row.timeMs;
      if (pick < 0 || key < pickKey) {
        pick = list;
        pickKey = key;
      }
    }
    const row = (lists[pick] as R[])[heads[pick] as number] as R;
    keys[pick] = pickKey;
    heads[pick] = (heads[pick] as number) + 1;
    out[at] = row;
  }
  return out;
}

/** Ascending lists of keys as one ascending list (no key is in two lists). */
export function mergeKeys(lists: readonly number[][]): number[] {
  if (lists.length === 0) return [];
  if (lists.length === 1) return lists[0] as number[];
  // two at a time, each pass halving the lists: a filter's lists are few and long (a log stream's
  // hundred thousand matches, the telemetry's), so the inner loop is a plain two-way merge
  let merging = lists;
  while (merging.length > 1) {
    const next: number[][] = [];
    for (let at = 0; at < merging.length; at += 2) {
      const a = merging[at] as number[];
      const b = merging[at + 1];
      next.push(b === undefined ? a : mergeTwo(a, b));
    }
    merging = next;
  }
  return merging[0] as number[];
}

function mergeTwo(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x < y) {
      out[k++] = x;
      i += 1;
    } else {
      out[k++] = y;
      j += 1;
    }
  }
  while (i < a.length) out[k++] = a[i++] as number;
  while (j < b.length) out[k++] = b[j++] as number;
  return out;
}
