import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ClipboardPanel } from '../features/clipboard/components/clipboard-panel';
import { LogsPanel } from '../features/logs/components/logs-panel';
import { useLogErrorAnnouncements } from '../features/logs/hooks/use-error-announcements';
import { reconnectAllLogs } from '../features/logs/stores/log-tabs-registry';
import { SessionTelemetry } from '../features/telemetry/components/session-telemetry';
import { useTimelineErrorAnnouncements } from '../features/telemetry/hooks/use-error-announcements';
import { useSessionTimelineStream } from '../features/telemetry/hooks/use-session-timeline';
import { reconnectAllTimelines } from '../features/telemetry/stores/timeline-registry';
import { sessionQuery } from '../features/session/api/get-session';
import { SessionProblem } from '../features/session/components/session-problem';
import { SessionSummary } from '../features/session/components/session-summary';
import { TokenPrompt } from '../features/session/components/token-prompt';
import { currentToken, useCredentials } from '../features/session/stores/credentials-store';
import type { ApiConnection } from '../lib/http/request';
import { createAllView } from '../features/together/stores/all-view';
import { MomentContext } from '../features/telemetry/components/event-detail';
import { useSessionLogs } from '../features/logs/stores/log-tabs-registry';
import { AllSessionView } from './all-session-view';
import { CurrentPage } from './current-page';
import { createLogLanes } from './log-lanes';
import { OverviewLanesContext } from '../features/telemetry/components/telemetry-panel';
import { MomentLogLines } from './moment-log-lines';
import { showLogLine } from './show-log-line';
import { TimeRangeChip, useSessionRange } from './time-range';
import { MarkNow } from './mark-now';
import { typingIn } from '../lib/focus';
import { SessionViewTabs, type SessionViewName } from './session-view-tabs';

export interface SessionViewProps {
  sessionId: string;
  params: URLSearchParams;
  onParamsChange: (params: URLSearchParams) => void;
  onLeave: () => void;
}

