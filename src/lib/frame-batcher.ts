import { BatchQueue, type ItemBatch } from './batch-queue';

/**
 * Collects items as they arrive and hands them over in one batch per animation frame, so a store
 * is updated once per frame rather than once per event. When the page is hidden (no animation
 * frames), a timer takes over so nothing piles up unbounded.
 */
export interface FrameBatcher<T> {
  push(item: T): void;
  /** Queues a batch as it is: its items are read when they are taken. */
  pushAll(batch: ItemBatch<T>): void;
  /** Hands over everything pending now, in one go. */
  flush(): void;
  /** Drops what is pending and stops. */
  cancel(): void;
}

export type Scheduler = (run: () => void) => () => void;

export const animationFrameScheduler: Scheduler = (run) => {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') {
    const timer = setTimeout(run, 100);
    return () => clearTimeout(timer);
  }
  // a frame may never come (background tab turned hidden after scheduling): a timer backs it up;
  // whichever comes first runs, once
  const cancel = (): void => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
  const once = (): void => {
    cancel();
    run();
  };
  const frame = requestAnimationFrame(once);
  const timer = setTimeout(once, 250);
  return cancel;
};

export const timerScheduler =
  (delayMs: number): Scheduler =>
  (run) => {
    const timer = setTimeout(run, delayMs);
    return () => clearTimeout(timer);
  };

/**
 * The next task, without the 4 ms clamp nested timers get: a message to ourselves. Input and
 * rendering get their turn between two such tasks.
 */
export const nextTaskScheduler: Scheduler = (run) => {
  if (typeof MessageChannel === 'undefined') return timerScheduler(0)(run);
  const channel = new MessageChannel();
  let cancelled = false;
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) run();
  };
  channel.port2.postMessage(null);
  return () => {
    cancelled = true;
    channel.port1.close();
  };
};

/**
 * Under a flood, updating every frame spends the frame on rendering what nobody can read: after a
 * batch of at least `items`, the next one is handed over `delayMs` later instead of next frame.
 * With `sliceMs`, a scheduled hand-over stops after that long and goes on in the next task, so that
 * a backlog never becomes one long task; meanwhile the view is told at most every `delayMs`.
 */
export interface BusyPacing {
  items: number;
  delayMs: number;
  sliceMs?: number;
  /**
   * Take items in a task of their own soon after they arrive, as long as fewer than `items` wait,
   * so that the frame that shows them has only the showing to do.
   */
  takeOnArrival?: boolean;
  /**
   * After a showing of at least `items`, the next one comes no sooner than `intervalMs` later:
   * following a fast stream, a frame that shows is then followed by one that does not, which
   * the stream's reading, input and garbage collection get instead.
   */
  spaced?: { items: number; intervalMs: number };
}

/** Where a batcher hands items: `take` may be called several times before one `show`. */
export interface BatchSink<T> {
  take(items: T[]): void;
  /**
   * Everything taken so far should now be visible. `flooded`: a flood is going on (this showing
   * ends a backlog, or a batch of at least `items`), so views may spare what only helps a reader
   * of a still list (rows out of view). `items`: how many were taken since the last showing.
   */
  show(flooded: boolean, items: number): void;
}

/** Items handed to `take` at a time between two looks at the clock. */
const SLICE_ITEMS = 256;
/**
 * A frame at 60 Hz, and what a slice that starts after one leaves of it: for the messages that
 * arrive meanwhile and the next frame's own work. A slice ends that long before the next frame is
 * due, however late after the frame it started (a frame that showed an update renders longer).
 */
const FRAME_MS = 1000 / 60;
const FRAME_RESERVE_MS = 3;

const now = (): number => performance.now();

