/**
 * Where the event details meet the other views: the details (features/timeline) show, for each
 * event, its type's own view from the view that owns it, and what else happened at its moment.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { EventItem } from '../../entities/session-events/model/types';
import type { Timeline } from '../../entities/session-events/stores/timeline-controller';
import { ConsoleStack } from '../../features/errors/components/console-stack';
import { NetworkDetail } from '../../features/network/components/network-detail';
import { LcpDetail } from '../../features/pages/components/lcp-detail';
import { MomentScreenshots } from '../../features/screenshots/components/moment-screenshots';
import { ScreenshotView } from '../../features/screenshots/components/screenshot-view';
import {
  DetailPartsContext,
  type DetailParts as Parts,
} from '../../features/timeline/components/event-detail';

/**
 * What else happened at an event's moment, from outside the timeline (the session's log lines):
 * given by the session's workspace, shown in every event's details.
 */
export const MomentContext = createContext<((tsUs: number) => ReactNode) | null>(null);

function typeView(item: EventItem, timeline: Timeline): ReactNode {
  const originUs = timeline.buffer.originUs;
  if (item.type === 'page_lcp') return <LcpDetail item={item} timeline={timeline} />;
  if (item.event.category === 'console') return <ConsoleStack item={item} />;
  if (item.event.type === 'monitor_screenshot')
    return <ScreenshotView item={item} originUs={originUs} />;
  const exchange =
    item.event.category === 'network' ? timeline.buffer.network.exchangeOf(item) : null;
  if (exchange) return <NetworkDetail exchange={exchange} originUs={originUs} />;
  return null;
}

/** Gives the event details inside it their parts from the other views. */
export function DetailParts({ children }: { children: ReactNode }) {
  const logLines = useContext(MomentContext);
  const parts = useMemo<Parts>(
    () => ({
      typeView,
      moment: (item, timeline, onShowInTimeline) => (
        <>
          {item.type !== 'monitor_screenshot' && (
            <MomentScreenshots
              // a screenshot opened for one event is not kept open for the next
              key={item.index}
              timeline={timeline}
              item={item}
              onShowInTimeline={onShowInTimeline}
            />
          )}
          {logLines?.(item.tsUs)}
        </>
      ),
    }),
    [logLines],
  );
  return <DetailPartsContext value={parts}>{children}</DetailPartsContext>;
}