/** One session: its summary, its telemetry timeline and log streams, and its clipboard. */
export function SessionView({ sessionId, params, onParamsChange, onLeave }: SessionViewProps) {
  const apiBase = useCredentials((state) => state.apiBase);
  const hasToken = useCredentials((state) => state.token.length > 0);
  const tokenVersion = useCredentials((state) => state.tokenVersion);
  const connection = useMemo<ApiConnection>(
    () => ({ base: apiBase, token: currentToken }),
    [apiBase],
  );
  const session = useQuery({
    ...sessionQuery(connection, sessionId, String(tokenVersion)),
    enabled: hasToken,
    // keep showing the session while a new token is checked; a rejection then appears above it
    placeholderData: keepPreviousData,
  });

  const info = session.data?.kind === 'found' ? session.data.info : null;
  const deletedAt = info?.deletedAt ?? null;
  const createdAt = info?.createdAt ?? null;
  // a session that had ended when it was opened shows its history instead of live streams; one
  // that ends while open keeps everything on screen (its streams say it ended)
  const [openedEnded, setOpenedEnded] = useState<boolean | null>(null);
  // what the first answer said, kept (state adjusted while rendering, as React documents)
  if (openedEnded === null && info) setOpenedEnded(info.deletedAt !== null);
  const endedWhenOpened = (openedEnded ?? deletedAt !== null) && deletedAt !== null;
  const ended = useMemo(
    () => (endedWhenOpened ? { endedAt: deletedAt, createdAt } : undefined),
    [endedWhenOpened, deletedAt, createdAt],
  );
  const { timeline, linkedSeq } = useSessionTimelineStream(
    sessionId,
    connection,
    params,
    hasToken && session.data !== undefined,
    ended,
  );
  // new errors are said politely, in summaries, whichever view is shown
  useTimelineErrorAnnouncements(timeline);
  useLogErrorAnnouncements(sessionId);

  // a new token applies to open streams at once: they reconnect with it and keep what they show
  useEffect(() => {
    if (tokenVersion > 0) {
      reconnectAllLogs();
      reconnectAllTimelines();
    }
  }, [tokenVersion]);

  const [clipboardOpen, setClipboardOpen] = useState(true);
  const named = params.get('view');
  const view: SessionViewName = named === 'logs' || named === 'all' ? named : 'timeline';
  const setView = (next: SessionViewName): void => {
    const changed = new URLSearchParams(params);
    if (next === 'timeline') changed.delete('view');
    else changed.set('view', next);
    onParamsChange(changed);
  };
  // an event's details show the log lines of its moment, one click from their place
  const logs = useSessionLogs(sessionId);
  const moment = (tsUs: number) => (
    <MomentLogLines
      tabs={logs.tabs}
      atMs={tsUs / 1000}
      onShow={(tab, seq) => {
        showLogLine(sessionId, tab, seq);
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
  useEffect(() => () => logLanes.stop(), [logLanes]);
  // a time range chosen on the overview or from a page narrows every view
  useSessionRange(timeline, logs.tabs, allView, params, onParamsChange);

  // "Mark now": the button, or m anywhere in the session view but a field
  const [markAt, setMarkAt] = useState<number | null>(null);
  const canMark = timeline !== undefined && !ended;
  useEffect(() => {
    if (!canMark) return;
    const onKey = (event: globalThis.KeyboardEvent): void => {
      if (event.key !== 'm' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || typingIn(event.target)) return;
      if ((event.target as HTMLElement | null)?.closest?.('[role="dialog"]')) return;
      event.preventDefault();
      setMarkAt((open) => open ?? Date.now());
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [canMark]);

  const problem = session.isError ? (
    <SessionProblem
      sessionId={sessionId}
      error={session.error}
      onRetry={() => void session.refetch()}
      onLeave={onLeave}
    />
  ) : null;

  if (!session.data) {
    return (
      <div className="mx-auto w-full max-w-xl p-4">
        {!hasToken ? (
          <TokenPrompt title={`Token for session ${sessionId}`} submitLabel="Open session">
            <p className="text-sm text-muted">
              This link opens a session view; enter the API token to see it.
            </p>
          </TokenPrompt>
        ) : (
          (problem ?? <p className="text-sm text-muted">Opening session {sessionId}…</p>)
        )}
      </div>
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto lg:overflow-hidden">
      <div className="border-b border-border bg-panel px-3 py-1.5">
        <SessionSummary lookup={session.data} />
        {timeline && <CurrentPage timeline={timeline} />}
      </div>
      {(problem || !hasToken) && (
        <div className="max-h-[60vh] overflow-y-auto border-b border-border bg-surface p-3">
          {problem ?? (
            <TokenPrompt title="Token forgotten" submitLabel="Use this token">
              <p className="text-sm text-muted">
                The streams below keep what they show; enter a token to reconnect them.
              </p>
            </TokenPrompt>
          )}
        </div>
      )}
      <div className="flex flex-1 flex-col lg:min-h-0 lg:flex-row">
        <MomentContext value={moment}>
          <OverviewLanesContext value={logLanes}>
            <main className="flex min-h-[85vh] min-w-0 flex-1 flex-col lg:min-h-0">
              <SessionViewTabs
                view={view}
                onChange={setView}
                timeline={timeline}
                clipboardOpen={clipboardOpen}
                onToggleClipboard={ended ? undefined : () => setClipboardOpen((open) => !open)}
                actions={
                  canMark && (
                    <MarkNow
                      timeline={timeline}
                      tabs={logs.tabs}
                      at={markAt}
                      onOpen={setMarkAt}
                      onClose={() => setMarkAt(null)}
                    />
                  )
                }
              />
              {timeline && <TimeRangeChip timeline={timeline} />}
              {view === 'all' && timeline ? (
                <AllSessionView
                  sessionId={sessionId}
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
                <LogsPanel
                  sessionId={sessionId}
                  connection={connection}
                  params={params}
                  onParamsChange={onParamsChange}
                  endedAt={ended ? deletedAt : null}
                />
              )}
            </main>
          </OverviewLanesContext>
        </MomentContext>
        {clipboardOpen && !ended && (
          <aside
            id="session-clipboard"
            aria-label="Clipboard"
            className="shrink-0 overflow-y-auto border-t border-border bg-panel lg:w-[22rem] lg:border-t-0 lg:border-l"
          >
            <ClipboardPanel connection={connection} sessionId={sessionId} />
          </aside>
        )}
      </div>
    </div>
  );
}
