import { useCallback, useEffect } from 'react';
import { LiveAnnouncer } from '../components/ui/live-announcer';
import { ViewKeysMain } from '../components/ui/view-keys';
import { ThemeToggle } from '../features/preferences/theme-toggle';
import { ConnectScreen } from '../features/sessions/components/connect-screen';
import { TokenMenu } from '../features/sessions/components/token-menu';
import { useRecentSessions } from '../features/sessions/stores/recent-sessions';
import { closeSessionLogs } from '../features/logs/stores/log-tabs-registry';
import { OpenFileButton } from './open-file-button';
import { closeSessionTimeline } from '../entities/session-events/stores/timeline-registry';
import { FileView } from './file-view';
import { OpenBundleButton } from './bundle/open-bundle';
import { useOpenSessions } from './open-sessions-store';
import { SessionTabs } from './session-tabs';
import { SessionView } from './session-view';
import { useHashRoute } from './use-hash-route';
import { CompareView } from './compare/compare-view';
import { CompareFilesForm } from './compare/compare-files-form';

/** The only place features meet. */
export function App() {
  const [route, navigate] = useHashRoute();
  const sessionId = route.sessionId;
  const openSession = useOpenSessions((state) => state.open);
  const rememberParams = useOpenSessions((state) => state.remember);

  useEffect(() => {
    if (!sessionId) return;
    openSession(sessionId);
    useRecentSessions.getState().opened(sessionId);
  }, [sessionId, openSession]);

  const onParamsChange = useCallback(
    (params: URLSearchParams) => {
      if (!sessionId) return;
      rememberParams(sessionId, params);
      navigate({ sessionId, params }, { replace: true, whileOn: sessionId });
    },
    [navigate, rememberParams, sessionId],
  );

  const closeSession = (id: string): void => {
    closeSessionLogs(id);
    closeSessionTimeline(id);
    const { ids, close } = useOpenSessions.getState();
    close(id);
    if (id === sessionId) {
      const next = ids.filter((item) => item !== id).at(-1) ?? null;
      navigate({
        sessionId: next,
        params: new URLSearchParams(
          next ? (useOpenSessions.getState().lastParams[next] ?? '') : '',
        ),
      });
    }
  };

  // the page's one h1: the app's name, which the connect screen shows as its own title
  const Title = sessionId || route.file || route.compare ? 'h1' : 'div';
  return (
    <div className="flex h-full flex-col">
      <header className="flex h-11 shrink-0 items-center gap-3 border-b border-border bg-panel px-3">
        <Title className="shrink-0 text-sm font-semibold">
          <a
            href="#/"
            aria-label="Session Console: connect to a session"
            className="flex items-center gap-2"
          >
            <img src="/favicon.svg" alt="" className="size-5" />
            <span className={sessionId ? 'hidden lg:inline' : undefined}>Session Console</span>
          </a>
        </Title>
        <SessionTabs activeId={sessionId} onClose={closeSession} />
        <div className="ml-auto flex shrink-0 items-center gap-1">
          {sessionId && <TokenMenu />}
          <ThemeToggle />
        </div>
      </header>
      <ViewKeysMain className="flex min-h-0 flex-1 flex-col">
        {sessionId ? (
          <SessionView
            key={sessionId}
            sessionId={sessionId}
            params={route.params}
            onParamsChange={onParamsChange}
            onLeave={() => closeSession(sessionId)}
          />
        ) : route.file ? (
          <FileView onOpened={() => undefined} />
        ) : route.compare ? (
          <CompareView
            params={route.params}
            onParamsChange={(params) =>
              navigate({ sessionId: null, params, compare: true }, { replace: true })
            }
            onOpenEvent={(id, seq) =>
              navigate({ sessionId: id, params: new URLSearchParams({ ev: String(seq) }) })
            }
          />
        ) : (
          <div className="flex-1 overflow-y-auto">
            <ConnectScreen
              onOpen={(id) => navigate({ sessionId: id, params: new URLSearchParams() })}
              onCompare={(a, b) =>
                navigate({ sessionId: null, params: new URLSearchParams({ a, b }), compare: true })
              }
              refused={route.refused}
            />
            <section aria-label="Open a file" className="mx-auto w-full max-w-xl px-4 pb-8">
              <p className="mb-2 text-sm text-muted">
                Or look at a debug bundle, telemetry saved with Export, or a HAR file, without any
                server:
              </p>
              <div className="flex flex-wrap gap-x-3">
                <OpenBundleButton
                  onOpened={() =>
                    navigate({ sessionId: null, params: new URLSearchParams(), file: true })
                  }
                />
                <OpenFileButton
                  onOpened={() =>
                    navigate({ sessionId: null, params: new URLSearchParams(), file: true })
                  }
                />
                <OpenFileButton
                  kind="har"
                  onOpened={() =>
                    navigate({ sessionId: null, params: new URLSearchParams(), file: true })
                  }
                />
              </div>
              <p className="mt-4 mb-2 text-sm text-muted">
                Or compare two runs saved as files (debug bundles or exported telemetry):
              </p>
              <CompareFilesForm
                onCompare={() =>
                  navigate({
                    sessionId: null,
                    params: new URLSearchParams({ files: '1' }),
                    compare: true,
                  })
                }
              />
            </section>
          </div>
        )}
      </ViewKeysMain>
      <LiveAnnouncer />
    </div>
  );
}
