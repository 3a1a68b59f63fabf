import { describe, expect, it } from 'vitest';
import { axisTicks } from './overview-axis';

const T0 = Date.UTC(2026, 0, 2, 12, 1, 2, 500) * 1000;
const S = 1_000_000;

describe('axisTicks', () => {
  it('puts ticks on round clock times, spaced for the width', () => {
    const ticks = axisTicks(T0, T0 + 300 * S, 500);
    expect(ticks.map((tick) => tick.label)).toEqual([
      '12:02:00',
      '12:03:00',
      '12:04:00',
      '12:05:00',
      '12:06:00',
    ]);
  });

  it('uses finer steps when there is room', () => {
    const ticks = axisTicks(T0, T0 + 10 * S, 1000);
    expect(ticks[0]?.label).toBe('12:01:03');
    expect(ticks.length).toBeGreaterThanOrEqual(5);
    expect(ticks.length).toBeLessThanOrEqual(12);
  });

  it('labels the start when no round time falls in a short range', () => {
    expect(axisTicks(T0, T0 + 0.3 * S, 800)).toEqual([{ tsUs: T0, label: '12:01:02' }]);
  });

  it('gives nothing for an invalid range', () => {
    expect(axisTicks(Number.NaN, T0, 500)).toEqual([]);
    expect(axisTicks(T0, T0 - S, 500)).toEqual([]);
  });
});
