import { create } from 'zustand';
import { LIMITS } from '../../../config/limits';
import type { ApiConnection } from '../../../lib/http/request';
import { createLiveTimeline, type LiveTimeline, type Timeline } from './timeline-controller';
import type { TimelineState } from './timeline-store';

interface RegistryState {
  bySession: Record<string, LiveTimeline>;
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

/** The session's timeline, created and started on first use. */
export function openSessionTimeline(
  sessionId: string,
  connection: ApiConnection,
  initial?: Partial<TimelineState>,
): LiveTimeline {
  const existing = useTimelineRegistry.getState().bySession[sessionId];
  if (existing) return existing;
  const timeline = createLiveTimeline({
    connection,
    sessionId,
    capacity: useTimelineRegistry.getState().capacity,
    initial,
  });
  timeline.start();
  useTimelineRegistry.setState((state) => ({
    bySession: { ...state.bySession, [sessionId]: timeline },
  }));
  return timeline;
}

export function closeSessionTimeline(sessionId: string): void {
  useTimelineRegistry.getState().bySession[sessionId]?.stop();
  useTimelineRegistry.setState((state) => {
    const bySession = { ...state.bySession };
    delete bySession[sessionId];
    return { bySession };
  });
}

export function reconnectAllTimelines(): void {
  for (const timeline of Object.values(useTimelineRegistry.getState().bySession))
    timeline.reconnectNow();
}

export function setTimelineCapacity(capacity: number): void {
  useTimelineRegistry.setState({ capacity });
  for (const timeline of Object.values(useTimelineRegistry.getState().bySession))
    timeline.setCapacity(capacity);
}

export function setFileTimeline(timeline: Timeline | null): void {
  useTimelineRegistry.setState({ file: timeline });
}

export function useSessionTimeline(sessionId: string): LiveTimeline | undefined {
  return useTimelineRegistry((state) => state.bySession[sessionId]);
}
