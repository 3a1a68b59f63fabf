/**
 * Formatting of instants for time columns (log lines, telemetry events): local or UTC clock time
 * with milliseconds, or time relative to an origin.
 */

export type TimestampMode = 'local' | 'utc' | 'relative' | 'hidden';

const MS_PER_DAY = 86_400_000;

/**
 * Text for the time column. local: `HH:MM:SS.mmm` in the viewer's time zone; utc: `HH:MM:SS.mmmZ`;
 * relative: time since `originMs` as `+12.345s`, `+1:02.345` or `+1:02:03.456` (`-` before the
 * origin); hidden: empty. A time that is not a finite number gives an empty string.
 */
export function formatTimestamp(ms: number, mode: TimestampMode, originMs: number): string {
  if (mode === 'hidden' || !Number.isFinite(ms)) return '';
  if (mode === 'relative') return formatRelative(ms - originMs);
  if (mode === 'utc') {
    const dayMs = ((Math.floor(ms) % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY;
    return `${clock(dayMs)}Z`;
  }
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return '';
  return clock(
    date.getHours() * 3_600_000 +
      date.getMinutes() * 60_000 +
      date.getSeconds() * 1000 +
      date.getMilliseconds(),
  );
}

/**
 * A date and time for a sentence, in the viewer's time zone and 24-hour like every time column:
 * `2026-11-25 15:22:02`; empty for an invalid date.
 */
export function formatDateTime(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
  return `${day} ${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`;
}

/** `HH:MM:SS.mmm` for a number of milliseconds since midnight. */
function clock(dayMs: number): string {
  const h = Math.floor(dayMs / 3_600_000);
  const m = Math.floor(dayMs / 60_000) % 60;
  const s = Math.floor(dayMs / 1000) % 60;
  return `${pad2(h)}:${pad2(m)}:${pad2(s)}.${pad3(dayMs % 1000)}`;
}

function formatRelative(deltaMs: number): string {
  if (!Number.isFinite(deltaMs)) return '';
  const sign = deltaMs < 0 ? '-' : '+';
  const total = Math.round(Math.abs(deltaMs));
  const millis = pad3(total % 1000);
  const seconds = Math.floor(total / 1000);
  if (seconds < 60) return `${sign}${seconds}.${millis}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${sign}${minutes}:${pad2(seconds % 60)}.${millis}`;
  const hours = Math.floor(minutes / 60);
  return `${sign}${hours}:${pad2(minutes % 60)}:${pad2(seconds % 60)}.${millis}`;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

function pad3(n: number): string {
  return n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`;
}

/**
 * A span of time for a sentence, coarse: `just now`, `42 s`, `5 min`, `3 h 12 min`, `2 days`.
 * Negative spans (clocks apart) read as `just now`.
 */
export function formatSpan(ms: number): string {
  if (!Number.isFinite(ms) || ms < 1000) return 'just now';
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}
