import type { TelemetryEvent } from '../../../types/api';
import type { GapCause, GapItem, MarkerItem } from './types';

/**
 * How the sequencer tells a replayed event from a new process's event under the same seq. Both
 * are read only when a seq is at or below the last one seen (a duplicate or a restart, rare), never
 * for a frame that goes forward, so the normal path parses and stringifies nothing.
 */
export interface Identities<E> {
  /** eventIdentity of the event held under this seq in the current epoch; undefined if none. */
  held(seq: number): string | undefined;
  /** eventIdentity of an arriving event. */
  of(event: E): string;
}

/**
 * An event's identity: the whole decoded event as JSON. Every event here went through
 * decodeEnvelope (stream, replay, probe, file), so one event gives one text whatever spacing its
 * frame had. A screenshot's image is left out: the timeline keeps it as an object URL, not in
 * `data` (makeEventItem), so a held screenshot no longer has it.
 */
export function eventIdentity(event: TelemetryEvent): string {
  const { data } = event;
  if (event.type !== 'monitor_screenshot' || !data || typeof data.png !== 'string')
    return JSON.stringify(event);
  // JSON leaves out undefined values: the other keys keep their order
  return JSON.stringify({ ...event, data: { ...data, png: undefined } });
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
 *
 * A frame whose seq is at or below the last one seen is a duplicate only if it is identical to the
 * event held under that seq; otherwise (a different event, or none held) the event process
 * restarted and the frame opens a new epoch, whatever its ts. Seqs missing before the first event
 * of an epoch are a gap only when the connection asked for the oldest retained events: a restart
 * seen mid-stream shows nothing about what the new process sent before.
 */
export class Sequencer<E extends { ts: number }> {
  epoch = 0;
  lastSeq: number | null = null;
  duplicates = 0;
  /** The newest ts of this epoch, for a probed event that is not held. */
  private lastTs = Number.NEGATIVE_INFINITY;
  private connections = 0;
  private freshConnection = false;
  /** After a restart the new process's events are asked for from its oldest retained one. */
  private replayNextEpoch = false;

  constructor(
    readonly mode: StartMode,
    private readonly identities: Identities<E>,
  ) {}

  resumePoint(): ResumePoint {
    if (this.lastSeq !== null) return { lastEventId: this.lastSeq, replayAll: false };
    return { lastEventId: null, replayAll: this.replaysFromOldest() };
  }

  /**
   * Starts where `previous` stopped (a new start from now): the connection resumes after the
   * newest event it saw, so "now" is the moment of the choice, not the moment the server gets the
   * new request, and an event sent in between is not lost. Nothing it saw is shown again.
   */
  continueAfter(previous: Sequencer<E>): void {
    this.lastSeq = previous.lastSeq;
    this.lastTs = previous.lastTs;
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
  frame(seq: number, event: E, nowUs: number): FrameOutcome {
    const before: (NewGap | NewMarker)[] = [];
    const last = this.lastSeq;
    if (last === null) {
      // the server's replay started past seq 1: the older events had left its buffer
      if (seq > 1 && this.replaysFromOldest())
        before.push(this.gap(1, seq - 1, 'replay-start', event, nowUs));
    } else if (seq <= last) {
      const held = this.identities.held(seq);
      if (held !== undefined && held === this.identities.of(event)) {
        this.duplicates += 1;
        return { before, event: null };
      }
      // no gap: nothing shows which of the new process's earlier events this stream missed. The
      // separator takes the time of the event it comes before (the server's clock, as the rows
      // around it), not the moment this page read it, which is later than the rows below it
      before.push(this.startEpoch(last, seq, Number.isFinite(event.ts) ? event.ts : nowUs));
    } else if (seq > last + 1) {
      const cause: GapCause = this.freshConnection ? 'reconnect' : 'mid-stream';
      before.push(this.gap(last + 1, seq - 1, cause, event, nowUs));
    }
    this.freshConnection = false;
    this.replayNextEpoch = false;
    this.lastSeq = seq;
    if (Number.isFinite(event.ts)) this.lastTs = Math.max(this.lastTs, event.ts);
    return { before, event: { seq, epoch: this.epoch } };
  }

  /**
   * A probe of the oldest retained event (after a reconnect) says whether the event process
   * restarted: its seq is not above ours, yet it is not the event we hold under that seq. Unlike a
   * frame (a stream sends an old seq again only after a restart), the probe asks for an old event
   * and often gets one this timeline never held (it started from now, evicted it, or missed it in
   * a gap). The same process's event under a seq not above ours cannot be newer than the newest
   * one seen, so then only a newer one shows a restart.
   */
  probeShowsRestart(seq: number, event: TelemetryEvent): boolean {
    if (this.lastSeq === null || seq > this.lastSeq) return false;
    const held = this.identities.held(seq);
    if (held !== undefined) return held !== eventIdentity(event);
    return event.ts > this.lastTs;
  }

  /**
   * The event process restarted (seen by a probe): a separator, then a new epoch from its start.
   * `atUs`: the separator's time, best the probed event's (the new process's oldest one).
   */
  restarted(seqSeen: number, atUs: number): NewMarker {
    const marker = this.startEpoch(this.lastSeq ?? 0, seqSeen, atUs);
    this.replayNextEpoch = true;
    return marker;
  }

  /**
   * While no seq is seen in this epoch: whether the connection asked for the oldest retained
   * events (mode 'all', or the replay asked for after a probe saw a restart).
   */
  private replaysFromOldest(): boolean {
    return this.mode === 'all' || this.replayNextEpoch;
  }

  private startEpoch(from: number, to: number, atUs: number): NewMarker {
    this.epoch += 1;
    this.lastSeq = null;
    this.lastTs = Number.NEGATIVE_INFINITY;
    return {
      kind: 'marker',
      marker: 'restarted',
      text: `The session's event process restarted: seq went back from ${from} to ${to}. Earlier events stay above.`,
      tsUs: atUs,
      epoch: this.epoch,
    };
  }

  private gap(from: number, to: number, cause: GapCause, event: E, nowUs: number): NewGap {
    const tsUs = Number.isFinite(event.ts) ? event.ts : nowUs;
    return { kind: 'gap', from, to, cause, tsUs, epoch: this.epoch };
  }
}

/**
 * "N events missed (seq a–b)" and why, for a gap item; events older than the stream's buffer are
 * "not held by the stream", which is no loss.
 */
export function describeGap(gap: Pick<GapItem, 'from' | 'to' | 'cause'>): {
  title: string;
  reason: string;
} {
  const count = gap.to - gap.from + 1;
  const seqs = `seq ${gap.from === gap.to ? gap.from : `${gap.from}–${gap.to}`}`;
  const events = `${count.toLocaleString('en-US')} ${gap.cause === 'replay-start' ? 'older ' : ''}event${count === 1 ? '' : 's'}`;
  // older than the server's buffer when the stream was opened: nothing was lost on the way
  if (gap.cause === 'replay-start')
    return {
      title: `${events} not held by the stream (${seqs})`,
      reason: 'they had left the server’s buffer before this page opened it',
    };
  const title = `${events} missed (${seqs})`;
  const reason =
    gap.cause === 'reconnect'
      ? 'evicted from the server’s buffer while reconnecting'
      : 'dropped by the server mid-stream';
  return { title, reason };
}
