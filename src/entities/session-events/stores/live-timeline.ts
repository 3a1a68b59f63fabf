// The telemetry timeline of a live session: its stream, the sequencer that orders what the
// stream delivers, and the markers of connections, stalls and ends.
import { LIMITS } from '../../../config/limits';
import type { ApiConnection } from '../../../lib/http/request';
import { createLiveSource, type LiveSource } from '../../../lib/live-source';
import type { openDecodedStream } from '../../../lib/sse/decoded-stream';
import type { openSseStream } from '../../../lib/sse/sse-stream';
import type { StallEnd } from '../../../lib/sse/stall-trace';
import type { StreamStatus } from '../../../lib/sse/status';
import type { TelemetryEvent } from '../../../types/api';
import { readHistoryPage } from '../api/telemetry-history';
import type { GapItem } from '../model/types';
import { telemetryStreamHeaders, telemetryStreamUrl } from '../api/telemetry-stream';
import type { TelemetryFrame } from '../api/telemetry-batch';
import { telemetryDecoder } from '../api/telemetry-decoder';
import { decodeEnvelope } from '../model/decode';
import { frameText, liveEventItem, makeEventItem } from '../model/event-item';
import { eventIdentity, Sequencer, type StartMode } from '../model/sequencer';
import { stallReconnectedMarker, stallStoppedText } from '../model/stall-marker';
import { createGapFiller } from './gap-filler';
import { probeOldestEvent } from './restart-probe';
import type { TelemetryBuffer } from './telemetry-buffer';
import type { LiveTimeline } from './timeline-controller';
import { filterApplier, heldIdentity, newBuffer, nowUs } from './timeline-parts';
import { calmAfterBursts, shown } from '../../../lib/follow-pace';
import { createTimelineStore, type TimelineState } from './timeline-store';

/** A frame as the decoder gives it, or what the stream's status said, in arrival order. */
type Work =
  | TelemetryFrame
  /** `stall`: the silence this connection ended; `first`: the timeline's first connection. */
  | { kind: 'connected'; atUs: number; stall: StallEnd | null; first: boolean }
  | { kind: 'note'; marker: 'ended' | 'stalled'; text: string; atUs: number };

export interface LiveTimelineOptions {
  connection: ApiConnection;
  sessionId: string;
  capacity: number;
  initial?: Partial<TimelineState>;
  openStream?: typeof openDecodedStream;
  /** For the one-event probe after a reconnect. */
  openProbe?: typeof openSseStream;
  /** For the history that fills gaps. */
  readPage?: typeof readHistoryPage;
}

/** A frame the worker could read. */
type ReadFrame = Extract<TelemetryFrame, { ok: true }>;

/** eventIdentity of a live frame's event: parsed only when its seq is not above the last one. */
function frameIdentity(frame: ReadFrame): string {
  const decoded = decodeEnvelope(frameText(frame));
  // the worker decoded this very text, so this does not fail; if it did, the text tells
  return decoded.ok ? eventIdentity(decoded.event) : frameText(frame);
}

function liveSequencer(mode: StartMode, buffer: TelemetryBuffer): Sequencer<ReadFrame> {
  return new Sequencer(mode, { held: (seq) => heldIdentity(buffer, seq), of: frameIdentity });
}

/**
 * Feeds frames the stream worker read through a sequencer into a buffer, one at a time; `onGap`
 * hears of each gap the stream showed while connected (not of events older than the ring).
 */
function createIngest(
  buffer: TelemetryBuffer,
  sequencer: () => Sequencer<ReadFrame>,
  onGap: (gap: GapItem) => void,
) {
  return (work: Work): void => {
    const seq = sequencer();
    if (!('ok' in work)) {
      if (work.kind === 'connected') {
        const marker = seq.connected(work.atUs);
        const { stall, first, atUs } = work;
        const item = stall ? stallReconnectedMarker(stall, marker, first, atUs, seq.epoch) : marker;
        if (item) buffer.append([item]);
        return;
      }
      const { marker, text, atUs } = work;
      buffer.append([{ kind: 'marker', marker, text, tsUs: atUs, epoch: seq.epoch }]);
      return;
    }
    const frame = work;
    const { atUs } = frame;
    if (!frame.ok) {
      buffer.append([
        { kind: 'unreadable', raw: frame.text, reason: frame.reason, tsUs: atUs, epoch: seq.epoch },
      ]);
      return;
    }
    const outcome = seq.frame(frame.seq, frame, atUs);
    if (outcome.before.length > 0) {
      buffer.append(outcome.before);
      for (const item of outcome.before)
        if (item.kind === 'gap' && item.cause !== 'replay-start') onGap(item as GapItem);
    }
    if (!outcome.event) return;
    const { epoch } = outcome.event;
    if (!frame.eager) {
      buffer.append([liveEventItem(frame, epoch)]);
      return;
    }
    const decoded = decodeEnvelope(frameText(frame));
    if (decoded.ok) buffer.append([makeEventItem(frame.seq, decoded.event, epoch, atUs)]);
  };
}

