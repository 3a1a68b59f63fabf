import { useEffect } from 'react';
import { useStore } from 'zustand';
import { Button } from '../components/ui/button';
import type { LogTab } from '../features/logs/stores/log-tab-controller';
import {
  readRangeParam,
  writeRangeParam,
  type TimeRange,
} from '../entities/session-events/model/timeline-filter';
import { updateFilter } from '../entities/session-events/stores/timeline-actions';
import type { Timeline } from '../entities/session-events/stores/timeline-controller';
import { updateAllFilter } from '../features/all/stores/all-actions';
import type { AllView } from '../features/all/stores/all-view';
import { formatTimestamp } from '../lib/time-format';

/** The range in whole milliseconds, as the log and All views take it. */
function inMs(range: TimeRange | null): { fromMs: number; toMs: number } | null {
  return range && { fromMs: range.fromUs / 1000, toMs: range.toUs / 1000 };
}

/**
 * The session's time range (chosen on the overview, or from a page) lives in the timeline's filter
 * and its URL; this applies it to every open log stream and to the All view.
 */
export function useSessionRange(
  timeline: Timeline | undefined,
  tabs: readonly LogTab[],
  all: AllView,
  params: URLSearchParams,
  onParamsChange: (params: URLSearchParams) => void,
): void {
  const range = useStore(timeline?.store ?? NO_STORE, (state) => state?.filter.range ?? null);
  // the URL follows whichever view is shown (the timeline's own sync runs only while it is)
  useEffect(() => {
    if (!timeline) return;
    if (sameMs(readRangeParam(params), range)) return;
    const next = new URLSearchParams(params);
    writeRangeParam(next, range);
    onParamsChange(next);
  }, [timeline, range, params, onParamsChange]);
  useEffect(() => {
    const ms = inMs(range);
    for (const tab of tabs) {
      const current = tab.store.getState().range;
      if (current?.fromMs === ms?.fromMs && current?.toMs === ms?.toMs) continue;
      tab.store.setState({ range: ms });
      tab.refreshQueries();
    }
    const current = all.store.getState().filter.range;
    if (current?.fromMs !== ms?.fromMs || current?.toMs !== ms?.toMs)
      updateAllFilter(all, { range: ms });
  }, [range, tabs, all]);
}

/** The same span to the millisecond (as the URL keeps it), or both none. */
function sameMs(a: TimeRange | null, b: TimeRange | null): boolean {
  if (!a || !b) return a === b;
  const ms = (us: number): number => Math.floor(us / 1000);
  return ms(a.fromUs) === ms(b.fromUs) && ms(a.toUs) === ms(b.toUs);
}

/** A store that never changes, for when there is no timeline yet. */
const NO_STORE = {
  getState: () => null,
  getInitialState: () => null,
  setState: () => undefined,
  subscribe: () => () => undefined,
};

function clock(us: number): string {
  return formatTimestamp(us / 1000, 'local', 0);
}

function span(range: TimeRange): string {
  const seconds = (range.toUs - range.fromUs) / 1e6;
  return seconds < 120 ? `${seconds.toFixed(1)} s` : `${(seconds / 60).toFixed(1)} min`;
}

/** Says that every view shows one time range only, and takes it away. */
export function TimeRangeChip({ timeline }: { timeline: Timeline }) {
  const range = useStore(timeline.store, (state) => state.filter.range);
  if (!range) return null;
  return (
    <div
      role="status"
      className="flex shrink-0 flex-wrap items-center gap-2 border-b border-accent/40 bg-panel-2 px-3 py-1 text-xs"
    >
      <span>
        Every view shows <strong className="tabular-nums">{clock(range.fromUs)}</strong> to{' '}
        <strong className="tabular-nums">{clock(range.toUs)}</strong> only ({span(range)})
      </span>
      {/* named by its words alone, the ones a speech-input user says */}
      <Button size="sm" variant="ghost" onClick={() => updateFilter(timeline, { range: null })}>
        <span aria-hidden="true">✕</span> Show all times
      </Button>
    </div>
  );
}
