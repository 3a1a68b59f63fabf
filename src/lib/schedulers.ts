/**
 * When a deferred piece of work runs: on the next animation frame, after a delay, or in the next
 * task. Frame batchers take one of these to schedule their hand-overs.
 */

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
