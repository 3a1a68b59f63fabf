import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import type { Timeline } from '../entities/session-events/stores/timeline-controller';

/** A store that never changes, for when there is no timeline yet. */
const NO_STORE = {
  getState: () => null,
  getInitialState: () => null,
  setState: () => undefined,
  subscribe: () => () => undefined,
};

/** The epoch of the newest item: it goes up each time the session's event process restarted. */
function newestEpoch(timeline: Timeline | undefined): number {
  if (!timeline) return 0;
  return timeline.buffer.item(timeline.buffer.next - 1)?.epoch ?? 0;
}

/**
 * Reads the session's record again each time its event process restarted (seq went back): a
 * session (or a server) that restarted may have a new record, whose creation time the header and
 * the relative times show.
 */
export function useRecordAfterRestart(timeline: Timeline | undefined, refetch: () => void): void {
  const epoch = useStore(timeline?.store ?? NO_STORE, () => newestEpoch(timeline));
  const seen = useRef(epoch);
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  }, [refetch]);
  useEffect(() => {
    if (epoch <= seen.current) return;
    seen.current = epoch;
    latest.current();
  }, [epoch]);
}
