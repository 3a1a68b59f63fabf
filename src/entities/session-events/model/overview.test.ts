import { describe, expect, it } from 'vitest';
import { columnSource, eventItem, screenshotItem, testSource } from '../testing/overview-test-kit';
import { binOf, computeOverview, fractionOf, timeAt } from './overview';
import { OVERVIEW_MARKER_CAP } from './overview-gather';
import { describeOverview } from './overview-summary';
import type { TimelineItem } from './types';

const T0 = Date.UTC(2026, 0, 2, 12, 1, 2) * 1000;
const S = 1_000_000;

function sum(bins: Uint32Array): number {
  return bins.reduce((total, count) => total + count, 0);
}

// a live buffer gives the overview typed columns; any other source is visited item by item: both
// must give the same answer
describe.each([
  ['visiting the items', testSource],
  ['from the columns', columnSource],
])('computeOverview, %s', (_way, sourceOf) => {
  it('is empty for a timeline without events', () => {
    const gap: TimelineItem = {
      kind: 'gap',
      index: 0,
      tsUs: T0,
      epoch: 0,
      from: 1,
      to: 4,
      cause: 'mid-stream',
    };
    const overview = computeOverview(sourceOf([gap]), 100);
    expect(overview.lanes).toEqual([]);
    expect(overview.totals).toEqual({ events: 0, errors: 0, navigations: 0, screenshots: 0 });
    expect(describeOverview(overview)).toBe('No events yet');
    expect(computeOverview(sourceOf(), 100).lanes).toEqual([]);
  });

  it('gives what an agent sent the browser a lane of its own, right after interactions', () => {
    const overview = computeOverview(
      sourceOf([
        eventItem(0, T0, { category: 'control', type: 'api_call' }),
        eventItem(1, T0 + S, { category: 'control', type: 'cdp_command' }),
        eventItem(2, T0 + 2 * S, { category: 'interaction', type: 'interaction_click' }),
        eventItem(3, T0 + 3 * S, { category: 'control', type: 'cdp_command' }),
      ]),
      4,
    );
    expect(overview.lanes.map((lane) => [lane.category, sum(lane.bins)])).toEqual([
      ['interaction', 1],
      ['agent', 2],
      ['control', 1],
    ]);
  });

  it('spans the earliest to the latest event, one lane per category in display order', () => {
    const source = sourceOf([
      eventItem(0, T0 + 5 * S, { category: 'network', type: 'network_request' }),
      eventItem(1, T0, { category: 'zeta' }),
      eventItem(2, T0 + 10 * S, { category: 'console' }),
      eventItem(3, T0 + 2 * S, { category: 'alpha' }),
      eventItem(4, T0 + 3 * S, { category: 'monitor' }),
      eventItem(5, T0 + 4 * S, { category: 'captcha' }),
      eventItem(6, T0 + 6 * S, { category: 'console' }),
    ]);
    const overview = computeOverview(source, 10);
    expect(overview.startUs).toBe(T0);
    expect(overview.endUs).toBe(T0 + 10 * S);
    expect(overview.lanes.map((lane) => lane.category)).toEqual([
      'console',
      'network',
      'monitor',
      'captcha',
      'alpha',
      'zeta',
    ]);
    const console = overview.lanes[0];
    expect(console?.bins.length).toBe(10);
    expect(console?.bins[9]).toBe(1); // the last instant falls in the last bin
    expect(console?.bins[6]).toBe(1);
    expect(console?.max).toBe(1);
    expect(overview.lanes[5]?.bins[0]).toBe(1); // the first instant in the first bin
    expect(overview.lanes.reduce((total, lane) => total + sum(lane.bins), 0)).toBe(7);
  });

  it('counts density per bin and keeps the lane maximum', () => {
    const items = Array.from({ length: 30 }, (_, i) => eventItem(i, T0 + (i < 20 ? 0 : 9 * S)));
    const lane = computeOverview(sourceOf(items), 10).lanes[0];
    expect(lane?.bins[0]).toBe(20);
    expect(lane?.bins[9]).toBe(10);
    expect(lane?.max).toBe(20);
  });

  it('skips non-event items and events whose ts is not finite', () => {
    const items: TimelineItem[] = [
      { kind: 'marker', index: 0, tsUs: T0 - 100 * S, epoch: 0, marker: 'reconnected', text: 'x' },
      eventItem(1, Number.NaN, { error: true }),
      eventItem(2, T0),
      { kind: 'unreadable', index: 3, tsUs: T0 + 100 * S, epoch: 0, raw: '{', reason: 'not JSON' },
      eventItem(4, Number.POSITIVE_INFINITY),
    ];
    const overview = computeOverview(sourceOf(items), 4);
    expect(overview.totals.events).toBe(1);
    expect(overview.errors).toEqual([]);
    expect(overview.startUs).toBe(T0);
  });

  it('widens a zero-length range to one second', () => {
    const overview = computeOverview(sourceOf([eventItem(0, T0), eventItem(1, T0)]), 8);
    expect(overview.startUs).toBe(T0);
    expect(overview.endUs).toBe(T0 + S);
    expect(overview.lanes[0]?.bins[0]).toBe(2);
  });

  it('collects errors, top-level navigations and screenshots', () => {
    const nav = (index: number, ts: number, parent?: unknown): TimelineItem =>
      eventItem(index, ts, {
        category: 'page',
        type: 'page_navigation',
        data: parent === undefined ? { url: 'https://a.test/' } : { parent_frame_id: parent },
      });
    const overview = computeOverview(
      sourceOf([
        nav(0, T0),
        nav(1, T0 + S, 'FRAME'),
        nav(2, T0 + 2 * S, ''),
        nav(3, T0 + 3 * S, null),
        eventItem(4, T0 + 4 * S, { category: 'console', type: 'console_error', error: true }),
        screenshotItem(5, T0 + 5 * S, 'blob:one'),
        screenshotItem(6, T0 + 6 * S, null),
        eventItem(7, T0 + 7 * S, {
          category: 'screenshot',
          type: 'monitor_screenshot',
          truncated: true,
          data: null,
        }),
      ]),
      100,
    );
    expect(overview.navigations).toEqual([
      { tsUs: T0, index: 0 },
      { tsUs: T0 + 2 * S, index: 2 },
      { tsUs: T0 + 3 * S, index: 3 },
    ]);
    expect(overview.errors).toEqual([{ tsUs: T0 + 4 * S, index: 4 }]);
    expect(overview.screenshots).toEqual([
      { tsUs: T0 + 5 * S, index: 5, url: 'blob:one' },
      { tsUs: T0 + 6 * S, index: 6, url: null },
    ]);
    expect(overview.totals).toEqual({ events: 8, errors: 1, navigations: 3, screenshots: 2 });
    expect(describeOverview(overview)).toBe(
      'Event density from 12:01:02 to 12:01:09: 8 events, 1 error, 3 navigations, 2 screenshots; ' +
        'lanes: Console 1, Page 4, Screenshot 3',
    );
  });

  it('keeps only the newest markers past the cap, but counts them all', () => {
    const count = OVERVIEW_MARKER_CAP * 2 + 1234;
    const items = Array.from({ length: count }, (_, i) => eventItem(i, T0 + i, { error: true }));
    const overview = computeOverview(sourceOf(items), 50);
    expect(overview.errors).toHaveLength(OVERVIEW_MARKER_CAP);
    expect(overview.errors[0]?.index).toBe(count - OVERVIEW_MARKER_CAP);
    expect(overview.errors.at(-1)?.index).toBe(count - 1);
    expect(overview.totals.errors).toBe(count);
    expect(sum(overview.lanes[0]?.bins ?? new Uint32Array())).toBe(count);
  });

  it('gives the same answer on reuse, for larger and smaller timelines and odd bin counts', () => {
    const small = sourceOf([eventItem(0, T0), eventItem(1, T0 + S)]);
    const large = sourceOf(Array.from({ length: 5000 }, (_, i) => eventItem(i, T0 + i * 1000)));
    const first = computeOverview(small, 3.7);
    expect(sum(computeOverview(large, 0).lanes[0]?.bins ?? new Uint32Array())).toBe(5000);
    expect(computeOverview(small, 3.7)).toEqual(first);
    expect(first.lanes[0]?.bins.length).toBe(3);
    expect(computeOverview(large, Number.NaN).lanes[0]?.bins.length).toBe(1);
  });

  it('folds categories past the lane limit into "other"', () => {
    const items = Array.from({ length: 40 }, (_, i) => eventItem(i, T0 + i, { category: `c${i}` }));
    const overview = computeOverview(sourceOf(items), 5);
    expect(overview.lanes.length).toBeLessThanOrEqual(24);
    expect(overview.lanes.some((lane) => lane.category === 'other')).toBe(true);
    expect(overview.lanes.reduce((total, lane) => total + sum(lane.bins), 0)).toBe(40);
  });
});

