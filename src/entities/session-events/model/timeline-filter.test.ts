import { describe, expect, it } from 'vitest';
import { eventAt, gapItem, markerItem, unreadableItem } from '../testing/telemetry-test-kit';
import {
  compileTimelineFilter,
  EMPTY_FILTER,
  isFilterActive,
  readFilterParams,
  writeFilterParams,
  type TimelineFilter,
} from './timeline-filter';
import type { TimelineItem } from './types';

const withIndex = (item: ReturnType<typeof eventAt>, index: number): TimelineItem =>
  ({ ...item, index }) as TimelineItem;

const items = {
  warning: eventAt(1, {
    data: { level: 'warning', text: 'Fetch Failed for https://API.example.com/users' },
  }),
  info: eventAt(2, { data: { level: 'info', text: 'ready' } }),
  error: eventAt(3, { type: 'console_error', data: { text: 'Uncaught TypeError: x' } }),
  failed: eventAt(4, {
    type: 'network_response',
    data: { request_id: 'r', status: 500, url: 'https://api.example.com/users' },
  }),
  load: eventAt(5, { type: 'page_load', data: { url: 'https://shop.test/cart' } }),
};
const events = Object.values(items).map(withIndex);
const alwaysShown = [
  gapItem(6, 9),
  markerItem('reconnected'),
  markerItem('restarted'),
  unreadableItem('{"seq":'),
].map((item, at) => withIndex(item, 10 + at));

/** Seqs of the events a filter shows. */
function shown(change: Partial<TimelineFilter>): number[] {
  const test = compileTimelineFilter({ ...EMPTY_FILTER, ...change });
  if (!test) throw new Error('the filter is not active');
  return events.filter(test).map((item) => (item.kind === 'event' ? item.seq : -1));
}

describe('compileTimelineFilter', () => {
  it('lets everything through without a criterion', () => {
    expect(compileTimelineFilter(EMPTY_FILTER)).toBeNull();
    expect(compileTimelineFilter({ ...EMPTY_FILTER, text: '   ' })).toBeNull();
    expect(isFilterActive({ ...EMPTY_FILTER, text: '   ' })).toBe(false);
  });

  it('hides switched-off categories', () => {
    expect(shown({ hiddenCategories: ['console'] })).toEqual([4, 5]);
    expect(shown({ hiddenCategories: ['console', 'page'] })).toEqual([4]);
  });

  it('shows only the chosen types', () => {
    expect(shown({ types: ['console_error', 'page_load'] })).toEqual([3, 5]);
  });

  it('hides switched-off console levels and keeps events without a level', () => {
    expect(shown({ hiddenLevels: ['warning', 'error'] })).toEqual([2, 4, 5]);
  });

  it('shows only errors', () => {
    expect(shown({ errorsOnly: true })).toEqual([3, 4]);
  });

  it('needs every word of the search, in any case and order', () => {
    expect(shown({ text: 'API.EXAMPLE' })).toEqual([1, 4]);
    expect(shown({ text: '  users   failed ' })).toEqual([1]);
    expect(shown({ text: 'users cart' })).toEqual([]);
  });

  it('a time range hides everything outside it, gaps and markers too', () => {
    const range = { fromUs: events[1]!.tsUs, toUs: events[3]!.tsUs };
    expect(shown({ range })).toEqual([2, 3, 4]);
    const test = compileTimelineFilter({ ...EMPTY_FILTER, range });
    const outside = { ...alwaysShown[0]!, tsUs: range.toUs + 1 };
    expect(test?.(outside)).toBe(false);
  });

  it('combines criteria', () => {
    expect(shown({ errorsOnly: true, hiddenCategories: ['network'] })).toEqual([3]);
    expect(shown({ text: 'example', types: ['network_response'] })).toEqual([4]);
  });

  it('always shows gaps, markers and unreadable frames', () => {
    const test = compileTimelineFilter({
      range: null,
      hiddenCategories: ['console'],
      types: ['page_load'],
      hiddenLevels: ['log'],
      text: 'nothing matches this',
      errorsOnly: true,
    });
    expect(alwaysShown.every((item) => test?.(item))).toBe(true);
  });
});

describe('filter URL parameters', () => {
  const filter: TimelineFilter = {
    range: { fromUs: 1_795_000_000_123_000, toUs: 1_795_000_060_456_999 },
    hiddenCategories: ['network', 'page'],
    types: ['console_error'],
    hiddenLevels: ['debug'],
    text: 'Uncaught & 50% off?',
    errorsOnly: true,
  };

  it('reads back what it wrote, keeping unrelated parameters', () => {
    const params = new URLSearchParams('session=abc&view=timeline&tq=old');
    writeFilterParams(params, filter);
    const url = params.toString();
    expect(readFilterParams(new URLSearchParams(url))).toEqual(filter);
    expect(params.get('session')).toBe('abc');
    expect(params.get('view')).toBe('timeline');
    expect(params.getAll('tq')).toEqual(['Uncaught & 50% off?']);
  });

  it('removes its parameters for the empty filter', () => {
    const params = new URLSearchParams('tc=a&tt=b&tl=c&tq=d&te=1&range=1-2&session=abc');
    writeFilterParams(params, EMPTY_FILTER);
    expect(params.toString()).toBe('session=abc');
    expect(readFilterParams(params)).toEqual(EMPTY_FILTER);
  });

  it('reads a range of whole milliseconds, both ends included, and nothing else', () => {
    expect(readFilterParams(new URLSearchParams('range=1000-2000')).range).toEqual({
      fromUs: 1_000_000,
      toUs: 2_000_999,
    });
    for (const bad of ['2000-1000', '1-', 'a-b', '1.5-2', '-1-2'])
      expect(readFilterParams(new URLSearchParams(`range=${bad}`)).range).toBeNull();
  });

  it('ignores empty list entries and anything but te=1', () => {
    expect(readFilterParams(new URLSearchParams('tc=,network,,page,&te=true'))).toEqual({
      ...EMPTY_FILTER,
      hiddenCategories: ['network', 'page'],
    });
  });
});
