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
  if (lists.length === 1) return lists[0] as number[];
  const out: number[] = [];
  const heads = lists.map(() => 0);
  for (;;) {
    let pick = -1;
    let least = Number.POSITIVE_INFINITY;
    for (let list = 0; list < lists.length; list += 1) {
      const key = (lists[list] as number[])[heads[list] as number];
      if (key !== undefined && key < least) {
        least = key;
        pick = list;
      }
    }
    if (pick < 0) return out;
    out.push(least);
    heads[pick] = (heads[pick] as number) + 1;
  }
}