describe('binOf, timeAt and fractionOf', () => {
  const overview = computeOverview(testSource([eventItem(0, T0), eventItem(1, T0 + 10 * S)]), 10);

  it('maps times to bins like computeOverview, clamping outside the range', () => {
    expect(binOf(overview, T0, 10)).toBe(0);
    expect(binOf(overview, T0 + 5 * S, 10)).toBe(5);
    expect(binOf(overview, T0 + 10 * S, 10)).toBe(9);
    expect(binOf(overview, T0 - S, 10)).toBe(0);
    expect(binOf(overview, T0 + 99 * S, 10)).toBe(9);
    expect(binOf(overview, Number.NaN, 10)).toBe(0);
  });

  it('maps fractions to times and back, clamped to the range', () => {
    expect(timeAt(overview, 0)).toBe(T0);
    expect(timeAt(overview, 0.25)).toBe(T0 + 2.5 * S);
    expect(timeAt(overview, 1)).toBe(T0 + 10 * S);
    expect(timeAt(overview, -3)).toBe(T0);
    expect(timeAt(overview, 7)).toBe(T0 + 10 * S);
    expect(fractionOf(overview, T0 + 2.5 * S)).toBe(0.25);
    expect(fractionOf(overview, T0 + 20 * S)).toBe(1);
  });
});

