/**
 * Parses a `Retry-After` header value (RFC 9110 §10.2.3): either delay-seconds (digits) or an
 * HTTP-date. Returns milliseconds from `nowMs`, never negative; undefined when absent or invalid.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Only accept something that looks like a date with a year, not `1.5` or `-3`.
  if (!/[a-z]/i.test(trimmed) || !/\d{4}/.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
