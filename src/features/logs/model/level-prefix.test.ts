import { describe, expect, it } from 'vitest';
import { prefixLevel, prefixLevelByTokens } from './level-prefix';

const whole = (text: string): ReturnType<typeof prefixLevel> => prefixLevel(text, 0, text.length);

describe('prefixLevel', () => {
  it('looks only at text before the limit', () => {
    const line = '2026-11-21 05:35:00 ERROR boom';
    expect(prefixLevel(line, 0, line.length)).toBe('error');
    expect(prefixLevel(line, 0, line.indexOf('ERROR'))).toBeNull();
    expect(prefixLevel(line, 0, line.indexOf('ERROR') + 2)).toBeNull();
  });

  it('starts at the given index', () => {
    const line = 'garbage WARN: x';
    expect(prefixLevel(line, 0, line.length)).toBeNull();
    expect(prefixLevel(line, 8, line.length)).toBe('warn');
  });

  it('skips timestamps, numbers, process ids, brackets and key=value pairs', () => {
    expect(whole('2026-11-21T05:35:00.123Z 1234 [main] host=vm1 WARN x')).toBe('warn');
    expect(whole('1763703300.123 | INFO | ready')).toBe('info');
    expect(whole('05:35:00.123|ERROR|app|boom')).toBe('error');
    expect(whole('Sat Nov 21 05:35:00 2026 ERROR x')).toBe('error');
    expect(whole('5:35PM DBG x')).toBe('debug');
  });

  it('tolerates one logger name after a separator', () => {
    expect(whole('2026-11-21 05:35:00,123 - app.db - ERROR - boom')).toBe('error');
    expect(whole('2026-11-21 05:35:00,123 - app.db - worker - ERROR - boom')).toBeNull();
    expect(whole('2026-11-21 05:35:00,123 app.db ERROR boom')).toBeNull();
  });

  it('stops at the first message word', () => {
    expect(whole('Connection error: refused')).toBeNull();
    expect(whole('2026-11-21 05:35:00 request failed with ERROR 42')).toBeNull();
    expect(whole('[main] Connection ERROR')).toBeNull();
  });

  it('requires upper case or a colon outside brackets, any case inside', () => {
    expect(whole('WARN disk')).toBe('warn');
    expect(whole('warn: disk')).toBe('warn');
    expect(whole('Warning: disk')).toBe('warn');
    expect(whole('warn disk')).toBeNull();
    expect(whole('Trace of the request follows')).toBeNull();
    expect(whole('[warn] disk')).toBe('warn');
    expect(whole('(Warning) disk')).toBe('warn');
  });

  it('reads bracketed fields with spaces and module:level fields', () => {
    expect(whole('[2026-11-21T05:35:00Z WARN my_crate::db] slow')).toBe('warn');
    expect(whole('[Sat Nov 21 05:35:00.123456 2026] [proxy_http:error] [pid 9] AH01114')).toBe(
      'error',
    );
  });

  it('follows a JSON record after a prefix', () => {
    expect(whole('2026-11-21T05:35:00Z stdout F {"level":"warn","msg":"x"}')).toBe('warn');
    expect(whole('app | {"level":50}')).toBeNull();
    expect(whole('| {"level":50}')).toBe('error');
  });

  it('does not read the CRI full/partial tag as a glog letter', () => {
    expect(whole('2026-11-21T05:35:56.123456789Z stderr F plain text')).toBeNull();
    expect(whole('2026-11-21T05:35:56.123456789Z stdout P partial')).toBeNull();
    expect(
      whole('2026-11-21T05:35:56.123456789Z stderr F E1121 05:35:00.1 1 x.go:1] e'),
    ).toBeNull();
    expect(whole('2026-11-21T05:35:56.123456789Z stderr F WARN: x')).toBe('warn');
  });

  it('copes with unbalanced and deeply nested brackets', () => {
    expect(whole('[[[[[[[[[[ERROR]]]]]]]]]]')).toBeNull();
    expect(whole(`${'['.repeat(500)} ERROR`)).toBeNull();
    expect(whole('[ERROR x')).toBeNull();
    expect(whole('<')).toBeNull();
    expect(whole('')).toBeNull();
    expect(whole('   ')).toBeNull();
  });
});

describe('the shortcut for a time then a level word', () => {
  const pieces = [
    '2026-11-21T05:35:00.123Z',
    '05:35:00,123',
    '1234',
    '12#0:',
    'T',
    'Z1',
    '-',
    ':',
    '5:35PM',
    'INFO',
    'WARN',
    'WARNING',
    'ERROR',
    'FATAL',
    'DEBUG',
    'TRACE',
    'INFOS',
    'INFA',
    'WARM',
    'WARNINX',
    'ERRAR',
    'DEBUX',
    'TRACK',
    'FATAX',
    'Info',
    'info:',
    'ERROR:',
    'WARN[x]',
    'INFO[a=b]',
    'INFO=1',
    'E',
    'JAN',
    'STDOUT',
    'stdout',
    'F',
    '[main]',
    '{"level":"warn"}',
    'level=error',
    '|',
    'boom',
    '"q w"',
    'Zoë',
  ];
  const spaces = [' ', '  ', '\t', ' | ', ''];

  it('finds what walking the tokens finds, for every shape and limit', () => {
    let seed = 7;
    // mulberry32: every bit of it varies, unlike a plain LCG's low bits
    const next = (n: number): number => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    };
    let shortcuts = 0;
    for (let round = 0; round < 20_000; round++) {
      let line = next(4) === 0 ? '  ' : '';
      const count = 1 + next(4);
      for (let k = 0; k < count; k++) {
        line += pieces[next(pieces.length)] as string;
        if (k < count - 1 || next(2) === 0) line += spaces[next(spaces.length)] as string;
      }
      const limit = next(3) === 0 ? next(line.length + 1) : line.length;
      const expected = prefixLevelByTokens(line, 0, limit);
      expect(prefixLevel(line, 0, limit), JSON.stringify([line, limit])).toBe(expected);
      if (expected !== null) shortcuts++;
    }
    // the generator reaches lines with a level, not only lines without one
    expect(shortcuts).toBeGreaterThan(1_000);
  });
});
