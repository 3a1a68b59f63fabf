/**
 * How the log store (line-store.ts) writes a line's facts small: one code byte for its level, how
 * its time was found, whether it is a notice or zoneless and what characters it holds; and a line
 * with a character outside Latin-1 as its UTF-8 bytes in a Latin-1 string.
 */
import { LEVELS, type LogLevel } from '../model/level';
import type { TimeFrom } from '../model/line-clock';

export type LevelKey = LogLevel | 'none';
export type LevelCounts = Record<LevelKey, number>;

export function emptyCounts(): LevelCounts {
  return { error: 0, warn: 0, info: 0, debug: 0, trace: 0, none: 0 };
}

/** What characters a line holds, and so how it is stored: */
export type Chars = 0 | 1 | 2;
/** ASCII only. */
export const ASCII: Chars = 0;
/** Latin-1 beyond ASCII: stored as it is, one byte a character. */
export const LATIN1: Chars = 1;
/** A character outside Latin-1: stored as its UTF-8 bytes. */
export const UTF8: Chars = 2;

const INHERITED: readonly TimeFrom[] = [false, 'previous', 'next'];
const LINE_LEVELS: readonly (LogLevel | null)[] = [null, ...LEVELS];
const LEVEL_KEYS: readonly LevelKey[] = ['none', ...LEVELS];

/** The low six bits: level (0 none, 1–5), plus 6 × where its time came from, plus 18 × Chars. */
const FACTS = 0x3f;
/** The facts of a line stored as UTF-8 are this or more. */
const UTF8_FACTS = 18 * UTF8;
export const NOTICE = 0x40;
export const ZONELESS = 0x80;

const levelOfFacts: (LogLevel | null)[] = [];
const keyOfFacts: LevelKey[] = [];
const inheritedOfFacts: TimeFrom[] = [];
const charsOfFacts: Chars[] = [];
for (let facts = 0; facts < 54; facts += 1) {
  levelOfFacts.push(LINE_LEVELS[facts % 6] as LogLevel | null);
  keyOfFacts.push(LEVEL_KEYS[facts % 6] as LevelKey);
  inheritedOfFacts.push(INHERITED[Math.floor(facts / 6) % 3] as TimeFrom);
  charsOfFacts.push(Math.floor(facts / 18) as Chars);
}

export function lineCode(
  level: LogLevel | null,
  inherited: TimeFrom,
  chars: Chars,
  notice: boolean,
  zoneless: boolean,
): number {
  const levelIndex = level === null ? 0 : LEVELS.indexOf(level) + 1;
  const from = inherited === 'previous' ? 1 : inherited === 'next' ? 2 : 0;
  return (levelIndex + 6 * from + 18 * chars) | (notice ? NOTICE : 0) | (zoneless ? ZONELESS : 0);
}

export const levelOf = (code: number): LogLevel | null =>
  levelOfFacts[code & FACTS] as LogLevel | null;
export const levelKeyOf = (code: number): LevelKey => keyOfFacts[code & FACTS] as LevelKey;
export const inheritedOf = (code: number): TimeFrom => inheritedOfFacts[code & FACTS] as TimeFrom;
/** The line is stored as its UTF-8 bytes (it has a character outside Latin-1). */
export const storedAsUtf8 = (code: number): boolean => (code & FACTS) >= UTF8_FACTS;
export const charsOf = (code: number): Chars => charsOfFacts[code & FACTS] as Chars;

/** The code with another time: its zone and where it came from. */
export function retimedCode(code: number, zoneless: boolean, inherited: TimeFrom): number {
  return lineCode(levelOf(code), inherited, charsOf(code), (code & NOTICE) !== 0, zoneless);
}

