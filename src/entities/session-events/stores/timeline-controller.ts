// The events layer (src/entities/session-events/): a session's telemetry events read from the
// wire (api/), decoded, put in order and gap-filled (model/), held under a cap with the indexes
// the views read (stores/telemetry-buffer.ts), behind one Timeline per session (this file). It
// renders nothing and imports no view; every view of events reads it.
//
// The timelines the views are given, live, history or file, and how to tell them apart. Each
// kind is made in its own file: live-timeline.ts, history-timeline.ts, file-timeline.ts.
import type { StartMode } from '../model/sequencer';
import type { TelemetryBuffer } from './telemetry-buffer';
import type { TimelineStore } from './timeline-store';

/** A timeline, live or read from a file: the view's side of it. */
export interface Timeline {
  readonly store: TimelineStore;
  readonly buffer: TelemetryBuffer;
  /** A live session stream, the history of an ended session, or a file opened without a server. */
  readonly origin:
    | { kind: 'live'; sessionId: string }
    | { kind: 'history'; sessionId: string; endedAt: string | null }
    | { kind: 'file'; name: string };
  /** Re-applies the filter from the store. */
  applyFilter(): void;
  /** The sequencer's running counts, for the status line. */
  duplicates(): number;
}

/** The timeline of a live session, which owns its stream. */
export interface LiveTimeline extends Timeline {
  readonly origin: { kind: 'live'; sessionId: string };
  /**
   * Reads the session's history for the events a gap item stands for and puts those found in
   * place (a gap the stream showed is filled by itself; one of events older than the stream's
   * ring when asked).
   */
  fillGap(index: number): void;
  start(): void;
  stop(): void;
  reconnectNow(): void;
  /** Starts over (clears, then connects again) from the oldest retained event or from now. */
  restartFrom(mode: StartMode): void;
  setCapacity(capacity: number): void;
  clear(): void;
}

/** Whether a timeline reads an ended session's history. */
export function isHistoryTimeline(timeline: Timeline): timeline is HistoryTimeline {
  return timeline.origin.kind === 'history';
}

/** Whether a timeline has a stream to control (a file has none). */
export function isLiveTimeline(timeline: Timeline): timeline is LiveTimeline {
  return timeline.origin.kind === 'live';
}

/** An ended session's timeline, read from its telemetry history page by page. */
export interface HistoryTimeline extends Timeline {
  readonly origin: { kind: 'history'; sessionId: string; endedAt: string | null };
  /** Reads the pages not read yet (again after a failure or a cancel). */
  load(): void;
  /** Reads the history again for another window (see TimelineState.historyWindow). */
  setWindow(window: string): void;
  /** Stops reading; what was read stays. */
  cancel(): void;
}
