import type { ItemTest } from '../../../lib/filtered-ring';
import { isAscii, plainMatcher } from '../../../lib/plain-match';
import type { AllLevel, AllRow } from './merged-feed';

/** What the All view hides: whole sources, levels, everything but errors, what the search misses. */
export interface AllFilter {
  /** Rows whose text holds this, ignoring case (all when empty). */
  text: string;
  /** Only rows of this span (Unix ms, both ends included): the session's time range. */
  range: { fromMs: number; toMs: number } | null;
  /** Ids of the sources not shown. */
  hiddenSources: readonly string[];
  hiddenLevels: readonly AllLevel[];
  errorsOnly: boolean;
}

export const NO_FILTER: AllFilter = {
  text: '',
  range: null,
  hiddenSources: [],
  hiddenLevels: [],
  errorsOnly: false,
};

/** The text the filter searches for when nothing else narrows the rows; null otherwise. */
export function textOnlyNeedle(filter: AllFilter): string | null {
  const needle = filter.text.trim();
  const others =
    filter.errorsOnly ||
    filter.range !== null ||
    filter.hiddenSources.length > 0 ||
    filter.hiddenLevels.length > 0;
  return needle === '' || others ? null : needle;
}

/**
 * The filter as a row test; null when it shows everything. A mark a person set is shown whatever
 * the search, level, source and errors only say (as the timeline and the log streams keep it):
 * only the time range leaves it out.
 */
export function filterTest(filter: AllFilter): ItemTest<AllRow> | null {
  const { errorsOnly } = filter;
  const sources = new Set(filter.hiddenSources);
  const levels = new Set(filter.hiddenLevels);
  const needle = filter.text.trim();
  const { range } = filter;
  if (!errorsOnly && !range && sources.size === 0 && levels.size === 0 && needle === '')
    return null;
  // ignoring case as the log filter does: an ASCII row is matched with no lower-case copy of it
  const matches = needle === '' ? null : plainMatcher(needle, false).test;
  const text = matches && ((row: AllRow) => matches(row.text, (row.ascii ??= isAscii(row.text))));
  // only the checks that narrow anything, so that a search over a million rows does only that
  const others = errorsOnly || range || sources.size > 0 || levels.size > 0;
  if (text && !others) return (row) => row.mark || text(row);
  return (row) =>
    (!range || (row.timeMs >= range.fromMs && row.timeMs <= range.toMs)) &&
    (row.mark ||
      ((!errorsOnly || row.error) &&
        !sources.has(row.source.id) &&
        !levels.has(row.level) &&
        (text === null || text(row))));
}
