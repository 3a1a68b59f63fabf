import { describe, expect, it } from 'vitest';
import { SortedIndexList } from './sorted-index-list';

const all = (list: SortedIndexList): number[] =>
  Array.from({ length: list.length }, (_, at) => list.at(at) as number);

describe('SortedIndexList', () => {
  it('puts batches of older seqs first, the newest batch nearest those held', () => {
    const list = new SortedIndexList();
    list.reset([50, 60]);
    list.push(70);
    list.prepend([40, 45]);
    list.prepend([]);
    list.prepend([20, 30]);
    // pushed while batches wait to be joined: still last
    list.push(80);
    list.prepend([10]);
    expect(all(list)).toEqual([10, 20, 30, 40, 45, 50, 60, 70, 80]);
    expect(list.lowerBound(31)).toBe(3);
    list.prepend([1, 2]);
    expect(list.lowerBound(2)).toBe(1);
    expect(list.length).toBe(11);
  });

  it('drops from the front across batches not joined yet, and a reset forgets them', () => {
    const list = new SortedIndexList();
    list.reset([100, 200]);
    list.prepend([50, 60]);
    list.prepend([10, 20]);
    list.dropBefore(55);
    expect(all(list)).toEqual([60, 100, 200]);
    list.prepend([30]);
    list.reset([7]);
    expect(all(list)).toEqual([7]);
  });

  it('joins more batches than one call takes arguments', () => {
    const list = new SortedIndexList();
    list.reset([200_000]);
    for (let seq = 199_999; seq >= 0; seq -= 1) list.prepend([seq]);
    expect(list.length).toBe(200_001);
    expect(list.at(0)).toBe(0);
    expect(list.at(123_456)).toBe(123_456);
  });
});
