import { describe, expect, it } from 'vitest';
import { formatClockTime } from './clock-time';

describe('formatClockTime (TZ=UTC)', () => {
  const now = Date.parse('2026-11-24T18:00:00Z');

  it('gives the 24-hour time of an instant of today', () => {
    expect(formatClockTime(Date.parse('2026-11-24T15:22:02.900Z'), now)).toBe('15:22:02');
    expect(formatClockTime(Date.parse('2026-11-24T03:04:05Z'), now)).toBe('03:04:05');
  });

  it('puts the date before the time of another day', () => {
    expect(formatClockTime(Date.parse('2026-11-23T23:59:59Z'), now)).toBe('2026-11-23 23:59:59');
  });

  it('gives nothing for a time that is not an instant', () => {
    expect(formatClockTime(Number.NaN, now)).toBe('');
    expect(formatClockTime(Date.parse('not a date'), now)).toBe('');
  });
});
