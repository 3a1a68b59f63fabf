import type { StreamStatus } from './status';

type AfterStall = Extract<StreamStatus, { kind: 'live' | 'failed' | 'ended' }>;

/** A stretch without data that the watchdog gave up on, and what came after it. */
export interface StallEnd {
  /** From the last byte received to `next`: the whole time nothing came, retries included. */
  silentForMs: number;
  /** Connected again (`live`), or stopped trying (`failed`, `ended`). */
  next: AfterStall;
}

/**
 * Turns the short-lived `stalled` status into something a stream's view can keep: fed every status
 * in order, it returns the stall a status ended (the next `live`, `failed` or `ended`), once.
 * Stalls in a row (the new attempt went silent too) make one stretch from the first one's last
 * byte.
 */
export interface StallTrace {
  observe(status: StreamStatus): StallEnd | null;
  /** Forgets a stall in progress: the stream was closed (close() reports no status). */
  reset(): void;
}

export function createStallTrace(now: () => number = Date.now): StallTrace {
  /** When the last byte before the stall came; null when no stall is in progress. */
  let lastByteAt: number | null = null;
  return {
    observe(status) {
      if (status.kind === 'stalled') {
        lastByteAt ??= now() - status.silentForMs;
        return null;
      }
      if (lastByteAt === null) return null;
      if (status.kind !== 'live' && status.kind !== 'failed' && status.kind !== 'ended')
        return null;
      const at = status.kind === 'live' ? status.since : now();
      const end: StallEnd = { silentForMs: Math.max(0, at - lastByteAt), next: status };
      lastByteAt = null;
      return end;
    },
    reset() {
      lastByteAt = null;
    },
  };
}

/** How long nothing came, for a sentence: `25 s`, `2 min 5 s`, `1 h 3 min`. */
export function formatSilence(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60)
    return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** `No data for 25 s; <what happened next>`: the first half of every stall item. */
export function describeStall(end: StallEnd, next: string): string {
  return `No data for ${formatSilence(end.silentForMs)}; ${next}`;
}
