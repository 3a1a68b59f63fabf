import type { ApiFailure } from '../http/api-error';

/**
 * The state of a live stream, set explicitly by the transport (the SSE library fires no callback
 * on abort, so nothing here is inferred from its callbacks alone).
 *
 * `attempt` counts consecutive failed attempts: 0 for the first connection (or the first after a
 * healthy one), n for the n-th retry. `retrying` carries the wall-clock time of the next attempt
 * and the time it was decided (`since`).
 */
export type StreamStatus =
  | { kind: 'idle' }
  | { kind: 'connecting'; attempt: number }
  | { kind: 'live'; since: number }
  | { kind: 'stalled'; silentForMs: number }
  | { kind: 'retrying'; attempt: number; retryAt: number; reason: string; since: number }
  | { kind: 'ended'; reason: string }
  | { kind: 'failed'; reason: string; failure?: ApiFailure };

export type StreamStatusKind = StreamStatus['kind'];

/** Whole seconds until `at`, rounded up and never negative: "retrying in N s". */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** A short, human label for a status bar, e.g. `Retrying in 4 s: 503 Service Unavailable`. */
export function describeStatus(status: StreamStatus, now: number): string {
  switch (status.kind) {
    case 'idle':
      return 'Not connected';
    case 'connecting':
      return status.attempt === 0 ? 'Connecting…' : `Reconnecting (attempt ${status.attempt})…`;
    case 'live':
      return 'Live';
    case 'stalled':
      return `Stalled: no data for ${Math.round(status.silentForMs / 1000)} s`;
    case 'retrying':
      // a view's clock may have been read before this status existed: it cannot be earlier
      return `Retrying in ${secondsUntil(status.retryAt, Math.max(now, status.since))} s: ${status.reason}`;
    case 'ended':
      return `Ended: ${status.reason}`;
    case 'failed':
      return `Failed: ${status.reason}`;
  }
}
