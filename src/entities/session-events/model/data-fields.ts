/**
 * Reading the untrusted `data` of telemetry events (every field optional, possibly of the wrong
 * type) and formatting values for one-line summaries. Nothing here throws.
 */
import { isRecord } from '../../../lib/is-record';

/** Longest URL and text shown in a summary. */
export const URL_MAX = 200;
export const TEXT_MAX = 200;

export type Data = Readonly<Record<string, unknown>>;

// ---- reading untrusted fields -------------------------------------------------------------------

export { isRecord };

export function field(data: Data, key: string): unknown {
  return Object.hasOwn(data, key) ? data[key] : undefined;
}

/** Text of a scalar (non-blank string, finite number, boolean); null for anything else. */
export function scalar(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return String(value);
  return null;
}

export function text(data: Data, key: string, max = TEXT_MAX): string | null {
  const value = scalar(field(data, key));
  return value === null ? null : shorten(value, max);
}

/** A finite number, or a string holding one (some producers send numbers as strings). */
export function num(data: Data, key: string): number | null {
  const value = field(data, key);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

export function flag(data: Data, key: string): boolean {
  const value = field(data, key);
  return value === true || value === 'true';
}

export function rec(data: Data, key: string): Data {
  const value = field(data, key);
  return isRecord(value) ? value : {};
}

export function url(data: Data, key = 'url'): string | null {
  return text(data, key, URL_MAX);
}

// ---- formatting ---------------------------------------------------------------------------------

/** Cuts to `max` characters with an ellipsis, never between the halves of a surrogate pair. */
export function shorten(value: string, max: number): string {
  if (value.length <= max) return value;
  let cut = max - 1;
  const code = value.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return `${value.slice(0, cut)}…`;
}

export function oneLine(value: string): string {
  // most values have no line break: a search for each (a byte search in a one-byte string) finds
  // that about four times sooner than a character class, where the replacing pattern would try its
  // leading spaces at every space of the value
  if (
    value.indexOf('\n') === -1 &&
    value.indexOf('\r') === -1 &&
    value.indexOf('\u2028') === -1 &&
    value.indexOf('\u2029') === -1
  )
    return value;
  return value.replace(/\s*(?:\r\n|[\n\r\u2028\u2029])\s*/g, ' ');
}

/** Joins the present parts with `separator` (a loop: the stream worker joins a few an event). */
export function join(separator: string, ...parts: (string | null | false | undefined)[]): string {
  let joined = '';
  for (const part of parts) {
    if (typeof part !== 'string' || part === '') continue;
    joined = joined === '' ? part : joined + separator + part;
  }
  return joined;
}

export const words = (...parts: (string | null | false | undefined)[]): string =>
  join(' ', ...parts);
export const dots = (...parts: (string | null | false | undefined)[]): string =>
  join(' · ', ...parts);

export function formatMs(ms: number): string {
  return `${Number.isInteger(ms) || Math.abs(ms) >= 10 ? Math.round(ms) : ms.toFixed(1)} ms`;
}

/** `850 ms`, `4.2 s`, `3 min 5 s`, `2 h 4 min`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return formatMs(ms);
  const seconds = ms / 1000;
  if (Math.round(seconds * 10) < 600) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.floor(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export function duration(data: Data, key = 'duration_ms'): string | null {
  const ms = num(data, key);
  return ms === null ? null : formatDuration(ms);
}

export function quoted(value: string | null, max = 60): string | null {
  return value === null ? null : `"${shorten(oneLine(value), max)}"`;
}

export function labelled(label: string, value: string | null): string {
  return value === null ? label : `${label}: ${value}`;
}

/** `prefix` + value, or null without a value. */
export function prefixed(prefix: string, value: string | null): string | null {
  return value === null ? null : `${prefix}${value}`;
}

export function point(data: Data, xKey: string, yKey: string): string | null {
  const x = num(data, xKey);
  const y = num(data, yKey);
  return x === null && y === null
    ? null
    : `${x === null ? '?' : Math.round(x)},${y === null ? '?' : Math.round(y)}`;
}

/** First non-blank line of a text, with ` …` when more lines follow. */
export function firstLine(value: string): string {
  const rest = value.trimStart();
  const end = /[\r\n\u2028\u2029]/.exec(rest);
  if (!end) return rest;
  const more = /\S/.test(rest.slice(end.index));
  return `${rest.slice(0, end.index).trimEnd()}${more ? ' …' : ''}`;
}
