import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { Button } from '../../../components/ui/button';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { TEST_IDS } from '../../../config/test-ids';
import { formatTimestamp } from '../../../lib/time-format';
import { describeFill } from '../../../entities/session-events/model/gap-fill';
import { describeGap } from '../../../entities/session-events/model/sequencer';
import type { EventItem, TimelineItem } from '../../../entities/session-events/model/types';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';
import {
  describeOffset,
  itemsAround,
} from '../../../entities/session-events/model/nearest-screenshots';
import { showItem } from '../../../entities/session-events/stores/timeline-actions';
import { EventFields } from './event-fields';

export interface EventDetailProps {
  timeline: Timeline;
  onClose: () => void;
}

function NoticeDetail({ item }: { item: Exclude<TimelineItem, EventItem> }) {
  const time = formatTimestamp(item.tsUs / 1000, 'local', 0);
  if (item.kind === 'gap') {
    const gap = describeGap(item);
    return (
      <div className="space-y-2 text-sm">
        <h3 className="font-semibold text-warn">{gap.title}</h3>
        <p>
          These events were {gap.reason}. They cannot be recovered from this stream; the session’s
          telemetry history can have them.
        </p>
        {describeFill(item) && <p>{describeFill(item)}.</p>}
        <p className="text-xs text-muted">Noticed at {time}</p>
      </div>
    );
  }
  if (item.kind === 'unreadable') {
    return (
      <div className="space-y-2 text-sm">
        <h3 className="font-semibold text-danger">Unreadable event</h3>
        <p>
          <UntrustedText text={item.reason} />
        </p>
        <p className="text-xs text-muted">Received at {time}. The frame as received:</p>
        <pre className="max-h-96 overflow-auto rounded bg-panel-2 p-2 text-xs break-all whitespace-pre-wrap">
          <UntrustedText text={item.raw} />
        </pre>
      </div>
    );
  }
  return (
    <div className="space-y-2 text-sm">
      <p>
        <UntrustedText text={item.text} />
      </p>
      <p className="text-xs text-muted">At {time}</p>
    </div>
  );
}

/** The selected item, in full: every field, the type's own view (stack, exchange, image), raw JSON. */
export function EventDetail({ timeline, onClose }: EventDetailProps) {
  const selected = useStore(timeline.store, (state) => state.selected);
  useStore(timeline.store, (state) => state.version);
  const item = selected === null ? undefined : timeline.buffer.item(selected);
  return (
    <DetailFrame onClose={onClose}>
      {!item ? (
        <p className="text-sm text-muted">
          {selected === null
            ? 'Select an event to see it in full.'
            : 'This event has been evicted to stay under the cap.'}
        </p>
      ) : (
        <TimelineItemDetail timeline={timeline} item={item} />
      )}
    </DetailFrame>
  );
}

/** The details pane's frame: its heading, the close button, and the scrolling body. */
export function DetailFrame({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <section
      aria-label="Event details"
      data-testid={TEST_IDS.eventDetail}
      className="flex min-h-0 flex-col border-border bg-panel"
    >
      <div className="flex shrink-0 items-center justify-between gap-2 border-b border-border px-3 py-1.5">
        <h2 className="text-sm font-semibold">Details</h2>
        <Button size="sm" variant="ghost" onClick={onClose} aria-label="Close details (Esc)">
          ✕
        </Button>
      </div>
      <div className="min-h-0 flex-1 space-y-4 overflow-auto p-3">{children}</div>
    </section>
  );
}

/**
 * What the details show that other views own, given by the app (src/app/events-panel/detail-parts.tsx),
 * since a view never imports another: the type's own view beside the fields (a console error's stack
 * trace, a request's exchange, a screenshot's image, a paint's page), and what else happened at the
 * item's moment (the screenshots near it, the session's log lines).
 */
export interface DetailParts {
  typeView?: (item: EventItem, timeline: Timeline) => ReactNode;
  moment?: (
    item: EventItem,
    timeline: Timeline,
    onShowInTimeline: (index: number) => void,
  ) => ReactNode;
}

export const DetailPartsContext = createContext<DetailParts>({});

/** The console errors logged within a few seconds of an event, nearest first, one click from each. */
function MomentErrorsView({ timeline, item }: { timeline: Timeline; item: EventItem }) {
  const { buffer } = timeline;
  const errors = itemsAround(buffer.consoleErrors, (index) => buffer.item(index), item);
  if (errors.length === 0) return null;
  return (
    <section aria-label="Console errors at this moment" className="space-y-1">
      <h3 className="text-xs font-semibold text-muted uppercase">
        Console errors at this moment (within 3 s)
      </h3>
      <ul className="space-y-0.5">
        {errors.map((error) => (
          <li key={error.index} className="flex min-w-0 items-baseline gap-2 text-xs">
            <button
              type="button"
              onClick={() => showItem(timeline, error.index)}
              className="min-w-0 truncate text-left text-danger hover:underline"
            >
              <UntrustedText text={error.summary} />
            </button>
            <span className="shrink-0 text-muted">{describeOffset(item.tsUs, error.tsUs)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface TimelineItemDetailProps {
  timeline: Timeline;
  item: TimelineItem;
  /** Shows an item in its place in the timeline; by default selects it there (the timeline's own view). */
  onShowInTimeline?: (index: number) => void;
}

/** One item of a timeline in full, wherever it is shown (the timeline, the All view). */
export function TimelineItemDetail({ timeline, item, onShowInTimeline }: TimelineItemDetailProps) {
  const parts = useContext(DetailPartsContext);
  if (item.kind !== 'event') return <NoticeDetail item={item} />;
  return (
    <>
      <EventFields item={item} originUs={timeline.buffer.originUs}>
        {parts.typeView?.(item, timeline)}
      </EventFields>
      {item.type !== 'console_error' && <MomentErrorsView timeline={timeline} item={item} />}
      {parts.moment?.(item, timeline, onShowInTimeline ?? ((index) => showItem(timeline, index)))}
    </>
  );
}
