/**
 * Level names used by common loggers, and numeric levels (pino, bunyan), mapped to the viewer's five
 * levels.
 */
import type { LogLevel } from './log-level';

const WORDS: ReadonlyMap<string, LogLevel> = new Map<string, LogLevel>([
  ['error', 'error'],
  ['err', 'error'],
  // log15 / go-ethereum abbreviations: eror, dbug, trce.
  ['eror', 'error'],
  ['fatal', 'error'],
  ['ftl', 'error'],
  ['critical', 'error'],
  ['crit', 'error'],
  ['crt', 'error'],
  ['panic', 'error'],
  ['pnc', 'error'],
  ['dpanic', 'error'],
  ['dfatal', 'error'],
  ['emerg', 'error'],
  ['emergency', 'error'],
  ['alert', 'error'],
  ['severe', 'error'],
  ['warn', 'warn'],
  ['warning', 'warn'],
  ['wrn', 'warn'],
  ['info', 'info'],
  ['inf', 'info'],
  ['information', 'info'],
  ['informational', 'info'],
  ['notice', 'info'],
  ['debug', 'debug'],
  ['dbg', 'debug'],
  ['dbug', 'debug'],
  ['verbose', 'debug'],
  ['fine', 'debug'],
  ['trace', 'trace'],
  ['trc', 'trace'],
  ['trce', 'trace'],
  ['finer', 'trace'],
  ['finest', 'trace'],
]);

const LONGEST_WORD = 13;

/**
 * Level named by `word` (any case). Digits after the name are allowed, as in `VERBOSE1` or slog's
 * `WARN+2`, so only the leading letters count.
 */
export function levelFromWord(word: string): LogLevel | null {
  let end = 0;
  while (end < word.length && isLetter(word.charCodeAt(end))) end++;
  if (end === 0 || end > LONGEST_WORD) return null;
  for (let i = end; i < word.length; i++) if (!isLevelSuffix(word.charCodeAt(i))) return null;
  return WORDS.get((end === word.length ? word : word.slice(0, end)).toLowerCase()) ?? null;
}

/** Level of a numeric pino/bunyan level: 10 trace, 20 debug, 30 info, 40 warn, 50/60 error. */
export function levelFromNumber(value: number): LogLevel | null {
  // Other scales (Monolog's 100-600, syslog's 0-7) are not guessed at.
  if (!(value >= 10 && value <= 60)) return null;
  if (value >= 50) return 'error';
  if (value >= 40) return 'warn';
  if (value >= 30) return 'info';
  if (value >= 20) return 'debug';
  return 'trace';
}

/** Level of a single-letter prefix (glog, Android logcat): E, W, I, D, V, F. */
export function levelFromLetter(code: number): LogLevel | null {
  switch (code) {
    case 0x45: // E
    case 0x46: // F
      return 'error';
    case 0x57: // W
      return 'warn';
    case 0x49: // I
      return 'info';
    case 0x44: // D
      return 'debug';
    case 0x56: // V
      return 'trace';
    default:
      return null;
  }
}

function isLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

/** Digits and `+`/`-` offsets may follow a level name (`VERBOSE2`, `INFO+4`, `ERROR-1`). */
function isLevelSuffix(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d;
}
