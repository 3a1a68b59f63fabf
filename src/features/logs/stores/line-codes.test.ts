import { describe, expect, it } from 'vitest';
import {
  fromUtf8Bytes,
  toUtf8Bytes,
  lineCode,
  levelOf,
  inheritedOf,
  charsOf,
  retimedCode,
  UTF8,
  LATIN1,
  ASCII,
  NOTICE,
  ZONELESS,
  storedAsUtf8,
} from './line-codes';

const PIECES = [
  'a',
  'é',
  'ÿ',
  '→',
  '日',
  '😀',
  '\ufeff',
  'İ',
  '\u212a',
  ' ',
  '\x00',
  '\x7f',
  '\u0800',
  '\uffff',
];

function asLatin1(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += String.fromCharCode(byte);
  return out;
}

describe('line codes', () => {
  it('stores text as its UTF-8 bytes and reads it back, short and long', () => {
    let state = 9;
    const next = (): number => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    for (let sample = 0; sample < 400; sample += 1) {
      const length = sample % 50 === 0 ? 2_000 : Math.floor(next() * 60);
      let text = '';
      while (text.length < length) text += PIECES[Math.floor(next() * PIECES.length)] as string;
      const stored = toUtf8Bytes(text);
      expect(stored).toBe(asLatin1(new TextEncoder().encode(text)));
      expect(fromUtf8Bytes(stored)).toBe(text);
    }
  });

  it('packs level, time origin, characters, notice and zone into one byte', () => {
    for (const level of [null, 'error', 'warn', 'info', 'debug', 'trace'] as const)
      for (const inherited of [false, 'previous', 'next'] as const)
        for (const chars of [ASCII, LATIN1, UTF8])
          for (const notice of [false, true])
            for (const zoneless of [false, true]) {
              const code = lineCode(level, inherited, chars, notice, zoneless);
              expect(code).toBeLessThan(256);
              expect([levelOf(code), inheritedOf(code), charsOf(code)]).toEqual([
                level,
                inherited,
                chars,
              ]);
              expect([(code & NOTICE) !== 0, (code & ZONELESS) !== 0]).toEqual([notice, zoneless]);
              // the store's walk tells a line stored as UTF-8 by its facts alone
              expect(storedAsUtf8(code)).toBe(chars === UTF8);
              const retimed = retimedCode(code, !zoneless, 'next');
              expect([
                levelOf(retimed),
                inheritedOf(retimed),
                charsOf(retimed),
                (retimed & ZONELESS) !== 0,
              ]).toEqual([level, 'next', chars, !zoneless]);
            }
  });
});
