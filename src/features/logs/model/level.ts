/**
 * Log levels and their detection from a raw log line.
 */
import { stripAnsi } from './ansi';
import { prefixLevel } from './level-prefix';
import type { LogLevel } from './log-level';

export type { LogLevel } from './log-level';

/** All levels, most severe first. */
export const LEVELS: readonly LogLevel[] = ['error', 'warn', 'info', 'debug', 'trace'];

const LABELS: Readonly<Record<LogLevel, string>> = {
  error: 'ERR',
  warn: 'WRN',
  info: 'INF',
  debug: 'DBG',
  trace: 'TRC',
};

/** Short badge text: ERR, WRN, INF, DBG, TRC. */
export function levelLabel(level: LogLevel): string {
  return LABELS[level];
}

/** How much of the line's start is looked at for a textual level. */
const HEAD_CHARS = 200;
/** Escape sequences are looked for (and removed) in this much of the line's start. */
const ESCAPE_WINDOW = 1024;
/** Lines up to this length are stripped whole, so a JSON record with colours still parses. */
const STRIP_WHOLE_LIMIT = 65_536;

/**
 * Level of a log line, or null when it names none. Understands JSON records (`level`, `severity`,
 * `lvl`, `levelname`, … as words or pino/bunyan numbers), logfmt `level=…`, bracketed `[ERROR]`,
 * `<W>`, leading `ERROR`/`WARN:`/`error:` after timestamps, glog/klog `E1121 …`, Chromium
 * `[pid:tid:time:ERROR:file(line)]`, Python `ERROR:root:…`, nginx `[error]`, logcat and zerolog's
 * `INF`/`WRN`. Only the start of the line (and the top-level fields of a JSON record) is looked at;
 * escape sequences are ignored. `plain`, when given, is `stripAnsi(text)`, which saves stripping again.
 */
export function detectLevel(text: string, plain?: string): LogLevel | null {
  let line = text;
  // a plain text the same as the text says there is no escape to look for
  if (plain !== text && text.lastIndexOf('\x1b', ESCAPE_WINDOW) !== -1) {
    line =
      text.length > STRIP_WHOLE_LIMIT
        ? stripAnsi(text.slice(0, ESCAPE_WINDOW))
        : (plain ?? stripAnsi(text));
  }
  let start = 0;
  while (start < line.length && line.charCodeAt(start) <= 0x20) start++;
  return prefixLevel(line, start, Math.min(line.length, start + HEAD_CHARS));
}
