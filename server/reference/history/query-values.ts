import { HttpError } from '../../shared/http.ts';

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

const DURATION = /^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h|d))+$/;
const PART = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h|d)/g;

/**
 * A duration as Go writes them (`5m`, `1h30m`, `250ms`), plus days (`30d`): its length in ms, or
 * undefined when the text is not one.
 */
export function parseDuration(text: string): number | undefined {
  if (!DURATION.test(text)) return undefined;
  let ms = 0;
  for (const [, amount, unit] of text.matchAll(PART)) {
    ms += Number(amount) * (UNIT_MS[unit as string] as number);
  }
  return ms;
}

/** RFC 3339 with a zone (`2026-11-23T17:28:57Z`, `…+01:00`, fractions allowed). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:[Zz]|[+-]\d{2}:\d{2})$/;

/**
 * A point in time given as RFC 3339 or as a duration meaning "that long ago", in microseconds
 * since the epoch (the unit of an event's `ts`); a 400 naming the parameter otherwise.
 */
export function parseInstant(name: string, text: string, nowMs: number): number {
  const ago = parseDuration(text.trim());
  if (ago !== undefined) return Math.round((nowMs - ago) * 1000);
  if (RFC3339.test(text.trim())) {
    const fraction = /\.(\d+)/.exec(text)?.[1] ?? '';
    const ms = Date.parse(text.trim().replace(/\.\d+/, ''));
    if (Number.isFinite(ms)) {
      const micros = Number(fraction.padEnd(6, '0').slice(0, 6));
      return ms * 1000 + micros;
    }
  }
  throw new HttpError(
    400,
    'bad_request',
    `${name} must be an RFC 3339 time (2026-11-23T17:28:57Z) or a duration such as 5m, got ${JSON.stringify(text)}`,
  );
}

/** A whole number from a query parameter, within bounds; a 400 naming the parameter otherwise. */
export function integer(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min || value > max)
    throw new HttpError(
      400,
      'bad_request',
      `${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(text)}`,
    );
  return value;
}
