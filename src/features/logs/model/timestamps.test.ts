import { describe, expect, it } from 'vitest';
import { MinuteCache, parseRfc3339, parseRfc3339Bytes } from './timestamps';

const T = Date.UTC(2026, 10, 21, 5, 35, 56, 123);

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

  it('reads each time afresh where the minute before differs in any one character', () => {
    const base = '2026-11-21T05:35:56Z';
    expect(parseRfc3339(base)).toBe(Date.UTC(2026, 10, 21, 5, 35, 56));
    // the same minute as the time before, then one character of the minute changed at a time
    for (let at = 0; at < 16; at += 1) {
      const code = base.charCodeAt(at);
      if (code < 0x30 || code > 0x39) continue;
      const changed = base.slice(0, at) + (code === 0x30 ? '1' : '0') + base.slice(at + 1);
      const expected = Date.parse(changed);
      parseRfc3339(base);
      if (Number.isNaN(expected)) expect(parseRfc3339(changed), changed).toBeNaN();
      else expect(parseRfc3339(changed), changed).toBe(expected);
    }
  });
});

describe('parseRfc3339Bytes', () => {
  const times = [
    '2026-11-21T05:35:56.123456789Z',
    '2026-11-21T05:35:56Z',
    '2026-11-21T05:35:56.1Z',
    '2026-11-21t05:35:56.12z',
    '2026-11-21 05:35:56.9999Z',
    '2026-11-21T07:35:56.123456789+02:00',
    '2026-11-21T00:05:56.123-05:30',
    '0001-01-01T00:00:00Z',
    '0099-12-31T23:59:59.999Z',
    '2016-12-31T23:59:60.5Z',
    '2024-02-29T00:00:00Z',
    '2026-02-29T05:35:56Z',
    '2026-11-21T05:35:56.Z',
    '2026-11-21T05:35:56+0200',
    '2026-11-21T05:35:56.123ZZ',
    '2026-11-21T05:35:61Z',
    '2026-11-21T05:35:56',
    `2026-11-21T05:35:56.${'1'.repeat(60)}Z`,
    'not a time at all, but twenty',
  ];
  const bytesOf = (text: string, before: string, after: string) => {
    const all = new TextEncoder().encode(before + text + after);
    return { all, from: before.length, to: before.length + text.length };
  };

  it('reads what parseRfc3339 reads from the same characters, and nothing outside its range', () => {
    for (const text of times) {
      // digits and zone characters around the range must not be read as part of it
      const { all, from, to } = bytesOf(text, '"9', '9+01:00"');
      const expected = parseRfc3339(text);
      if (Number.isNaN(expected)) expect(parseRfc3339Bytes(all, from, to), text).toBeNaN();
      else expect(parseRfc3339Bytes(all, from, to), text).toBe(expected);
    }
  });

  it('agrees with parseRfc3339 when any one character of a time is changed', () => {
    const base = '2026-11-21T05:35:56.123+02:00';
    const swaps = ['0', '9', '-', ':', 'T', 'Z', '.', ' ', '+'];
    for (let at = 0; at < base.length; at += 1) {
      for (const swap of swaps) {
        const text = base.slice(0, at) + swap + base.slice(at + 1);
        // the kept minute of the time before must not decide the next
        parseRfc3339Bytes(bytesOf(base, '', '').all, 0, base.length);
        const { all, from, to } = bytesOf(text, 'x', 'y');
        const expected = parseRfc3339(text);
        if (Number.isNaN(expected)) expect(parseRfc3339Bytes(all, from, to), text).toBeNaN();
        else expect(parseRfc3339Bytes(all, from, to), text).toBe(expected);
      }
    }
  });
});

describe('MinuteCache', () => {
  it('holds the minute it kept at a position, and nothing past the end of the text', () => {
    const cache = new MinuteCache();
    expect(cache.holds('2026-11-21T05:35', 0)).toBe(false);
    expect(cache.keep('x 2026-11-21T05:35:56Z', 2, 42)).toBe(42);
    expect(cache.ms).toBe(42);
    expect(cache.holds('2026-11-21T05:35:59Z', 0)).toBe(true);
    expect(cache.holds('[2026-11-21T05:35', 1)).toBe(true);
    expect(cache.holds('2026-11-21T05:36:00Z', 0)).toBe(false);
    expect(cache.holds('1026-11-21T05:35:00Z', 0)).toBe(false);
    expect(cache.holds('2026-11-21T05:3', 0)).toBe(false);
  });
});
