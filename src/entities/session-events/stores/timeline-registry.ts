import { create } from 'zustand';
import { LIMITS } from '../../../config/limits';
import type { ApiConnection } from '../../../lib/http/request';
import { createHistoryTimeline } from './history-timeline';
import { createLiveTimeline } from './live-timeline';
import {
  isLiveTimeline,
  type HistoryTimeline,
  type LiveTimeline,
  type Timeline,
} from './timeline-controller';
import type { TimelineState } from './timeline-store';

interface RegistryState {
  bySession: Record<string, LiveTimeline | HistoryTimeline>;
  /** A timeline opened from a file, shown without a session. */
  file: Timeline | null;
  capacity: number;
}

/** The live timeline of every open session (each owns a stream), and an opened file. */
export const useTimelineRegistry = create<RegistryState>()(() => ({
  bySession: {},
  file: null,
  capacity: LIMITS.telemetryEventsDefault,
}));

/** An ended session: when it ended and when it was created, if known. */
export interface EndedSession {
  endedAt: string | null;
  createdAt: string | null;
}

/**
 * The session's timeline, created and started on first use: its live stream, or for an ended
 * session its history. A session that ended while its live timeline was open gets its history in
 * place of the stream, as opening it again would show, with the view's filters and pane kept.
 */
export function openSessionTimeline(
  sessionId: string,
  connection: ApiConnection,
  initial?: Partial<TimelineState>,
  ended?: EndedSession,
): LiveTimeline | HistoryTimeline {
  const existing = useTimelineRegistry.getState().bySession[sessionId];
  if (existing && ended && isLiveTimeline(existing)) {
    const { filter, network, pane } = existing.store.getState();
    existing.stop();
    initial = { ...initial, filter, network, pane };
  } else if (existing) return existing;
  const capacity = useTimelineRegistry.getState().capacity;
  let timeline: LiveTimeline | HistoryTimeline;
  if (ended) {
    timeline = createHistoryTimeline({ connection, sessionId, capacity, initial, ...ended });
    timeline.load();
  } else {
    timeline = createLiveTimeline({ connection, sessionId, capacity, initial });
    timeline.start();
  }
  useTimelineRegistry.setState((state) => ({
    bySession: { ...state.bySession, [sessionId]: timeline },
  }));
  return timeline;
}

export function closeSessionTimeline(sessionId: string): void {
  const timeline = useTimelineRegistry.getState().bySession[sessionId];
  if (timeline && isLiveTimeline(timeline)) timeline.stop();
  else timeline?.cancel();
  useTimelineRegistry.setState((state) => {
    const bySession = { ...state.bySession };
    delete bySession[sessionId];
    return { bySession };
  });
}

export function reconnectAllTimelines(): void {
  for (const timeline of Object.values(useTimelineRegistry.getState().bySession))
    if (isLiveTimeline(timeline)) timeline.reconnectNow();
}

export function setTimelineCapacity(capacity: number): void {
  useTimelineRegistry.setState({ capacity });
  for (const timeline of Object.values(useTimelineRegistry.getState().bySession))
    if (isLiveTimeline(timeline)) timeline.setCapacity(capacity);
}

export function setFileTimeline(timeline: Timeline | null): void {
  useTimelineRegistry.setState({ file: timeline });
}

export function useSessionTimeline(sessionId: string): LiveTimeline | HistoryTimeline | undefined {
  return useTimelineRegistry((state) => state.bySession[sessionId]);
}
