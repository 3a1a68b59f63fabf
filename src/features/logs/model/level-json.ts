/**
 * Finds the level field of a JSON log record (pino, bunyan, zap, slog, logrus, winston, structlog,
 * Google Cloud `severity`, ECS `log.level`, Serilog `@l`, Python `levelname`, Monolog `level_name`)
 * by walking the top-level keys of the object without building it. Nested objects are skipped, so a
 * `level` inside a payload does not count.
 */
import type { LogLevel } from './log-level';
import { levelFromNumber, levelFromWord } from './level-words';

const LEVEL_KEYS: ReadonlySet<string> = new Set([
  'level',
  'severity',
  'lvl',
  'levelname',
  'level_name',
  'loglevel',
  'log_level',
  'log.level',
  '@l',
]);
const LONGEST_KEY = 10;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Level of the JSON object starting at `start` (where `text[start]` is `{`): the level, null when the
 * object has no recognisable level, or undefined when the text is not a JSON object after all.
 */
export function jsonLevel(text: string, start: number): LogLevel | null | undefined {
  const length = text.length;
  let i = skipSpace(text, start + 1);
  if (text.charCodeAt(i) === 0x7d) return null;
  while (i < length) {
    if (text.charCodeAt(i) !== QUOTE) return undefined;
    const keyEnd = stringEnd(text, i);
    if (keyEnd === -1) return undefined;
    const isLevelKey = isLevelKeyAt(text, i + 1, keyEnd);
    i = skipSpace(text, keyEnd + 1);
    if (text.charCodeAt(i) !== 0x3a) return undefined;
    i = skipSpace(text, i + 1);
    const valueEnd = valueEndAt(text, i);
    if (valueEnd === -1) return undefined;
    if (isLevelKey) {
      const level = levelOfValue(text, i, valueEnd);
      if (level !== null) return level;
    }
    i = skipSpace(text, valueEnd);
    const c = text.charCodeAt(i);
    if (c === 0x7d) return null;
    if (c !== 0x2c) return undefined;
    i = skipSpace(text, i + 1);
  }
  return undefined;
}

function isLevelKeyAt(text: string, from: number, to: number): boolean {
  if (to - from > LONGEST_KEY || to === from) return false;
  return LEVEL_KEYS.has(text.slice(from, to).toLowerCase());
}

/** Level named by the JSON value in `text[from, to)`: a string or a number. */
function levelOfValue(text: string, from: number, to: number): LogLevel | null {
  const first = text.charCodeAt(from);
  if (first === QUOTE) {
    let raw = text.slice(from + 1, to - 1);
    if (raw.length > 40) return null;
    if (raw.indexOf('\\') !== -1) raw = decodeJsonString(text.slice(from, to));
    raw = raw.trim();
    const asNumber = raw === '' ? NaN : Number(raw);
    return Number.isNaN(asNumber) ? levelFromWord(raw) : levelFromNumber(asNumber);
  }
  if (first === 0x2d || (first >= 0x30 && first <= 0x39)) {
    return levelFromNumber(Number(text.slice(from, to)));
  }
  return null;
}

function decodeJsonString(literal: string): string {
  try {
    const value: unknown = JSON.parse(literal);
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}

/** Index just past the JSON value starting at `from`, or -1 when it is malformed or cut off. */
function valueEndAt(text: string, from: number): number {
  const c = text.charCodeAt(from);
  if (c === QUOTE) {
    const end = stringEnd(text, from);
    return end === -1 ? -1 : end + 1;
  }
  if (c === 0x7b || c === 0x5b) return containerEnd(text, from);
  // Number or literal: runs to the next delimiter.
  let i = from;
  const length = text.length;
  while (i < length) {
    const d = text.charCodeAt(i);
    if (d === 0x2c || d === 0x7d || d === 0x5d || d <= 0x20) break;
    i++;
  }
  return i === from ? -1 : i;
}

/** Index just past the object or array starting at `from`, skipping strings. */
function containerEnd(text: string, from: number): number {
  const length = text.length;
  let depth = 0;
  let i = from;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end === -1) return -1;
      i = end + 1;
      continue;
    }
    if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (depth === 0) return i + 1;
    }
    i++;
  }
  return -1;
}

/** Index of the quote closing the string that opens at `from`, or -1. */
function stringEnd(text: string, from: number): number {
  let quote = text.indexOf('"', from + 1);
  while (quote !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return -1;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
    i++;
  }
  return i;
}
