import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTimestamp, parseRfc3339 } from './timestamps';

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

describe('parseRfc3339', () => {
  it('parses nanosecond timestamps as sent by the log stream', () => {
    expect(parseRfc3339('2026-11-21T05:35:56.123456789Z')).toBe(T);
    expect(parseRfc3339('2026-11-21T05:35:56.123999999Z')).toBe(T);
  });

  it('parses any number of fractional digits, cutting rather than rounding', () => {
    expect(parseRfc3339('2026-11-21T05:35:56Z')).toBe(T - 123);
    expect(parseRfc3339('2026-11-21T05:35:56.1Z')).toBe(T - 23);
    expect(parseRfc3339('2026-11-21T05:35:56.12Z')).toBe(T - 3);
    expect(parseRfc3339('2026-11-21T05:35:56.123Z')).toBe(T);
    expect(parseRfc3339('2026-11-21T05:35:56.123456Z')).toBe(T);
    expect(parseRfc3339('2026-11-21T05:35:56.9999Z')).toBe(T - 123 + 999);
  });

  it('applies offsets', () => {
    expect(parseRfc3339('2026-11-21T07:35:56.123456789+02:00')).toBe(T);
    expect(parseRfc3339('2026-11-21T00:05:56.123-05:30')).toBe(T);
    expect(parseRfc3339('2026-11-21T05:35:56.123+00:00')).toBe(T);
    expect(parseRfc3339('2026-11-21T05:35:56.123-00:00')).toBe(T);
    expect(parseRfc3339('2026-11-22T05:34:56.123+23:59')).toBe(T);
  });

  it('agrees with Date.parse where Date.parse is reliable', () => {
    for (const text of [
      '1970-01-01T00:00:00.000Z',
      '2000-02-29T12:00:00.500Z',
      '2026-12-31T23:59:59.999+01:00',
      '1999-01-01T00:00:00.001-11:00',
      '2100-03-01T00:00:00Z',
    ]) {
      expect(parseRfc3339(text), text).toBe(Date.parse(text));
    }
  });

  it('accepts lower-case t and z and a space separator', () => {
    expect(parseRfc3339('2026-11-21t05:35:56.123z')).toBe(T);
    expect(parseRfc3339('2026-11-21 05:35:56.123Z')).toBe(T);
  });

  it('places years before 100 correctly', () => {
    expect(parseRfc3339('0001-01-01T00:00:00Z')).toBe(-62_135_596_800_000);
    expect(parseRfc3339('0099-12-31T23:59:59.999Z')).toBe(Date.parse('0099-12-31T23:59:59.999Z'));
  });

  it('reads a leap second as the last millisecond of its minute', () => {
    expect(parseRfc3339('2016-12-31T23:59:60.5Z')).toBe(Date.UTC(2016, 11, 31, 23, 59, 59, 999));
  });

  it('returns NaN for anything else', () => {
    for (const text of [
      '',
      'not a time',
      '2026-11-21',
      '2026-11-21T05:35:56',
      '2026-11-21T05:35:56.123',
      '2026-11-21T05:35:56.Z',
      '2026-11-21T05:35:56.123ZZ',
      '2026-11-21T05:35:56.123 Z',
      '2026-11-21T05:35:56+0200',
      '2026-11-21T05:35:56+02',
      '2026-11-21T05:35:56+24:00',
      '2026-11-21T05:35:56+02:60',
      '2026-13-21T05:35:56Z',
      '2026-00-21T05:35:56Z',
      '2026-11-31T05:35:56Z',
      '2026-02-29T05:35:56Z',
      '2100-02-29T05:35:56Z',
      '2026-11-21T24:00:00Z',
      '2026-11-21T05:60:00Z',
      '2026-11-21T05:35:61Z',
      '2026/11/21T05:35:56Z',
      '2026-11-21X05:35:56Z',
      '2026-1a-21T05:35:56Z',
      '+2026-11-21T05:35:56Z',
      ' 2026-11-21T05:35:56Z',
      '2026-11-21T05:35:56Z ',
      `2026-11-21T05:35:56.${'1'.repeat(100)}Z`,
      '２０２６-11-21T05:35:56Z',
    ]) {
      expect(parseRfc3339(text), text).toBeNaN();
    }
  });

  it('accepts February 29 in leap years', () => {
    expect(parseRfc3339('2024-02-29T00:00:00Z')).toBe(Date.UTC(2024, 1, 29));
    expect(parseRfc3339('2000-02-29T00:00:00Z')).toBe(Date.UTC(2000, 1, 29));
  });
});
