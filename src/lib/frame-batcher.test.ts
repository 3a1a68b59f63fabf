import { describe, expect, it, vi } from 'vitest';
import { createFrameBatcher, type Scheduler } from './frame-batcher';

function manualScheduler(): { scheduler: Scheduler; run: () => void; scheduled: () => number } {
  let queue: (() => void)[] = [];
  let count = 0;
  return {
    scheduler: (run) => {
      count += 1;
      queue.push(run);
      return () => {
        queue = queue.filter((item) => item !== run);
      };
    },
    run: () => {
      const current = queue;
      queue = [];
      for (const run of current) run();
    },
    scheduled: () => count,
  };
}

describe('createFrameBatcher', () => {
  it('hands over everything pushed before a frame in one batch, scheduling once', () => {
    const manual = manualScheduler();
    const batches: number[][] = [];
    const batcher = createFrameBatcher<number>((items) => batches.push(items), manual.scheduler);
    for (let n = 0; n < 1000; n += 1) batcher.push(n);
    expect(manual.scheduled()).toBe(1);
    expect(batches).toEqual([]);
    manual.run();
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(1000);
    batcher.push(1000);
    manual.run();
    expect(batches[1]).toEqual([1000]);
  });

  it('flushes on demand and cancels what is pending', () => {
    const manual = manualScheduler();
    const batches: string[][] = [];
    const batcher = createFrameBatcher<string>((items) => batches.push(items), manual.scheduler);
    batcher.push('a');
    batcher.flush();
    expect(batches).toEqual([['a']]);
    batcher.push('b');
    batcher.cancel();
    manual.run();
    expect(batches).toEqual([['a']]);
  });

  it('after a flood, hands the next batch over after the busy delay instead of next frame', () => {
    vi.useFakeTimers();
    try {
      const manual = manualScheduler();
      const batches: number[] = [];
      const batcher = createFrameBatcher<number>(
        (items) => batches.push(items.length),
        manual.scheduler,
        { items: 100, delayMs: 50 },
      );
      for (let n = 0; n < 150; n += 1) batcher.push(n);
      manual.run();
      expect(batches).toEqual([150]);
      for (let n = 0; n < 10; n += 1) batcher.push(n);
      expect(manual.scheduled()).toBe(1);
      manual.run();
      vi.advanceTimersByTime(49);
      expect(batches).toEqual([150]);
      vi.advanceTimersByTime(1);
      expect(batches).toEqual([150, 10]);
      // a small batch: back to one per frame
      batcher.push(1);
      expect(manual.scheduled()).toBe(2);
      manual.run();
      expect(batches).toEqual([150, 10, 1]);
    } finally {
      vi.useRealTimers();
    }
  });
});
