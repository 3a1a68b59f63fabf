import { describe, expect, it } from 'vitest';
import { RowLayout } from './row-layout';

describe('RowLayout', () => {
  it('places equal rows by multiplication', () => {
    const layout = new RowLayout(1_000_000, 20);
    expect(layout.startOf(0)).toBe(0);
    expect(layout.startOf(999_999)).toBe(19_999_980);
    expect(layout.totalSize).toBe(20_000_000);
    expect(layout.indexAt(0)).toBe(0);
    expect(layout.indexAt(19)).toBe(0);
    expect(layout.indexAt(20)).toBe(1);
    expect(layout.indexAt(-5)).toBe(0);
    expect(layout.indexAt(99_999_999)).toBe(999_999);
  });

  it('shifts everything below a taller row, and finds rows inside and after it', () => {
    const layout = new RowLayout(10, 20, [
      { index: 2, extra: 100 },
      { index: 5, extra: 40 },
    ]);
    expect(layout.startOf(2)).toBe(40);
    expect(layout.sizeOf(2)).toBe(120);
    expect(layout.startOf(3)).toBe(160);
    expect(layout.startOf(6)).toBe(20 * 6 + 140);
    expect(layout.totalSize).toBe(200 + 140);
    expect(layout.indexAt(40)).toBe(2);
    expect(layout.indexAt(159)).toBe(2);
    expect(layout.indexAt(160)).toBe(3);
    expect(layout.indexAt(layout.startOf(5) + 59)).toBe(5);
    expect(layout.indexAt(layout.startOf(6))).toBe(6);
    for (let index = 0; index < 10; index += 1) {
      expect(layout.indexAt(layout.startOf(index))).toBe(index);
      expect(layout.indexAt(layout.startOf(index + 1) - 1)).toBe(index);
    }
  });

  it('gives the rows in view plus overscan, clamped to the list', () => {
    const layout = new RowLayout(100, 20);
    expect(layout.range(200, 100, 3)).toEqual({ first: 7, last: 17 });
    expect(layout.range(0, 100, 3)).toEqual({ first: 0, last: 7 });
    expect(layout.range(1_980, 100, 3)).toEqual({ first: 96, last: 99 });
    expect(new RowLayout(0, 20).range(0, 100, 3)).toEqual({ first: 0, last: -1 });
  });

  it('ignores taller rows past the end (the list shrank)', () => {
    const layout = new RowLayout(3, 20, [{ index: 7, extra: 50 }]);
    expect(layout.totalSize).toBe(60);
    expect(layout.indexAt(59)).toBe(2);
  });
});
