import { useEffect } from 'react';
import { UntrustedText } from '../components/ui/untrusted-text';
import { Button } from '../components/ui/button';
import type { LogLine } from '../features/logs/stores/log-buffer';
import type { LogTab } from '../features/logs/stores/log-tab-controller';
import { useLogTabsRegistry, useSessionLogs } from '../features/logs/stores/log-tabs-registry';
import { DetailFrame, TimelineItemDetail } from '../features/timeline/components/event-detail';
import type { TimelineItem } from '../entities/session-events/model/types';
import { showItem } from '../entities/session-events/stores/timeline-actions';
import type { Timeline } from '../entities/session-events/stores/timeline-controller';
import { AllPanel } from '../features/all/components/all-panel';
import { rowItem, type AllRow } from '../features/all/model/merged-feed';
import type { AllView } from '../features/all/stores/all-view';
import { logSource, telemetrySource } from './all-sources';
import { DetailParts } from './events-panel/detail-parts';
import { showLogLine } from './show-log-line';

function iso(ms: number): string {
  return Number.isFinite(ms) ? new Date(ms).toISOString() : 'unknown';
}

function LineDetail({
  row,
  line,
  tab,
  onShow,
}: {
  row: AllRow;
  /** Undefined once its stream no longer keeps it (cleared, or past its capacity). */
  line: LogLine | undefined;
  tab: LogTab | undefined;
  onShow: () => void;
}) {
  return (
    <div className="space-y-3 text-sm">
      <p>
        Line {(row.index + 1).toLocaleString('en-US')} of <strong>{row.source.label}</strong>
        {tab ? '' : ' (its stream has been closed)'}
        {line ? '' : '; its stream no longer keeps it'}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted">Shown at</dt>
        <dd className="tabular-nums">{iso(row.timeMs)}</dd>
        {line && (
          <>
            <dt className="text-muted">Stated in the line</dt>
            <dd className="tabular-nums">
              {Number.isNaN(line.statedMs)
                ? 'no time'
                : line.inherited === 'previous'
                  ? 'no time of its own (the last one stated before it)'
                  : line.inherited === 'next'
                    ? "no time of its own, none before it (estimated from the next line's time)"
                    : `yes${line.zoneless ? ', without a zone' : ''}`}
            </dd>
            <dt className="text-muted">Read by the server</dt>
            <dd className="tabular-nums">{iso(line.timeMs)}</dd>
          </>
        )}
      </dl>
      <pre className="max-h-96 overflow-auto rounded bg-panel-2 p-2 font-mono text-xs break-all whitespace-pre-wrap">
        <UntrustedText text={line?.plain ?? row.text} />
      </pre>
      {tab && line && (
        <Button size="sm" onClick={onShow}>
          Show in its stream
        </Button>
      )}
    </div>
  );
}

export interface AllSessionViewProps {
  sessionId: string;
  timeline: Timeline;
  view: AllView;
  /** Switches the session to its timeline or logs view (to show a row in its own place). */
  onShowIn: (view: 'timeline' | 'logs') => void;
}

/** The session's All view: its timeline and every open log stream, read into one list. */
export function AllSessionView({ sessionId, timeline, view, onShowIn }: AllSessionViewProps) {
  const logs = useSessionLogs(sessionId);
  const capacity = useLogTabsRegistry((state) => state.capacity);
  useEffect(() => {
    const sources = [telemetrySource(timeline), ...logs.tabs.map(logSource)];
    const build = (): void =>
      view.setSources(sources, timeline.buffer.capacity + logs.tabs.length * capacity);
    build();
    const unsubscribe = [
      timeline.store.subscribe((state, previous) => {
        if (state.version !== previous.version) view.notify();
      }),
      ...logs.tabs.map((tab) =>
        tab.store.subscribe((state, previous) => {
          // another choice of time moves every line of the stream: the list is built again
          if (state.timeSource !== previous.timeSource) build();
          else if (state.version !== previous.version) view.notify();
        }),
      ),
    ];
    return () => {
      for (const stop of unsubscribe) stop();
    };
  }, [view, timeline, logs.tabs, capacity]);

  // an item of the timeline (the row, or a screenshot its details show) in its place there
  const showInTimeline = (index: number): void => {
    showItem(timeline, index);
    onShowIn('timeline');
  };

  const renderDetail = (row: AllRow, close: () => void) => {
    if (row.source.kind === 'telemetry') {
      const item = rowItem(row) as TimelineItem;
      return (
        <DetailFrame onClose={close}>
          <Button size="sm" onClick={() => showInTimeline(item.index)}>
            Show in the timeline
          </Button>
          <DetailParts>
            <TimelineItemDetail timeline={timeline} item={item} onShowInTimeline={showInTimeline} />
          </DetailParts>
        </DetailFrame>
      );
    }
    const tab = logs.tabs.find((candidate) => candidate.id === row.source.id);
    // read from its stream: a log row does not keep its line (see AllRow.item)
    const line = rowItem(row) as LogLine | undefined;
    return (
      <DetailFrame onClose={close}>
        <LineDetail
          row={row}
          line={line}
          tab={tab}
          onShow={() => {
            if (!tab) return;
            showLogLine(sessionId, tab, row.index);
            onShowIn('logs');
          }}
        />
      </DetailFrame>
    );
  };

  return (
    <>
      {logs.tabs.length === 0 && (
        <p className="shrink-0 border-b border-border bg-panel-2 px-3 py-1.5 text-xs text-muted">
          Only telemetry so far: open a log stream under Logs and its lines join this list, each at
          the time it states.
        </p>
      )}
      <AllPanel view={view} renderDetail={renderDetail} />
    </>
  );
}
