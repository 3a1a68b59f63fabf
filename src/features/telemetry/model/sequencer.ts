import type { GapCause, GapItem, MarkerItem } from './types';

/** What the sequencer looks at of an event: to tell a duplicate from a restart, and place gaps. */
export interface HeldEvent {
  ts: number;
  type: string;
}

type NewGap = Omit<GapItem, 'index'>;
type NewMarker = Omit<MarkerItem, 'index'>;

/** What to append for one frame, in order; `event` is absent when the frame was a duplicate. */
export interface FrameOutcome {
  before: (NewGap | NewMarker)[];
  event: { seq: number; epoch: number } | null;
}

/** Where a (re)connection should start. */
export interface ResumePoint {
  /** The last seq seen in the current epoch: sent as Last-Event-ID. */
  lastEventId: number | null;
  /** Ask for the oldest retained events (no Last-Event-ID). */
  replayAll: boolean;
}

export type StartMode = 'all' | 'now';

/**
 * The stream semantics of the telemetry timeline, free of I/O: resume points, duplicate drops,
 * gaps with their cause, reconnect separators and event-process restarts (seq going back).
 */
export class Sequencer {
  epoch = 0;
  lastSeq: number | null = null;
  lastTs = Number.NEGATIVE_INFINITY;
  duplicates = 0;
  private connections = 0;
  private freshConnection = false;
  /** After a restart the new process's events are asked for from its oldest retained one. */
  private replayNextEpoch = false;

  constructor(
    readonly mode: StartMode,
    private readonly held: (seq: number) => HeldEvent | undefined,
  ) {}

  resumePoint(): ResumePoint {
    if (this.lastSeq !== null) return { lastEventId: this.lastSeq, replayAll: false };
    return { lastEventId: null, replayAll: this.mode === 'all' || this.replayNextEpoch };
  }

  /** A connection went live; from the second one on, a separator says where it resumed. */
  connected(nowUs: number): NewMarker | null {
    this.connections += 1;
    this.freshConnection = true;
    // the first connection, or the one asked for after a restart (its marker says it all)
    if (this.connections === 1 || this.replayNextEpoch) return null;
    const resume = this.resumePoint();
    const text =
      resume.lastEventId !== null
        ? `Reconnected, resumed after seq ${resume.lastEventId}`
        : resume.replayAll
          ? 'Reconnected, replaying from the oldest retained event'
          : 'Reconnected, new events only';
    return { kind: 'marker', marker: 'reconnected', text, tsUs: nowUs, epoch: this.epoch };
  }

  /** Places one received event. */
  frame(seq: number, event: HeldEvent, nowUs: number): FrameOutcome {
    const before: (NewGap | NewMarker)[] = [];
    if (this.lastSeq !== null && seq <= this.lastSeq) {
      if (this.isDuplicate(seq, event)) {
        this.duplicates += 1;
        return { before, event: null };
      }
      before.push(this.startEpoch(this.lastSeq, seq, nowUs));
    }
    const cause: GapCause = this.freshConnection ? 'reconnect' : 'mid-stream';
    if (this.lastSeq === null) {
      const replayed = this.mode === 'all' || this.epoch > 0;
      if (seq > 1 && replayed) {
        // seq went back within this connection: the new process's first events never came
        before.push(this.gap(1, seq - 1, before.length > 0 ? cause : 'replay-start', event, nowUs));
      }
    } else if (seq > this.lastSeq + 1) {
      before.push(this.gap(this.lastSeq + 1, seq - 1, cause, event, nowUs));
    }
    this.freshConnection = false;
    this.replayNextEpoch = false;
    this.lastSeq = seq;
    if (Number.isFinite(event.ts)) this.lastTs = Math.max(this.lastTs, event.ts);
    return { before, event: { seq, epoch: this.epoch } };
  }

  /**
   * A probe of the oldest retained event (after a reconnect) says whether the event process
   * restarted: its seq is not above ours, yet it is not the event we hold under that seq.
   */
  probeShowsRestart(seq: number, event: HeldEvent): boolean {
    if (this.lastSeq === null || seq > this.lastSeq) return false;
    return !this.isDuplicate(seq, event);
  }

  /** The event process restarted (seen by a probe): a separator, then a new epoch from its start. */
  restarted(seqSeen: number, nowUs: number): NewMarker {
    const marker = this.startEpoch(this.lastSeq ?? 0, seqSeen, nowUs);
    this.replayNextEpoch = true;
    return marker;
  }

  private isDuplicate(seq: number, event: HeldEvent): boolean {
    const known = this.held(seq);
    if (known) return known.type === event.type && known.ts === event.ts;
    // not held (evicted here, or inside a gap): an event newer than everything seen is a restart
    return seq === this.lastSeq || !(event.ts > this.lastTs);
  }

  private startEpoch(from: number, to: number, nowUs: number): NewMarker {
    this.epoch += 1;
    this.lastSeq = null;
    this.lastTs = Number.NEGATIVE_INFINITY;
    return {
      kind: 'marker',
      marker: 'restarted',
      text: `The session's event process restarted: seq went back from ${from} to ${to}. Earlier events stay above.`,
      tsUs: nowUs,
      epoch: this.epoch,
    };
  }

  private gap(from: number, to: number, cause: GapCause, event: HeldEvent, nowUs: number): NewGap {
    const tsUs = Number.isFinite(event.ts) ? event.ts : nowUs;
    return { kind: 'gap', from, to, cause, tsUs, epoch: this.epoch };
  }
}

/** "N events missed (seq a–b)" and why, for a gap item. */
export function describeGap(gap: Pick<GapItem, 'from' | 'to' | 'cause'>): {
  title: string;
  reason: string;
} {
  const count = gap.to - gap.from + 1;
  const title = `${count.toLocaleString('en-US')} event${count === 1 ? '' : 's'} missed (seq ${
    gap.from === gap.to ? gap.from : `${gap.from}–${gap.to}`
  })`;
  const reason =
    gap.cause === 'replay-start'
      ? 'evicted from the server’s buffer before the replay started'
      : gap.cause === 'reconnect'
        ? 'evicted from the server’s buffer while reconnecting'
        : 'dropped by the server mid-stream';
  return { title, reason };
}
