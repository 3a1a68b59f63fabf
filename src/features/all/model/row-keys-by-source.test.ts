import { describe, expect, it } from 'vitest';
import { SourceKeys } from './row-keys-by-source';

describe('SourceKeys', () => {
  it('gives each index the key last set, out of order, forgetting what is trimmed', () => {
    let seed = 5;
    const random = (below: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const keys = new SourceKeys();
    const model = new Map<number, number>();
    let next = 1000;
    let key = 0;
    let first = 0;
    for (let step = 0; step < 20_000; step += 1) {
      const what = random(10);
      if (what < 7) {
        // mostly the next index, sometimes one a little before it or well before the rest
        const index =
          what < 5 ? next++ : what < 6 ? next - 1 - random(20) : next - 300 - random(50);
        keys.set(index, key);
        model.set(index, key);
        key += 1;
      } else if (what < 9) {
        first += random(8);
        keys.trim(first);
      } else {
        next += random(30); // items that get no row
      }
      if (step % 97 === 0) {
        for (let index = next - 400; index < next; index += 1) {
          const expected = model.get(index) ?? -1;
          const got = keys.keyOf(index);
          // trimmed entries read as none; those kept read as set
          if (got !== -1) expect(got, `index ${index}`).toBe(expected);
          else if (index >= keys.start) expect(expected < first || expected === -1).toBe(true);
        }
      }
    }
    // a trim stops at the first entry with a key still in the ring
    expect(keys.keyOf(keys.start)).toBeGreaterThanOrEqual(first);
  });

  it('reads none outside what it holds, and takes a row placed before its first entry', () => {
    const keys = new SourceKeys();
    expect(keys.keyOf(0)).toBe(-1);
    keys.set(10, 100);
    keys.set(12, 101);
    expect([keys.keyOf(9), keys.keyOf(10), keys.keyOf(11), keys.keyOf(12)]).toEqual([
      -1, 100, -1, 101,
    ]);
    keys.set(5, 99);
    expect(keys.start).toBe(5);
    expect([keys.keyOf(5), keys.keyOf(10), keys.keyOf(12)]).toEqual([99, 100, 101]);
    keys.trim(100);
    expect(keys.start).toBe(10);
    expect(keys.keyOf(5)).toBe(-1);
    expect(keys.keyOf(10)).toBe(100);
  });

  it('turns matching items into the keys of their rows still in the ring, in their order', () => {
    const keys = new SourceKeys();
    // items 20–59 have rows 1000–1039, but for item 33 (no row); rows below 1010 left the ring
    for (let index = 20; index < 60; index += 1) if (index !== 33) keys.set(index, 980 + index);
    const out = [7];
    keys.keysOf([3, 25, 30, 31, 33, 40, 59, 60, 75], 1010, out);
    // 3, 60 and 75 are outside what it holds, 25 left the ring, 33 has no row; `out` is added to
    expect(out).toEqual([7, 1010, 1011, 1020, 1039]);
    expect(out.slice(1)).toEqual(
      [30, 31, 40, 59].map((index) => keys.keyOf(index)).filter((key) => key >= 1010),
    );
  });
});
