import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatTimestamp } from './time-format';

const T = Date.UTC(2026, 10, 21, 5, 35, 56, 123);

describe('formatTimestamp', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('formats UTC time with a Z', () => {
    expect(formatTimestamp(T, 'utc', 0)).toBe('05:35:56.123Z');
    expect(formatTimestamp(Date.UTC(2026, 0, 1), 'utc', 0)).toBe('00:00:00.000Z');
    expect(formatTimestamp(Date.UTC(2026, 0, 1, 23, 59, 59, 999), 'utc', 0)).toBe('23:59:59.999Z');
    expect(formatTimestamp(Date.UTC(1969, 11, 31, 23, 0, 0, 5), 'utc', 0)).toBe('23:00:00.005Z');
  });

  it('drops fractions of a millisecond', () => {
    expect(formatTimestamp(T + 0.9, 'utc', 0)).toBe('05:35:56.123Z');
  });

  it('formats local time (the test run is in UTC)', () => {
    expect(formatTimestamp(T, 'local', 0)).toBe('05:35:56.123');
  });

  it('formats local time in the viewer’s time zone', () => {
    vi.stubEnv('TZ', 'Asia/Kolkata');
    expect(formatTimestamp(T, 'local', 0)).toBe('11:05:56.123');
    vi.stubEnv('TZ', 'America/New_York');
    expect(formatTimestamp(T, 'local', 0)).toBe('00:35:56.123');
  });

  it('formats time relative to the origin', () => {
    expect(formatTimestamp(T, 'relative', T)).toBe('+0.000s');
    expect(formatTimestamp(T + 12_345, 'relative', T)).toBe('+12.345s');
    expect(formatTimestamp(T + 59_999, 'relative', T)).toBe('+59.999s');
    expect(formatTimestamp(T + 60_000, 'relative', T)).toBe('+1:00.000');
    expect(formatTimestamp(T + 62_345, 'relative', T)).toBe('+1:02.345');
    expect(formatTimestamp(T + 3_599_999, 'relative', T)).toBe('+59:59.999');
    expect(formatTimestamp(T + 3_723_456, 'relative', T)).toBe('+1:02:03.456');
    expect(formatTimestamp(T + 90_000_000, 'relative', T)).toBe('+25:00:00.000');
  });

  it('marks times before the origin with a minus sign', () => {
    expect(formatTimestamp(T - 1500, 'relative', T)).toBe('-1.500s');
    expect(formatTimestamp(T - 62_345, 'relative', T)).toBe('-1:02.345');
  });

  it('rounds relative times to the millisecond', () => {
    expect(formatTimestamp(T + 1.6, 'relative', T)).toBe('+0.002s');
    expect(formatTimestamp(T + 59_999.6, 'relative', T)).toBe('+1:00.000');
  });

  it('returns an empty string when hidden or the time is unknown', () => {
    expect(formatTimestamp(T, 'hidden', 0)).toBe('');
    expect(formatTimestamp(Number.NaN, 'utc', 0)).toBe('');
    expect(formatTimestamp(Number.NaN, 'local', 0)).toBe('');
    expect(formatTimestamp(Number.NaN, 'relative', 0)).toBe('');
    expect(formatTimestamp(T, 'relative', Number.NaN)).toBe('');
    expect(formatTimestamp(Infinity, 'utc', 0)).toBe('');
    expect(formatTimestamp(9e15, 'local', 0)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('reads as 24-hour local time, like the time columns, whatever the locale says', () => {
    // TZ=UTC in the tests
    expect(formatDateTime(new Date('2026-11-25T17:42:00.512Z'))).toBe('2026-11-25 17:42:00');
    expect(formatDateTime(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02 03:04:05');
    expect(formatDateTime(new Date('not a date'))).toBe('');
  });
});
