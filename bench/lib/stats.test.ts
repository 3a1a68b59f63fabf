import { describe, expect, it } from 'vitest';
import { latency, median, overallRate, percentile, spread, windowRates } from './stats.ts';

describe('order statistics', () => {
  it('interpolates percentiles between closest ranks and ignores non-finite samples', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([10, 0, 5], 100)).toBe(10);
    expect(percentile([10, 0, 5], 0)).toBe(0);
    expect(median([3, Number.NaN, 1, Infinity, 2])).toBe(2);
    expect(percentile([], 50)).toBeNaN();
  });

  it('summarizes a spread and a latency without changing the input', () => {
    const input = [5, 1, 9, 3];
    expect(spread(input)).toEqual({ median: 4, min: 1, max: 9, n: 4 });
    expect(input).toEqual([5, 1, 9, 3]);
    const values = Array.from({ length: 101 }, (_, i) => i);
    expect(latency(values)).toEqual({ p50: 50, p95: 95, p99: 99, max: 100, n: 101 });
  });
});

describe('rates from cumulative counts', () => {
  // 1,000 per second from t=1000 to t=4000, idle before and after
  const samples: [number, number][] = [
    [0, 0],
    [500, 0],
    [1_000, 0],
    [2_000, 1_000],
    [3_000, 2_000],
    [4_000, 3_000],
    [5_000, 3_000],
    [6_000, 3_000],
  ];

  it('counts only the time while something arrived', () => {
    expect(overallRate(samples)).toBe(1_000);
    expect(windowRates(samples)).toEqual([1_000, 1_000, 1_000]);
  });

  it('interpolates windows that fall between samples', () => {
    const uneven: [number, number][] = [
      [0, 0],
      [250, 100],
      [1_750, 700],
      [2_000, 800],
    ];
    expect(windowRates(uneven)).toEqual([400, 400]);
  });

  it('has no rate when nothing arrived', () => {
    expect(
      windowRates([
        [0, 5],
        [1_000, 5],
        [2_000, 5],
      ]),
    ).toEqual([]);
    expect(
      overallRate([
        [0, 5],
        [1_000, 5],
      ]),
    ).toBe(0);
    expect(overallRate([])).toBe(0);
  });
});
