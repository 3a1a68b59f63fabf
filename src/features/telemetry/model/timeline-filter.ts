import { searchText } from './event-search';
import type { TimelineItem } from './types';

/** What the timeline shows. Gaps, markers and unreadable frames are always shown. */
export interface TimelineFilter {
  /** Categories switched off with their chips. */
  hiddenCategories: string[];
  /** Types to show; empty means every type. */
  types: string[];
  /** Console levels switched off (`log`, `info`, `warning`, `error`, `debug`, …). */
  hiddenLevels: string[];
  /** Case-insensitive text looked for in summaries, URLs, console texts, selectors… */
  text: string;
  errorsOnly: boolean;
}

export const EMPTY_FILTER: TimelineFilter = {
  hiddenCategories: [],
  types: [],
  hiddenLevels: [],
  text: '',
  errorsOnly: false,
};

export function isFilterActive(filter: TimelineFilter): boolean {
  return (
    filter.hiddenCategories.length > 0 ||
    filter.types.length > 0 ||
    filter.hiddenLevels.length > 0 ||
    filter.text.trim() !== '' ||
    filter.errorsOnly
  );
}

/** The filter as a predicate, or null when it lets everything through. */
export function compileTimelineFilter(
  filter: TimelineFilter,
): ((item: TimelineItem) => boolean) | null {
  if (!isFilterActive(filter)) return null;
  const hiddenCategories = new Set(filter.hiddenCategories);
  const types = filter.types.length > 0 ? new Set(filter.types) : null;
  const hiddenLevels = new Set(filter.hiddenLevels);
  const words = filter.text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const { errorsOnly } = filter;
  return (item) => {
    if (item.kind !== 'event') return true;
    if (errorsOnly && !item.error) return false;
    if (hiddenCategories.has(item.category)) return false;
    if (types && !types.has(item.type)) return false;
    if (item.level !== null && hiddenLevels.has(item.level)) return false;
    for (const word of words) if (!searchText(item).includes(word)) return false;
    return true;
  };
}

function list(params: URLSearchParams, name: string): string[] {
  const value = params.get(name);
  return value ? value.split(',').filter(Boolean) : [];
}

/**
 * The filter in URL parameters: `tc` hidden categories, `tt` types, `tl` hidden levels (all
 * comma-separated), `tq` text, `te=1` errors only.
 */
export function readFilterParams(params: URLSearchParams): TimelineFilter {
  return {
    hiddenCategories: list(params, 'tc'),
    types: list(params, 'tt'),
    hiddenLevels: list(params, 'tl'),
    text: params.get('tq') ?? '',
    errorsOnly: params.get('te') === '1',
  };
}

export function writeFilterParams(params: URLSearchParams, filter: TimelineFilter): void {
  for (const name of ['tc', 'tt', 'tl', 'tq', 'te']) params.delete(name);
  if (filter.hiddenCategories.length > 0) params.set('tc', filter.hiddenCategories.join(','));
  if (filter.types.length > 0) params.set('tt', filter.types.join(','));
  if (filter.hiddenLevels.length > 0) params.set('tl', filter.hiddenLevels.join(','));
  if (filter.text) params.set('tq', filter.text);
  if (filter.errorsOnly) params.set('te', '1');
}
