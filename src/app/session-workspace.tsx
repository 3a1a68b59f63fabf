import { useEffect, useMemo, type ReactNode } from 'react';
import { StreamFailureNoteContext, type StreamFailureNote } from '../components/ui/stream-failure';
import { useSessionLogs } from '../features/logs/stores/log-tabs-registry';
import { MomentContext } from './events-panel/detail-parts';
import { SessionTelemetry } from './events-panel/session-telemetry';
import { OverviewLanesContext } from './events-panel/telemetry-panel';
import type { OverviewExtraLane } from '../entities/session-events/model/overview';
import type { Timeline } from '../entities/session-events/stores/timeline-controller';
import { createAllView } from '../features/all/stores/all-view';
import { AllSessionView } from './all-session-view';
import { createLogLanes } from './log-lanes';
import { MomentLogLines } from './moment-log-lines';
import { SessionViewTabs, type SessionViewName } from './session-view-tabs';
import { showLogLine } from './show-log-line';
import { TimeRangeChip, useSessionRange } from './time-range';
import { usePlayheadFollow } from './use-playhead-follow';

export interface SessionWorkspaceProps {
  /** Where the session's log tabs are registered (its id, or the opened bundle's key). */
  logsKey: string;
  timeline: Timeline | undefined;
  linkedSeq: number | null;
  params: URLSearchParams;
  onParamsChange: (params: URLSearchParams) => void;
  /** The Logs view: live streams with the form to open one, or a bundle's saved streams. */
  logsPanel: ReactNode;
  /** The view strip's clipboard toggle; absent when there is no clipboard. */
  clipboard?: { open: boolean; toggle: () => void };
  /** The view strip's Screen toggle; absent when there is no Screen panel. */
  screen?: { open: boolean; toggle: () => void };
  /** Controls at the end of the view strip (Mark now, Debug bundle). */
  actions?: ReactNode;
  /** What the session view knows of a stream's 401/403/404 (see StreamFailureNote). */
  failureNote?: StreamFailureNote;
  /** Overview lanes beside the log streams' (the session's recordings). */
  otherLanes?: readonly OverviewExtraLane[];
}

/**
 * A session's views (Timeline, Logs, All) over one time axis: an event's details show the log
 * lines of its moment, the overview draws a lane per log stream, and a time range narrows every
 * view. The same for a live session, an ended one and a bundle opened from disk.
 */
export function SessionWorkspace({
  logsKey,
  timeline,
  linkedSeq,
  params,
  onParamsChange,
  logsPanel,
  clipboard,
  screen,
  actions,
  failureNote,
  otherLanes,
}: SessionWorkspaceProps) {
  const named = params.get('view');
  const view: SessionViewName = named === 'logs' || named === 'all' ? named : 'timeline';
  const setView = (next: SessionViewName): void => {
    const changed = new URLSearchParams(params);
    if (next === 'timeline') changed.delete('view');
    else changed.set('view', next);
    onParamsChange(changed);
  };
  // an event's details show the log lines of its moment, one click from their place
  const logs = useSessionLogs(logsKey);
  const moment = (tsUs: number) => (
    <MomentLogLines
      tabs={logs.tabs}
      atMs={tsUs / 1000}
      onShow={(tab, seq) => {
        showLogLine(logsKey, tab, seq);
        setView('logs');
      }}
    />
  );
  // the All view's filters and place stay while the session is open, whichever view is shown
  const allView = useMemo(() => createAllView(), []);
  useEffect(() => () => allView.stop(), [allView]);
  // the overview draws a lane per open log stream
  const logLanes = useMemo(() => createLogLanes(), []);
  useEffect(() => logLanes.setTabs(logs.tabs), [logLanes, logs.tabs]);
  useEffect(() => logLanes.setOthers(otherLanes ?? []), [logLanes, otherLanes]);
  useEffect(() => () => logLanes.stop(), [logLanes]);
  // a recording being played moves the log streams and the All view to its moment
  usePlayheadFollow(logsKey, logs.tabs, logs.activeId, allView);
  // a time range chosen on the overview or from a page narrows every view
  useSessionRange(timeline, logs.tabs, allView, params, onParamsChange);

  return (
    <MomentContext value={moment}>
      <OverviewLanesContext value={logLanes}>
        <StreamFailureNoteContext value={failureNote ?? null}>
          {/* the page's main region is around the whole session view (app.tsx) */}
          <div className="flex min-h-[85vh] min-w-0 flex-1 flex-col lg:min-h-0">
            <SessionViewTabs
              view={view}
              onChange={setView}
              timeline={timeline}
              clipboardOpen={clipboard?.open ?? false}
              onToggleClipboard={clipboard?.toggle}
              screenOpen={screen?.open ?? false}
              onToggleScreen={screen?.toggle}
              actions={actions}
            />
            {timeline && <TimeRangeChip timeline={timeline} />}
            {view === 'all' && timeline ? (
              <AllSessionView
                sessionId={logsKey}
                timeline={timeline}
                view={allView}
                onShowIn={setView}
              />
            ) : view === 'timeline' && timeline ? (
              <SessionTelemetry
                timeline={timeline}
                linkedSeq={linkedSeq}
                params={params}
                onParamsChange={onParamsChange}
              />
            ) : (
              logsPanel
            )}
          </div>
        </StreamFailureNoteContext>
      </OverviewLanesContext>
    </MomentContext>
  );
}
