import { beforeAll, describe, expect, it } from 'vitest';
import { loadLinearEngine } from '../../../lib/regex/linear-engine';
import { compileLineFilter, compileQuery, MAX_RANGES_PER_LINE } from './filter';
import type { CompiledQuery, LineFilter, TextQuery } from './filter';
import type { LogLevel } from './level';

beforeAll(() => loadLinearEngine());

const plain = (text: string, caseSensitive = false): TextQuery => ({
  text,
  regex: false,
  caseSensitive,
});
const regex = (text: string, caseSensitive = false): TextQuery => ({
  text,
  regex: true,
  caseSensitive,
});

function compiled(query: TextQuery): Extract<CompiledQuery, { ok: true }> {
  const result = compileQuery(query);
  if (result === null || !result.ok) throw new Error('expected a compiled query');
  return result;
}

const ALL: ReadonlySet<LogLevel | 'none'> = new Set([
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'none',
]);

function filter(overrides: Partial<LineFilter>): LineFilter {
  return { include: plain(''), exclude: plain(''), levels: ALL, ...overrides };
}

function matcher(
  overrides: Partial<LineFilter>,
): (text: string, level: LogLevel | null) => boolean {
  const result = compileLineFilter(filter(overrides));
  if (!result.ok) throw new Error(result.error);
  return result.matches;
}

describe('compileQuery', () => {
  it('returns null for an empty query', () => {
    expect(compileQuery(plain(''))).toBeNull();
    expect(compileQuery(regex(''))).toBeNull();
  });

  it('matches plain text as a case-insensitive substring by default', () => {
    const q = compiled(plain('session'));
    expect(q.test('Session started')).toBe(true);
    expect(q.test('sess ion')).toBe(false);
    expect(q.ranges('SESSION session')).toEqual([
      [0, 7],
      [8, 15],
    ]);
  });

  it('matches plain text case-sensitively when asked', () => {
    const q = compiled(plain('Session', true));
    expect(q.test('session')).toBe(false);
    expect(q.test('Session')).toBe(true);
  });

  it('does not interpret plain text as a pattern', () => {
    expect(compiled(plain('.*')).test('anything')).toBe(false);
    expect(compiled(plain('.*')).test('a.*b')).toBe(true);
    expect(compileQuery(plain('('))?.ok).toBe(true);
  });

  it('matches regular expressions', () => {
    const q = compiled(regex('status=(4|5)\\d\\d'));
    expect(q.test('GET / status=503')).toBe(true);
    expect(q.test('GET / status=200')).toBe(false);
    expect(q.ranges('status=404 status=500')).toEqual([
      [0, 10],
      [11, 21],
    ]);
  });

  it('returns a gentle error for an invalid regular expression', () => {
    expect(compileQuery(regex('(unclosed'))).toEqual({
      ok: false,
      error: 'Invalid regular expression: missing )',
    });
  });

  it('caps ranges per line', () => {
    expect(compiled(plain('a')).ranges('a'.repeat(5000))).toHaveLength(MAX_RANGES_PER_LINE);
    expect(compiled(regex('a')).ranges('a'.repeat(5000))).toHaveLength(MAX_RANGES_PER_LINE);
  });

  it('never highlights empty matches', () => {
    expect(compiled(regex('z*')).ranges('abc')).toEqual([]);
    expect(compiled(regex('z?')).test('abc')).toBe(true);
  });

  it('matches hostile text as plain characters', () => {
    const q = compiled(plain('<script>'));
    expect(q.ranges('x <SCRIPT>alert(1)</script><script>')).toEqual([
      [2, 10],
      [27, 35],
    ]);
    expect(compiled(plain('\u202E')).test('file\u202Etxt.exe')).toBe(true);
    expect(compiled(plain('\u0000')).ranges('a\u0000b')).toEqual([[1, 2]]);
  });
});

