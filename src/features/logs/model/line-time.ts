/**
 * The time a log line states about itself, as opposed to when the server read it (the wire
 * `timestamp`). Runs once per line where lines are unpacked (log-decoder): every format is
 * gated by a character test at a known position, so a line with no time costs a few character
 * reads, and no format scans more than the line's first few hundred characters.
 *
 * Formats: RFC 3339 / ISO 8601 with or without zone (`T` or space, `.` or `,` before the fraction:
 * Python logging, supervisord), `YYYY/MM/DD HH:MM:SS` (Go's log, nginx), after a `[tag]`, a `<pri>`
 * or a level word; Chromium's `[pid:tid:MMDD/HHMMSS.ffffff:…]`; glog / klog `I1123 17:28:57.193`;
 * syslog `Nov 23 17:28:57`; common log format `[23/Nov/2026:17:28:57 +0000]`; logfmt `time=` /
 * `ts=`; JSON fields `time`, `ts`, `timestamp`, `@timestamp` (text, or epoch seconds, milliseconds,
 * microseconds or nanoseconds); a bare `HH:MM:SS` opening the line.
 *
 * A time without a zone is returned as if it were UTC and flagged `zoneless`: which zone the
 * writer used is decided per stream (log-buffer.ts), not per line.
 */
import { MinuteCache } from './timestamps';

/** The result of a detection; reused between calls (the detector runs once per line). */
export interface StatedTime {
  /** Unix ms of the stated time; for a zoneless one, its wall-clock fields read as UTC. */
  ms: number;
  zoneless: boolean;
}

const MS_PER_DAY = 86_400_000;
/** Stated times further than this after the read are not believed (clock or parse mistake). */
const FUTURE_SLACK_MS = 2 * MS_PER_DAY;
/** How far into a line a time is looked for. */
const HEAD = 256;
/** How far into a JSON line its time field is looked for. */
const JSON_HEAD = 2048;

const MONTHS = 'JanFebMarAprMayJunJulAugSepOctNovDec';

function monthIndex(name: string): number {
  const at = MONTHS.indexOf(name);
  return at % 3 === 0 ? at / 3 : -1;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

/** The first 1 to 3 fraction digits as milliseconds (digits past that are cut). */
function fractionMs(digits: string | undefined): number {
  if (!digits) return 0;
  const ms = Number(digits.slice(0, 3));
  return digits.length === 1 ? ms * 100 : digits.length === 2 ? ms * 10 : ms;
}

function validClock(month: number, day: number, hour: number, minute: number, second: number) {
  return (
    month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 && second <= 60
  );
}

/** Unix ms of wall-clock fields read as UTC (a leap second is the minute's last millisecond). */
function wallMs(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number) {
  return s === 60 ? Date.UTC(y, mo - 1, d, h, mi, 59, 999) : Date.UTC(y, mo - 1, d, h, mi, s, ms);
}

/** Minutes east of UTC of `Z`, `UTC`, `±HH`, `±HHMM` or `±HH:MM`; NaN for anything else. */
function zoneMinutes(zone: string): number {
  if (zone === 'Z' || zone === 'z' || zone === 'UTC') return 0;
  const sign = zone.charCodeAt(0) === 0x2d ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
  if (hours > 14 || minutes > 59) return Number.NaN;
  return sign * (hours * 60 + minutes);
}

// Sticky expressions, each run at one position.
const CHROMIUM = /\[(?:\d+:){0,3}(\d{2})(\d{2})\/(\d{2})(\d{2})(\d{2})(?:\.(\d{1,9}))?:/y;
const GLOG = /[IWEFD](\d{2})(\d{2}) {1,2}(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?=\s)/y;
const SYSLOG =
  /(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([ \d]\d) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?=\s|$)/y;
const JSON_TIME =
  /"(?:@timestamp|timestamp|time|ts)"\s*:\s*(?:"([^"\\]{8,64})"|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?))/;
const CLOCK = /(\d{2}):(\d{2}):(\d{2})(?:[.,](\d{1,9}))?(?=\s|$)/y;
const CLF = /\[(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-]\d{4})\]/y;

function setResult(out: StatedTime, ms: number, zoneless: boolean): boolean {
  if (!Number.isFinite(ms)) return false;
  out.ms = ms;
  out.zoneless = zoneless;
  return true;
}

