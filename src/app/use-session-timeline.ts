import { useEffect, useState } from 'react';
import type { ApiConnection } from '../lib/http/request';
import type { Timeline } from '../entities/session-events/stores/timeline-controller';
import {
  openSessionTimeline,
  useSessionTimeline,
  type EndedSession,
} from '../entities/session-events/stores/timeline-registry';
import { readTimelineParams } from './use-timeline-url-sync';

/**
 * Starts the session's telemetry stream (or, for an ended session, the reading of its history) (once; it keeps running while the session is open, shown
 * or not) from the view state a shared link names. Returns the timeline and the linked event seq.
 */
export function useSessionTimelineStream(
  sessionId: string,
  connection: ApiConnection,
  params: URLSearchParams,
  enabled: boolean,
  ended?: EndedSession,
): { timeline: Timeline | undefined; linkedSeq: number | null } {
  const timeline = useSessionTimeline(sessionId);
  // the link is read once, when the session opens; later URL changes are written by the view
  const [initial] = useState(() => readTimelineParams(params));
  useEffect(() => {
    if (!enabled) return;
    const { seq: _seq, ...state } = initial;
    openSessionTimeline(sessionId, connection, state, ended);
  }, [sessionId, connection, initial, enabled, ended]);
  return { timeline, linkedSeq: initial.seq };
}
