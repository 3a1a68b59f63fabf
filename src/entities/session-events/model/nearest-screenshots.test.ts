import { describe, expect, it } from 'vitest';
import { SortedIndexList } from '../../../lib/sorted-index-list';
import { describeOffset, itemsAround, nearestScreenshots } from './nearest-screenshots';
import type { TimelineItem } from './types';

function event(index: number, tsUs: number, type = 'console_error'): TimelineItem {
  return { kind: 'event', index, tsUs, type } as unknown as TimelineItem;
}

describe('nearestScreenshots', () => {
  // arrival order: a screenshot taken at 1.0 s arrives after the error of 1.2 s
  const items = [
    event(0, 500_000, 'monitor_screenshot'),
    event(1, 1_200_000),
    event(2, 1_000_000, 'monitor_screenshot'),
    event(3, 1_500_000),
    event(4, 3_000_000, 'monitor_screenshot'),
    event(5, 9_000_000),
  ];
  const keys = new SortedIndexList();
  for (const index of [0, 2, 4]) keys.push(index);
  const at = (index: number) => items[index];

  it('finds the nearest before by time, though it arrived after the item', () => {
    const found = nearestScreenshots(keys, at, items[1] as TimelineItem);
    expect(found.before?.index).toBe(2);
    expect(found.after?.index).toBe(4);
  });

  it('has no after past the last screenshot, and no before ahead of the first', () => {
    expect(nearestScreenshots(keys, at, items[5] as TimelineItem)).toEqual({
      before: items[4],
    });
    const early = event(9, 100_000);
    expect(nearestScreenshots(keys, at, early).before).toBeUndefined();
  });

  it('a screenshot is not its own neighbour', () => {
    const found = nearestScreenshots(keys, at, items[2] as TimelineItem);
    expect(found.before?.index).toBe(0);
    expect(found.after?.index).toBe(4);
  });
});

describe('describeOffset', () => {
  it('says how far and on which side', () => {
    expect(describeOffset(1_000_000, 600_000)).toBe('400 ms before');
    expect(describeOffset(1_000_000, 2_250_000)).toBe('1.3 s after');
    expect(describeOffset(0, 63_000_000)).toBe('1 min 3 s after');
    expect(describeOffset(5, 5)).toBe('at the same instant');
  });
});

describe('itemsAround', () => {
  // console errors at these times (µs), in arrival order; the request at 10 s sits between
  const times = [1_000_000, 6_900_000, 8_000_000, 10_500_000, 12_900_000, 13_100_000, 30_000_000];
  const items = times.map((tsUs, index) => event(index * 2, tsUs));
  const keys = new SortedIndexList();
  for (const item of items) keys.push(item.index);
  const at = (index: number) => items.find((item) => item.index === index);
  const request = event(7, 10_000_000, 'network_response');

  it('lists the errors within 3 s either side, nearest first', () => {
    // 6.9 s and 13.1 s are 3.1 s away: outside
    expect(itemsAround(keys, at, request).map((item) => item.tsUs)).toEqual([
      10_500_000, 8_000_000, 12_900_000,
    ]);
  });

  it('keeps at most the nearest few, and never the item itself', () => {
    expect(itemsAround(keys, at, request, 2).map((item) => item.tsUs)).toEqual([
      10_500_000, 8_000_000,
    ]);
    const own = items[3] as TimelineItem;
    expect(itemsAround(keys, at, own).map((item) => item.index)).not.toContain(own.index);
    expect(itemsAround(keys, at, event(99, 60_000_000))).toEqual([]);
  });
});
