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
  let cancelArrival: (() => void) | undefined;
  let flooded = false;
  /** Items handed over since the last time the batcher was idle, for `flooded`. */
  let run = 0;
  let shownAt = Number.NEGATIVE_INFINITY;
  let lastShown = 0;
  const busySchedule = busy ? timerScheduler(busy.delayMs) : schedule;

  const takeRest = (): void => {
    const batch = head === 0 ? pending : pending.slice(head);
    pending = [];
    head = 0;
    run += batch.length;
    unshown += batch.length;
    if (batch.length > 0) sink.take(batch);
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
    if (pending.length === head && unshown === 0) {
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
  /** Takes parts of what is pending for about `ms`; true when nothing is left. */
  const takeFor = (ms: number): boolean => {
    const deadline = now() + ms;
    while (head < pending.length && now() < deadline) {
      const end = Math.min(pending.length, head + SLICE_ITEMS);
      const part = pending.slice(head, end);
      head = end;
      run += part.length;
      unshown += part.length;
      sink.take(part);
    }
    if (head < pending.length) return false;
    pending = [];
    head = 0;
    return true;
  };
  const sliced = (sliceMs: number, delayMs: number): void => {
    cancelScheduled = undefined;
    if (takeFor(sliceMs)) {
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
      cancelScheduled = schedule(scheduled);
      return;
    }
    if (busy?.sliceMs === undefined) flush();
    else sliced(busy.sliceMs, busy.delayMs);
  };
  return {
    push(item) {
      pending.push(item);
      if (!cancelScheduled) cancelScheduled = (flooded ? busySchedule : schedule)(scheduled);
      if (busy?.takeOnArrival && !cancelArrival && !flooded) cancelArrival = nextTask(takeArrived);
    },
    flush,
    cancel() {
      cancelScheduled?.();
      cancelScheduled = undefined;
      cancelArrival?.();
      cancelArrival = undefined;
      pending = [];
      head = 0;
      run = 0;
      unshown = 0;
    },
  };
}
