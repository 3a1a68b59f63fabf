/** Log line timestamps: parsing the stream's RFC 3339 times (formatting is in lib/time-format). */

const MS_PER_DAY = 86_400_000;
/** 400 Gregorian years: the calendar repeats exactly, used to place years 0-99 correctly. */
const MS_PER_400_YEARS = 146_097 * MS_PER_DAY;

/**
 * The `YYYY-MM-DDTHH:MM` of the last time read and its ms, so that a time of the same minute is
 * compared, not parsed again. The minute is kept as character codes in an array and compared from
 * its end, where two times of a stream differ first: a 16-character slice of the line would be a
 * sliced string, slower to read characters from than the line itself (a comparison took about
 * 100 ns against a slice, with `startsWith` or a loop, in Chromium).
 */
export class MinuteCache {
  private readonly codes = new Uint16Array(16);
  private filled = false;
  ms = Number.NaN;

  /** Whether `text` holds the kept minute at `at`. */
  holds(text: string, at: number): boolean {
    if (!this.filled) return false;
    const codes = this.codes;
    for (let index = 15; index >= 0; index -= 1)
      if (text.charCodeAt(at + index) !== codes[index]) return false;
    return true;
  }

  /** Keeps the minute at `text[at, at + 16)` (already read as one) and its ms; returns the ms. */
  keep(text: string, at: number, ms: number): number {
    for (let index = 0; index < 16; index += 1) this.codes[index] = text.charCodeAt(at + index);
    this.filled = true;
    this.ms = ms;
    return ms;
  }
}

/**
 * Milliseconds since the epoch of an RFC 3339 time such as `2026-11-21T05:35:56.123456789Z` or
 * `2026-11-21T07:35:56.5+02:00`, or NaN when the text is not one. Any number of fractional digits is
 * accepted; digits past milliseconds are cut, not rounded. `t`, `z` and a space separator are
 * accepted as RFC 3339 allows.
 */
export function parseRfc3339(text: string): number {
  const length = text.length;
  if (length < 20 || length > 64) return NaN;
  const minuteMs = minuteOf(text);
  if (Number.isNaN(minuteMs)) return NaN;
  const second = digits(text, 17, 2);
  if (text.charCodeAt(16) !== 0x3a || Number.isNaN(second)) return NaN;
  // 60 is a leap second; it is shown as the last millisecond of that minute.
  if (second > 60) return NaN;
  let i = 19;
  let millis = 0;
  if (text.charCodeAt(i) === 0x2e) {
    i++;
    const fractionStart = i;
    while (i < length && isDigit(text.charCodeAt(i))) {
      if (i - fractionStart < 3) millis = millis * 10 + (text.charCodeAt(i) - 0x30);
      i++;
    }
    const count = i - fractionStart;
    if (count === 0) return NaN;
    if (count === 1) millis *= 100;
    else if (count === 2) millis *= 10;
  }
  const offsetMinutes = parseOffset(text, i);
  if (Number.isNaN(offsetMinutes)) return NaN;
  const wall = minuteMs + (second === 60 ? 59_999 : second * 1000 + millis);
  return wall - offsetMinutes * 60_000;
}

/** The minute of the last time read (a stream's times mostly share it with the time before). */
const lastMinute = new MinuteCache();

/** Ms since the epoch of the minute `text` starts with (UTC), or NaN when it is not one. */
function minuteOf(text: string): number {
  if (lastMinute.holds(text, 0)) return lastMinute.ms;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  if (
    text.charCodeAt(4) !== 0x2d ||
    text.charCodeAt(7) !== 0x2d ||
    !isDateTimeSeparator(text.charCodeAt(10)) ||
    text.charCodeAt(13) !== 0x3a
  ) {
    return NaN;
  }
  return lastMinute.keep(text, 0, minuteMs(year, month, day, hour, minute));
}

/** Ms since the epoch of a minute's fields (UTC), NaN when they are not one. */
function minuteMs(year: number, month: number, day: number, hour: number, minute: number): number {
  if (Number.isNaN(year + month + day + hour + minute)) return NaN;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return NaN;
  if (hour > 23 || minute > 59) return NaN;
  // Date.UTC reads years 0-99 as 1900-1999, so those are computed 400 years later and moved back.
  const early = year < 100;
  const utc = Date.UTC(early ? year + 400 : year, month - 1, day, hour, minute);
  return early ? utc - MS_PER_400_YEARS : utc;
}

