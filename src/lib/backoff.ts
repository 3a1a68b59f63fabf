/**
 * Exponential backoff with jitter and a cap, so that many dashboards that lost the same server do
 * not all come back in the same millisecond.
 *
 * - `full`: uniform in [0, min(max, initial * factor^attempt)] (AWS "full jitter").
 * - `equal`: half of that ceiling fixed, the other half random: never retries at once.
 * - `decorrelated`: uniform in [initial, min(max, previous * 3)] (AWS "decorrelated jitter"); needs
 *   the previous delay, and ignores `factor` (the published multiplier is 3).
 * - `none`: the ceiling itself (deterministic; for tests and tools, not for clients of a server).
 */

export type JitterKind = 'full' | 'equal' | 'decorrelated' | 'none';

export interface BackoffOptions {
  /** Delay ceiling of the first retry (attempt 0). */
  initialMs: number;
  /** Growth of the ceiling per attempt. */
  factor: number;
  /** No delay is ever longer than this. */
  maxMs: number;
  jitter: JitterKind;
}

export const DEFAULT_BACKOFF: Readonly<BackoffOptions> = {
  initialMs: 500,
  factor: 2,
  maxMs: 30_000,
  jitter: 'full',
};

/** Fills in the defaults and sanitises nonsense (negative, NaN, max below initial). */
export function resolveBackoffOptions(partial: Partial<BackoffOptions> = {}): BackoffOptions {
  const initialMs = finiteAtLeast(partial.initialMs, 0, DEFAULT_BACKOFF.initialMs);
  const maxMs = Math.max(initialMs, finiteAtLeast(partial.maxMs, 0, DEFAULT_BACKOFF.maxMs));
  const factor = finiteAtLeast(partial.factor, 1, DEFAULT_BACKOFF.factor);
  return { initialMs, factor, maxMs, jitter: partial.jitter ?? DEFAULT_BACKOFF.jitter };
}

/** The un-jittered ceiling for `attempt` (0-based): min(max, initial * factor^attempt). */
export function backoffCeiling(attempt: number, options: BackoffOptions): number {
  const n = Number.isFinite(attempt) && attempt > 0 ? Math.floor(attempt) : 0;
  // factor^n overflows to Infinity for large n, which Math.min handles.
  return Math.min(options.maxMs, options.initialMs * options.factor ** n);
}

/**
 * Delay in ms before retry number `attempt` (0 = the first retry). `random` returns [0, 1) like
 * Math.random; it is injected so that tests are deterministic. `previousDelayMs` is only used by
 * decorrelated jitter (defaults to `initialMs`, i.e. the first retry).
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions,
  random: () => number,
  previousDelayMs?: number,
): number {
  const r = clampUnit(random());
  switch (options.jitter) {
    case 'none':
      return backoffCeiling(attempt, options);
    case 'equal': {
      const ceiling = backoffCeiling(attempt, options);
      return Math.round(ceiling / 2 + (r * ceiling) / 2);
    }
    case 'decorrelated': {
      const previous = Math.max(options.initialMs, previousDelayMs ?? options.initialMs);
      const upper = Math.min(options.maxMs, previous * 3);
      return Math.round(options.initialMs + r * (upper - options.initialMs));
    }
    case 'full':
      return Math.round(r * backoffCeiling(attempt, options));
  }
}

function clampUnit(value: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return value >= 1 ? 1 : value;
}

function finiteAtLeast(value: number | undefined, min: number, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= min ? value : fallback;
}
