import { useSyncExternalStore } from 'react';
import { LIMITS } from '../../../config/limits';

/**
 * One clock for every "live for 5 min" on the page, read every LIMITS.sessionsClockMs. Only the
 * components that show a time subscribe, so a tick re-renders the session rows on screen and
 * nothing else (not the list around them, however long it is).
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function tick(): void {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    // the first reader after a quiet spell: the time kept is stale
    now = Date.now();
    timer = setInterval(tick, LIMITS.sessionsClockMs);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const read = (): number => now;

/** The time (Unix ms), as of the clock's last tick. */
export function useClock(): number {
  return useSyncExternalStore(subscribe, read);
}
