import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ApiConnection } from '../lib/http/request';
import { sessionQuery } from '../features/session/api/get-session';
import { SessionProblem } from '../features/session/components/session-problem';
import { SessionSummary } from '../features/session/components/session-summary';
import { TokenPrompt } from '../features/session/components/token-prompt';
import { currentToken, useCredentials } from '../features/session/stores/credentials-store';

export interface SessionViewProps {
  sessionId: string;
  onLeave: () => void;
}

/** One session: its summary, then its live views. */
export function SessionView({ sessionId, onLeave }: SessionViewProps) {
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
  });

  if (!hasToken) {
    return (
      <div className="mx-auto w-full max-w-xl p-4">
        <TokenPrompt title={`Token for session ${sessionId}`} submitLabel="Open session">
          <p className="text-sm text-muted">
            This link opens a session view; enter the API token to see it.
          </p>
        </TokenPrompt>
      </div>
    );
  }
  if (session.isError) {
    return (
      <div className="mx-auto w-full max-w-xl p-4">
        <SessionProblem
          sessionId={sessionId}
          error={session.error}
          onRetry={() => void session.refetch()}
          onLeave={onLeave}
        />
      </div>
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-border bg-panel px-4 py-2">
        {session.data ? (
          <SessionSummary info={session.data} />
        ) : (
          <span className="text-xs text-muted">Loading session…</span>
        )}
      </div>
    </div>
  );
}
