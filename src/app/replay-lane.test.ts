import { describe, expect, it } from 'vitest';
import { replayLane } from './replay-lane';

describe('the recordings lane', () => {
  it('covers each recording from start to finish, and one still recording up to now', () => {
    const seen: number[] = [];
    replayLane(
      [
        { id: 'a', startedAtMs: 1_000, finishedAtMs: 2_000 },
        { id: 'b', startedAtMs: null, finishedAtMs: null },
        { id: 'c', startedAtMs: 5_000, finishedAtMs: null },
      ],
      5_500,
    ).forEach((tsUs, error) => {
      expect(error).toBe(false);
      seen.push(tsUs / 1000);
    });
    expect(seen.length).toBe(21 + 11);
    expect(seen.slice(0, 3)).toEqual([1000, 1050, 1100]);
    expect(seen.slice(-3)).toEqual([5400, 5450, 5500]);
  });

  it('draws a day-long recording with a bounded number of moments', () => {
    let count = 0;
    replayLane([{ id: 'a', startedAtMs: 0, finishedAtMs: 86_400_000 }], 0).forEach(() => {
      count += 1;
    });
    expect(count).toBeLessThanOrEqual(20_001);
    expect(count).toBeGreaterThan(10_000);
  });
});