/**
 * The note a stream's end leaves. A 404 is what the server said, not a conclusion (a server
 * shutting down may say so too): the session view reads the session's record to tell.
 */
function endedText(status: StreamStatus): string | null {
  if (status.kind === 'ended') return `Stream ended: ${status.reason}`;
  if (status.kind === 'failed' && status.failure?.status === 404)
    return 'Stream stopped: the server answered 404, no such session. Everything received stays here.';
  return null;
}

/**
 * The telemetry timeline of a live session: a live source of frames → sequencer → bounded buffer;
 * the restart probe and the markers of connections, stalls and ends are the timeline's.
 */
export function createLiveTimeline(options: LiveTimelineOptions): LiveTimeline {
  const { connection, sessionId } = options;
  const store = createTimelineStore(options.initial);
  const buffer = newBuffer(options.capacity);
  let sequencer = liveSequencer(store.getState().startMode, buffer);
  const ingest = createIngest(
    buffer,
    () => sequencer,
    (gap) => setTimeout(() => fillGap(gap), 0),
  );
  const applyFilter = filterApplier(store, buffer);
  const calm = calmAfterBursts(store);
  // aborted by stop(): a closed view's gap filling asks nothing more
  let fills = new AbortController();
  const fillGap = createGapFiller({
    buffer,
    store,
    read: (request) => (options.readPage ?? readHistoryPage)(connection, sessionId, request),
    beforeLayout: () => live.flush(),
    signal: () => fills.signal,
  });
  let stopProbe: (() => void) | undefined;
  let everLive = false;

  const live: LiveSource<Work> = createLiveSource({
    store,
    decoder: telemetryDecoder,
    stream: {
      url: () => telemetryStreamUrl(connection, sessionId, sequencer.resumePoint().replayAll),
      getHeaders: () => telemetryStreamHeaders(connection, sequencer.resumePoint()),
      stallTimeoutMs: LIMITS.telemetryKeepaliveMs + LIMITS.stallMarginMs,
    },
    ingest: (batch) => {
      for (const work of batch) ingest(work);
    },
    onShow: (state, flooded, items) => {
      calm.updated();
      return shown(state, flooded, items);
    },
    statusChanged: (status, { stall, connections }) => {
      if (status.kind === 'live') {
        everLive = true;
        live.push({ kind: 'connected', atUs: nowUs(), stall, first: connections === 1 });
        stopProbe?.();
        stopProbe =
          connections > 1 && sequencer.lastSeq !== null
            ? probeOldestEvent(connection, sessionId, onProbe, options.openProbe)
            : undefined;
      }
      if (stall && status.kind !== 'live') {
        const text = stallStoppedText(stall);
        live.push({ kind: 'note', marker: 'stalled', text, atUs: nowUs() });
      }
      const ended = everLive ? endedText(status) : null;
      if (ended) live.push({ kind: 'note', marker: 'ended', text: ended, atUs: nowUs() });
    },
    pacing: LIMITS.flood,
    openStream: options.openStream,
  });

  const onProbe = (seq: number, event: TelemetryEvent): void => {
    live.flush();
    if (!sequencer.probeShowsRestart(seq, event)) return;
    // at the new process's oldest event (the server's clock), the first row listed after it
    buffer.append([sequencer.restarted(seq, Number.isFinite(event.ts) ? event.ts : nowUs())]);
    live.changed();
    live.reconnectNow();
  };

  let started = false;
  const start = (): void => {
    if (started) return;
    started = true;
    if (fills.signal.aborted) fills = new AbortController();
    applyFilter();
    live.start();
  };
  const stop = (): void => {
    started = false;
    fills.abort();
    live.stop();
    stopProbe?.();
    calm.stop();
  };
  return {
    store,
    buffer,
    origin: { kind: 'live', sessionId },
    start,
    stop,
    reconnectNow: () => live.reconnectNow(),
    fillGap(index) {
      const item = buffer.item(index);
      if (item?.kind === 'gap') fillGap(item);
    },
    restartFrom(mode) {
      stopProbe?.();
      calm.stop();
      live.restart(() => {
        // the stream stopped: every event it delivered has gone through this sequencer
        const previous = sequencer;
        buffer.clear();
        store.setState({ startMode: mode, selected: null, detailOpen: false, following: true });
        sequencer = liveSequencer(mode, buffer);
        if (mode === 'now') sequencer.continueAfter(previous);
        live.changed();
        applyFilter();
      });
    },
    applyFilter,
    setCapacity(capacity) {
      live.flush();
      buffer.resize(capacity);
      live.changed();
    },
    clear() {
      live.flush();
      buffer.clear();
      store.setState({ selected: null, detailOpen: false });
      live.changed();
    },
    duplicates: () => sequencer.duplicates,
  };
}
