import { describe, expect, it } from 'vitest';
import {
  firstLine,
  formatClockTime,
  formatTextSize,
  measureText,
  shortPreview,
} from './clipboard-text';

const encoder = new TextEncoder();

describe('measureText', () => {
  it.each([
    ['', 0, 0],
    ['hello world!', 12, 12],
    ['héllo', 5, 6],
    ['👍', 1, 4],
    ['👍🏽', 2, 8],
    ['👨‍👩‍👧', 5, 18],
    ['你好世界', 4, 12],
    ['日本語 text', 8, 14],
  ])('%j has %i characters and %i bytes', (text, characters, bytes) => {
    expect(measureText(text)).toEqual({ characters, bytes });
    expect(bytes).toBe(encoder.encode(text).length);
  });

  it('counts a lone surrogate as the 3-byte replacement character it is encoded as', () => {
    expect(measureText('a\ud83d')).toEqual({ characters: 2, bytes: 4 });
    expect(measureText('\ude00b')).toEqual({ characters: 2, bytes: 4 });
    expect(encoder.encode('a\ud83d').length).toBe(4);
  });

  it('agrees with TextEncoder on mixed text', () => {
    const text = 'ASCII, ü, €, 𝄞, 😀, 中文, \t\n\r, ' + String.fromCodePoint(0x10ffff);
    expect(measureText(text).bytes).toBe(encoder.encode(text).length);
    expect(measureText(text).characters).toBe(Array.from(text).length);
  });
});

describe('formatting', () => {
  it('formats sizes with singular and plural', () => {
    expect(formatTextSize({ characters: 12, bytes: 14 })).toBe('12 characters · 14 bytes');
    expect(formatTextSize({ characters: 1, bytes: 1 })).toBe('1 character · 1 byte');
    expect(formatTextSize({ characters: 1200, bytes: 3600 })).toBe(
      '1,200 characters · 3,600 bytes',
    );
  });

  it('previews the first line, with placeholders when it would show nothing', () => {
    expect(firstLine('one\ntwo')).toBe('one');
    expect(firstLine('one\r\ntwo')).toBe('one');
    expect(firstLine('\nsecond')).toBe('(blank first line)');
    expect(firstLine('')).toBe('(empty)');
  });

  it('cuts short previews on code point boundaries', () => {
    expect(shortPreview('short')).toBe('short');
    const preview = shortPreview('😀'.repeat(40), 10);
    expect(preview).toBe(`${'😀'.repeat(9)}…`);
    expect(shortPreview('😀'.repeat(10), 10)).toBe('😀'.repeat(10));
    expect(shortPreview('x'.repeat(11), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('formats local clock time (TZ=UTC in tests)', () => {
    expect(formatClockTime(Date.UTC(2025, 0, 2, 5, 35, 12))).toBe('05:35:12');
  });
});