describe('compileLineFilter', () => {
  it('shows every line when nothing is set', () => {
    const matches = matcher({});
    expect(matches('anything', null)).toBe(true);
    expect(matches('', 'error')).toBe(true);
  });

  it('keeps only lines matching the include query', () => {
    const matches = matcher({ include: plain('chromium') });
    expect(matches('spawned: chromium', 'info')).toBe(true);
    expect(matches('spawned: neko', 'info')).toBe(false);
  });

  it('hides lines matching the exclude query', () => {
    const matches = matcher({ exclude: regex('healthz|readyz') });
    expect(matches('GET /healthz 200', null)).toBe(false);
    expect(matches('GET /api 200', null)).toBe(true);
  });

  it('applies include and exclude together', () => {
    const matches = matcher({ include: plain('GET'), exclude: plain('healthz') });
    expect(matches('GET /api', null)).toBe(true);
    expect(matches('GET /healthz', null)).toBe(false);
    expect(matches('POST /api', null)).toBe(false);
  });

  it('shows only the chosen levels, with none for lines without a level', () => {
    const matches = matcher({ levels: new Set<LogLevel | 'none'>(['error', 'warn']) });
    expect(matches('x', 'error')).toBe(true);
    expect(matches('x', 'warn')).toBe(true);
    expect(matches('x', 'info')).toBe(false);
    expect(matches('x', null)).toBe(false);
    const withNone = matcher({ levels: new Set<LogLevel | 'none'>(['none']) });
    expect(withNone('x', null)).toBe(true);
    expect(withNone('x', 'debug')).toBe(false);
  });

  it('shows nothing when no level is chosen', () => {
    const matches = matcher({ levels: new Set() });
    expect(matches('x', null)).toBe(false);
    expect(matches('x', 'error')).toBe(false);
  });

  it('is not changed by later changes to the level set', () => {
    const levels = new Set<LogLevel | 'none'>(['error']);
    const matches = matcher({ levels });
    levels.add('info');
    expect(matches('x', 'info')).toBe(false);
  });

  it('combines levels with text queries', () => {
    const matches = matcher({
      include: plain('db'),
      levels: new Set<LogLevel | 'none'>(['error']),
    });
    expect(matches('db down', 'error')).toBe(true);
    expect(matches('db down', 'info')).toBe(false);
    expect(matches('api down', 'error')).toBe(false);
  });

  it('reports which query is invalid', () => {
    expect(compileLineFilter(filter({ include: regex('[') }))).toEqual({
      ok: false,
      error: 'Filter: Invalid regular expression: missing ]',
    });
    expect(compileLineFilter(filter({ exclude: regex('(') }))).toEqual({
      ok: false,
      error: 'Exclude: Invalid regular expression: missing )',
    });
  });

  it('filters with a catastrophic include, exclude or search pattern without holding the page', () => {
    // a link can carry any of these; the browser's own engine takes minutes on such a line
    const line = `${'a'.repeat(100_000)}!`;
    const start = performance.now();
    expect(matcher({ include: regex('(a+)+$') })(line, null)).toBe(false);
    expect(matcher({ exclude: regex('(x+x+)+y') })('x'.repeat(100_000), null)).toBe(true);
    expect(compiled(regex('(a|aa)+$')).test(line)).toBe(false);
    expect(compiled(regex('(a+)+$')).ranges(line)).toEqual([]);
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it('keeps regular-expression semantics for patterns with repeats', () => {
    const q = compiled(regex('^\\[(warn|error)\\] .*timeout \\d+ms$'));
    expect(q.test('[ERROR] upstream timeout 300ms')).toBe(true);
    expect(q.test('x [ERROR] upstream timeout 300ms')).toBe(false);
    expect(compiled(regex('Timeout \\d+', true)).test('timeout 3')).toBe(false);
    expect(compiled(regex('[0-9a-f]{8,}')).ranges('id DEADBEEF12 and cafe')).toEqual([[3, 13]]);
  });

  it('filters 1 MB lines', () => {
    const line = `${'x'.repeat(1_000_000)} needle`;
    expect(matcher({ include: plain('NEEDLE') })(line, null)).toBe(true);
    expect(matcher({ include: regex('needle$') })(line, null)).toBe(true);
    expect(matcher({ exclude: plain('needle') })(line, null)).toBe(false);
  });
});
