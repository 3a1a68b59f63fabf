import { beforeEach, describe, expect, it } from 'vitest';
import { eventAt, telemetryEvent } from '../testing/telemetry-test-kit';
import { fillGap, rfc3339Micros } from './gap-fill';
import type { GapItem, TimelineItem } from './types';

const indexed = (items: Omit<TimelineItem, 'index'>[]): TimelineItem[] =>
  items.map((item, index) => ({ ...item, index }) as TimelineItem);

describe('fillGap', () => {
  const gap: Omit<GapItem, 'index'> = {
    kind: 'gap',
    from: 3,
    to: 6,
    cause: 'mid-stream',
    tsUs: eventAt(7).tsUs,
    epoch: 0,
  };
  // fillGap updates the gap item itself: each test lays out items of its own
  let items: TimelineItem[];
  beforeEach(() => {
    items = indexed([eventAt(1), eventAt(2), { ...gap }, eventAt(7)]);
  });

  it('puts the recovered events after the gap, in seq order, once each, and counts them', () => {
    const found = [6, 4, 3, 4, 2, 8].map((seq) => ({ seq, event: telemetryEvent(seq) }));
    const laid = fillGap(items, items[2] as GapItem, found);
    expect(laid.map((item) => (item.kind === 'event' ? item.seq : item.kind))).toEqual([
      1,
      2,
      'gap',
      3,
      4,
      6,
      7,
    ]);
    expect(laid[2]).toMatchObject({ kind: 'gap', from: 3, to: 6, recovered: 3 });
    // the same item, so a view holding it keeps it
    expect(laid[2]).toBe(items[2]);
    // the gap now sits at the time of the first event it gave back
    expect(laid[2]?.tsUs).toBe(eventAt(3).tsUs);
  });

  it('leaves the items as they were when the gap is not among them', () => {
    const stranger = { ...gap, index: 99 } as GapItem;
    expect(fillGap(items, stranger, [{ seq: 3, event: telemetryEvent(3) }])).toEqual(items);
  });

  it('says nothing was recovered when the history has none of the seqs', () => {
    const laid = fillGap(items, items[2] as GapItem, []);
    expect(laid[2]).toMatchObject({ recovered: 0, tsUs: gap.tsUs });
    expect(laid).toHaveLength(4);
  });
});

describe('rfc3339Micros', () => {
  it('keeps the microseconds', () => {
    expect(rfc3339Micros(Date.UTC(2026, 10, 23, 17, 28, 57, 193) * 1000 + 204)).toBe(
      '2026-11-23T17:28:57.193204Z',
    );
  });
});
