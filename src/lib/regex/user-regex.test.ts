import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLinearEngine } from './linear-engine';
import {
  compileUserRegex,
  PREPARING_MESSAGE,
  UNSUPPORTED_MESSAGE,
  type UserRegex,
} from './user-regex';

beforeAll(() => loadLinearEngine());

function regex(source: string, ignoreCase = true): UserRegex {
  const result = compileUserRegex(source, ignoreCase);
  if (!result.ok) throw new Error(`expected a valid pattern, got ${result.error}`);
  return result.regex;
}

/** Every match of a pattern in a text, as the highlighter walks them. */
function all(pattern: UserRegex, text: string): string[] {
  const find = pattern.finder(text);
  const found: string[] = [];
  for (let from = 0, match = find(from); match !== null; match = find(from)) {
    found.push(text.slice(match[0], match[1]));
    from = match[1] > match[0] ? match[1] : match[0] + 1;
    if (from > text.length) break;
  }
  return found;
}

/** Milliseconds `run` took (it has to return at all: before, these patterns took minutes). */
function timed(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

const A = 'a'.repeat(100_000);

describe('compileUserRegex', () => {
  it('returns at once for catastrophic patterns over a 100,000-character line', () => {
    // each of these takes the browser's backtracking engine minutes or longer on such a line
    const cases: Array<[string, string, boolean]> = [
      ['(a+)+$', `${A}!`, false],
      ['(a+)+$', A, true],
      ['(x+x+)+y', 'x'.repeat(100_000), false],
      ['(a|aa)+b', A, false],
      ['(a*)*b', A, false],
      ['\\w+\\w+\\w+c', A, false],
      ['.*b', A, false],
    ];
    for (const [source, line, expected] of cases) {
      const pattern = regex(source);
      let result: boolean | undefined;
      expect(
        timed(() => (result = pattern.test(line))),
        source,
      ).toBeLessThan(1000);
      expect(result, source).toBe(expected);
      expect(
        timed(() => pattern.finder(line)(0)),
        source,
      ).toBeLessThan(1000);
    }
  });

  it('keeps the fast browser engine for patterns whose backtracking is bounded', () => {
    expect(regex('error|warn').engine).toBe('native');
    expect(regex('status=(4|5)\\d\\d').engine).toBe('native');
    expect(regex('timeout \\d+ms').engine).toBe('linear');
    expect(regex('(a+)+$').engine).toBe('linear');
  });

  it('keeps ordinary semantics on the linear engine: case, anchors, classes, groups', () => {
    expect(regex('TIMEOUT \\d+MS').test('request timeout 300ms')).toBe(true);
    expect(regex('TIMEOUT \\d+MS', false).test('request timeout 300ms')).toBe(false);
    expect(regex('^\\[error\\].*done$').test('[ERROR] x done')).toBe(true);
    expect(regex('^\\[error\\].*done$').test(' [ERROR] x done')).toBe(false);
    expect(regex('^\\[error\\].*done$').test('[ERROR] x done!')).toBe(false);
    expect(regex('[A-F0-9]{2,}', false).test('ab1x')).toBe(false);
    expect(regex('[A-F0-9]{2,}').test('ab1x')).toBe(true);
    expect(all(regex('[a-f0-9]+', false), 'id=3fa9 and ff')).toEqual(['d', '3fa9', 'a', 'd', 'ff']);
    expect(all(regex('\\bgo\\w*'), 'go gone ago Going')).toEqual(['go', 'gone', 'Going']);
    expect(all(regex('(?<code>\\d+)x+'), '12x 3xx')).toEqual(['12x', '3xx']);
    expect(regex('[^\\s]+@\\S+\\.com').test('mail bob@example.com')).toBe(true);
    expect(regex('a\\/b+').test('a/bb')).toBe(true);
  });

  it('reports UTF-16 offsets and sees whole characters', () => {
    const pattern = regex('x+');
    expect(pattern.engine).toBe('linear');
    const find = pattern.finder('😀xx😀x');
    expect(find(0)).toEqual([2, 4]);
    expect(find(4)).toEqual([6, 7]);
    expect(regex('^.+$').finder('😀')(0)).toEqual([0, 2]);
    expect(regex('\\u{1F600}+').test('😀😀')).toBe(true);
    expect(regex('ärger+').test('ÄRGER')).toBe(true);
  });

  it('refuses lookaround and backreferences with a message saying why', () => {
    for (const source of ['(?=a)', 'a(?!b)', '(?<=a)b', '(?<!a)b', '(a)\\1', '(?<n>a)\\k<n>']) {
      expect(compileUserRegex(source, true), source).toEqual({
        ok: false,
        error: UNSUPPORTED_MESSAGE,
      });
    }
  });

  it('explains invalid patterns, including ones only the linear engine refuses', () => {
    expect(compileUserRegex('(a', true)).toEqual({
      ok: false,
      error: 'Invalid regular expression: missing )',
    });
    const tooMany = compileUserRegex('a{1001}', true);
    expect(tooMany.ok).toBe(false);
    if (!tooMany.ok) expect(tooMany.error).toMatch(/^Invalid regular expression: .*repeat count/);
  });
});

describe('compileUserRegex before the linear engine has loaded', () => {
  it('says the engine is being prepared, and compiles once it is there', async () => {
    vi.resetModules();
    const fresh = await import('./user-regex');
    const pending = fresh.compileUserRegex('(a+)+$', true);
    expect(pending).toMatchObject({ ok: false, error: PREPARING_MESSAGE });
    // bounded patterns never wait
    expect(fresh.compileUserRegex('error|warn', true).ok).toBe(true);
    if (pending.ok || pending.ready === undefined) throw new Error('expected a pending pattern');
    await pending.ready;
    expect(fresh.compileUserRegex('(a+)+$', true).ok).toBe(true);
  });
});
