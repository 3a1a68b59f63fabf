/** Order statistics for benchmark samples. Every function leaves its input untouched. */

export interface Spread {
  median: number;
  min: number;
  max: number;
  /** How many samples the figure summarizes. */
  n: number;
}

function sorted(values: readonly number[]): number[] {
  return values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
}

/** The p-th percentile (0–100), by linear interpolation between closest ranks; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  const ordered = sorted(values);
  if (ordered.length === 0) return Number.NaN;
  const rank = (p / 100) * (ordered.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const lowValue = ordered[low] as number;
  const highValue = ordered[high] as number;
  return lowValue + (highValue - lowValue) * (rank - low);
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Median with the smallest and largest sample. */
export function spread(values: readonly number[]): Spread {
  const ordered = sorted(values);
  return {
    median: percentile(ordered, 50),
    min: ordered[0] ?? Number.NaN,
    max: ordered[ordered.length - 1] ?? Number.NaN,
    n: ordered.length,
  };
}

/** Latency summary: p50, p95, p99 and the largest. */
export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  n: number;
}

export function latency(values: readonly number[]): Latency {
  const ordered = sorted(values);
  return {
    p50: percentile(ordered, 50),
    p95: percentile(ordered, 95),
    p99: percentile(ordered, 99),
    max: ordered[ordered.length - 1] ?? Number.NaN,
    n: ordered.length,
  };
}

/**
 * Rates from cumulative count samples `[time ms, count]`: the count gained in each whole window
 * of `windowMs` while something arrived, per second. Windows before the first and after the last
 * increase are left out, so idle time at either end does not dilute the rate.
 */
export function windowRates(
  samples: readonly (readonly [number, number])[],
  windowMs = 1_000,
): number[] {
  const points = samples.filter(([time, count]) => Number.isFinite(time) && Number.isFinite(count));
  if (points.length < 2) return [];
  const first = points.findIndex(([, count], index) => (points[index + 1]?.[1] ?? count) > count);
  let last = points.length - 1;
  while (
    last > 0 &&
    (points[last - 1] as [number, number])[1] === (points[last] as [number, number])[1]
  )
    last -= 1;
  if (first === -1 || last <= first) return [];
  const active = points.slice(first, last + 1);
  const rates: number[] = [];
  const [startTime] = active[0] as [number, number];
  const countAt = (time: number): number => {
    // the count reached by `time`, interpolated between the samples around it
    const index = active.findIndex(([at]) => at >= time);
    if (index === -1) return (active[active.length - 1] as [number, number])[1];
    if (index === 0) return (active[0] as [number, number])[1];
    const [t1, c1] = active[index] as [number, number];
    const [t0, c0] = active[index - 1] as [number, number];
    return c0 + ((c1 - c0) * (time - t0)) / (t1 - t0);
  };
  const endTime = (active[active.length - 1] as [number, number])[0];
  for (let from = startTime; from + windowMs <= endTime; from += windowMs) {
    rates.push(((countAt(from + windowMs) - countAt(from)) * 1_000) / windowMs);
  }
  return rates;
}

/** Overall rate between the first and the last increase of cumulative samples, per second. */
export function overallRate(samples: readonly (readonly [number, number])[]): number {
  const points = samples.filter(([time, count]) => Number.isFinite(time) && Number.isFinite(count));
  if (points.length < 2) return 0;
  const start = points.find(([, count], index) => (points[index + 1]?.[1] ?? count) > count);
  const endCount = (points[points.length - 1] as [number, number])[1];
  const end = points.find(([, count]) => count === endCount);
  if (!start || !end || end[0] <= start[0]) return 0;
  return ((end[1] - start[1]) * 1_000) / (end[0] - start[0]);
}
