import { beforeAll, describe, expect, it } from 'vitest';
import { loadLinearEngine } from '../../../lib/regex/linear-engine';
import { regexMatcher } from './query-regex';
import type { RegexMatcher } from './query-regex';

beforeAll(() => loadLinearEngine());

/** Milliseconds `run` took (it has to return at all: before, these patterns took minutes). */
function timed(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

function valid(source: string, caseSensitive = false): Extract<RegexMatcher, { ok: true }> {
  const matcher = regexMatcher(source, caseSensitive);
  if (!matcher.ok) throw new Error(`expected a valid pattern, got ${matcher.error}`);
  return matcher;
}

function errorOf(source: string): string {
  const matcher = regexMatcher(source, false);
  if (matcher.ok) throw new Error('expected an invalid pattern');
  return matcher.error;
}

describe('regexMatcher', () => {
  it('matches case-insensitively by default and case-sensitively when asked', () => {
    expect(valid('time(out|d)').test('TIMEOUT')).toBe(true);
    expect(valid('time(out|d)', true).test('TIMEOUT')).toBe(false);
    expect(valid('^\\[ERROR\\]').test('[error] x')).toBe(true);
  });

  it('reports match ranges', () => {
    expect(valid('\\d+').ranges('a 12 b 345', 10)).toEqual([
      [2, 4],
      [7, 10],
    ]);
  });

  it('is not affected by earlier calls (no lastIndex leaks)', () => {
    const m = valid('x');
    expect(m.ranges('x x', 10)).toHaveLength(2);
    expect(m.test('x')).toBe(true);
    expect(m.test('x')).toBe(true);
    expect(m.ranges('x', 10)).toEqual([[0, 1]]);
    expect(m.ranges('x', 10)).toEqual([[0, 1]]);
  });

  it('uses unicode mode when the pattern allows it', () => {
    // With the u flag `.` is a whole emoji, without it half of one.
    expect(valid('^.$').test('😀')).toBe(true);
    expect(valid('\\u{1F600}').test('😀')).toBe(true);
  });

  it('falls back to the legacy syntax for patterns unicode mode rejects', () => {
    // `\-` and a lone `{` are errors with the u flag only.
    expect(valid('a\\-b').test('a-b')).toBe(true);
    expect(valid('a{').test('a{')).toBe(true);
    expect(valid(']').test(']')).toBe(true);
  });

  it('filters and highlights with catastrophic patterns over a 100,000-character line', () => {
    const line = `${'a'.repeat(100_000)}!`;
    for (const source of ['(a+)+$', '(a|aa)+$', '(a*)*b']) {
      const m = valid(source);
      let found: boolean | undefined;
      expect(
        timed(() => (found = m.test(line))),
        source,
      ).toBeLessThan(1000);
      expect(found).toBe(false);
      expect(
        timed(() => m.ranges(line, 1000)),
        source,
      ).toBeLessThan(1000);
    }
    const xs = 'x'.repeat(100_000);
    expect(timed(() => valid('(x+x+)+y').test(xs))).toBeLessThan(1000);
    expect(valid('(x+x+)+y', true).ranges(`${xs}y`, 10)).toEqual([[0, 100_001]]);
  });

  it('stops highlighting a line when finding each match would take too long', () => {
    // each search from a position reads to the end of the line before settling on an empty match
    const line = `${'a'.repeat(100_000)}b`;
    expect(timed(() => valid('(?:a*$)?').ranges(line, 1000))).toBeLessThan(1000);
  });

  it('refuses lookaround and backreferences, saying why', () => {
    expect(errorOf('(?=a)')).toMatch(/^Lookaround and backreferences are not supported/);
    expect(errorOf('(\\w)\\1')).toMatch(/linear-time engine/);
  });

  it('explains invalid patterns gently instead of throwing', () => {
    expect(errorOf('(')).toBe('Invalid regular expression: missing )');
    expect(errorOf('(a|b')).toBe('Invalid regular expression: missing )');
    expect(errorOf('a)')).toBe('Invalid regular expression: unmatched )');
    expect(errorOf('[a')).toBe('Invalid regular expression: missing ]');
    expect(errorOf('*a')).toBe('Invalid regular expression: nothing to repeat');
    expect(errorOf('\\')).toBe('Invalid regular expression: pattern ends with \\');
    expect(errorOf('a{2,1}')).toBe('Invalid regular expression: numbers out of order in {…}');
    expect(errorOf('(?<1a>x)')).toMatch(/^Invalid regular expression: /);
  });

  it('never reports empty ranges and does not loop on patterns that match nothing', () => {
    const m = valid('x*');
    expect(m.test('abc')).toBe(true);
    expect(m.ranges('abc', 10)).toEqual([]);
    expect(m.ranges('axxbx', 10)).toEqual([
      [1, 3],
      [4, 5],
    ]);
    expect(valid('').ranges('abc', 10)).toEqual([]);
    expect(valid('^').ranges('abc', 10)).toEqual([]);
    expect(valid('$').ranges('abc', 10)).toEqual([]);
    expect(valid('a{0}').ranges('aaa', 10)).toEqual([]);
    expect(valid('\\b').ranges('one two', 10)).toEqual([]);
  });

  it('steps over surrogate pairs after empty matches in unicode mode', () => {
    expect(valid('x*').ranges('😀x😀xx', 10)).toEqual([
      [2, 3],
      [5, 7],
    ]);
  });

  it('caps the number of ranges', () => {
    expect(valid('.').ranges('y'.repeat(5000), 1000)).toHaveLength(1000);
  });

  it('stays bounded on 1 MB lines with a pattern that matches empty everywhere', () => {
    const line = 'b'.repeat(1_000_000);
    const m = valid('a*');
    expect(m.test(line)).toBe(true);
    expect(m.ranges(line, 1000)).toEqual([]);
    expect(valid('a*').ranges(`aa${line}`, 1000)).toEqual([[0, 2]]);
  });
});
