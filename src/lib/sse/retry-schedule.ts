import { backoffDelay, resolveBackoffOptions, type BackoffOptions } from '../backoff';

/** A Retry-After beyond this is capped: the dashboard must not go quiet for hours on one header. */
const MAX_RETRY_AFTER_MS = 10 * 60_000;
/** A connection that stayed live this long was healthy: its failure starts the backoff over. */
const HEALTHY_AFTER_MS = 10_000;

/** Counts consecutive failed attempts and turns them into jittered delays. */
export interface RetrySchedule {
  /** Consecutive failed attempts so far (0 after a reset). */
  readonly failures: number;
  /** The current attempt went live (headers received). */
  connected(): void;
  /** The connection was healthy (e.g. delivered an event): the next failure starts over. */
  reset(): void;
  /**
   * Counts one more failure and returns the delay before the next attempt: the jittered backoff,
   * or the server's Retry-After when that is longer. A connection that was live for a while
   * counts as healthy first.
   */
  next(retryAfterMs?: number): number;
}

export function createRetrySchedule(
  partial: Partial<BackoffOptions> | undefined,
  random: () => number,
  now: () => number,
): RetrySchedule {
  const options = resolveBackoffOptions(partial);
  let failures = 0;
  let previousDelay: number | undefined;
  let liveSince: number | undefined;

  const reset = (): void => {
    failures = 0;
    previousDelay = undefined;
    liveSince = undefined;
  };

  return {
    get failures(): number {
      return failures;
    },
    connected(): void {
      liveSince = now();
    },
    reset,
    next(retryAfterMs?: number): number {
      if (liveSince !== undefined && now() - liveSince >= HEALTHY_AFTER_MS) reset();
      liveSince = undefined;
      const jittered = backoffDelay(failures, options, random, previousDelay);
      previousDelay = jittered;
      failures += 1;
      return Math.max(jittered, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
    },
  };
}
