/**
 * Finds the level in the leading part of a plain-text log line: timestamps, process ids and bracketed
 * fields are skipped until a level token or the message itself is reached. A level word inside the
 * message ("Connection error: …") does not count.
 */
import type { LogLevel } from './log-level';
import { jsonLevel } from './level-json';
import { levelFromLetter, levelFromWord } from './level-words';
import { classifyToken, FREE, SEPARATOR } from './level-token';

/** `[pid:tid:MMDD/HHMMSS.micros:LEVEL:file(line)]` as written by Chromium's logging. */
const CHROMIUM = /\[(?:\d+:)*\d{4}\/\d{6}(?:\.\d+)?:([A-Z]+)\d*:/y;
/** glog/klog: `E1121 05:35:00.123456 …`. */
const GLOG = /([EWIFD])\d{4} \d\d:\d\d:\d\d/y;
/** Android logcat brief format: `E/Tag( 123): …`. */
const LOGCAT = /([VDIWEFA])\/[^\s/]/y;

/** Container log prefixes (CRI: `<time> stderr F <message>`): the stream name and F/P tag. */
const STREAMS: ReadonlySet<string> = new Set(['stdout', 'stderr']);

const MAX_TOKENS = 12;
const MAX_BRACKET_DEPTH = 2;

/** Level found in `text[from, limit)`, which must be free of escape sequences. */
export function prefixLevel(text: string, from: number, limit: number): LogLevel | null {
  const start = skipSpace(text, from, limit);
  const special = formatLevel(text, start);
  if (special !== undefined) return special;
  const common = timeThenLevel(text, start, limit);
  if (common !== undefined) return common;
  return scanTokens(text, start, limit, 0, false);
}

/** prefixLevel without its shortcut for the commonest shape: what the shortcut must agree with. */
export function prefixLevelByTokens(text: string, from: number, limit: number): LogLevel | null {
  const start = skipSpace(text, from, limit);
  const special = formatLevel(text, start);
  if (special !== undefined) return special;
  return scanTokens(text, start, limit, 0, false);
}

/**
 * The commonest shape, `2026-11-21T05:35:00.123Z INFO  …`, read without cutting tokens: a time
 * made of digits and time punctuation, spaces, then an upper-case level word and a space (or the
 * limit). The level scanTokens would find there, or undefined for any other shape (scanTokens
 * reads those), so both ways agree.
 */
function timeThenLevel(text: string, from: number, limit: number): LogLevel | null | undefined {
  let i = from;
  let digits = 0;
  for (; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) digits++;
    else if (c <= 0x20) break;
    else if (!isTimePunctuation(c)) return undefined;
  }
  if (digits === 0) return undefined;
  i = skipSpace(text, i, limit);
  const word = i;
  while (i < limit) {
    const c = text.charCodeAt(i);
    if (c < 0x41 || c > 0x5a) break;
    i++;
  }
  if (i < limit && text.charCodeAt(i) > 0x20) return undefined;
  return upperLevelWord(text, word, i - word);
}

/** `-` `/` `:` `.` `,` `+` `#` `_` `T` `Z`, as isTimestampLike allows. */
function isTimePunctuation(c: number): boolean {
  return (
    c === 0x2d ||
    c === 0x2f ||
    c === 0x3a ||
    c === 0x2e ||
    c === 0x2c ||
    c === 0x2b ||
    c === 0x23 ||
    c === 0x5f ||
    c === 0x54 ||
    c === 0x5a
  );
}

/**
 * The level of the upper-case word `text[from, from + length)` when it is one of the usual five's
 * (`ERROR`, `WARN`, `WARNING`, `INFO`, `DEBUG`, `TRACE`, `FATAL`): by its first letter and length,
 * then its letters, as this runs for most lines of a stream.
 */
function upperLevelWord(text: string, from: number, length: number): LogLevel | undefined {
  switch (text.charCodeAt(from)) {
    case 0x45:
      return length === 5 && lettersAt(text, from, 'ERROR') ? 'error' : undefined;
    case 0x57:
      if (length === 4) return lettersAt(text, from, 'WARN') ? 'warn' : undefined;
      return length === 7 && lettersAt(text, from, 'WARNING') ? 'warn' : undefined;
    case 0x49:
      return length === 4 && lettersAt(text, from, 'INFO') ? 'info' : undefined;
    case 0x44:
      return length === 5 && lettersAt(text, from, 'DEBUG') ? 'debug' : undefined;
    case 0x54:
      return length === 5 && lettersAt(text, from, 'TRACE') ? 'trace' : undefined;
    case 0x46:
      return length === 5 && lettersAt(text, from, 'FATAL') ? 'error' : undefined;
    default:
      return undefined;
  }
}

