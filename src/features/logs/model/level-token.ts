/**
 * Classifies one token of a log line's prefix: a level, a prefix field to skip (timestamp, process
 * id, key=value), a separator, or a free word that may start the message.
 */
import type { LogLevel } from './log-level';
import { levelFromLetter, levelFromNumber, levelFromWord } from './level-words';

const MONTHS_AND_DAYS: ReadonlySet<string> = new Set(
  'jan feb mar apr may jun jul aug sep oct nov dec mon tue wed thu fri sat sun am pm'.split(' '),
);
const SEPARATORS: ReadonlySet<string> = new Set([
  '-',
  '--',
  '---',
  '|',
  ':',
  '>',
  '->',
  '=>',
  '»',
  '*',
  '•',
]);
const LEVEL_KEYS: ReadonlySet<string> = new Set([
  'level',
  'lvl',
  'severity',
  'levelname',
  'loglevel',
]);
const DIGITS_ONLY = /^\d+$/;

export const PREFIX = 0;
export const SEPARATOR = 1;
export const FREE = 2;
export type TokenKind = LogLevel | typeof PREFIX | typeof SEPARATOR | typeof FREE;

/**
 * What a token is. Outside brackets a level word must be upper case or end with a colon (`ERROR`,
 * `WARN:`, `error:`); `anyCase` (inside brackets) also allows `[warn]`. `levelAllowed` is false
 * once a free word has been seen without a separator after it.
 */
export function classifyToken(token: string, anyCase: boolean, levelAllowed: boolean): TokenKind {
  if (SEPARATORS.has(token)) return SEPARATOR;
  const eq = token.indexOf('=');
  if (eq > 0) {
    const key = token.slice(0, eq);
    if (key.length <= 9 && LEVEL_KEYS.has(key.toLowerCase())) {
      const value = unquote(token.slice(eq + 1));
      const level = DIGITS_ONLY.test(value) ? levelFromNumber(Number(value)) : levelFromWord(value);
      if (level !== null) return level;
    }
    return PREFIX;
  }
  if (isTimestampLike(token)) return PREFIX;
  if (token.length === 1) {
    const level = levelFromLetter(token.charCodeAt(0));
    return level !== null && levelAllowed ? level : FREE;
  }
  if (anyCase) {
    // Apache's `[module:level]`, e.g. `[core:error]`, `[proxy_http:warn]`.
    const colon = token.lastIndexOf(':');
    if (colon > 0 && colon < token.length - 1) {
      const level = levelFromWord(token.slice(colon + 1));
      if (level !== null && levelAllowed) return level;
    }
  }
  const wordEnd = leadingWordEnd(token);
  if (wordEnd > 0) {
    const word = token.slice(0, wordEnd);
    const level = levelFromWord(word);
    if (level !== null && levelAllowed) {
      const next = token.charCodeAt(wordEnd);
      const upper = word === word.toUpperCase();
      const closed = wordEnd === token.length || next === 0x3a || next === 0x5b || next === 0x2c;
      if (closed && (upper || next === 0x3a || (anyCase && wordEnd === token.length))) return level;
    }
    if (wordEnd === token.length && MONTHS_AND_DAYS.has(word.toLowerCase())) return PREFIX;
  }
  return FREE;
}

/** Dates, times, durations, numbers and process ids: `2026-11-21`, `05:35:00,123`, `123#0:`. */
function isTimestampLike(token: string): boolean {
  let digits = 0;
  let end = token.length;
  // 12-hour clock: `5:35AM`.
  const last = token.charCodeAt(end - 1) | 0x20;
  const beforeLast = token.charCodeAt(end - 2) | 0x20;
  if (end > 2 && last === 0x6d && (beforeLast === 0x61 || beforeLast === 0x70)) end -= 2;
  for (let i = 0; i < end; i++) {
    const c = token.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) digits++;
    else if (!TIMESTAMP_PUNCTUATION.has(c)) return false;
  }
  return digits > 0;
}

/** `-` `/` `:` `.` `,` `+` `#` `_` `T` `Z`. */
const TIMESTAMP_PUNCTUATION: ReadonlySet<number> = new Set(
  [...'-/:.,+#_TZ'].map((ch) => ch.charCodeAt(0)),
);

/** End of the leading run of letters, digits, `+` and `-` (a level name with its suffix). */
function leadingWordEnd(token: string): number {
  let i = 0;
  while (i < token.length) {
    const c = token.charCodeAt(i);
    const letter = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
    if (!letter && !(i > 0 && ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d))) break;
    i++;
  }
  return i;
}

function unquote(value: string): string {
  const q = value.charCodeAt(0);
  if ((q === 0x22 || q === 0x27) && value.length >= 2 && value.charCodeAt(value.length - 1) === q) {
    return value.slice(1, -1);
  }
  return value;
}
