import { describe, expect, it } from 'vitest';
import { BatchQueue, type ItemBatch } from './batch-queue';

/** A batch that records which of its items were read. */
function lazyBatch(values: number[], reads: number[]): ItemBatch<number> {
  return {
    length: values.length,
    at(index) {
      reads.push(index);
      return values[index];
    },
  };
}

describe('BatchQueue', () => {
  it('hands items over in arrival order, single pushes and batches alike, in parts of the limit', () => {
    const queue = new BatchQueue<number>();
    const reads: number[] = [];
    queue.push(1);
    queue.push(2);
    queue.pushAll(lazyBatch([3, 4, 5, 6, 7], reads));
    queue.push(8);
    expect(queue.size).toBe(8);
    const parts: number[][] = [];
    while (queue.size > 0) parts.push(queue.take(2));
    expect(parts).toEqual([[1, 2], [3, 4], [5, 6], [7], [8]]);
    expect(queue.take(2)).toEqual([]);
  });

  it('reads a batch’s items only when they are taken', () => {
    const queue = new BatchQueue<number>();
    const reads: number[] = [];
    queue.pushAll(lazyBatch([10, 11, 12, 13], reads));
    expect(reads).toEqual([]);
    expect(queue.take(3)).toEqual([10, 11, 12]);
    expect(reads).toEqual([0, 1, 2]);
    expect(queue.take(Number.POSITIVE_INFINITY)).toEqual([13]);
    expect(queue.size).toBe(0);
  });

  it('keeps adding single pushes to a run partly taken, and never changes an array it handed over', () => {
    const queue = new BatchQueue<string>();
    queue.push('a');
    queue.push('b');
    queue.push('c');
    expect(queue.take(2)).toEqual(['a', 'b']);
    queue.push('d');
    const whole = queue.take(10);
    expect(whole).toEqual(['c', 'd']);
    queue.push('e');
    expect(whole).toEqual(['c', 'd']);
    expect(queue.take(10)).toEqual(['e']);
  });

  it('ignores empty batches, and forgets everything on clear', () => {
    const queue = new BatchQueue<number>();
    queue.pushAll([]);
    expect(queue.size).toBe(0);
    queue.push(1);
    queue.pushAll([2, 3]);
    queue.clear();
    expect(queue.size).toBe(0);
    expect(queue.take(5)).toEqual([]);
    queue.push(4);
    expect(queue.take(5)).toEqual([4]);
  });

  it('lets go of runs it has handed over while a flood keeps it from ever being empty', () => {
    const queue = new BatchQueue<number>();
    let taken = 0;
    for (let batch = 0; batch < 5000; batch += 1) {
      queue.pushAll([batch, batch]);
      taken += queue.take(Number.POSITIVE_INFINITY).length;
    }
    queue.push(-1);
    expect(taken).toBe(10_000);
    // the runs array is compacted: reach into it to check that it did not grow with every batch
    const runs = (queue as unknown as { runs: unknown[] }).runs;
    expect(runs.length).toBeLessThan(2100);
    expect(queue.take(1)).toEqual([-1]);
  });
});
