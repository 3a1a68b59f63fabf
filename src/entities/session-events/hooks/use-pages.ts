import { useEffect, useRef, useState } from 'react';
import { computePages, type PageVisit } from '../model/pages';
import { computeNetworkRows, type NetworkRow } from '../model/network-table';
import type { Timeline } from '../stores/timeline-controller';
import { useStore } from 'zustand';

/** Minimum time between two recomputations of what is derived from a live timeline. */
export const PAGES_REFRESH_MS = 500;

/**
 * A recomputation waits at least this many times as long as the last one took, so a pass over a
 * full timeline (100,000 events: tens of milliseconds while a stream pours in) takes at most a
 * twentieth of the page's thread, however often the timeline changes.
 */
export const DERIVED_DUTY_FACTOR = 20;

/** When the next recomputation may run: `refreshMs` after the last, and a pass's cost spaced out. */
export function nextDerivedRun(lastStart: number, lastCost: number, refreshMs: number): number {
  return lastStart + Math.max(refreshMs, lastCost * DERIVED_DUTY_FACTOR);
}

/**
 * Something worked out from a timeline's retained items (one pass over them), recomputed when the
 * timeline changes but at most every `refreshMs`, and no sooner than DERIVED_DUTY_FACTOR times the
 * last pass's cost after it: a fast stream costs a pass per interval, and a pass that grows
 * costly is run less often rather than taking more of the thread.
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
  const lastRun = useRef({ start: Number.NEGATIVE_INFINITY, cost: 0 });
  const latest = useRef({ timeline, compute });

  useEffect(() => {
    latest.current = { timeline, compute };
    if (shown.current.timeline === timeline && shown.current.version === version) return;
    if (timer.current !== undefined) return;
    const { start, cost } = lastRun.current;
    const wait = Math.max(0, nextDerivedRun(start, cost, refreshMs) - performance.now());
    timer.current = setTimeout(() => {
      timer.current = undefined;
      const began = performance.now();
      shown.current = { timeline: latest.current.timeline, version };
      const next = latest.current.compute(latest.current.timeline);
      lastRun.current = { start: began, cost: performance.now() - began };
      setValue(next);
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
