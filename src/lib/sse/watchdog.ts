export interface Watchdog {
  /** Starts (or restarts) watching; the silence is counted from now. */
  arm(): void;
  /** Records activity. Hot path: one clock read, no timer work. */
  touch(): void;
  /** Stops watching and clears the timer. */
  disarm(): void;
}

/**
 * Calls `onStall(silentForMs)` once when no `touch()` happened for `timeoutMs`. Uses one re-armed
 * timer that compares the last activity time when it fires, instead of resetting a timer on every
 * chunk: at high message rates touch() must stay nearly free.
 */
export function createWatchdog(
  timeoutMs: number,
  now: () => number,
  onStall: (silentForMs: number) => void,
): Watchdog {
  let lastActivity = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const check = (): void => {
    timer = undefined;
    const silentFor = now() - lastActivity;
    if (silentFor >= timeoutMs) {
      onStall(silentFor);
    } else {
      timer = setTimeout(check, timeoutMs - silentFor);
    }
  };

  return {
    arm(): void {
      lastActivity = now();
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(check, timeoutMs);
    },
    touch(): void {
      lastActivity = now();
    },
    disarm(): void {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
