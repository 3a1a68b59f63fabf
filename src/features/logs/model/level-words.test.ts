import { describe, expect, it } from 'vitest';
import { levelFromLetter, levelFromNumber, levelFromWord } from './level-words';

describe('levelFromWord', () => {
  it.each([
    ['error', 'error'],
    ['ERROR', 'error'],
    ['Err', 'error'],
    ['fatal', 'error'],
    ['FATAL', 'error'],
    ['critical', 'error'],
    ['CRIT', 'error'],
    ['panic', 'error'],
    ['dpanic', 'error'],
    ['emerg', 'error'],
    ['alert', 'error'],
    ['SEVERE', 'error'],
    ['FTL', 'error'],
    ['warn', 'warn'],
    ['WARNING', 'warn'],
    ['Warning', 'warn'],
    ['WRN', 'warn'],
    ['info', 'info'],
    ['INFORMATION', 'info'],
    ['Information', 'info'],
    ['notice', 'info'],
    ['NOTICE', 'info'],
    ['INF', 'info'],
    ['debug', 'debug'],
    ['DBG', 'debug'],
    ['VERBOSE', 'debug'],
    ['FINE', 'debug'],
    ['trace', 'trace'],
    ['TRC', 'trace'],
    ['FINEST', 'trace'],
  ] as const)('%s is %s', (word, level) => {
    expect(levelFromWord(word)).toBe(level);
  });

  it('accepts numeric suffixes and slog offsets', () => {
    expect(levelFromWord('VERBOSE1')).toBe('debug');
    expect(levelFromWord('INFO+2')).toBe('info');
    expect(levelFromWord('ERROR-4')).toBe('error');
  });

  it('rejects other words', () => {
    for (const word of [
      '',
      'errors',
      'information-ish',
      'warned',
      'log',
      'E',
      'x',
      '404',
      'INFO_X',
    ]) {
      expect(levelFromWord(word), word).toBeNull();
    }
    expect(levelFromWord('e'.repeat(10_000))).toBeNull();
  });
});

describe('levelFromNumber', () => {
  it('maps pino and bunyan levels', () => {
    expect(levelFromNumber(10)).toBe('trace');
    expect(levelFromNumber(20)).toBe('debug');
    expect(levelFromNumber(30)).toBe('info');
    expect(levelFromNumber(40)).toBe('warn');
    expect(levelFromNumber(50)).toBe('error');
    expect(levelFromNumber(60)).toBe('error');
  });

  it('maps custom levels in between to the level below', () => {
    expect(levelFromNumber(35)).toBe('info');
    expect(levelFromNumber(45)).toBe('warn');
  });

  it('does not guess other scales', () => {
    for (const n of [0, 3, 9, 61, 100, 200, 400, Number.NaN, Infinity, -30]) {
      expect(levelFromNumber(n), String(n)).toBeNull();
    }
  });
});

describe('levelFromLetter', () => {
  it('maps glog and logcat letters', () => {
    const code = (s: string): number => s.charCodeAt(0);
    expect(levelFromLetter(code('E'))).toBe('error');
    expect(levelFromLetter(code('F'))).toBe('error');
    expect(levelFromLetter(code('W'))).toBe('warn');
    expect(levelFromLetter(code('I'))).toBe('info');
    expect(levelFromLetter(code('D'))).toBe('debug');
    expect(levelFromLetter(code('V'))).toBe('trace');
    expect(levelFromLetter(code('e'))).toBeNull();
    expect(levelFromLetter(code('X'))).toBeNull();
  });
});
