import { describe, expect, it } from 'vitest';
import { mergeKeys } from './merge-lists';

/** `count` ascending lists sharing no key, dealt out of 0..size-1 at random (seeded). */
function dealt(count: number, size: number, seed: number): number[][] {
  let state = seed;
  const random = (): number => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const lists: number[][] = Array.from({ length: count }, () => []);
  for (let key = 0; key < size; key += 1)
    (lists[Math.floor(random() * count)] as number[]).push(key);
  return lists;
}

describe('mergeKeys', () => {
  it('gives nothing for no lists, and a lone list as it is', () => {
    expect(mergeKeys([])).toEqual([]);
    const only = [1, 4, 9];
    expect(mergeKeys([only])).toBe(only);
  });

  for (const count of [2, 3, 4, 5, 9]) {
    it(`merges ${count} ascending lists into one ascending list of all their keys`, () => {
      const lists = dealt(count, 5_000, count * 7919);
      const merged = mergeKeys(lists);
      expect(merged).toEqual(Array.from({ length: 5_000 }, (_, key) => key));
    });
  }

  it('keeps empty lists and lists that run out first from losing or repeating keys', () => {
    expect(mergeKeys([[], [2, 3], [], [1], [0, 4, 5, 6]])).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(mergeKeys([[10, 20, 30], [5]])).toEqual([5, 10, 20, 30]);
  });
});
