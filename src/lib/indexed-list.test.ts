import { describe, expect, it } from 'vitest';
import { IndexedList } from './indexed-list';

describe('IndexedList', () => {
  it('finds values by index, ignores indexes not above the last, and takes them in any order', () => {
    const list = new IndexedList<string>();
    list.set(3, 'c');
    list.set(7, 'g');
    list.set(5, 'e');
    list.set(9, 'i');
    expect(list.size).toBe(3);
    expect([list.get(3), list.get(5), list.get(7), list.get(9)]).toEqual([
      'c',
      undefined,
      'g',
      'i',
    ]);
    expect(list.take(7)).toBe('g');
    expect(list.has(7)).toBe(false);
    expect(list.take(7)).toBeUndefined();
    expect(list.take(3)).toBe('c');
    expect(list.has(9)).toBe(true);
    expect(list.size).toBe(1);
    list.clear();
    expect(list.size).toBe(0);
    expect(list.get(9)).toBeUndefined();
  });

  it('keeps finding what it holds after many are taken from the front', () => {
    const list = new IndexedList<number>();
    for (let index = 0; index < 50_000; index += 1) {
      list.set(index * 2, index);
      if (index >= 100) list.take((index - 100) * 2);
    }
    expect(list.size).toBe(100);
    for (let index = 49_900; index < 50_000; index += 1) expect(list.get(index * 2)).toBe(index);
    expect(list.get(49_899 * 2)).toBeUndefined();
  });

  it('puts entries in any order and agrees with a Map over random puts and takes', () => {
    const list = new IndexedList<number>();
    const map = new Map<number, number>();
    let seed = 11;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return (seed >>> 8) % n;
    };
    let top = 0;
    for (let step = 0; step < 20_000; step += 1) {
      const roll = next(10);
      if (roll < 5) {
        // mostly ascending, as seqs arrive, sometimes below the last or a repeat
        top += 1 + next(3);
        const index = next(8) === 0 ? Math.max(0, top - next(200)) : top;
        list.put(index, step);
        map.set(index, step);
      } else {
        // mostly the oldest, as a ring evicts, sometimes any
        const held = [...map.keys()].sort((a, b) => a - b);
        if (held.length === 0) continue;
        const index = roll < 9 ? (held[0] as number) : (held[next(held.length)] as number);
        expect(list.take(index)).toBe(map.get(index));
        map.delete(index);
      }
      expect(list.size).toBe(map.size);
    }
    for (let index = 0; index <= top; index += 1) expect(list.get(index)).toBe(map.get(index));
  });
});
