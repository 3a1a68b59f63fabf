// Tests of sequence matching: exact on small inputs, anchored and windowed on huge ones.
import { describe, expect, it } from 'vitest';
import { increasingRun, matchBudget, matchSequences } from './sequence-match';

function pairs(a: number[], b: number[], budget = matchBudget()): [number, number][] {
  const flat = matchSequences(a, b, budget);
  const out: [number, number][] = [];
  for (let at = 0; at < flat.length; at += 2)
    out.push([flat[at] as number, flat[at + 1] as number]);
  return out;
}

function isMatching(a: number[], b: number[], found: [number, number][]): boolean {
  return found.every(([i, j], at) => {
    const previous = found[at - 1];
    return a[i] === b[j] && (!previous || (previous[0] < i && previous[1] < j));
  });
}

describe('matchSequences', () => {
  it('finds the longest common subsequence of small inputs', () => {
    const a = [1, 2, 3, 4, 5, 6];
    const b = [1, 3, 9, 4, 6, 7];
    const budget = matchBudget();
    const found = pairs(a, b, budget);
    expect(found.map(([i]) => a[i])).toEqual([1, 3, 4, 6]);
    expect(isMatching(a, b, found)).toBe(true);
    expect(budget.exact).toBe(true);
  });

  it('matches nothing against nothing', () => {
    expect(pairs([], [1, 2])).toEqual([]);
    expect(pairs([1, 2], [3, 4])).toEqual([]);
  });

  it('anchors on keys seen once when the input is over the exact size, and says so', () => {
    const a = [1, 7, 7, 2, 7, 3, 8, 4];
    const b = [1, 7, 2, 8, 7, 3, 4];
    const budget = matchBudget(4, 1000, 4);
    const found = pairs(a, b, budget);
    expect(budget.exact).toBe(false);
    expect(isMatching(a, b, found)).toBe(true);
    // an anchored match is good, not always the best: [1, 7, 2, 8, 4] here, the best being 6 long
    expect(found.map(([i]) => a[i])).toEqual(expect.arrayContaining([1, 2, 4]));
    expect(found.length).toBeGreaterThanOrEqual(5);
  });

  it('walks greedily when nothing is unique, and stays valid', () => {
    const a = Array.from({ length: 400 }, (_, at) => at % 3);
    const b = Array.from({ length: 380 }, (_, at) => (at % 5) % 3);
    const budget = matchBudget(10, 10, 8);
    const found = pairs(a, b, budget);
    expect(budget.exact).toBe(false);
    expect(isMatching(a, b, found)).toBe(true);
    expect(found.length).toBeGreaterThan(200);
  });

  it('stays fast on long inputs with a difference in the middle', () => {
    const a = Array.from({ length: 200_000 }, (_, at) => at);
    const b = [...a.slice(0, 100_000), -1, -2, ...a.slice(100_000)];
    const started = performance.now();
    const found = pairs(a, b);
    expect(found).toHaveLength(200_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('increasingRun', () => {
  it('finds a longest increasing run', () => {
    const values = [3, 1, 4, 1, 5, 9, 2, 6];
    const run = increasingRun(values).map((at) => values[at]);
    expect(run).toHaveLength(4);
    expect([...run].sort((x = 0, y = 0) => x - y)).toEqual(run);
  });
});
