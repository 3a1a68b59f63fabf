import { useCallback } from 'react';
import { ConnectScreen } from '../features/session/components/connect-screen';
import { TokenMenu } from '../features/session/components/token-menu';
import { ThemeToggle } from '../features/preferences/theme-toggle';
import { SessionView } from './session-view';
import { useHashRoute } from './use-hash-route';

/** The only place features meet. */
export function App() {
  const [route, navigate] = useHashRoute();
  const leave = (): void => navigate({ sessionId: null, params: new URLSearchParams() });
  const sessionId = route.sessionId;
  const onParamsChange = useCallback(
    (params: URLSearchParams) => {
      if (sessionId) navigate({ sessionId, params }, { replace: true });
    },
    [navigate, sessionId],
  );
  return (
    <div className="flex h-full flex-col">
      <header className="flex h-11 shrink-0 items-center gap-3 border-b border-border bg-panel px-3">
        <a
          href="#/"
          aria-label="Session Console: connect to a session"
          className="flex items-center gap-2 text-sm font-semibold"
        >
          <img src="/favicon.svg" alt="" className="size-5" />
          <span className={route.sessionId ? 'hidden sm:inline' : undefined}>Session Console</span>
        </a>
        {route.sessionId && (
          <span className="min-w-0 truncate font-mono text-sm text-muted" title={route.sessionId}>
            {route.sessionId}
          </span>
        )}
        <div className="ml-auto flex items-center gap-1">
          {route.sessionId && <TokenMenu />}
          <ThemeToggle />
        </div>
      </header>
      {route.sessionId ? (
        <SessionView
          key={route.sessionId}
          sessionId={route.sessionId}
          params={route.params}
          onParamsChange={onParamsChange}
          onLeave={leave}
        />
      ) : (
        <ConnectScreen
          onOpen={(sessionId) => navigate({ sessionId, params: new URLSearchParams() })}
        />
      )}
    </div>
  );
}
