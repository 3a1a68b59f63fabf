import { formatDateTime } from './time-format';

/**
 * An instant for a sentence such as "ended at 15:22:02": 24-hour clock time in the viewer's time
 * zone, with the date before it (`2026-11-24 15:22:02`, as formatDateTime) when it is not today.
 * Empty for a time that is not a valid instant.
 */
export function formatClockTime(ms: number, nowMs: number = Date.now()): string {
  const at = formatDateTime(new Date(ms));
  const today = formatDateTime(new Date(nowMs)).slice(0, 10);
  return at !== '' && at.slice(0, 10) === today ? at.slice(11) : at;
}
