import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { wholePass, type DerivedPass } from '../model/derived-pass';
import { slicedPages, type PageVisit } from '../model/pages';
import { computeNetworkRows, type NetworkRow, type NetworkRowCache } from '../model/network-table';
import type { Timeline } from '../stores/timeline-controller';
import { glancesOf } from '../../../lib/follow-pace';

/** Minimum time between two recomputations of what is derived from a live timeline. */
export const PAGES_REFRESH_MS = 500;

/**
 * A recomputation waits at least this many times as long as the last one took, so a pass over a
 * full timeline (100,000 events: tens of milliseconds while a stream pours in) takes at most a
 * twentieth of the page's thread, however often the timeline changes.
 */
export const DERIVED_DUTY_FACTOR = 20;

/** The longest a slice of a pass runs before the page's thread is given back (a task, a frame). */
export const DERIVED_SLICE_MS = 8;

/** When the next recomputation may run: `refreshMs` after the last, and a pass's cost spaced out. */
export function nextDerivedRun(lastStart: number, lastCost: number, refreshMs: number): number {
  return lastStart + Math.max(refreshMs, lastCost * DERIVED_DUTY_FACTOR);
}

/**
 * Something worked out from a timeline's retained items (one pass over them, derived-pass.ts),
 * recomputed when the timeline changes but at most every `refreshMs`, and no sooner than
 * DERIVED_DUTY_FACTOR times the last pass's cost after it: a fast stream costs a pass per
 * interval, and a pass that grows costly is run less often rather than taking more of the
 * thread. A pass runs in slices of DERIVED_SLICE_MS, each a task of its own, so that it is never
 * one long task; the first, when the view opens, runs whole.
 */
export function useTimelineDerived<T>(
  timeline: Timeline,
  start: (timeline: Timeline) => DerivedPass<T>,
  refreshMs = PAGES_REFRESH_MS,
): T {
  // a pass runs every `refreshMs` at most: the timeline's glances are enough to know one is due
  const glances = glancesOf(timeline.store);
  const version = useSyncExternalStore(glances.subscribe, glances.get);
  const [value, setValue] = useState(() => {
    const pass = start(timeline);
    while (!pass.step(Number.POSITIVE_INFINITY));
    return pass.result();
  });
  const shown = useRef({ timeline, version });
  /** The wait before a pass, or its next slice; undefined when neither is due. */
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastRun = useRef({ start: Number.NEGATIVE_INFINITY, cost: 0 });
  const latest = useRef({ timeline, version, start });
  const schedule = useRef<() => void>(() => undefined);

  useEffect(() => {
    latest.current = { timeline, version, start };
    schedule.current = () => {
      const wanted = latest.current;
      if (shown.current.timeline === wanted.timeline && shown.current.version === wanted.version)
        return;
      if (timer.current !== undefined) return;
      const { start: lastStart, cost } = lastRun.current;
      const wait = Math.max(0, nextDerivedRun(lastStart, cost, refreshMs) - performance.now());
      timer.current = setTimeout(() => {
        const began = performance.now();
        const { timeline: of, version: at, start: begin } = latest.current;
        const pass = begin(of);
        let spent = 0;
        const slice = (): void => {
          const sliceStart = performance.now();
          const done = pass.step(sliceStart + DERIVED_SLICE_MS);
          spent += performance.now() - sliceStart;
          if (!done) {
            timer.current = setTimeout(slice, 0);
            return;
          }
          timer.current = undefined;
          lastRun.current = { start: began, cost: spent };
          shown.current = { timeline: of, version: at };
          setValue(pass.result());
          // the timeline changed while the pass ran: its next pass is due
          schedule.current();
        };
        slice();
      }, wait);
    };
    schedule.current();
  }, [timeline, version, refreshMs, start]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return value;
}

const pagesOf = (timeline: Timeline): DerivedPass<PageVisit[]> => slicedPages(timeline.buffer);
/** The requests of a timeline, each exchange described once while it does not change. */
function requestsOf(): (timeline: Timeline) => DerivedPass<NetworkRow[]> {
  const cache: NetworkRowCache = new WeakMap();
  return (timeline) =>
    wholePass(() =>
      computeNetworkRows(
        timeline.buffer,
        (item) => timeline.buffer.network.exchangeOf(item),
        cache,
      ),
    );
}

/** The page visits of a timeline (pages.ts), kept current at most every `refreshMs`. */
export function usePages(timeline: Timeline, refreshMs = PAGES_REFRESH_MS): PageVisit[] {
  return useTimelineDerived(timeline, pagesOf, refreshMs);
}

/** The requests of a timeline (network-table.ts), kept current at most every `refreshMs`. */
export function useNetworkRows(timeline: Timeline, refreshMs = PAGES_REFRESH_MS): NetworkRow[] {
  // the rows' cache lives as long as the view that shows them
  const [start] = useState(requestsOf);
  return useTimelineDerived(timeline, start, refreshMs);
}
