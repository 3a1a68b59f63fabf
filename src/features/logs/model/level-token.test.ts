import { describe, expect, it } from 'vitest';
import { classifyToken, FREE, PREFIX, SEPARATOR } from './level-token';

/** Classification outside brackets, with levels allowed. */
const plain = (token: string): ReturnType<typeof classifyToken> =>
  classifyToken(token, false, true);

describe('classifyToken', () => {
  it('recognises separators', () => {
    for (const token of ['-', '--', '---', '|', ':', '>', '->', '=>', '»']) {
      expect(plain(token), token).toBe(SEPARATOR);
    }
  });

  it('skips timestamps, numbers and process ids', () => {
    for (const token of [
      '2026-11-21',
      '2026/11/21',
      '05:35:00',
      '05:35:00,123',
      '2026-11-21T05:35:00.123456789Z',
      '2026-11-21T05:35:00+02:00',
      '1763703300.123',
      '1234',
      '123#0:',
      '5:35AM',
      '11:02pm',
      'Nov',
      'sat',
    ]) {
      expect(plain(token), token).toBe(PREFIX);
    }
  });

  it('reads level keys and skips other key=value pairs', () => {
    expect(plain('level=error')).toBe('error');
    expect(plain('LEVEL=Warn')).toBe('warn');
    expect(plain('lvl=dbug')).toBe('debug');
    expect(plain('severity="info"')).toBe('info');
    expect(plain("level='trace'")).toBe('trace');
    expect(plain('level=50')).toBe('error');
    expect(plain('level=unknown')).toBe(PREFIX);
    expect(plain('msg=error')).toBe(PREFIX);
    expect(plain('time=2026-11-21T05:35:00Z')).toBe(PREFIX);
  });

  it('accepts upper-case level words and any case with a colon', () => {
    expect(plain('ERROR')).toBe('error');
    expect(plain('ERROR:root:msg')).toBe('error');
    expect(plain('WARN:')).toBe('warn');
    expect(plain('INFO[0000]')).toBe('info');
    expect(plain('DEBUG,')).toBe('debug');
    expect(plain('error:')).toBe('error');
    expect(plain('Warning:')).toBe('warn');
    expect(plain('error')).toBe(FREE);
    expect(plain('Error')).toBe(FREE);
    expect(plain('ERRORS')).toBe(FREE);
    expect(plain('ERROR.')).toBe(FREE);
    expect(plain('alert("x")')).toBe(FREE);
  });

  it('accepts any case inside brackets, and module:level pairs', () => {
    expect(classifyToken('error', true, true)).toBe('error');
    expect(classifyToken('Warning', true, true)).toBe('warn');
    expect(classifyToken('core:error', true, true)).toBe('error');
    expect(classifyToken('core:error', false, true)).toBe(FREE);
  });

  it('reads single-letter levels', () => {
    expect(plain('E')).toBe('error');
    expect(plain('W')).toBe('warn');
    expect(plain('I')).toBe('info');
    expect(plain('D')).toBe('debug');
    expect(plain('V')).toBe('trace');
    expect(plain('A')).toBe(FREE);
    expect(plain('e')).toBe(FREE);
  });

  it('reports no level where levels are not allowed', () => {
    expect(classifyToken('ERROR', false, false)).toBe(FREE);
    expect(classifyToken('E', false, false)).toBe(FREE);
    expect(classifyToken('level=error', false, false)).toBe('error');
  });

  it('treats other words as free', () => {
    for (const token of ['Connection', 'GET', '/api', 'app.db', '"quoted"', '\u202EERROR', '']) {
      expect(plain(token), token).toBe(FREE);
    }
  });
});