export function createFrameBatcher<T>(
  target: BatchSink<T> | ((items: T[]) => void),
  schedule: Scheduler = animationFrameScheduler,
  busy?: BusyPacing,
  nextTask: Scheduler = nextTaskScheduler,
): FrameBatcher<T> {
  const sink: BatchSink<T> =
    typeof target === 'function' ? { take: target, show: () => undefined } : target;
  const pending = new BatchQueue<T>();
  /** Items left to take after this showing. */
  const backlog = (): number => pending.size;
  let cancelScheduled: (() => void) | undefined;
  let cancelArrival: (() => void) | undefined;
  let flooded = false;
  /** Items handed over since the last time the batcher was idle, for `flooded`. */
  let run = 0;
  let shownAt = Number.NEGATIVE_INFINITY;
  let lastShown = 0;
  /** When the last animation frame the batcher saw began (its callback ran). */
  let frameAt = Number.NEGATIVE_INFINITY;
  /** Runs `next` in the task after the next frame: our own tasks do not make the page render. */
  const afterFrameScheduler: Scheduler = (next) => {
    let cancel = schedule(() => {
      frameAt = now();
      cancel = nextTask(next);
    });
    return () => cancel();
  };
  /** Under a flood: `delayMs` later, and then after a frame, so a slice starts as a frame ends. */
  const busySchedule: Scheduler = busy
    ? (next) => {
        let cancel = timerScheduler(busy.delayMs)(() => {
          cancel = afterFrameScheduler(next);
        });
        return () => cancel();
      }
    : schedule;

  const takePart = (limit: number): void => {
    const part = pending.take(limit);
    run += part.length;
    unshown += part.length;
    sink.take(part);
  };
  const takeRest = (): void => {
    while (pending.size > 0) takePart(Number.POSITIVE_INFINITY);
  };
  /** Items taken since the last showing (`run` also counts on through a backlog). */
  let unshown = 0;
  const show = (): void => {
    flooded = busy !== undefined && run >= busy.items;
    run = 0;
    shownAt = now();
    const items = unshown;
    unshown = 0;
    lastShown = items;
    sink.show(flooded || backlog() > 0, items);
  };
  const flush = (): void => {
    cancelScheduled?.();
    cancelScheduled = undefined;
    cancelArrival?.();
    cancelArrival = undefined;
    if (pending.size === 0 && unshown === 0) {
      flooded = false;
      return;
    }
    takeRest();
    show();
  };
  const afterFrame = (next: () => void): void => {
    cancelScheduled = afterFrameScheduler(next);
  };
  /** Takes parts of what is pending for about `ms`, at least one; true when nothing is left. */
  const takeFor = (ms: number): boolean => {
    const deadline = now() + ms;
    do {
      if (pending.size > 0) takePart(SLICE_ITEMS);
    } while (pending.size > 0 && now() < deadline);
    return pending.size === 0;
  };
  const sliced = (sliceMs: number, delayMs: number): void => {
    cancelScheduled = undefined;
    if (takeFor(Math.min(sliceMs, frameAt + FRAME_MS - FRAME_RESERVE_MS - now()))) {
      show();
      return;
    }
    const again = (): void => sliced(sliceMs, delayMs);
    afterFrame(() => {
      cancelScheduled = undefined;
      if (now() - shownAt < delayMs) {
        again();
        return;
      }
      // showing gets a task and a frame of its own: the frame then has only the rendering to do
      const carried = run;
      show();
      run = carried;
      afterFrame(again);
    });
  };
  /**
   * Takes what arrived, for one slice at most, unless a flood is going on: what is left, and a
   * flood, are taken in slices after frames.
   */
  const takeArrived = (): void => {
    cancelArrival = undefined;
    if (!flooded) takeFor(busy?.sliceMs ?? Number.POSITIVE_INFINITY);
  };
  /** Frames come every ~16.7 ms, not exactly: this much early still counts as on time. */
  const FRAME_SLACK_MS = 4;
  const scheduled = (): void => {
    const spaced = busy?.spaced;
    if (
      spaced &&
      lastShown >= spaced.items &&
      now() - shownAt < spaced.intervalMs - FRAME_SLACK_MS
    ) {
      cancelScheduled = schedule(inFrame);
      return;
    }
    if (busy?.sliceMs === undefined) flush();
    else sliced(busy.sliceMs, busy.delayMs);
  };
  /** `scheduled`, run by a frame's callback. */
  const inFrame = (): void => {
    frameAt = now();
    scheduled();
  };
  const arrived = (): void => {
    if (!cancelScheduled) cancelScheduled = flooded ? busySchedule(scheduled) : schedule(inFrame);
    if (busy?.takeOnArrival && !cancelArrival && !flooded) cancelArrival = nextTask(takeArrived);
  };
  return {
    push(item) {
      pending.push(item);
      arrived();
    },
    pushAll(batch) {
      if (batch.length === 0) return;
      pending.pushAll(batch);
      arrived();
    },
    flush,
    cancel() {
      cancelScheduled?.();
      cancelScheduled = undefined;
      cancelArrival?.();
      cancelArrival = undefined;
      pending.clear();
      run = 0;
      unshown = 0;
    },
  };
}
