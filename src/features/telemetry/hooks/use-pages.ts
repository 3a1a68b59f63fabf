import { useEffect, useRef, useState } from 'react';
import { computePages, type PageVisit } from '../model/pages';
import type { Timeline } from '../stores/timeline-controller';
import { useStore } from 'zustand';

/** Minimum time between two recomputations of the page visits of a live timeline. */
export const PAGES_REFRESH_MS = 500;

/**
 * The page visits of a timeline, recomputed when it changes but at most every `refreshMs` (one
 * pass over the retained items each time).
 */
export function usePages(timeline: Timeline, refreshMs = PAGES_REFRESH_MS): PageVisit[] {
  const version = useStore(timeline.store, (state) => state.version);
  const [pages, setPages] = useState(() => computePages(timeline.buffer));
  const shown = useRef({ timeline, version });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastRun = useRef(Number.NEGATIVE_INFINITY);
  const latest = useRef(timeline);

  useEffect(() => {
    latest.current = timeline;
    if (shown.current.timeline === timeline && shown.current.version === version) return;
    if (timer.current !== undefined) return;
    const wait = Math.max(0, refreshMs - (performance.now() - lastRun.current));
    timer.current = setTimeout(() => {
      timer.current = undefined;
      lastRun.current = performance.now();
      shown.current = { timeline: latest.current, version };
      setPages(computePages(latest.current.buffer));
    }, wait);
  }, [timeline, version, refreshMs]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return pages;
}