/** A character outside Latin-1: a string holding one takes two bytes for each of its characters. */
// eslint-disable-next-line no-control-regex -- the whole Latin-1 range, NUL included
export const WIDE = /[^\u0000-\u00ff]/;
/** A surrogate: the text is outside the BMP, or not well formed. */
export const SURROGATE = /[\ud800-\udfff]/;
/** A surrogate without its pair, which UTF-8 cannot hold. */
export const LONE_SURROGATE =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const encoder = new TextEncoder();
// a byte order mark at the start of a line is a character of the line, kept
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
let scratch = new Uint8Array(4096);
/** Lines up to this long are encoded and decoded here (quicker for a short line than a call). */
const CODE_HERE_MAX = 512;

/**
 * A line's text as its UTF-8 bytes, one character a byte: a Latin-1 string, so the chunk's text
 * stays one byte a character, and an ASCII needle matches it where it matches the line.
 */
export function toUtf8Bytes(text: string): string {
  const length = text.length;
  let bytes: Uint8Array;
  let count = 0;
  if (length > CODE_HERE_MAX) {
    bytes = encoder.encode(text);
    count = bytes.length;
  } else {
    // well-formed text (a lone surrogate is never stored this way), written into bytes here: the
    // string is then made from bytes, so it is one byte a character (a slice of the line would be
    // two, as the line is)
    if (scratch.length < length * 3) scratch = new Uint8Array(length * 6);
    bytes = scratch;
    for (let at = 0; at < length; at += 1) {
      const unit = text.charCodeAt(at);
      if (unit < 0x80) bytes[count++] = unit;
      else if (unit < 0x800) {
        bytes[count++] = 0xc0 | (unit >> 6);
        bytes[count++] = 0x80 | (unit & 0x3f);
      } else if (unit >= 0xd800 && unit < 0xdc00) {
        const point = 0x10000 + ((unit - 0xd800) << 10) + (text.charCodeAt(at + 1) - 0xdc00);
        at += 1;
        bytes[count++] = 0xf0 | (point >> 18);
        bytes[count++] = 0x80 | ((point >> 12) & 0x3f);
        bytes[count++] = 0x80 | ((point >> 6) & 0x3f);
        bytes[count++] = 0x80 | (point & 0x3f);
      } else {
        bytes[count++] = 0xe0 | (unit >> 12);
        bytes[count++] = 0x80 | ((unit >> 6) & 0x3f);
        bytes[count++] = 0x80 | (unit & 0x3f);
      }
    }
  }
  let out = '';
  for (let at = 0; at < count; at += 8192)
    out += String.fromCharCode.apply(
      null,
      bytes.subarray(at, Math.min(count, at + 8192)) as unknown as number[],
    );
  return out;
}

/** The text of a line stored by `toUtf8Bytes` (always well-formed UTF-8). */
export function fromUtf8Bytes(stored: string): string {
  const length = stored.length;
  if (length > CODE_HERE_MAX) {
    if (scratch.length < length) scratch = new Uint8Array(length * 2);
    const bytes = scratch;
    for (let at = 0; at < length; at += 1) bytes[at] = stored.charCodeAt(at);
    return decoder.decode(bytes.subarray(0, length));
  }
  let at = 0;
  while (at < length && stored.charCodeAt(at) < 0x80) at += 1;
  let out = stored.slice(0, at);
  while (at < length) {
    const from = at;
    while (at < length && stored.charCodeAt(at) < 0x80) at += 1;
    if (at > from) out += stored.slice(from, at);
    if (at >= length) break;
    const lead = stored.charCodeAt(at);
    let point: number;
    if (lead < 0xe0) {
      point = ((lead & 0x1f) << 6) | (stored.charCodeAt(at + 1) & 0x3f);
      at += 2;
    } else if (lead < 0xf0) {
      point =
        ((lead & 0x0f) << 12) |
        ((stored.charCodeAt(at + 1) & 0x3f) << 6) |
        (stored.charCodeAt(at + 2) & 0x3f);
      at += 3;
    } else {
      point =
        ((lead & 0x07) << 18) |
        ((stored.charCodeAt(at + 1) & 0x3f) << 12) |
        ((stored.charCodeAt(at + 2) & 0x3f) << 6) |
        (stored.charCodeAt(at + 3) & 0x3f);
      at += 4;
    }
    out += String.fromCodePoint(point);
  }
  return out;
}
