import { describe, expect, it } from 'vitest';
import { TelemetryBuffer } from '../stores/telemetry-buffer';
import { eventAt, markerItem, stubObjectUrlsInEachTest, T0 } from '../testing/telemetry-test-kit';

const SECOND = 1_000_000;
const NO_IMAGE_CAP = { count: 1_000, bytes: 1e12 };

stubObjectUrlsInEachTest();

const at = (seq: number, seconds: number, type = 'console_log') =>
  eventAt(seq, { type, ts: T0 + seconds * SECOND, data: {} });

describe('a timeline in arrival order', () => {
  it('says which events arrived after an event of a later time, and by how much', () => {
    const buffer = new TelemetryBuffer(100, NO_IMAGE_CAP);
    // a screenshot stamped when its capture began arrives after the events of the capture
    buffer.append([at(1, 1), at(2, 3), at(3, 2.25, 'monitor_screenshot'), at(4, 4)]);
    expect(buffer.item(2)?.kind === 'event' && buffer.item(2)?.tsUs).toBe(T0 + 2.25 * SECOND);
    expect([0, 1, 2, 3].map((index) => buffer.lateBy(index))).toEqual([0, 0, 0.75 * SECOND, 0]);
    expect(buffer.lateCount).toBe(1);
    // a note of this page (its own clock) is not an event: it neither is late nor makes one late
    buffer.append([markerItem('reconnected', 0, T0 + 60 * SECOND), at(5, 5)]);
    expect(buffer.lateBy(4)).toBe(0);
    expect(buffer.lateBy(5)).toBe(0);
  });

  it('forgets a late event that leaves, and looks again when the items are laid out anew', () => {
    const buffer = new TelemetryBuffer(2, NO_IMAGE_CAP);
    buffer.append([at(1, 2), at(2, 1)]);
    expect(buffer.lateCount).toBe(1);
    buffer.append([at(3, 3), at(4, 4)]); // evicts seqs 1 and 2
    expect(buffer.lateCount).toBe(0);

    const other = new TelemetryBuffer(10, NO_IMAGE_CAP);
    other.append([at(1, 2), at(2, 1)]);
    other.rebuild((items) => [...items].reverse());
    expect(other.lateCount).toBe(0);
  });
});
