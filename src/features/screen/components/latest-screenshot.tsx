import { useStore } from 'zustand';
import type { EventItem } from '../../../entities/session-events/model/types';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';
import { formatTimestamp } from '../../../lib/time-format';

/** The newest retained screenshot of a timeline that still has its image, if any. */
export function newestScreenshot(timeline: Timeline): EventItem | undefined {
  const { buffer } = timeline;
  for (let position = buffer.screenshots.length - 1; position >= 0; position -= 1) {
    const item = buffer.item(buffer.screenshots.at(position) ?? -1);
    if (item?.kind === 'event' && item.screenshot?.url) return item;
  }
  return undefined;
}

/**
 * The session's screen as its newest screenshot shows it, updating as screenshots arrive (the
 * browser monitor's, and those taken with Screenshot now), with the moment it shows.
 */
export function LatestScreenshot({ timeline, note }: { timeline: Timeline; note: string }) {
  // read again whenever the timeline changes; a render only when the newest one did
  const item = useStore(timeline.store, () => newestScreenshot(timeline));
  if (!item?.screenshot?.url)
    return (
      <p className="p-3 text-sm text-muted">{note} No screenshot of this session is held yet.</p>
    );
  const at = formatTimestamp(item.tsUs / 1000, 'local', 0);
  return (
    <figure className="space-y-1">
      <img
        src={item.screenshot.url}
        alt={`The session’s screen at ${at}`}
        className="w-full border border-border bg-black object-contain"
      />
      <figcaption className="px-1 text-xs text-muted">
        {note} Screenshot of {at}
        {item.event.source.event === 'computer_screenshot' ? ' (taken from this page)' : ''}.
      </figcaption>
    </figure>
  );
}
