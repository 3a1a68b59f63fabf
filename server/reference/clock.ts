/** Wall-clock time with sub-millisecond precision, in milliseconds. */
function preciseNowMs(): number {
  return performance.timeOrigin + performance.now();
}

/** Unix time in microseconds, the unit of telemetry `ts`. */
export function nowMicros(): number {
  return Math.round(preciseNowMs() * 1000);
}

/** RFC 3339 with nanosecond digits, as upstream's log timestamps are. */
export function rfc3339Nano(ms: number = preciseNowMs()): string {
  const whole = Math.floor(ms);
  const nanos = Math.round((ms - whole) * 1e6);
  const iso = new Date(whole).toISOString(); // …T12:34:56.789Z
  return `${iso.slice(0, -1)}${String(Math.min(nanos, 999_999)).padStart(6, '0')}Z`;
}
