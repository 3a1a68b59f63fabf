import { describe, expect, it } from 'vitest';
import { TelemetryBuffer } from '../stores/telemetry-buffer';
import {
  eventAt,
  gapItem,
  markerItem,
  stubObjectUrlsInEachTest,
  T0,
} from '../testing/telemetry-test-kit';
import { errorGroupKey } from './error-groups';
import type { EventCounts } from './range-counts';
import type { TimeRange } from './timeline-filter';
import type { TimelineItem } from './types';

const SECOND = 1_000_000;
const NO_IMAGE_CAP = { count: 1_000, bytes: 1e12 };

stubObjectUrlsInEachTest();

/** The counts worked out from scratch: the retained events in the range (all, without one). */
function countsOf(buffer: TelemetryBuffer, range: TimeRange | null) {
  const tally = {
    events: 0,
    errors: 0,
    categories: {} as Record<string, number>,
    types: {} as Record<string, number>,
    levels: {} as Record<string, number>,
    groups: new Set<string>(),
  };
  const bump = (counts: Record<string, number>, key: string) => {
    counts[key] = (counts[key] ?? 0) + 1;
  };
  buffer.forEach((item: TimelineItem) => {
    if (item.kind !== 'event') return;
    if (range && (item.tsUs < range.fromUs || item.tsUs > range.toUs)) return;
    tally.events += 1;
    if (item.error) tally.errors += 1;
    bump(tally.categories, item.category);
    bump(tally.types, item.type);
    if (item.level !== null) bump(tally.levels, item.level);
    const key = errorGroupKey(item);
    if (key !== null) tally.groups.add(key);
  });
  const { groups, ...rest } = tally;
  return { ...rest, errorGroups: groups.size };
}

function plain(counts: EventCounts) {
  return {
    events: counts.events,
    errors: counts.errors,
    categories: Object.fromEntries(counts.categories),
    types: Object.fromEntries(counts.types),
    levels: Object.fromEntries(counts.levels),
    errorGroups: counts.errorGroups,
  };
}

/** Seq n at T0 + n s, of a kind chosen by n: console logs and errors, requests, screenshots. */
function item(seq: number) {
  switch (seq % 5) {
    case 0:
      return eventAt(seq, { type: 'console_error', data: { text: `boom ${seq % 3}` } });
    case 1:
      return eventAt(seq, {
        type: 'network_response',
        data: { request_id: `r${seq}`, status: 500 },
      });
    case 2:
      return eventAt(seq, { type: 'monitor_screenshot', data: {} });
    case 3:
      return eventAt(seq, { data: { text: `line ${seq}`, level: 'error' } });
    default:
      return eventAt(seq, { data: { text: `line ${seq}`, level: 'info' } });
  }
}

describe('the counts of a time range', () => {
  it('are the counts of the range’s events, as they arrive, leave and the range moves', () => {
    const buffer = new TelemetryBuffer(40, NO_IMAGE_CAP);
    const range = { fromUs: T0 + 20 * SECOND, toUs: T0 + 45 * SECOND };
    buffer.setRange(range);
    for (let seq = 1; seq <= 30; seq += 1) buffer.append([item(seq)]);
    buffer.append([markerItem('reconnected', 0, T0 + 30 * SECOND), gapItem(31, 31)]);
    expect(plain(buffer.rangeCounts)).toEqual(countsOf(buffer, range));
    expect(buffer.rangeCounts.events).toBe(11);

    // the oldest leave under the cap, new ones arrive in the range and past it
    for (let seq = 32; seq <= 60; seq += 1) buffer.append([item(seq)]);
    expect(buffer.first).toBeGreaterThan(20);
    expect(plain(buffer.rangeCounts)).toEqual(countsOf(buffer, range));

    // another range: counted again
    const later = { fromUs: T0 + 50 * SECOND, toUs: T0 + 55 * SECOND + 999 };
    buffer.setRange(later);
    expect(plain(buffer.rangeCounts)).toEqual(countsOf(buffer, later));
    expect(buffer.rangeCounts.events).toBe(6);
    expect(buffer.rangeCounts.types.get('monitor_screenshot')).toBe(1);
  });

  it('keep the session’s counts beside them, and are the session’s without a range', () => {
    const buffer = new TelemetryBuffer(100, NO_IMAGE_CAP);
    for (let seq = 1; seq <= 20; seq += 1) buffer.append([item(seq)]);
    expect(plain(buffer.rangeCounts)).toEqual(countsOf(buffer, null));

    const range = { fromUs: T0 + 1 * SECOND, toUs: T0 + 5 * SECOND };
    buffer.setRange(range);
    expect(buffer.range).toEqual(range);
    expect(plain(buffer.rangeCounts)).toEqual(countsOf(buffer, range));
    expect(buffer.rangeCounts.errors).toBe(2);
    expect(buffer.rangeCounts.errorGroups).toBe(1);
    // the whole session's stay there, for "of 20 in the session"
    expect(plain(buffer.sessionCounts)).toEqual(countsOf(buffer, null));
    expect(buffer.sessionCounts.events).toBe(20);
    expect(buffer.sessionCounts.errorGroups).toBe(3);

    buffer.setRange(null);
    expect(buffer.range).toBeNull();
    expect(plain(buffer.rangeCounts)).toEqual(countsOf(buffer, null));
  });

  it('follow the items laid out again (history put in place) and a cleared timeline', () => {
    const buffer = new TelemetryBuffer(100, NO_IMAGE_CAP);
    const range = { fromUs: T0 + 3 * SECOND, toUs: T0 + 8 * SECOND };
    buffer.setRange(range);
    for (const seq of [1, 2, 9, 10]) buffer.append([item(seq)]);
    expect(buffer.rangeCounts.events).toBe(0);
    buffer.rebuild((items) => [...items.slice(0, 2), ...[3, 4, 5, 6].map(item), ...items.slice(2)]);
    expect(plain(buffer.rangeCounts)).toEqual(countsOf(buffer, range));
    expect(buffer.rangeCounts.events).toBe(4);
    buffer.clear();
    expect(plain(buffer.rangeCounts)).toEqual(countsOf(buffer, range));
    expect(buffer.rangeCounts.events).toBe(0);
  });
});
