import { describe, expect, it } from 'vitest';
import { isAscii, plainMatcher } from './plain-match';

describe('plainMatcher', () => {
  it('matches substrings case-insensitively by default', () => {
    const m = plainMatcher('Timeout', false);
    expect(m.test('request TIMEOUT after 30s')).toBe(true);
    expect(m.test('request timeout')).toBe(true);
    expect(m.test('request time out')).toBe(false);
    expect(m.ranges('Timeout, timeout, TIMEOUT', 10)).toEqual([
      [0, 7],
      [9, 16],
      [18, 25],
    ]);
  });

  it('matches case-sensitively when asked', () => {
    const m = plainMatcher('Error', true);
    expect(m.test('Error: x')).toBe(true);
    expect(m.test('error: x')).toBe(false);
    expect(m.ranges('Error error Error', 10)).toEqual([
      [0, 5],
      [12, 17],
    ]);
  });

  it('treats needles without letters the same either way', () => {
    const m = plainMatcher('/api/404', false);
    expect(m.test('GET /api/404')).toBe(true);
    expect(m.ranges('GET /api/404', 10)).toEqual([[4, 12]]);
  });

  it('treats regex characters literally', () => {
    const m = plainMatcher('a.b(c)*', false);
    expect(m.test('xa.b(c)*y')).toBe(true);
    expect(m.test('axbcc')).toBe(false);
  });

  it('reports non-overlapping ranges', () => {
    expect(plainMatcher('aa', false).ranges('aaaaa', 10)).toEqual([
      [0, 2],
      [2, 4],
    ]);
  });

  it('caps the number of ranges', () => {
    expect(plainMatcher('x', false).ranges('x'.repeat(5000), 1000)).toHaveLength(1000);
  });

  it('maps ranges back when lower-casing changes the length of the line', () => {
    // 'İ' (U+0130) lower-cases to two UTF-16 units.
    const line = 'İİ error here';
    const m = plainMatcher('ERROR', false);
    expect(m.test(line)).toBe(true);
    expect(m.ranges(line, 10)).toEqual([[3, 8]]);
    expect(line.slice(3, 8)).toBe('error');
    const i = plainMatcher('i', false);
    expect(i.ranges('İx', 10)).toEqual([[0, 1]]);
  });

  it('keeps surrogate pairs whole', () => {
    const line = '😀 ok 😀';
    expect(plainMatcher('OK', false).ranges(line, 10)).toEqual([[3, 5]]);
    expect(plainMatcher('😀', false).ranges(line, 10)).toEqual([
      [0, 2],
      [6, 8],
    ]);
  });

  it('handles 1 MB lines', () => {
    const line = `${'a'.repeat(1_000_000)}NEEDLE`;
    expect(plainMatcher('needle', false).test(line)).toBe(true);
    expect(plainMatcher('needle', false).ranges(line, 10)).toEqual([[1_000_000, 1_000_006]]);
    expect(plainMatcher('a', false).ranges(line, 1000)).toHaveLength(1000);
  });
});

describe('plainMatcher on lines known to be ASCII', () => {
  it('answers as the lower-casing path does, without copying the line', () => {
    const lines = ['Checkout OK', 'CHECKOUT failed', 'check out', 'checkou', 'x checkoutY', ''];
    for (const needle of ['checkout', 'CheckOut', 'out', 'é', '404 /api', 'k']) {
      const matcher = plainMatcher(needle, false);
      for (const line of lines)
        expect(matcher.test(line, true), `${needle} in ${line}`).toBe(matcher.test(line));
    }
  });

  it('never finds a non-ASCII needle in an ASCII line', () => {
    expect(plainMatcher('café', false).test('cafe', true)).toBe(false);
  });

  it('tells ASCII text from other text', () => {
    expect(isAscii('plain \x1b text ~')).toBe(true);
    expect(isAscii('naïve')).toBe(false);
    expect(isAscii('')).toBe(true);
  });
});
