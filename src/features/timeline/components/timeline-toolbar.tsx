import { useStore } from 'zustand';
import { useGlanceVersion } from '../../../components/ui/use-glance-version';
import { NarrowFold } from '../../../components/ui/narrow-fold';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { StreamFailure } from '../../../components/ui/stream-failure';
import { StreamStatusBadge } from '../../../components/ui/stream-status-badge';
import { cn } from '../../../lib/cn';
import {
  countOf,
  ERRORS_ARE,
  formatCount,
  rangeScope,
} from '../../../entities/session-events/model/count-words';
import {
  togglePause,
  updateFilter,
} from '../../../entities/session-events/stores/timeline-actions';
import {
  isHistoryTimeline,
  isLiveTimeline,
  type Timeline,
} from '../../../entities/session-events/stores/timeline-controller';
import { HistoryStatus } from './history-status';
import { CategoryChips } from './category-chips';
import { LevelChips } from './level-chips';
import { TimelineCounts } from './timeline-counts';
import { TimelineExport } from './timeline-export';
import { TypePicker } from './type-picker';

export const TIMELINE_SEARCH_ID = 'timeline-search';

/** "Errors only (N)": N, the errors of the time range (of the session without one). */
function ErrorsOnlyButton({ timeline, on }: { timeline: Timeline; on: boolean }) {
  useGlanceVersion(timeline.store);
  const count = timeline.buffer.rangeCounts.errors;
  const ranged = useStore(timeline.store, (state) => state.filter.range !== null);
  const session = timeline.buffer.sessionCounts.errors;
  return (
    <button
      type="button"
      aria-pressed={on}
      title={`${on ? 'Show every event again' : 'Show only the errors'}: ${countOf(count, 'error')}${rangeScope(ranged, session)} (${ERRORS_ARE})`}
      onClick={() => updateFilter(timeline, { errorsOnly: !on })}
      className={cn(
        'h-8 rounded-md border px-2 text-xs font-medium',
        on ? 'border-danger bg-danger-bg text-danger' : 'border-border bg-panel-2 text-fg',
      )}
    >
      Errors only ({formatCount(count)})
    </button>
  );
}

/** Stream status, search, filters, pause, start point and export of a timeline. */
export function TimelineToolbar({ timeline }: { timeline: Timeline }) {
  const status = useStore(timeline.store, (state) => state.status);
  const filter = useStore(timeline.store, (state) => state.filter);
  const paused = useStore(timeline.store, (state) => state.pausedAt !== null);
  const startMode = useStore(timeline.store, (state) => state.startMode);
  const live = isLiveTimeline(timeline) ? timeline : null;
  const hiddenKinds = filter.hiddenCategories.length + filter.hiddenLevels.length;
  const name = timeline.origin.kind === 'file' ? timeline.origin.name : timeline.origin.sessionId;
  return (
    <div className="flex shrink-0 flex-col gap-2 border-b border-border bg-panel px-3 py-2">
      <div className="flex flex-wrap items-center gap-2">
        {live ? (
          <StreamStatusBadge status={status} onReconnect={() => live.reconnectNow()} />
        ) : isHistoryTimeline(timeline) ? (
          <HistoryStatus timeline={timeline} />
        ) : (
          <Badge tone="neutral">file</Badge>
        )}
        <label className="sr-only" htmlFor={TIMELINE_SEARCH_ID}>
          Search events
        </label>
        <Input
          id={TIMELINE_SEARCH_ID}
          type="search"
          placeholder="Search summaries, URLs, texts  ( / )"
          value={filter.text}
          onChange={(event) => updateFilter(timeline, { text: event.target.value })}
          className="h-8 w-64 max-w-full text-xs"
        />
        <ErrorsOnlyButton timeline={timeline} on={filter.errorsOnly} />
        <TypePicker timeline={timeline} />
        {live && (
          <Button size="sm" onClick={() => togglePause(timeline)} aria-pressed={paused}>
            {paused ? 'Resume' : 'Pause'}
          </Button>
        )}
        {/* on a narrow screen, what is used less folds behind one button */}
        <NarrowFold label="More">
          {live && (
            <label className="flex items-center gap-1 text-xs text-muted">
              Start
              <select
                value={startMode}
                onChange={(event) => live.restartFrom(event.target.value === 'now' ? 'now' : 'all')}
                className="h-8 rounded-md border border-border bg-panel px-1 text-xs text-fg"
              >
                <option value="all">from the oldest retained event</option>
                <option value="now">from now</option>
              </select>
            </label>
          )}
          <TimelineExport timeline={timeline} name={name} />
        </NarrowFold>
        <TimelineCounts timeline={timeline} />
      </div>
      {live && <StreamFailure status={status} />}
      <div className="flex flex-wrap items-center gap-2">
        <NarrowFold
          label="Categories and levels"
          note={hiddenKinds > 0 ? `${hiddenKinds} hidden` : undefined}
        >
          <CategoryChips timeline={timeline} />
          <LevelChips timeline={timeline} />
        </NarrowFold>
      </div>
    </div>
  );
}
