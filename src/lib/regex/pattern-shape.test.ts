import { describe, expect, it } from 'vitest';
import { patternShape } from './pattern-shape';

const CAP = 256;
const work = (source: string, unicode = true): number => patternShape(source, unicode, CAP).work;
const unsupported = (source: string): string | null => patternShape(source, true, CAP).unsupported;

describe('patternShape', () => {
  it('gives no bound to a pattern with an unbounded repeat', () => {
    for (const source of [
      'a+',
      'a*',
      'a{2,}',
      '.*x',
      '\\d+\\d+x',
      'timeout \\d+ms',
      '(a+)+$',
      '(x+x+)+y',
      '(a|aa)+$',
      '(?:ab?)*c',
    ]) {
      expect(work(source), source).toBe(Infinity);
    }
  });

  it('bounds patterns of characters, classes, alternation and bounded repeats', () => {
    expect(work('error')).toBe(6);
    expect(work('error|warn')).toBeLessThanOrEqual(16);
    expect(work('^\\[ERROR\\] status=(4|5)\\d\\d$')).toBeLessThanOrEqual(64);
    expect(work('\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}')).toBeLessThanOrEqual(64);
    expect(work('colou?r')).toBeLessThanOrEqual(16);
    expect(work('[a-z+*]{2,3}\\.(?:com|net)')).toBeLessThanOrEqual(64);
  });

  it('counts every way through alternatives and repeats, so explosive ones exceed the cap', () => {
    // 2^20 ways at every position, with no star in sight
    expect(work('(a|a)'.repeat(20))).toBe(Infinity);
    expect(work('(?:a?){30}a{30}')).toBe(Infinity);
    // one way, but a million characters long at each position
    expect(work('(?:a{1000}){1000}')).toBe(Infinity);
    expect(work('[\\s\\S]{1000}x')).toBe(Infinity);
    expect(work('(?:x|y){1,3}')).toBeLessThanOrEqual(64);
  });

  it('reads braces as the browser does in each syntax', () => {
    // with the u flag a code point; without it, `u` repeated a hundred thousand times
    expect(work('\\u{100000}', true)).toBeLessThanOrEqual(2);
    expect(work('\\u{100000}', false)).toBe(Infinity);
    expect(work('\\p{L}', true)).toBeLessThanOrEqual(2);
    // a lone brace is a literal character in the legacy syntax
    expect(work('a{', false)).toBeLessThanOrEqual(4);
    expect(work('a{x}', false)).toBeLessThanOrEqual(8);
  });

  it('names what only a backtracking engine can do', () => {
    expect(unsupported('(?=a)')).toBe('lookaround');
    expect(unsupported('x(?!a)')).toBe('lookaround');
    expect(unsupported('(?<=a)b')).toBe('lookaround');
    expect(unsupported('(?<!a)b')).toBe('lookaround');
    expect(unsupported('(a)\\1')).toBe('backreference');
    expect(unsupported('(?<n>a)\\k<n>')).toBe('backreference');
  });

  it('does not mistake look-alikes for lookarounds or backreferences', () => {
    expect(unsupported('(?<name>a)(?:b)')).toBeNull();
    expect(unsupported('[(?=]')).toBeNull();
    expect(unsupported('\\(?=')).toBeNull();
    expect(unsupported('\\\\1')).toBeNull();
    expect(unsupported('[\\]1]')).toBeNull();
    expect(work('[\\]+]')).toBe(work('x'));
  });
});
