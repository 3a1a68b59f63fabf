/**
 * Collects items as they arrive and hands them over in one batch per animation frame, so a store
 * is updated once per frame rather than once per event. When the page is hidden (no animation
 * frames), a timer takes over so nothing piles up unbounded.
 */
export interface FrameBatcher<T> {
  push(item: T): void;
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
}

/** Where a batcher hands items: `take` may be called several times before one `show`. */
export interface BatchSink<T> {
  take(items: T[]): void;
  /**
   * Everything taken so far should now be visible. `flooded`: a flood is going on (this showing
   * ends a backlog, or a batch of at least `items`), so views may spare what only helps a reader
   * of a still list (rows out of view).
   */
  show(flooded: boolean): void;
}

/** Items handed to `take` at a time between two looks at the clock. */
const SLICE_ITEMS = 256;

const now = (): number => performance.now();

export function createFrameBatcher<T>(
  target: BatchSink<T> | ((items: T[]) => void),
  schedule: Scheduler = animationFrameScheduler,
  busy?: BusyPacing,
  nextTask: Scheduler = nextTaskScheduler,
): FrameBatcher<T> {
  const sink: BatchSink<T> =
    typeof target === 'function' ? { take: target, show: () => undefined } : target;
  /** Items left to take after this showing. */
  const backlog = (): number => pending.length - head;
  let pending: T[] = [];
  /** Items of `pending` already handed over (by a slice that ran out of time). */
  let head = 0;
  let cancelScheduled: (() => void) | undefined;
  let flooded = false;
  /** Items handed over since the last time the batcher was idle, for `flooded`. */
  let run = 0;
  let shownAt = Number.NEGATIVE_INFINITY;
  const busySchedule = busy ? timerScheduler(busy.delayMs) : schedule;

  const takeRest = (): void => {
    const batch = head === 0 ? pending : pending.slice(head);
    pending = [];
    head = 0;
    run += batch.length;
    if (batch.length > 0) sink.take(batch);
  };
  const show = (): void => {
    flooded = busy !== undefined && run >= busy.items;
    run = 0;
    shownAt = now();
    sink.show(flooded || backlog() > 0);
  };
  const flush = (): void => {
    cancelScheduled?.();
    cancelScheduled = undefined;
    if (pending.length === head) {
      pending = [];
      head = 0;
      flooded = false;
      return;
    }
    takeRest();
    show();
  };
  /** Runs `next` in the task after the next frame: our own tasks do not make the page render. */
  const afterFrame = (next: () => void): void => {
    cancelScheduled = schedule(() => {
      cancelScheduled = nextTask(next);
    });
  };
  const sliced = (sliceMs: number, delayMs: number): void => {
    cancelScheduled = undefined;
    const deadline = now() + sliceMs;
    while (head < pending.length && now() < deadline) {
      const end = Math.min(pending.length, head + SLICE_ITEMS);
      const part = pending.slice(head, end);
      head = end;
      run += part.length;
      sink.take(part);
    }
    if (head === pending.length) {
      pending = [];
      head = 0;
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
  const scheduled = (): void => {
    if (busy?.sliceMs === undefined) flush();
    else sliced(busy.sliceMs, busy.delayMs);
  };
  return {
    push(item) {
      pending.push(item);
      if (!cancelScheduled) cancelScheduled = (flooded ? busySchedule : schedule)(scheduled);
    },
    flush,
    cancel() {
      cancelScheduled?.();
      cancelScheduled = undefined;
      pending = [];
      head = 0;
      run = 0;
    },
  };
}
