import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFrameBatcher,
  inspectFrameBatcher,
  type BatchSink,
  type BusyPacing,
  type FrameBatcher,
} from './frame-batcher';
import type { FrameBatcherPhase } from './frame-batcher-phases';
import type { Scheduler } from './schedulers';
import { LIMITS } from '../config/limits';

/** A scheduler whose callbacks run when the test says so; `waiting` counts those not yet run. */
function manualScheduler(): { scheduler: Scheduler; run: () => void; waiting: () => number } {
  let queue: { run: () => void; cancelled: boolean }[] = [];
  return {
    scheduler: (run) => {
      const entry = { run, cancelled: false };
      queue.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
    run: () => {
      const current = queue;
      queue = [];
      for (const entry of current) if (!entry.cancelled) entry.run();
    },
    waiting: () => queue.filter((entry) => !entry.cancelled).length,
  };
}

interface Harness {
  batcher: FrameBatcher<number>;
  frames: ReturnType<typeof manualScheduler>;
  tasks: ReturnType<typeof manualScheduler>;
  taken: number[][];
  shown: { flooded: boolean; items: number }[];
  phase: () => FrameBatcherPhase;
  pushMany: (count: number) => void;
}

/** A batcher with manual frames and tasks; `msPerPart` is how long taking 256 items takes. */
function harness(busy?: BusyPacing, msPerPart = 0, sink?: Partial<BatchSink<number>>): Harness {
  const frames = manualScheduler();
  const tasks = manualScheduler();
  const taken: number[][] = [];
  const shown: { flooded: boolean; items: number }[] = [];
  const batcher = createFrameBatcher<number>(
    {
      take: (items) => {
        taken.push(items);
        if (msPerPart > 0) vi.advanceTimersByTime((items.length / 256) * msPerPart);
        sink?.take?.(items);
      },
      show: (flooded, items) => {
        shown.push({ flooded, items });
        sink?.show?.(flooded, items);
      },
    },
    frames.scheduler,
    busy,
    tasks.scheduler,
  );
  return {
    batcher,
    frames,
    tasks,
    taken,
    shown,
    phase: () => inspectFrameBatcher(batcher).phase,
    pushMany: (count) => {
      for (let n = 0; n < count; n += 1) batcher.push(n);
    },
  };
}

describe('frame batcher phases', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is idle until items arrive, waits for a frame, and is idle again once it has handed over', () => {
    const { batcher, frames, taken, shown, phase } = harness();
    expect(phase()).toBe('idle');
    batcher.push(1);
    batcher.pushAll([2, 3]);
    expect(phase()).toBe('frame');
    expect(inspectFrameBatcher(batcher)).toMatchObject({ pending: 3, unshown: 0 });
    expect(frames.waiting()).toBe(1);
    frames.run();
    expect(phase()).toBe('idle');
    expect(taken.flat()).toEqual([1, 2, 3]);
    expect(shown).toEqual([{ flooded: false, items: 3 }]);
    // an empty batch is no arrival
    batcher.pushAll([]);
    expect(phase()).toBe('idle');
    expect(frames.waiting()).toBe(0);
  });

  it('goes back to idle on flush, handing over at once and cancelling the wait', () => {
    const { batcher, frames, taken, phase } = harness();
    batcher.push(1);
    batcher.flush();
    expect(phase()).toBe('idle');
    expect(taken).toEqual([[1]]);
    expect(frames.waiting()).toBe(0);
    // a flush with nothing to hand over stays idle and shows nothing
    batcher.flush();
    expect(phase()).toBe('idle');
    expect(taken).toHaveLength(1);
  });

  it('after a flood, waits for the busy delay, then a frame, then the task after it', () => {
    const { batcher, frames, tasks, taken, shown, phase, pushMany } = harness({
      items: 100,
      delayMs: 50,
    });
    pushMany(150);
    frames.run();
    expect(shown).toEqual([{ flooded: true, items: 150 }]);
    expect(inspectFrameBatcher(batcher).flooded).toBe(true);
    pushMany(10);
    expect(phase()).toBe('busy-delay');
    expect(frames.waiting()).toBe(0);
    vi.advanceTimersByTime(49);
    expect(phase()).toBe('busy-delay');
    vi.advanceTimersByTime(1);
    expect(phase()).toBe('busy-frame');
    expect(frames.waiting()).toBe(1);
    frames.run();
    expect(phase()).toBe('busy-task');
    expect(taken).toHaveLength(1);
    tasks.run();
    expect(phase()).toBe('idle');
    expect(taken.map((part) => part.length)).toEqual([150, 10]);
    // a small batch ends the flood: the next one waits for a frame only
    expect(inspectFrameBatcher(batcher).flooded).toBe(false);
    batcher.push(1);
    expect(phase()).toBe('frame');
  });

  it('takes a backlog in slices, with a showing in a task of its own every delay', () => {
    // 4 ms per 256 items: a slice of 10 ms takes 3 parts
    const { batcher, frames, tasks, taken, shown, phase, pushMany } = harness(
      { items: 100, delayMs: 50, sliceMs: 10 },
      4,
    );
    const count = (): number => taken.flat().length;
    pushMany(2000);
    frames.run();
    expect(count()).toBe(768);
    expect(phase()).toBe('backlog-frame');
    expect(inspectFrameBatcher(batcher)).toMatchObject({ pending: 2000 - 768, unshown: 768 });
    frames.run();
    expect(phase()).toBe('backlog-task');
    // nothing shown yet: the showing gets this task, and the next slice waits for the frame after
    tasks.run();
    expect(count()).toBe(768);
    expect(shown).toEqual([{ flooded: true, items: 768 }]);
    expect(phase()).toBe('shown-frame');
    frames.run();
    expect(phase()).toBe('shown-task');
    tasks.run();
    expect(count()).toBe(1536);
    expect(phase()).toBe('backlog-frame');
    // shown less than 50 ms ago: the backlog's task takes a slice and does not show
    frames.run();
    tasks.run();
    expect(count()).toBe(2000);
    expect(phase()).toBe('idle');
    expect(shown).toEqual([
      { flooded: true, items: 768 },
      { flooded: true, items: 2000 - 768 },
    ]);
  });

  it('goes back to idle on cancel from every waiting phase, dropping what is pending', () => {
    const reach: Record<string, (h: Harness) => void> = {
      frame: (h) => h.pushMany(10),
      'busy-delay': (h) => {
        h.pushMany(200);
        h.frames.run();
        h.pushMany(10);
      },
      'busy-frame': (h) => {
        h.pushMany(200);
        h.frames.run();
        h.pushMany(10);
        vi.advanceTimersByTime(50);
      },
      'busy-task': (h) => {
        h.pushMany(200);
        h.frames.run();
        h.pushMany(10);
        vi.advanceTimersByTime(50);
        h.frames.run();
      },
      'backlog-frame': (h) => {
        h.pushMany(5000);
        h.frames.run();
      },
      'backlog-task': (h) => {
        h.pushMany(5000);
        h.frames.run();
        h.frames.run();
      },
      'shown-frame': (h) => {
        h.pushMany(5000);
        h.frames.run();
        h.frames.run();
        h.tasks.run();
      },
      'shown-task': (h) => {
        h.pushMany(5000);
        h.frames.run();
        h.frames.run();
        h.tasks.run();
        h.frames.run();
      },
    };
    for (const [phase, steps] of Object.entries(reach)) {
      const h = harness({ items: 100, delayMs: 50, sliceMs: 10 }, 4);
      steps(h);
      expect(h.phase()).toBe(phase);
      const before = { taken: h.taken.length, shown: h.shown.length };
      h.batcher.cancel();
      expect(inspectFrameBatcher(h.batcher)).toMatchObject({
        phase: 'idle',
        pending: 0,
        unshown: 0,
      });
      expect(h.frames.waiting() + h.tasks.waiting()).toBe(0);
      vi.advanceTimersByTime(1_000);
      h.frames.run();
      h.tasks.run();
      expect({ taken: h.taken.length, shown: h.shown.length }).toEqual(before);
      expect(h.phase()).toBe('idle');
    }
  });

  it('with takeOnArrival, takes in a task of its own beside the wait for the frame', () => {
    const { batcher, frames, tasks, taken, shown, phase } = harness({
      items: 100,
      delayMs: 50,
      sliceMs: 10,
      takeOnArrival: true,
      creditItems: 4,
    });
    batcher.push(1);
    batcher.push(2);
    expect(inspectFrameBatcher(batcher)).toMatchObject({ phase: 'frame', arrivalTask: true });
    // one task for both items
    expect(tasks.waiting()).toBe(1);
    tasks.run();
    expect(taken).toEqual([[1, 2]]);
    expect(shown).toEqual([]);
    expect(inspectFrameBatcher(batcher)).toMatchObject({
      phase: 'frame',
      pending: 0,
      unshown: 2,
      arrivalTask: false,
    });
    frames.run();
    expect(taken).toEqual([[1, 2]]);
    expect(shown).toEqual([{ flooded: false, items: 2 }]);
    expect(phase()).toBe('idle');
    // a flush cancels the task: it has nothing left to take
    batcher.push(3);
    batcher.flush();
    expect(inspectFrameBatcher(batcher).arrivalTask).toBe(false);
    // during a flood, nothing is taken on arrival while less than half the stream's credit
    // waits; from then on, a slice in the task after the next frame (the stream would soon stop
    // reading), shown only after the busy delay
    for (let n = 0; n < 150; n += 1) batcher.push(n);
    batcher.flush();
    expect(inspectFrameBatcher(batcher).flooded).toBe(true);
    const shownBefore = shown.length;
    const takenBefore = taken.length;
    batcher.push(4);
    expect(inspectFrameBatcher(batcher)).toMatchObject({
      phase: 'busy-delay',
      arrivalTask: false,
    });
    batcher.push(5);
    expect(inspectFrameBatcher(batcher)).toMatchObject({
      phase: 'busy-delay',
      arrivalTask: true,
    });
    expect(tasks.waiting()).toBe(0);
    frames.run();
    expect(taken).toHaveLength(takenBefore);
    tasks.run();
    expect(taken.at(-1)).toEqual([4, 5]);
    expect(inspectFrameBatcher(batcher)).toMatchObject({
      phase: 'busy-delay',
      pending: 0,
      unshown: 2,
    });
    expect(shown).toHaveLength(shownBefore);
  });

  it('with spaced pacing, skips the frame after a showing of many items that came too soon', () => {
    const { batcher, frames, shown, phase, pushMany } = harness({
      items: 1_000,
      delayMs: 100,
      spaced: { items: 12, intervalMs: 33 },
    });
    pushMany(20);
    frames.run();
    expect(shown).toEqual([{ flooded: false, items: 20 }]);
    batcher.push(1);
    vi.advanceTimersByTime(17);
    frames.run();
    // 17 ms after a showing of 20: too soon, this frame is skipped
    expect(shown).toHaveLength(1);
    expect(phase()).toBe('frame');
    expect(frames.waiting()).toBe(1);
    // 29 ms is 33 less the slack a frame may come early by
    vi.advanceTimersByTime(12);
    frames.run();
    expect(shown).toEqual([
      { flooded: false, items: 20 },
      { flooded: false, items: 1 },
    ]);
    expect(phase()).toBe('idle');
    // after a showing of few items, the next frame shows
    batcher.push(2);
    vi.advanceTimersByTime(1);
    frames.run();
    expect(shown).toHaveLength(3);
  });

  it("paces the live lists' showings by what each brings (LIMITS.flood)", () => {
    // a stream at `perSecond` for two seconds of 60 Hz frames, items arriving between frames
    const showingsPerSecond = (perSecond: number): number => {
      const { batcher, frames, tasks, shown, pushMany } = harness(LIMITS.flood);
      let pushed = 0;
      for (let frame = 1; frame <= 120; frame += 1) {
        const due = Math.round((perSecond * frame) / 60);
        pushMany(due - pushed);
        pushed = due;
        tasks.run();
        vi.advanceTimersByTime(1000 / 60);
        frames.run();
        tasks.run();
      }
      batcher.flush();
      // nothing is lost to the pacing
      expect(shown.reduce((sum, showing) => sum + showing.items, 0)).toBe(pushed);
      batcher.cancel();
      return (shown.length - 1) / 2;
    };
    // a trickle: every frame that has something new shows it
    expect(showingsPerSecond(120)).toBeGreaterThanOrEqual(58);
    // a dozen rows or more an update (1,000 a second): every third frame, not every other
    const followingFast = showingsPerSecond(1_000);
    expect(followingFast).toBeGreaterThanOrEqual(18);
    expect(followingFast).toBeLessThanOrEqual(21);
    // a thousand an update (20,000 a second) is a flood: every 100 ms
    const flood = showingsPerSecond(20_000);
    expect(flood).toBeGreaterThanOrEqual(8);
    expect(flood).toBeLessThanOrEqual(11);
  });

  it('is handing over while it takes and shows; what arrives as it shows waits for a frame', () => {
    const seen: FrameBatcherPhase[] = [];
    let again = true;
    const h: Harness = harness(undefined, 0, {
      take: () => seen.push(h.phase()),
      show: () => {
        seen.push(h.phase());
        if (again) h.batcher.push(9);
        again = false;
      },
    });
    h.batcher.push(1);
    h.frames.run();
    expect(seen).toEqual(['handing-over', 'handing-over']);
    expect(inspectFrameBatcher(h.batcher)).toMatchObject({ phase: 'frame', pending: 1 });
    expect(h.frames.waiting()).toBe(1);
    h.frames.run();
    expect(h.taken).toEqual([[1], [9]]);
    expect(h.phase()).toBe('idle');
  });

  it('ignores a wait that comes although it was cancelled', () => {
    const runs: (() => void)[] = [];
    const leaky: Scheduler = (run) => {
      runs.push(run);
      return () => undefined;
    };
    const batches: number[][] = [];
    const batcher = createFrameBatcher<number>((items) => batches.push(items), leaky);
    batcher.push(1);
    batcher.flush();
    expect(batches).toEqual([[1]]);
    // the frame that was cancelled comes all the same: idle waits for nothing, so nothing happens
    for (const run of runs.splice(0)) run();
    expect(batches).toEqual([[1]]);
    expect(inspectFrameBatcher(batcher).phase).toBe('idle');
    expect(runs).toHaveLength(0);
  });

  it('inspects only batchers it made', () => {
    const fake: FrameBatcher<number> = {
      push: () => undefined,
      pushAll: () => undefined,
      flush: () => undefined,
      cancel: () => undefined,
    };
    expect(() => inspectFrameBatcher(fake)).toThrow();
  });
});