describe('computeOverview with lanes from outside the timeline', () => {
  it('bins each extra lane on the same axis, widening it, with its error lines marked', () => {
    const source = testSource([eventItem(0, T0), eventItem(1, T0 + 10 * S)]);
    const lines = [T0 - 10 * S, T0 + 5 * S, T0 + 5 * S + 1, T0 + 20 * S];
    const lane = {
      id: 'log-1',
      label: 'chromium',
      colorVar: '--cat-log',
      forEach(visit: (tsUs: number, error: boolean) => void) {
        lines.forEach((ts, at) => visit(ts, at === 1));
      },
    };
    const overview = computeOverview(source, 30, [lane]);
    expect(overview.startUs).toBe(T0 - 10 * S);
    expect(overview.endUs).toBe(T0 + 20 * S);
    const log = overview.lanes.at(-1);
    expect(log).toMatchObject({ category: 'log:log-1', label: 'chromium', max: 2 });
    expect(log?.bins.reduce((sum, n) => sum + n, 0)).toBe(4);
    expect(log?.errorBins?.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(describeOverview(overview)).toMatch(/; lanes: .*, chromium 4 \(1 error\)$/);
    // the events are still the timeline's alone
    expect(overview.totals.events).toBe(2);
  });

  it('draws log lanes even before the first event', () => {
    const lane = {
      id: 'l',
      label: 'app.log',
      colorVar: '--cat-log',
      forEach: (visit: (tsUs: number, error: boolean) => void) => visit(T0, false),
    };
    expect(computeOverview(testSource([]), 10, [lane]).lanes).toHaveLength(1);
  });
});