/** `text` holds `word` at `from` (the caller knows it is long enough). */
function lettersAt(text: string, from: number, word: string): boolean {
  for (let k = 1; k < word.length; k += 1)
    if (text.charCodeAt(from + k) !== word.charCodeAt(k)) return false;
  return true;
}

/** Chromium, glog and logcat lines, recognised by their fixed shape. */
function formatLevel(text: string, start: number): LogLevel | null | undefined {
  const c = text.charCodeAt(start);
  if (c === 0x5b) {
    CHROMIUM.lastIndex = start;
    const m = CHROMIUM.exec(text);
    if (m !== null) return m[1] === 'VERBOSE' ? 'debug' : levelFromWord(m[1] ?? '');
    return undefined;
  }
  if (c < 0x41 || c > 0x57) return undefined;
  GLOG.lastIndex = start;
  const glog = GLOG.exec(text);
  if (glog !== null) return levelFromLetter(c);
  LOGCAT.lastIndex = start;
  if (LOGCAT.exec(text) !== null) return c === 0x41 ? 'error' : levelFromLetter(c);
  return undefined;
}

/**
 * Walks the tokens of `text[from, limit)`. Prefix tokens (timestamps, numbers, bracketed fields,
 * key=value pairs, separators) are skipped; one free word is tolerated after a separator, as the
 * logger name in Python's `time - name - LEVEL - message`. Inside brackets any case counts.
 */
function scanTokens(
  text: string,
  from: number,
  limit: number,
  depth: number,
  bracketed: boolean,
): LogLevel | null {
  let i = from;
  let freeWords = 0;
  let afterSeparator = false;
  let afterStream = false;
  for (let count = 0; count < MAX_TOKENS; count++) {
    i = skipSpace(text, i, limit);
    if (i >= limit) return null;
    const c = text.charCodeAt(i);
    if (c === 0x7b) {
      const level = jsonLevel(text, i);
      if (level !== undefined) return level;
    }
    const close = closingBracket(c);
    if (close !== 0) {
      const end = indexOfCode(text, close, i + 1, limit);
      // `<W>` and `<13>` are fields; `<a href=…>` is markup in the message.
      if (end !== -1 && (close !== 0x3e || !hasSpace(text, i + 1, end))) {
        if (depth < MAX_BRACKET_DEPTH) {
          const inner = scanTokens(text, i + 1, end, depth + 1, true);
          if (inner !== null) return inner;
        }
        i = end + 1;
        afterSeparator = false;
        continue;
      }
    }
    const end = tokenEnd(text, i, limit);
    const token = text.slice(i, end);
    i = end;
    if (afterStream && (token === 'F' || token === 'P')) {
      afterStream = false;
      continue;
    }
    afterStream = STREAMS.has(token);
    if (afterStream) continue;
    const kind = classifyToken(token, bracketed, freeWords === 0 || afterSeparator);
    if (typeof kind === 'string') return kind;
    if (kind === SEPARATOR) {
      afterSeparator = true;
      continue;
    }
    if (kind === FREE) {
      if (!afterSeparator || freeWords > 0 || count === 0) return null;
      freeWords++;
    }
    afterSeparator = false;
  }
  return null;
}

/** End of the token at `from`: whitespace or `|` ends it; a quoted value may contain spaces. */
function tokenEnd(text: string, from: number, limit: number): number {
  let i = from;
  if (text.charCodeAt(i) === 0x7c) return i + 1;
  while (i < limit) {
    const c = text.charCodeAt(i);
    if (c <= 0x20 || c === 0x7c) break;
    if (c === 0x22) {
      const close = indexOfCode(text, 0x22, i + 1, limit);
      i = close === -1 ? limit : close + 1;
      continue;
    }
    i++;
  }
  return i;
}

function indexOfCode(text: string, code: number, from: number, limit: number): number {
  for (let i = from; i < limit; i++) if (text.charCodeAt(i) === code) return i;
  return -1;
}

function hasSpace(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) <= 0x20) return true;
  return false;
}

function closingBracket(c: number): number {
  if (c === 0x5b) return 0x5d; // [ ]
  if (c === 0x28) return 0x29; // ( )
  if (c === 0x3c) return 0x3e; // < >
  if (c === 0x7b) return 0x7d; // { }
  return 0;
}

function skipSpace(text: string, from: number, limit: number): number {
  let i = from;
  while (i < limit && text.charCodeAt(i) <= 0x20) i++;
  return i;
}
