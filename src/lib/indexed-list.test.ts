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
});
