import { describe, expect, it } from 'vitest';
import { RingBuffer } from './ring-buffer';

describe('RingBuffer', () => {
  it('keeps absolute indexes across eviction', () => {
    const ring = new RingBuffer<string>(3);
    const evicted: string[] = [];
    for (const item of ['a', 'b', 'c', 'd', 'e']) ring.push(item, (old) => evicted.push(old));
    expect(evicted).toEqual(['a', 'b']);
    expect([ring.first, ring.next, ring.size]).toEqual([2, 5, 3]);
    expect([ring.at(1), ring.at(2), ring.at(4), ring.at(5)]).toEqual([
      undefined,
      'c',
      'e',
      undefined,
    ]);
    const seen: [string, number][] = [];
    ring.forEachFrom(0, (item, index) => seen.push([item, index]));
    expect(seen).toEqual([
      ['c', 2],
      ['d', 3],
      ['e', 4],
    ]);
  });

  it('clears without resetting positions', () => {
    const ring = new RingBuffer<number>(4);
    ring.push(1);
    ring.push(2);
    ring.clear();
    expect(ring.size).toBe(0);
    ring.push(3);
    expect(ring.first).toBe(2);
    expect(ring.at(2)).toBe(3);
  });

  it('resizes keeping the newest and reporting what it dropped', () => {
    const ring = new RingBuffer<number>(5);
    for (let n = 0; n < 7; n += 1) ring.push(n);
    expect(ring.resize(3)).toEqual([2, 3]);
    expect([ring.first, ring.next, ring.at(4), ring.at(6)]).toEqual([4, 7, 4, 6]);
    expect(ring.resize(10)).toEqual([]);
    ring.push(7);
    expect(ring.size).toBe(4);
    expect(ring.at(7)).toBe(7);
  });

  it('rejects a nonsensical capacity', () => {
    expect(() => new RingBuffer(0)).toThrow(RangeError);
  });
});
