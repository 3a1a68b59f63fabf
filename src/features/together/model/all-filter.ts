import type { ItemTest } from '../../../lib/filtered-ring';
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

/** The filter as a row test; null when it shows everything. */
export function filterTest(filter: AllFilter): ItemTest<AllRow> | null {
  const { errorsOnly } = filter;
  const sources = new Set(filter.hiddenSources);
  const levels = new Set(filter.hiddenLevels);
  const needle = filter.text.trim().toLowerCase();
  const { range } = filter;
  if (!errorsOnly && !range && sources.size === 0 && levels.size === 0 && needle === '')
    return null;
  return (row) =>
    (!range || (row.timeMs >= range.fromMs && row.timeMs <= range.toMs)) &&
    (!errorsOnly || row.error) &&
    !sources.has(row.source.id) &&
    !levels.has(row.level) &&
    (needle === '' || (row.haystack ??= row.text.toLowerCase()).includes(needle));
}
