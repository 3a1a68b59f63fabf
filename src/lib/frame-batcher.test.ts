import { describe, expect, it, vi } from 'vitest';
import { createFrameBatcher } from './frame-batcher';
import { animationFrameScheduler, type Scheduler } from './schedulers';

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

  it('after a flood, hands the next batch over after the busy delay and a frame instead of next frame', () => {
    vi.useFakeTimers();
    try {
      const frames = manualScheduler();
      const tasks = manualScheduler();
      const batches: number[] = [];
      const batcher = createFrameBatcher<number>(
        (items) => batches.push(items.length),
        frames.scheduler,
        { items: 100, delayMs: 50 },
        tasks.scheduler,
      );
      for (let n = 0; n < 150; n += 1) batcher.push(n);
      frames.run();
      expect(batches).toEqual([150]);
      for (let n = 0; n < 10; n += 1) batcher.push(n);
      expect(frames.scheduled()).toBe(1);
      frames.run();
      vi.advanceTimersByTime(49);
      expect(batches).toEqual([150]);
      vi.advanceTimersByTime(1);
      // then the frame, and the task after it: a slice starts as a frame ends
      expect(frames.scheduled()).toBe(2);
      expect(batches).toEqual([150]);
      frames.run();
      expect(batches).toEqual([150]);
      tasks.run();
      expect(batches).toEqual([150, 10]);
      // a small batch: back to one per frame
      batcher.push(1);
      expect(frames.scheduled()).toBe(3);
      frames.run();
      expect(batches).toEqual([150, 10, 1]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes a backlog in slices of bounded time, each in its own task, showing at most every delay', () => {
    vi.useFakeTimers();
    try {
      const frames = manualScheduler();
      const tasks = manualScheduler();
      const taken: number[] = [];
      let shows = 0;
      const floods: boolean[] = [];
      const shownItems: number[] = [];
      const batcher = createFrameBatcher<number>(
        {
          take: (items) => {
            taken.push(...items);
            vi.advanceTimersByTime(items.length / 64); // 4 ms per 256 items
          },
          show: (flooded, items) => {
            shows += 1;
            floods.push(flooded);
            shownItems.push(items);
          },
        },
        frames.scheduler,
        { items: 100, delayMs: 50, sliceMs: 10 },
        tasks.scheduler,
      );
      for (let n = 0; n < 5000; n += 1) batcher.push(n);
      frames.run();
      // a slice stops once 10 ms have passed: 3 parts of 256
      expect(taken).toHaveLength(768);
      expect(tasks.scheduled()).toBe(0);
      // what follows waits for a frame (the page renders), then runs in the task after it
      const next = (): void => {
        frames.run();
        tasks.run();
      };
      // showing gets a task (and so a frame) of its own
      next();
      expect(taken).toHaveLength(768);
      expect(shows).toBe(1);
      next();
      expect(taken).toHaveLength(1536);
      next();
      next();
      next();
      next();
      expect(taken).toHaveLength(4608);
      expect(shows).toBe(1); // not yet 50 ms since it showed
      next();
      expect(taken).toHaveLength(4608);
      expect(shows).toBe(2);
      next();
      expect(taken).toEqual(Array.from({ length: 5000 }, (_, n) => n));
      expect(shows).toBe(3); // the backlog is gone
      // a flush hands over whatever is left at once
      for (let n = 0; n < 2000; n += 1) batcher.push(n);
      vi.advanceTimersByTime(50); // after a flood the next hand-over comes by timer, then a frame
      expect(taken).toHaveLength(5000);
      next();
      expect(taken).toHaveLength(5768);
      batcher.flush();
      expect(taken).toHaveLength(7000);
      expect(shows).toBe(4);
      // every one of these showings was part of a flood
      expect(floods).toEqual([true, true, true, true]);
      // each says how many items it brought since the one before
      expect(shownItems).toEqual([768, 4608 - 768, 5000 - 4608, 2000]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends a slice before the next frame is due, however late after its frame it started', () => {
    vi.useFakeTimers();
    try {
      const frames = manualScheduler();
      const tasks = manualScheduler();
      let taken = 0;
      const batcher = createFrameBatcher<number>(
        {
          take: (items) => {
            taken += items.length;
            vi.advanceTimersByTime(items.length / 64); // 4 ms per 256 items
          },
          show: () => undefined,
        },
        frames.scheduler,
        { items: 100, delayMs: 1000, sliceMs: 12 },
        tasks.scheduler,
      );
      for (let n = 0; n < 20_000; n += 1) batcher.push(n);
      frames.run();
      expect(taken).toBe(768); // 12 ms
      const frameThenTask = (renderMs: number): number => {
        const before = taken;
        frames.run();
        vi.advanceTimersByTime(renderMs);
        tasks.run();
        return taken - before;
      };
      expect(frameThenTask(1)).toBe(0); // the first showing has a task of its own
      // the frame's rendering took 8 ms: 16.7 - 3 - 8 leaves under 6 ms
      expect(frameThenTask(8)).toBe(512);
      expect(frameThenTask(0)).toBe(768);
      // rendering past the reserve: one part all the same, so that the backlog moves
      expect(frameThenTask(15)).toBe(256);
    } finally {
      vi.useRealTimers();
    }
  });

  it('with takeOnArrival, takes items in a task soon after they arrive and shows them at the frame', () => {
    vi.useFakeTimers();
    try {
      const frames = manualScheduler();
      const tasks = manualScheduler();
      const taken: number[][] = [];
      const shown: number[] = [];
      const floods: boolean[] = [];
      const batcher = createFrameBatcher<number>(
        {
          take: (items) => {
            taken.push(items);
            vi.advanceTimersByTime(items.length / 64); // 4 ms per 256 items
          },
          show: (flooded, items) => {
            shown.push(items);
            floods.push(flooded);
          },
        },
        frames.scheduler,
        { items: 2_000, delayMs: 50, sliceMs: 10, takeOnArrival: true, creditItems: 2 },
        tasks.scheduler,
      );
      batcher.push(1);
      batcher.push(2);
      tasks.run();
      expect(taken).toEqual([[1, 2]]);
      expect(shown).toEqual([]);
      batcher.push(3);
      tasks.run();
      frames.run();
      // the frame has nothing left to take: it only shows
      expect(taken).toEqual([[1, 2], [3]]);
      expect(shown).toEqual([3]);
      // one slice at most on arrival; the frame takes the rest
      for (let n = 0; n < 1_000; n += 1) batcher.push(n);
      tasks.run();
      expect(taken.slice(2).map((part) => part.length)).toEqual([256, 256, 256]);
      frames.run();
      expect(taken.flat()).toHaveLength(1_003);
      expect(shown).toEqual([3, 1_000]);
      // taken but not yet shown: a flush shows them
      batcher.push(7);
      tasks.run();
      batcher.flush();
      expect(shown).toEqual([3, 1_000, 1]);
      // during a flood, arrivals are taken in the task after a frame, and shown after the busy
      // delay
      for (let n = 0; n < 2_500; n += 1) batcher.push(n);
      batcher.flush();
      expect(floods.at(-1)).toBe(true);
      const before = taken.length;
      batcher.push(8);
      tasks.run();
      expect(taken).toHaveLength(before);
      frames.run();
      tasks.run();
      expect(taken).toHaveLength(before + 1);
      expect(taken.at(-1)).toEqual([8]);
      expect(shown).toEqual([3, 1_000, 1, 2_500]);
      vi.advanceTimersByTime(50);
      frames.run();
      tasks.run();
      expect(shown).toEqual([3, 1_000, 1, 2_500, 1]);
      // a flood's slice on arrival ends before the next frame is due, however late it starts
      for (let n = 0; n < 2_500; n += 1) batcher.push(n);
      batcher.flush();
      expect(floods.at(-1)).toBe(true);
      const parts = taken.length;
      for (let n = 0; n < 1_000; n += 1) batcher.push(n);
      frames.run();
      vi.advanceTimersByTime(10);
      tasks.run();
      expect(taken.slice(parts).map((part) => part.length)).toEqual([256]);
      batcher.cancel();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('animationFrameScheduler', () => {
  it('runs once, whichever of the frame and its backup timer comes first', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => undefined;
    });
    try {
      const run = vi.fn();
      animationFrameScheduler(run);
      for (const frame of frames) frame(0);
      vi.advanceTimersByTime(1_000);
      expect(run).toHaveBeenCalledTimes(1);
      animationFrameScheduler(run);
      vi.advanceTimersByTime(1_000);
      for (const frame of frames) frame(0);
      expect(run).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
