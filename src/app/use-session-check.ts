import { useEffect, useState } from 'react';
import type { LogTab } from '../features/logs/stores/log-tab-controller';
import type { SessionLookup } from '../features/sessions/model/session-lookup';
import {
  isLiveTimeline,
  type Timeline,
} from '../entities/session-events/stores/timeline-controller';
import { formatClockTime } from '../lib/clock-time';
import type { StreamStatus } from '../lib/sse/status';
import {
  asksAboutSession,
  createSessionCheck,
  IDLE_CHECK,
  judgeRecord,
  type SessionCheckState,
} from './session-check';

/** A stream's store, as far as its status goes. */
interface StatusSource {
  getState(): { status: StreamStatus };
  subscribe(listener: (state: { status: StreamStatus }) => void): () => void;
}

/** A read of the session's record: its error if it failed, else its data. */
export type RecordRead = () => Promise<{ error: unknown; data: SessionLookup | undefined }>;

export interface SessionCheckOptions {
  timeline: Timeline | undefined;
  tabs: readonly LogTab[];
  /** When the session ended, once its record says so: its streams stop for good. */
  endedAt: string | null;
  readRecord: RecordRead;
}

export interface UseSessionCheck extends SessionCheckState {
  /** Reads the session's record now and goes on from what it says. */
  retry: () => void;
}

/**
 * Watches the session's streams: one that stops on 401, 403 or 404 has the session's record read
 * again (see session-check.ts), and again with backoff while the server does not answer; when it
 * answers again, the streams that stopped meanwhile reconnect. Once the record says the session
 * ended, its log streams end calmly, saying when.
 */
export function useSessionCheck({
  timeline,
  tabs,
  endedAt,
  readRecord,
}: SessionCheckOptions): UseSessionCheck {
  const [state, setState] = useState<SessionCheckState>(IDLE_CHECK);
  const [check] = useState(() => createSessionCheck({ onChange: setState }));
  useEffect(() =>
    check.use({
      read: async () => judgeRecord(await readRecord()),
      reconnect: () => reconnectStopped(timeline, tabs),
    }),
  );

  // each failure asks once, however often the view subscribes again
  const [asked] = useState(() => new WeakSet<StreamStatus>());
  useEffect(() => {
    if (endedAt !== null) return undefined;
    const sources: StatusSource[] = tabs.map((tab) => tab.store);
    if (timeline && isLiveTimeline(timeline)) sources.push(timeline.store);
    const look = ({ status }: { status: StreamStatus }): void => {
      if (!asksAboutSession(status) || asked.has(status)) return;
      asked.add(status);
      check.streamFailed();
    };
    const unsubscribe = sources.map((source) => {
      look(source.getState());
      return source.subscribe(look);
    });
    return () => {
      for (const stop of unsubscribe) stop();
    };
  }, [check, asked, timeline, tabs, endedAt]);

  // an ended session asks nothing more; its log streams say when it ended
  useEffect(() => {
    if (endedAt === null) return;
    check.cancel();
    const at = formatClockTime(Date.parse(endedAt));
    for (const tab of tabs) tab.end(at ? `the session ended at ${at}` : 'the session ended');
  }, [check, tabs, endedAt]);
  useEffect(() => () => check.cancel(), [check]);

  return { ...state, retry: check.retry };
}

/** Reconnects the streams that stopped (the others reconnect by themselves). */
function reconnectStopped(timeline: Timeline | undefined, tabs: readonly LogTab[]): void {
  if (timeline && isLiveTimeline(timeline) && timeline.store.getState().status.kind === 'failed')
    timeline.reconnectNow();
  for (const tab of tabs) if (tab.store.getState().status.kind === 'failed') tab.reconnectNow();
}
