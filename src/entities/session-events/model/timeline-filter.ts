import { searchText } from './event-search';
import type { TimelineItem } from './types';

/** A span of time, Unix µs, both ends included. */
export interface TimeRange {
  fromUs: number;
  toUs: number;
}

/**
 * What the timeline shows. Gaps, markers and unreadable frames are always shown, unless they are
 * outside the time range.
 */
export interface TimelineFilter {
  /** Only what happened in this span (the overview's brush, a page); null: all time. */
  range: TimeRange | null;
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
  range: null,
  hiddenCategories: [],
  types: [],
  hiddenLevels: [],
  text: '',
  errorsOnly: false,
};

export function isFilterActive(filter: TimelineFilter): boolean {
  return (
    filter.range !== null ||
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
  const { errorsOnly, range } = filter;
  return (item) => {
    if (range && (item.tsUs < range.fromUs || item.tsUs > range.toUs)) return false;
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

/** `range=<from ms>-<to ms>` (Unix ms, integers): the session's time range, in every view. */
export function readRangeParam(params: URLSearchParams): TimeRange | null {
  const match = /^(\d{1,15})-(\d{1,15})$/.exec(params.get('range') ?? '');
  if (!match) return null;
  const from = Number(match[1]);
  const to = Number(match[2]);
  return from <= to ? { fromUs: from * 1000, toUs: to * 1000 + 999 } : null;
}

export function writeRangeParam(params: URLSearchParams, range: TimeRange | null): void {
  if (range === null) params.delete('range');
  else params.set('range', `${Math.floor(range.fromUs / 1000)}-${Math.floor(range.toUs / 1000)}`);
}

/**
 * The filter in URL parameters: `tc` hidden categories, `tt` types, `tl` hidden levels (all
 * comma-separated), `tq` text, `te=1` errors only, `range` the time range.
 */
export function readFilterParams(params: URLSearchParams): TimelineFilter {
  return {
    range: readRangeParam(params),
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
  writeRangeParam(params, filter.range);
}
