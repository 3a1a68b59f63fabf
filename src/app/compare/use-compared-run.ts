import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { Timeline } from '../../entities/session-events/stores/timeline-controller';
import { closeSessionTimeline } from '../../entities/session-events/stores/timeline-registry';
import { sessionQuery } from '../../features/sessions/api/get-session';
import { currentToken, useCredentials } from '../../features/sessions/stores/credentials-store';
import type { ApiConnection } from '../../lib/http/request';
import { useOpenSessions } from '../open-sessions-store';
import { useSessionTimelineStream } from '../use-session-timeline';

/** One of the two runs of a comparison: a session, live or ended, read as its own view reads it. */
export interface ComparedRun {
  /** The session's name, else its id. */
  name: string;
  sessionId: string;
  timeline: Timeline | undefined;
  ended: boolean;
  /** Why it cannot be shown (no such session, the token refused), if so. */
  problem: string | null;
}

const NO_PARAMS = new URLSearchParams();

/**
 * Opens a session's telemetry for a comparison: its live stream, or its history when it has
 * ended. A session not open in a tab of its own is closed again when the comparison closes.
 */
export function useComparedRun(sessionId: string): ComparedRun {
  const apiBase = useCredentials((state) => state.apiBase);
  const hasToken = useCredentials((state) => state.token.length > 0);
  const tokenVersion = useCredentials((state) => state.tokenVersion);
  const connection = useMemo<ApiConnection>(
    () => ({ base: apiBase, token: currentToken }),
    [apiBase],
  );
  const lookup = useQuery({
    ...sessionQuery(connection, sessionId, String(tokenVersion)),
    enabled: hasToken,
  });
  const info = lookup.data?.kind === 'found' ? lookup.data.info : null;
  const deletedAt = info?.deletedAt ?? null;
  const createdAt = info?.createdAt ?? null;
  const ended = useMemo(
    () => (deletedAt !== null ? { endedAt: deletedAt, createdAt } : undefined),
    [deletedAt, createdAt],
  );
  const [params] = useState(NO_PARAMS);
  const { timeline } = useSessionTimelineStream(
    sessionId,
    connection,
    params,
    hasToken && lookup.data !== undefined,
    ended,
  );
  useEffect(
    () => () => {
      if (!useOpenSessions.getState().ids.includes(sessionId)) closeSessionTimeline(sessionId);
    },
    [sessionId],
  );
  return {
    name: info?.name ?? sessionId,
    sessionId,
    timeline,
    ended: ended !== undefined,
    problem: lookup.isError ? lookup.error.message : null,
  };
}
