/**
 * Collects items as they arrive and hands them over in one batch per animation frame, so a store
 * is updated once per frame rather than once per event. When the page is hidden (no animation
 * frames), a timer takes over so nothing piles up unbounded.
 */
export interface FrameBatcher<T> {
  push(item: T): void;
  /** Hands over what is pending now. */
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
  const frame = requestAnimationFrame(run);
  // a frame may never come (background tab turned hidden after scheduling): a timer backs it up
  const timer = setTimeout(run, 250);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
};

/**
 * Under a flood, updating every frame spends the frame on rendering what nobody can read: after a
 * batch of at least `items`, the next one is handed over `delayMs` later instead of next frame.
 */
export interface BusyPacing {
  items: number;
  delayMs: number;
}

export const timerScheduler =
  (delayMs: number): Scheduler =>
  (run) => {
    const timer = setTimeout(run, delayMs);
    return () => clearTimeout(timer);
  };

export function createFrameBatcher<T>(
  onBatch: (items: T[]) => void,
  schedule: Scheduler = animationFrameScheduler,
  busy?: BusyPacing,
): FrameBatcher<T> {
  let pending: T[] = [];
  let cancelScheduled: (() => void) | undefined;
  let flooded = false;
  const busySchedule = busy ? timerScheduler(busy.delayMs) : schedule;
  const flush = (): void => {
    cancelScheduled?.();
    cancelScheduled = undefined;
    if (pending.length === 0) {
      flooded = false;
      return;
    }
    const batch = pending;
    pending = [];
    flooded = busy !== undefined && batch.length >= busy.items;
    onBatch(batch);
  };
  return {
    push(item) {
      pending.push(item);
      if (!cancelScheduled) cancelScheduled = (flooded ? busySchedule : schedule)(flush);
    },
    flush,
    cancel() {
      cancelScheduled?.();
      cancelScheduled = undefined;
      pending = [];
    },
  };
}
