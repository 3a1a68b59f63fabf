import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { ClipboardPanel } from '../features/clipboard/components/clipboard-panel';
import { ScreenPanel } from '../features/screen/components/screen-panel';
import { replaysQuery } from '../features/screen/api/replays';
import { replayLane } from './replay-lane';
import { CompareWith } from './compare/compare-with';
import { formatHash } from '../lib/hash-route';
import {
  SCREEN_SHARE,
  useScreenOpen,
  useScreenShare,
} from '../features/screen/stores/screen-layout';
import { PaneResizer } from '../components/ui/pane-resizer';
import { LogsPanel } from '../features/logs/components/logs-panel';
import { useLogErrorAnnouncements } from '../features/logs/hooks/use-error-announcements';
import { useTimelineErrorAnnouncements } from '../features/timeline/hooks/use-error-announcements';
import { useSessionTimelineStream } from './use-session-timeline';
import { sessionQuery } from '../features/sessions/api/get-session';
import { SessionProblem } from '../features/sessions/components/session-problem';
import { SessionSummary } from '../features/sessions/components/session-summary';
import { TokenPrompt } from '../features/sessions/components/token-prompt';
import { currentToken, useCredentials } from '../features/sessions/stores/credentials-store';
import type { ApiConnection } from '../lib/http/request';
import { useSessionLogs } from '../features/logs/stores/log-tabs-registry';
import { CurrentPage } from './current-page';
import { MarkNow } from './mark-now';
import { SessionWorkspace } from './session-workspace';
import { useClipboardOpen } from './clipboard-open';
import { BundleExport } from './bundle/bundle-export';
import { typingIn } from '../lib/focus';
import { sessionFailureNote } from './session-check';
import { useSessionCheck } from './use-session-check';
import { useRecordAfterRestart } from './use-record-after-restart';

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

  // the last answer stays once one came: a token rejected later (a new query that fails, which
  // drops the placeholder) shows its rejection above the view instead of replacing it
  const [shown, setShown] = useState(session.data);
  if (session.data !== undefined && session.data !== shown) setShown(session.data);
  const lookup = session.data ?? shown;
  const info = lookup?.kind === 'found' ? lookup.info : null;
  const deletedAt = info?.deletedAt ?? null;
  const createdAt = info?.createdAt ?? null;
  // an ended session shows its history instead of live streams, whether it had ended when it was
  // opened or its record said so later (its streams stopped: see use-session-check.ts)
  const ended = useMemo(
    () => (deletedAt !== null ? { endedAt: deletedAt, createdAt } : undefined),
    [deletedAt, createdAt],
  );
  const { timeline, linkedSeq } = useSessionTimelineStream(
    sessionId,
    connection,
    params,
    hasToken && lookup !== undefined,
    ended,
  );
  // relative times count from the session's creation: the same origin on every connection
  useEffect(() => {
    const createdMs = createdAt ? Date.parse(createdAt) : Number.NaN;
    if (!timeline || Number.isNaN(createdMs)) return;
    if (timeline.buffer.originUs === createdMs * 1000) return;
    timeline.buffer.anchorOrigin(createdMs * 1000);
    timeline.store.setState((state) => ({ version: state.version + 1 }));
  }, [timeline, createdAt]);
  // a restarted session (or server) may have a new record: its creation time is in the header
  useRecordAfterRestart(timeline, () => void session.refetch());
  // new errors are said politely, in summaries, whichever view is shown
  useTimelineErrorAnnouncements(timeline);
  useLogErrorAnnouncements(sessionId);

  // folded away or shown, as the person left it on this device
  const clipboardOpen = useClipboardOpen((state) => state.value);
  const setClipboardOpen = useClipboardOpen((state) => state.set);
  const screenOpen = useScreenOpen((state) => state.value);
  const setScreenOpen = useScreenOpen((state) => state.set);
  const screenShare = useScreenShare((state) => state.value);
  // the session's recordings are a lane of the overview (the Screen panel lists and plays them)
  const replays = useQuery({
    ...replaysQuery(connection, sessionId, ended !== undefined),
    enabled: hasToken && lookup?.kind === 'found',
  });
  const replayList = replays.data?.replays;
  const listedAt = replays.dataUpdatedAt;
  // one still recording reaches the moment the list was read (read again every 10 s then)
  const otherLanes = useMemo(
    () => (replayList && replayList.length > 0 ? [replayLane(replayList, listedAt)] : []),
    [replayList, listedAt],
  );
  const setScreenShare = useScreenShare((state) => state.set);
  const logs = useSessionLogs(sessionId);
  // a stream stopped by 401/403/404 has the session's record read again before anything is said
  const check = useSessionCheck({
    timeline,
    tabs: logs.tabs,
    endedAt: deletedAt,
    readRecord: async () => {
      const { error, data } = await session.refetch();
      return { error, data };
    },
  });
  const failureNote = useMemo(
    () => sessionFailureNote({ phase: check.phase, retryAt: check.retryAt }, session.isError),
    [check.phase, check.retryAt, session.isError],
  );

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
      onRetry={check.retry}
      onLeave={onLeave}
      retryAt={check.phase === 'unreachable' ? check.retryAt : null}
      tokenWasAccepted={session.isRefetchError}
    />
  ) : null;

  if (!lookup) {
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
        <SessionSummary lookup={lookup} />
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
        <SessionWorkspace
          logsKey={sessionId}
          timeline={timeline}
          failureNote={failureNote}
          linkedSeq={linkedSeq}
          params={params}
          onParamsChange={onParamsChange}
          otherLanes={otherLanes}
          screen={{ open: screenOpen, toggle: () => setScreenOpen(!screenOpen) }}
          clipboard={
            ended
              ? undefined
              : { open: clipboardOpen, toggle: () => setClipboardOpen(!clipboardOpen) }
          }
          actions={
            timeline && (
              <>
                {canMark && (
                  <MarkNow
                    timeline={timeline}
                    tabs={logs.tabs}
                    at={markAt}
                    onOpen={setMarkAt}
                    onClose={() => setMarkAt(null)}
                  />
                )}
                <CompareWith
                  sessionId={sessionId}
                  onCompare={(a, b) => {
                    window.location.hash = formatHash({
                      sessionId: null,
                      params: new URLSearchParams({ a, b }),
                      compare: true,
                    });
                  }}
                />
                <BundleExport
                  connection={connection}
                  sessionId={sessionId}
                  logsKey={sessionId}
                  timeline={timeline}
                  params={params}
                  createdAt={createdAt}
                  endedAt={deletedAt}
                />
              </>
            )
          }
          logsPanel={
            <LogsPanel
              sessionId={sessionId}
              connection={connection}
              params={params}
              onParamsChange={onParamsChange}
              endedAt={ended ? deletedAt : null}
            />
          }
        />
        {screenOpen && (
          <>
            <PaneResizer
              share={screenShare}
              bounds={SCREEN_SHARE}
              onChange={setScreenShare}
              label="Width of the screen"
              pane="screen"
            />
            <aside
              id="session-screen"
              aria-label="Screen panel"
              style={{ '--screen-share': `${screenShare * 100}%` } as CSSProperties}
              className="shrink-0 overflow-y-auto border-t border-border bg-panel lg:w-(--screen-share) lg:border-t-0 lg:border-l"
            >
              <ScreenPanel
                connection={connection}
                sessionId={sessionId}
                liveViewUrl={info?.liveViewUrl ?? null}
                ended={ended !== undefined}
                timeline={timeline}
              />
            </aside>
          </>
        )}
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
