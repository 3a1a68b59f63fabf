import { describe, expect, it } from 'vitest';
import { escapeEnd, isSgr } from './ansi-escape';

/** The escape sequence found at the first ESC of `text`. */
function sequenceOf(text: string): string {
  const start = text.indexOf('\x1b');
  return text.slice(start, escapeEnd(text, start));
}

describe('escapeEnd', () => {
  it('ends a CSI sequence at its final byte', () => {
    expect(sequenceOf('\x1b[31mred')).toBe('\x1b[31m');
    expect(sequenceOf('a\x1b[2Kb')).toBe('\x1b[2K');
    expect(sequenceOf('\x1b[10;20Hx')).toBe('\x1b[10;20H');
    expect(sequenceOf('\x1b[?25lx')).toBe('\x1b[?25l');
    expect(sequenceOf('\x1b[mx')).toBe('\x1b[m');
    expect(sequenceOf('\x1b[38;2;1;2;3mx')).toBe('\x1b[38;2;1;2;3m');
    expect(sequenceOf('\x1b[1 qx')).toBe('\x1b[1 q');
  });

  it('cancels a CSI sequence at a character that cannot belong to it, keeping that character', () => {
    expect(sequenceOf('\x1b[31\nnext')).toBe('\x1b[31');
    expect(sequenceOf('\x1b[31é')).toBe('\x1b[31');
    // A parameter after an intermediate byte is malformed.
    expect(sequenceOf('\x1b[1 2m')).toBe('\x1b[1 ');
  });

  it('runs an unterminated sequence to the end of the line', () => {
    expect(sequenceOf('abc\x1b')).toBe('\x1b');
    expect(sequenceOf('abc\x1b[')).toBe('\x1b[');
    expect(sequenceOf('abc\x1b[38;5')).toBe('\x1b[38;5');
  });

  it('finds no sequence at an OSC or DCS string that is never terminated', () => {
    // what follows is text, not hidden: the answer is the ESC's own index
    expect(escapeEnd('abc\x1b]0;title', 3)).toBe(3);
    expect(escapeEnd('\x1b]8;;https://x.test link text', 0)).toBe(0);
    expect(escapeEnd('\x1bPq#0;2', 0)).toBe(0);
  });

  it('ends OSC strings at BEL, ESC \\ or the C1 terminator', () => {
    expect(sequenceOf('\x1b]0;title\x07rest')).toBe('\x1b]0;title\x07');
    expect(sequenceOf('\x1b]8;;https://x.test\x1b\\link')).toBe('\x1b]8;;https://x.test\x1b\\');
    expect(sequenceOf('\x1b]0;t\u009crest')).toBe('\x1b]0;t\u009c');
  });

  it('finds no OSC string when another escape begins before its terminator', () => {
    expect(escapeEnd('\x1b]0;title\x1b[31mred', 0)).toBe(0);
    expect(sequenceOf('\x1b]0;title\x1b[31mred'.slice(1))).toBe('\x1b[31m');
  });

  it('treats DCS, APC, PM and SOS like OSC strings', () => {
    expect(sequenceOf('\x1bPq#0;2\x1b\\x')).toBe('\x1bPq#0;2\x1b\\');
    expect(sequenceOf('\x1b_payload\x1b\\x')).toBe('\x1b_payload\x1b\\');
    expect(sequenceOf('\x1b^pm\x07x')).toBe('\x1b^pm\x07');
    expect(sequenceOf('\x1bXsos\x07x')).toBe('\x1bXsos\x07');
  });

  it('recognises two-character and charset sequences', () => {
    expect(sequenceOf('\x1b7x')).toBe('\x1b7');
    expect(sequenceOf('\x1bMx')).toBe('\x1bM');
    expect(sequenceOf('\x1bcx')).toBe('\x1bc');
    expect(sequenceOf('\x1b(Bx')).toBe('\x1b(B');
    expect(sequenceOf('\x1b#8x')).toBe('\x1b#8');
  });

  it('removes only a lone ESC followed by text or controls', () => {
    expect(sequenceOf('\x1b\x1b[31m')).toBe('\x1b');
    expect(sequenceOf('\x1b\tx')).toBe('\x1b');
    expect(sequenceOf('\x1bé')).toBe('\x1b');
  });
});

describe('isSgr', () => {
  const check = (sequence: string): boolean => isSgr(sequence, 0, sequence.length);

  it('accepts SGR sequences with digits, ; and :', () => {
    expect(check('\x1b[m')).toBe(true);
    expect(check('\x1b[0m')).toBe(true);
    expect(check('\x1b[1;31;48;5;236m')).toBe(true);
    expect(check('\x1b[38:2::10:20:30m')).toBe(true);
  });

  it('rejects other CSI sequences and private SGR forms', () => {
    expect(check('\x1b[2K')).toBe(false);
    expect(check('\x1b[?1m')).toBe(false);
    expect(check('\x1b[>4;2m')).toBe(false);
    expect(check('\x1b[1 m')).toBe(false);
    expect(check('\x1b]m')).toBe(false);
    expect(check('\x1bm')).toBe(false);
  });
});