/** The minute of the last time read from bytes, as `lastMinute` of times read from text. */
const lastByteMinute = { bytes: new Uint8Array(16), filled: false, ms: NaN };

/**
 * parseRfc3339 of the time in `bytes[from, to)`, read from the bytes themselves (the stream
 * worker reads a log frame's time before any of it is text): the same rules, the same results.
 */
export function parseRfc3339Bytes(bytes: Uint8Array, from: number, to: number): number {
  const length = to - from;
  if (length < 20 || length > 64) return NaN;
  const minute = byteMinuteOf(bytes, from);
  if (Number.isNaN(minute)) return NaN;
  const second = byteDigits(bytes, from + 17, 2);
  if (bytes[from + 16] !== 0x3a || Number.isNaN(second) || second > 60) return NaN;
  let i = from + 19;
  let millis = 0;
  if (bytes[i] === 0x2e) {
    i++;
    const fractionStart = i;
    while (i < to && isDigit(bytes[i] as number)) {
      if (i - fractionStart < 3) millis = millis * 10 + ((bytes[i] as number) - 0x30);
      i++;
    }
    const count = i - fractionStart;
    if (count === 0) return NaN;
    if (count === 1) millis *= 100;
    else if (count === 2) millis *= 10;
  }
  const offsetMinutes = byteOffset(bytes, i, to);
  if (Number.isNaN(offsetMinutes)) return NaN;
  const wall = minute + (second === 60 ? 59_999 : second * 1000 + millis);
  return wall - offsetMinutes * 60_000;
}

function byteMinuteOf(bytes: Uint8Array, from: number): number {
  const kept = lastByteMinute;
  if (kept.filled) {
    let same = true;
    for (let index = 15; index >= 0 && same; index -= 1)
      same = bytes[from + index] === kept.bytes[index];
    if (same) return kept.ms;
  }
  if (
    bytes[from + 4] !== 0x2d ||
    bytes[from + 7] !== 0x2d ||
    !isDateTimeSeparator(bytes[from + 10] as number) ||
    bytes[from + 13] !== 0x3a
  ) {
    return NaN;
  }
  const ms = minuteMs(
    byteDigits(bytes, from, 4),
    byteDigits(bytes, from + 5, 2),
    byteDigits(bytes, from + 8, 2),
    byteDigits(bytes, from + 11, 2),
    byteDigits(bytes, from + 14, 2),
  );
  if (Number.isNaN(ms)) return NaN;
  kept.bytes.set(bytes.subarray(from, from + 16));
  kept.filled = true;
  kept.ms = ms;
  return ms;
}

/** parseOffset, of the zone at `i` ending at `to`. */
function byteOffset(bytes: Uint8Array, i: number, to: number): number {
  const c = bytes[i];
  if (c === 0x5a || c === 0x7a) return i + 1 === to ? 0 : NaN;
  if ((c !== 0x2b && c !== 0x2d) || i + 6 !== to || bytes[i + 3] !== 0x3a) return NaN;
  const hours = byteDigits(bytes, i + 1, 2);
  const minutes = byteDigits(bytes, i + 4, 2);
  if (hours > 23 || minutes > 59) return NaN;
  const offset = hours * 60 + minutes;
  return c === 0x2d ? -offset : offset;
}

function byteDigits(bytes: Uint8Array, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const c = bytes[i] as number;
    if (!isDigit(c)) return NaN;
    value = value * 10 + (c - 0x30);
  }
  return value;
}

/** Minutes east of UTC of the zone designator at `i` (`Z` or `±HH:MM`) ending the text, or NaN. */
function parseOffset(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 0x5a || c === 0x7a) return i + 1 === text.length ? 0 : NaN;
  if ((c !== 0x2b && c !== 0x2d) || i + 6 !== text.length || text.charCodeAt(i + 3) !== 0x3a) {
    return NaN;
  }
  const hours = digits(text, i + 1, 2);
  const minutes = digits(text, i + 4, 2);
  if (hours > 23 || minutes > 59) return NaN;
  const offset = hours * 60 + minutes;
  return c === 0x2d ? -offset : offset;
}

/** The decimal number in `text[from, from + count)`, or NaN if any of it is not a digit. */
function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const c = text.charCodeAt(i);
    if (!isDigit(c)) return NaN;
    value = value * 10 + (c - 0x30);
  }
  return value;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isDateTimeSeparator(c: number): boolean {
  return c === 0x54 || c === 0x74 || c === 0x20;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