/** Two decimal digits at `at` as a number; -1 when either is not a digit. */
function twoDigits(text: string, at: number): number {
  const a = text.charCodeAt(at) - 0x30;
  const b = text.charCodeAt(at + 1) - 0x30;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * Minutes east of UTC of a zone at `at` (`Z`, `z`, `UTC`, `±HH`, `±HHMM`, `±HH:MM`, after an
 * optional space) that nothing but a non-digit, non-colon follows; NaN when there is none.
 */
function zoneAt(text: string, at: number): number {
  let pos = text.charCodeAt(at) === 0x20 ? at + 1 : at;
  const c = text.charCodeAt(pos);
  if (c === 0x5a || c === 0x7a) return zoneEnds(text, pos + 1) ? 0 : Number.NaN;
  if (c === 0x55 && text.startsWith('UTC', pos)) return zoneEnds(text, pos + 3) ? 0 : Number.NaN;
  if (c !== 0x2b && c !== 0x2d) return Number.NaN;
  const sign = c === 0x2d ? -1 : 1;
  const hours = twoDigits(text, pos + 1);
  if (hours < 0) return Number.NaN;
  pos += 3;
  const colon = text.charCodeAt(pos) === 0x3a ? 1 : 0;
  const minutes = twoDigits(text, pos + colon);
  // the longest form that stands alone, as the zone's optional parts would be tried
  if (minutes >= 0 && zoneEnds(text, pos + colon + 2)) {
    if (hours > 14 || minutes > 59) return Number.NaN;
    return sign * (hours * 60 + minutes);
  }
  if (!zoneEnds(text, pos) || hours > 14) return Number.NaN;
  return sign * hours * 60;
}

/** A zone may end at `end`: no digit or colon follows it. */
function zoneEnds(text: string, end: number): boolean {
  const next = text.charCodeAt(end);
  return !(isDigit(next) || next === 0x3a);
}

/**
 * An ISO-like time starting exactly at `at`: `YYYY-MM-DD` (or `/`), `T`, `t` or a space,
 * `HH:MM:SS`, an optional `.` or `,` fraction of 1 to 9 digits, an optional zone. Read character
 * by character: it runs for most lines of most logs, so it allocates nothing.
 */
function isoAt(text: string, at: number, out: StatedTime): boolean {
  const minuteMs = isoMinuteAt(text, at);
  if (Number.isNaN(minuteMs)) return false;
  const second = twoDigits(text, at + 17);
  if (second < 0 || second > 60 || text.charCodeAt(at + 16) !== 0x3a) return false;
  let pos = at + 19;
  let ms = 0;
  const mark = text.charCodeAt(pos);
  if ((mark === 0x2e || mark === 0x2c) && isDigit(text.charCodeAt(pos + 1))) {
    pos += 1;
    let count = 0;
    for (let c = text.charCodeAt(pos); count < 9 && isDigit(c); c = text.charCodeAt(pos)) {
      if (count < 3) ms = ms * 10 + (c - 0x30);
      count += 1;
      pos += 1;
    }
    ms *= count === 1 ? 100 : count === 2 ? 10 : 1;
  }
  // a leap second is the minute's last millisecond
  const wall = minuteMs + (second === 60 ? 59_999 : second * 1000 + ms);
  const minutes = zoneAt(text, pos);
  if (Number.isNaN(minutes)) return setResult(out, wall, true);
  return setResult(out, wall - minutes * 60_000, false);
}

/** The minute of the last ISO time read (the lines of a log mostly share it with the line before). */
const lastMinute = new MinuteCache();

/** Unix ms (as UTC) of the `YYYY-MM-DDTHH:MM` at `at`; NaN when there is none. */
function isoMinuteAt(text: string, at: number): number {
  if (lastMinute.holds(text, at)) return lastMinute.ms;
  const century = twoDigits(text, at);
  const yy = twoDigits(text, at + 2);
  const sep = text.charCodeAt(at + 4);
  if (century < 0 || yy < 0 || (sep !== 0x2d && sep !== 0x2f)) return Number.NaN;
  const month = twoDigits(text, at + 5);
  if (month < 0 || text.charCodeAt(at + 7) !== sep) return Number.NaN;
  const day = twoDigits(text, at + 8);
  const t = text.charCodeAt(at + 10);
  if (day < 0 || (t !== 0x54 && t !== 0x74 && t !== 0x20)) return Number.NaN;
  const hour = twoDigits(text, at + 11);
  const minute = twoDigits(text, at + 14);
  if (hour < 0 || minute < 0 || text.charCodeAt(at + 13) !== 0x3a) return Number.NaN;
  if (!validClock(month, day, hour, minute, 0)) return Number.NaN;
  return lastMinute.keep(text, at, wallMs(century * 100 + yy, month, day, hour, minute, 0, 0));
}

/** The year that puts a yearless month/day nearest before the read (a line is never from the future). */
function yearFor(readMs: number, month: number, day: number, h: number, mi: number, s: number) {
  const year = new Date(readMs).getUTCFullYear();
  return wallMs(year, month, day, h, mi, s, 0) > readMs + FUTURE_SLACK_MS ? year - 1 : year;
}

function yearless(
  out: StatedTime,
  readMs: number,
  parts: [number, number, number, number, number],
  fraction: string | undefined,
): boolean {
  const [month, day, hour, minute, second] = parts;
  if (!validClock(month, day, hour, minute, second)) return false;
  const year = yearFor(readMs, month, day, hour, minute, second);
  return setResult(out, wallMs(year, month, day, hour, minute, second, fractionMs(fraction)), true);
}

function stickyAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/** A time of day opening the line: on the day that puts it nearest the read. */
function clockAt(text: string, at: number, readMs: number, out: StatedTime): boolean {
  const m = stickyAt(CLOCK, text, at);
  if (!m) return false;
  const [hour, minute, second] = [m[1], m[2], m[3]].map(Number);
  if (hour! > 23 || minute! > 59 || second! > 60) return false;
  const read = new Date(readMs);
  const midnight = Date.UTC(read.getUTCFullYear(), read.getUTCMonth(), read.getUTCDate());
  const time = ((hour! * 60 + minute!) * 60 + Math.min(second!, 59)) * 1000 + fractionMs(m[4]);
  let best = midnight + time;
  for (const day of [-1, 1]) {
    const candidate = midnight + day * MS_PER_DAY + time;
    if (Math.abs(candidate - readMs) < Math.abs(best - readMs)) best = candidate;
  }
  return setResult(out, best, true);
}

/** An epoch number in seconds, ms, µs or ns, judged by its size; NaN outside 1990-2200. */
function epochMs(value: number): number {
  const abs = Math.abs(value);
  const ms =
    abs < 1e11 ? value * 1000 : abs < 1e14 ? value : abs < 1e17 ? value / 1000 : value / 1e6;
  return ms > 631_152_000_000 && ms < 7_258_118_400_000 ? Math.floor(ms) : Number.NaN;
}

function jsonTime(text: string, out: StatedTime): boolean {
  const head = text.length > JSON_HEAD ? text.slice(0, JSON_HEAD) : text;
  const m = JSON_TIME.exec(head);
  if (!m) return false;
  if (m[1] !== undefined) return isoAt(m[1], 0, out);
  return setResult(out, epochMs(Number(m[2])), false);
}

/** Whether `head` has `key=` at `at` (the `=`'s index), the key opening the line or after a space. */
function keyBefore(head: string, at: number, key: string): boolean {
  const start = at - key.length;
  if (start < 0 || !head.startsWith(key, start)) return false;
  const before = head.charCodeAt(start - 1);
  return start === 0 || before === 0x20 || before === 0x09;
}

const EPOCH = /-?\d+(?:\.\d+)?/y;

function logfmtTime(head: string, out: StatedTime): boolean {
  // each `=` is looked at, not the whole line matched: most lines have few or none
  for (let eq = head.indexOf('='); eq > 0; eq = head.indexOf('=', eq + 1)) {
    if (
      !keyBefore(head, eq, 'time') &&
      !keyBefore(head, eq, 'ts') &&
      !keyBefore(head, eq, 'timestamp')
    )
      continue;
    const at = head.charCodeAt(eq + 1) === 0x22 /* " */ ? eq + 2 : eq + 1;
    if (isoAt(head, at, out)) return true;
    EPOCH.lastIndex = at;
    const epoch = EPOCH.exec(head);
    if (epoch && setResult(out, epochMs(Number(epoch[0])), false)) return true;
  }
  return false;
}

function clfTime(head: string, out: StatedTime): boolean {
  // only a `[` followed by two digits and `/` can open one
  for (let at = head.indexOf('['); at >= 0; at = head.indexOf('[', at + 1)) {
    if (head.charCodeAt(at + 3) !== 0x2f || !isDigit(head.charCodeAt(at + 1))) continue;
    const m = stickyAt(CLF, head, at);
    if (!m) continue;
    const month = monthIndex(m[2]!) + 1;
    const [day, year, hour, minute, second] = [m[1], m[3], m[4], m[5], m[6]].map(Number);
    if (month === 0 || !validClock(month, day!, hour!, minute!, second!)) return false;
    const wall = wallMs(year!, month, day!, hour!, minute!, second!, 0);
    return setResult(out, wall - zoneMinutes(m[7]!) * 60_000, false);
  }
  return false;
}

/** Where a time could follow a short prefix: `[tag] `, `<pri>1 `, or a level word such as `INFO `. */
function afterPrefix(text: string, from: number): number {
  const c = text.charCodeAt(from);
  let end = -1;
  if (c === 0x5b /* [ */) end = text.indexOf(']', from + 1) + 1;
  else if (c === 0x3c /* < */) {
    end = text.indexOf('>', from + 1) + 1;
    while (end > 0 && isDigit(text.charCodeAt(end))) end++;
  } else if (isLetter(c)) {
    end = from + 1;
    while (end - from < 10 && isLetter(text.charCodeAt(end))) end++;
    if (text.charCodeAt(end) === 0x3a /* : */) end++;
  }
  if (end <= from || end - from > 40) return -1;
  while (text.charCodeAt(end) === 0x20 || text.charCodeAt(end) === 0x09) end++;
  return isDigit(text.charCodeAt(end)) ? end : -1;
}

/**
 * Detects the time `text` (ANSI already stripped) states, `readMs` being when the server read it
 * (gives the year or date to formats without one). Fills `out` and returns true when found; a time
 * days after the read is not believed.
 */
export function detectLineTime(text: string, readMs: number, out: StatedTime): boolean {
  return detect(text, readMs, out) && (Number.isNaN(readMs) || out.ms <= readMs + FUTURE_SLACK_MS);
}

function detect(text: string, readMs: number, out: StatedTime): boolean {
  let at = 0;
  while (text.charCodeAt(at) === 0x20 || text.charCodeAt(at) === 0x09) at++;
  const c = text.charCodeAt(at);
  if (Number.isNaN(c)) return false;
  if (isDigit(c)) {
    if (isDigit(text.charCodeAt(at + 2)) && isoAt(text, at, out)) return true;
    if (text.charCodeAt(at + 2) === 0x3a && clockAt(text, at, readMs, out)) return true;
  } else if (c === 0x7b /* { */) {
    return jsonTime(text, out);
  } else if (c === 0x5b /* [ */) {
    const m = isDigit(text.charCodeAt(at + 1)) ? stickyAt(CHROMIUM, text, at) : null;
    if (m) {
      const parts = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [
        number,
        number,
        number,
        number,
        number,
      ];
      return yearless(out, readMs, parts, m[6]);
    }
    if (isDigit(text.charCodeAt(at + 1)) && isoAt(text, at + 1, out)) return true;
  } else if (isLetter(c)) {
    if (isDigit(text.charCodeAt(at + 1))) {
      const m = stickyAt(GLOG, text, at);
      if (m) {
        const parts = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [
          number,
          number,
          number,
          number,
          number,
        ];
        return yearless(out, readMs, parts, m[6]);
      }
    } else if (text.charCodeAt(at + 3) === 0x20) {
      const m = stickyAt(SYSLOG, text, at);
      if (m) {
        const month = monthIndex(m[1]!) + 1;
        const parts = [month, Number(m[2]!.trim()), Number(m[3]), Number(m[4]), Number(m[5])];
        return yearless(out, readMs, parts as [number, number, number, number, number], m[6]);
      }
    }
  }
  const next = afterPrefix(text, at);
  if (next >= 0 && isoAt(text, next, out)) return true;
  const head = text.length > HEAD ? text.slice(0, HEAD) : text;
  if (logfmtTime(head, out)) return true;
  if (clfTime(head, out)) return true;
  return false;
}
