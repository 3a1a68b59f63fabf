import { useEffect, useRef, useState } from 'react';
import { computePages, type PageVisit } from '../model/pages';
import { computeNetworkRows, type NetworkRow } from '../model/network-table';
import type { Timeline } from '../stores/timeline-controller';
import { useStore } from 'zustand';

/** Minimum time between two recomputations of what is derived from a live timeline. */
export const PAGES_REFRESH_MS = 500;

/**
 * Something worked out from a timeline's retained items (one pass over them), recomputed when the
 * timeline changes but at most every `refreshMs`, so a fast stream costs a pass per interval.
 */
export function useTimelineDerived<T>(
  timeline: Timeline,
  compute: (timeline: Timeline) => T,
  refreshMs = PAGES_REFRESH_MS,
): T {
  const version = useStore(timeline.store, (state) => state.version);
  const [value, setValue] = useState(() => compute(timeline));
  const shown = useRef({ timeline, version });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastRun = useRef(Number.NEGATIVE_INFINITY);
  const latest = useRef({ timeline, compute });

  useEffect(() => {
    latest.current = { timeline, compute };
    if (shown.current.timeline === timeline && shown.current.version === version) return;
    if (timer.current !== undefined) return;
    const wait = Math.max(0, refreshMs - (performance.now() - lastRun.current));
    timer.current = setTimeout(() => {
      timer.current = undefined;
      lastRun.current = performance.now();
      shown.current = { timeline: latest.current.timeline, version };
      setValue(latest.current.compute(latest.current.timeline));
    }, wait);
  }, [timeline, version, refreshMs, compute]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return value;
}

const pagesOf = (timeline: Timeline): PageVisit[] => computePages(timeline.buffer);
const requestsOf = (timeline: Timeline): NetworkRow[] =>
  computeNetworkRows(timeline.buffer, (item) => timeline.buffer.network.exchangeOf(item));

/** The page visits of a timeline (pages.ts), kept current at most every `refreshMs`. */
export function usePages(timeline: Timeline, refreshMs = PAGES_REFRESH_MS): PageVisit[] {
  return useTimelineDerived(timeline, pagesOf, refreshMs);
}

/** The requests of a timeline (network-table.ts), kept current at most every `refreshMs`. */
export function useNetworkRows(timeline: Timeline, refreshMs = PAGES_REFRESH_MS): NetworkRow[] {
  return useTimelineDerived(timeline, requestsOf, refreshMs);
}
