import { useGlanceVersion } from '../../../components/ui/use-glance-version';
import { TEST_IDS } from '../../../config/test-ids';
import { countOf as plural, formatCount } from '../../../entities/session-events/model/count-words';
import { setTimelineCapacity } from '../../../entities/session-events/stores/timeline-registry';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';

const CHOICES = [10_000, 100_000, 250_000, 500_000, 1_000_000];

/**
 * What the timeline holds and what it lost: retained (in the time range, of the session's, when
 * one is chosen), shown, listed late, evicted, missed, duplicates.
 */
export function TimelineCounts({ timeline }: { timeline: Timeline }) {
  useGlanceVersion(timeline.store);
  const { buffer } = timeline;
  const events = buffer.sessionCounts.events;
  const inRange = buffer.range === null ? null : buffer.rangeCounts.events;
  const late = buffer.lateCount;
  const duplicates = timeline.duplicates();
  // older than the server's ring is not a loss: only what the stream skipped since is one
  const lost = buffer.missed - buffer.olderMissed;
  return (
    <div
      data-testid={TEST_IDS.timelineCounts}
      data-retained={events}
      data-received={events + buffer.evictedEvents}
      data-missed={buffer.missed}
      data-lost={buffer.missed - buffer.olderMissed}
      className="ml-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted"
    >
      <span>
        {inRange === null
          ? plural(events, 'event')
          : `${plural(inRange, 'event')} in the time range (of ${formatCount(events)} in the session)`}
        {buffer.viewCount !== buffer.size && ` · ${formatCount(buffer.viewCount)} shown`}
      </span>
      {late > 0 && (
        <span title="Listed where they arrived, after events of a later time: the list is in the order events arrived, and a screenshot, stamped when its capture began, arrives after the events of its capture. Each says how much earlier it is.">
          {formatCount(late)} listed late
        </span>
      )}
      {buffer.evicted > 0 && (
        <span className="text-warn" title="Oldest items removed to stay under the cap">
          {buffer.evicted.toLocaleString('en-US')} evicted
        </span>
      )}
      {lost > 0 && (
        <span
          className="text-warn"
          title="Events the stream skipped while this page read it (see the gap items)"
        >
          {lost.toLocaleString('en-US')} missed
        </span>
      )}
      {buffer.olderMissed > 0 && (
        <span title="Events from before the oldest one the stream still held when it was opened: not a loss; the gap item can load them from the session’s history">
          {plural(buffer.olderMissed, 'older event')} not held by the stream
        </span>
      )}
      {duplicates > 0 && <span>{plural(duplicates, 'duplicate')} dropped</span>}
      {timeline.origin.kind === 'live' && (
        <label className="flex items-center gap-1">
          Keep
          <select
            value={buffer.capacity}
            onChange={(event) => setTimelineCapacity(Number(event.target.value))}
            className="h-7 rounded border border-border bg-panel px-1 text-xs text-fg"
          >
            {[...new Set([...CHOICES, buffer.capacity])]
              .sort((a, b) => a - b)
              .map((choice) => (
                <option key={choice} value={choice}>
                  {choice.toLocaleString('en-US')}
                </option>
              ))}
          </select>
          items
        </label>
      )}
    </div>
  );
}
