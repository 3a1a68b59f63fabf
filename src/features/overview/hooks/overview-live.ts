import { useEffect, useRef, useState } from 'react';
import {
  computeOverview,
  type Overview,
  type OverviewExtraLane,
} from '../../../entities/session-events/model/overview';
import type { TimelineSource } from '../../../entities/session-events/model/types';

/** Minimum time between two recomputations of a live overview (at most ~4 per second). */
export const OVERVIEW_REFRESH_MS = 250;

interface Inputs {
  source: TimelineSource;
  version: number;
  bins: number;
  extra: readonly OverviewExtraLane[];
}

const NO_EXTRA: readonly OverviewExtraLane[] = [];

/**
 * The overview of `source`, recomputed when `version` or `bins` changes, but at most once per
 * `OVERVIEW_REFRESH_MS`: changes arriving meanwhile are folded into one trailing recomputation,
 * so a stream of thousands of events per second costs four passes a second.
 */
export function useLiveOverview(
  source: TimelineSource,
  version: number,
  bins: number,
  extra: readonly OverviewExtraLane[] = NO_EXTRA,
): Overview {
  const [overview, setOverview] = useState(() => computeOverview(source, bins, extra));
  // what `overview` reflects, or will once the pending timer has run
  const shown = useRef<Inputs>({ source, version, bins, extra });
  const latest = useRef<Inputs>({ source, version, bins, extra });
  const lastRun = useRef(Number.NEGATIVE_INFINITY);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    latest.current = { source, version, bins, extra };
    const done = shown.current;
    if (
      done.source === source &&
      done.version === version &&
      done.bins === bins &&
      done.extra === extra
    )
      return;
    if (timer.current !== undefined) return;
    const wait = Math.max(0, OVERVIEW_REFRESH_MS - (performance.now() - lastRun.current));
    timer.current = setTimeout(() => {
      timer.current = undefined;
      lastRun.current = performance.now();
      const inputs = latest.current;
      shown.current = inputs;
      setOverview(computeOverview(inputs.source, inputs.bins, inputs.extra));
    }, wait);
  }, [source, version, bins, extra]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    },
    [],
  );
  return overview;
}
