import { LIMITS } from '../../../config/limits';
import { ApiRequestError, type ApiConnection } from '../../../lib/http/request';
import { formatClockTime } from '../../../lib/clock-time';
import { timerScheduler } from '../../../lib/frame-batcher';
import { createLiveSource, type LiveSource } from '../../../lib/live-source';
import {
  createPagedReadGuard,
  createRequestBudget,
  PagedReadStop,
} from '../../../lib/paged-reader';
import type { openDecodedStream } from '../../../lib/sse/decoded-stream';
import type { openSseStream } from '../../../lib/sse/sse-stream';
import type { StallEnd } from '../../../lib/sse/stall-trace';
import type { StreamStatus } from '../../../lib/sse/status';
import type { TelemetryEvent } from '../../../types/api';
import { readHistoryPage, type HistoryPage, type HistoryRequest } from '../api/telemetry-history';
import { fillGap, rfc3339Micros, type HistoryEnvelope } from '../model/gap-fill';
import type { GapItem } from '../model/types';
import { telemetryStreamHeaders, telemetryStreamUrl } from '../api/telemetry-stream';
import { telemetryDecoder, type TelemetryFrame } from '../api/telemetry-decoder';
import { decodeEnvelope } from '../model/decode';
import { orderPage } from '../model/page-order';
import { frameText, liveEventItem, makeEventItem, readEvent } from '../model/event-item';
import { eventIdentity, Sequencer, type StartMode } from '../model/sequencer';
import { stallReconnectedMarker, stallStoppedText } from '../model/stall-marker';
import type { JsonlAnnotation, JsonlAnnotationLine } from '../model/jsonl';
import { compileTimelineFilter } from '../model/timeline-filter';
import { probeOldestEvent } from './restart-probe';
import { TelemetryBuffer } from './telemetry-buffer';
import {
  calmAfterBursts,
  createTimelineStore,
  shown,
  rekeyed,
  type HistoryProgress,
  type TimelineState,
  type TimelineStore,
} from './timeline-store';

/** A frame as the decoder gives it, or what the stream's status said, in arrival order. */
type Work =
  | TelemetryFrame
  /** `stall`: the silence this connection ended; `first`: the timeline's first connection. */
  | { kind: 'connected'; atUs: number; stall: StallEnd | null; first: boolean }
  | { kind: 'note'; marker: 'ended' | 'stalled'; text: string; atUs: number };

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

const nowUs = (): number => Date.now() * 1000;

function newBuffer(capacity: number): TelemetryBuffer {
  return new TelemetryBuffer(capacity, {
    count: LIMITS.screenshotImages,
    bytes: LIMITS.screenshotImageBytes,
  });
}

/** A frame the worker could read. */
type ReadFrame = Extract<TelemetryFrame, { ok: true }>;

/** eventIdentity of the event the buffer holds under seq in its newest epoch, if it holds one. */
function heldIdentity(buffer: TelemetryBuffer, seq: number): string | undefined {
  const item = buffer.heldEvent(seq);
  return item === undefined ? undefined : eventIdentity(readEvent(item));
}

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
      buffer.append([liveEventItem(frame, epoch, atUs)]);
      return;
    }
    const decoded = decodeEnvelope(frameText(frame));
    if (decoded.ok) buffer.append([makeEventItem(frame.seq, decoded.event, epoch, atUs)]);
  };
}

/**
 * Fills gap items from the session's history, one gap at a time: the window read runs from the
 * event before the gap (or as far back as history is kept, for events older than the ring) to
 * the event after it; the seqs the gap stands for are taken from it and put in place, and the
 * store's indexes are translated. A gap evicted meanwhile is left alone; a failure is shown on it.
 */
function createGapFiller(deps: {
  buffer: TelemetryBuffer;
  store: TimelineStore;
  read: (request: HistoryRequest) => Promise<HistoryPage>;
  /** Hands over what the stream delivered, so the layout sees every item received. */
  beforeLayout: () => void;
  /** Aborted when the view closes: reads under way stop, and queued ones never start. */
  signal: () => AbortSignal;
}): (gap: GapItem) => void {
  const { buffer, store } = deps;
  const busy = new Set<GapItem>();
  let queue: Promise<void> = Promise.resolve();
  // one budget for all the gaps of this timeline: many small reads keep to it too
  const budget = createRequestBudget();
  const changed = (): void => store.setState((state) => ({ version: state.version + 1 }));
  const eventBefore = (gap: GapItem): number | undefined => {
    for (let index = gap.index - 1; index >= buffer.first; index -= 1) {
      const item = buffer.item(index);
      if (item?.kind === 'event' && Number.isFinite(item.tsUs)) return item.tsUs;
    }
    return undefined;
  };
  const putInPlace = (gap: GapItem, found: HistoryEnvelope[]): void => {
    deps.beforeLayout();
    if (buffer.item(gap.index) !== gap) return;
    const map = buffer.rebuild((items) => fillGap(items, gap, found));
    store.setState((state) => rekeyed(state, map.translate));
  };
  const fill = async (gap: GapItem): Promise<void> => {
    const signal = deps.signal();
    const found: HistoryEnvelope[] = [];
    try {
      const before = gap.cause === 'replay-start' ? undefined : eventBefore(gap);
      const since = before === undefined ? HISTORY_KEPT : rfc3339Micros(before);
      const until = rfc3339Micros(gap.tsUs + 1);
      const guard = createPagedReadGuard({ signal, budget });
      // seqs of the gap found, and every event of the window read (seq and time: distinct events)
      const wanted = new Set<number>();
      const seen = new Set<string>();
      let offset: number | undefined;
      for (;;) {
        const wait = guard.wait();
        if (wait) await wait;
        const page = await deps.read({ since, until, offset, signal });
        let added = 0;
        for (const envelope of page.envelopes) {
          const key = `${envelope.seq}@${envelope.event.ts}`;
          if (seen.has(key)) continue;
          seen.add(key);
          added += 1;
          if (envelope.seq < gap.from || envelope.seq > gap.to) continue;
          found.push(envelope);
          wanted.add(envelope.seq);
        }
        if (page.nextOffset === null || wanted.size >= gap.to - gap.from + 1) break;
        guard.afterPage({ next: page.nextOffset, added });
        offset = page.nextOffset;
      }
      putInPlace(gap, found);
    } catch (error) {
      if (buffer.item(gap.index) !== gap) return;
      if (isAbort(error)) delete gap.healing;
      else {
        // what a read that stopped moving found is real: it goes in place, and the gap says why
        // the rest was not read
        if (error instanceof PagedReadStop && found.length > 0) putInPlace(gap, found);
        gap.healing = { failed: failureText(error) };
      }
      changed();
    } finally {
      busy.delete(gap);
    }
  };
  return (gap) => {
    if (busy.has(gap) || buffer.item(gap.index) !== gap) return;
    busy.add(gap);
    gap.healing = 'reading';
    changed();
    queue = queue.then(() => fill(gap));
  };
}

/** How often reading a history shows what it read so far. */
const HISTORY_SHOW_MS = 250;

/** How far back the history goes (upstream keeps 30 days): the start of "everything older". */
const HISTORY_KEPT = '720h';

/**
 * Re-applies the store's filter to the buffer (the counts follow its time range), and tells views
 * the buffer changed.
 */
function filterApplier(store: TimelineStore, buffer: TelemetryBuffer): () => void {
  return () => {
    const { filter } = store.getState();
    buffer.setRange(filter.range);
    buffer.setFilter(compileTimelineFilter(filter));
    store.setState((state) => ({ version: state.version + 1 }));
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

export interface FileTimelineOptions {
  name: string;
  /** `line`: where the event was in the file, to place unreadable lines among the events. */
  envelopes: { line?: number; seq: number; event: TelemetryEvent }[];
  problems: { line: number; reason: string; raw: string }[];
  /** The file's notes (marks, gaps, restarts, unreadable frames), where they were. */
  annotations?: JsonlAnnotationLine[];
  capacity: number;
}

function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * Puts envelopes read from somewhere other than the live stream (a file, the history) into a
 * buffer through a sequencer: duplicates dropped, a separator where seq went back (a restart),
 * and, with `gaps`, an item where seqs are missing. Items without a time of their own take the
 * time of the event before them, keeping the buffer in time order for jumps.
 */
function createEnvelopeLoader(buffer: TelemetryBuffer, startTs: number, gaps: boolean) {
  const sequencer = new Sequencer<TelemetryEvent>('now', {
    held: (seq) => heldIdentity(buffer, seq),
    of: eventIdentity,
  });
  let lastTs = startTs;
  return {
    get lastTs(): number {
      return lastTs;
    },
    get duplicates(): number {
      return sequencer.duplicates;
    },
    /** Places one event; false when it was a duplicate (dropped). */
    add(seq: number, event: TelemetryEvent): boolean {
      if (Number.isFinite(event.ts)) lastTs = Math.max(lastTs, event.ts);
      const outcome = sequencer.frame(seq, event, lastTs);
      buffer.append(
        gaps ? outcome.before : outcome.before.filter((item) => item.kind === 'marker'),
      );
      if (!outcome.event) return false;
      buffer.append([makeEventItem(seq, event, outcome.event.epoch, lastTs)]);
      return true;
    },
    unreadable(raw: string, reason: string): void {
      buffer.append([{ kind: 'unreadable', raw, reason, tsUs: lastTs, epoch: sequencer.epoch }]);
    },
    /** A note of an export (a mark, a gap, a marker), at its own time. */
    annotated(note: JsonlAnnotation): void {
      const base = { tsUs: note.ts, epoch: sequencer.epoch };
      if (note.kind === 'mark')
        buffer.append([{ ...base, kind: 'marker', marker: 'mark', text: note.text }]);
      else if (note.kind === 'marker')
        buffer.append([{ ...base, kind: 'marker', marker: note.marker, text: note.text }]);
      else if (note.kind === 'unreadable')
        buffer.append([{ ...base, kind: 'unreadable', raw: note.raw, reason: note.reason }]);
      else {
        const { from, to, cause, recovered } = note;
        buffer.append([
          {
            ...base,
            kind: 'gap',
            from,
            to,
            cause,
            ...(recovered === undefined ? {} : { recovered }),
          },
        ]);
      }
    },
  };
}

/**
 * Fills a buffer from a file, in line order: unreadable lines where they were; an export of a
 * filtered view skips seqs on purpose, so gaps are not shown. Returns how many duplicate events
 * were dropped.
 */
function loadFile(buffer: TelemetryBuffer, options: FileTimelineOptions): number {
  const firstTs = options.envelopes.find((envelope) => Number.isFinite(envelope.event.ts));
  const loader = createEnvelopeLoader(buffer, firstTs?.event.ts ?? nowUs(), false);
  const summary = `Opened ${options.name}: ${plural(options.envelopes.length, 'event')}${
    options.problems.length > 0 ? `, ${plural(options.problems.length, 'unreadable line')}` : ''
  }`;
  buffer.append([
    { kind: 'marker', marker: 'imported', text: summary, tsUs: loader.lastTs, epoch: 0 },
  ]);
  let problem = 0;
  let note = 0;
  const annotations = options.annotations ?? [];
  const before = (line: number): void => {
    for (;;) {
      const nextProblem = options.problems[problem];
      const nextNote = annotations[note];
      if (!nextProblem && !nextNote) return;
      const problemLine = nextProblem?.line ?? Number.POSITIVE_INFINITY;
      const noteLine = nextNote?.line ?? Number.POSITIVE_INFINITY;
      if (Math.min(problemLine, noteLine) > line) return;
      if (nextProblem && problemLine <= noteLine) {
        loader.unreadable(nextProblem.raw, `line ${nextProblem.line}: ${nextProblem.reason}`);
        problem += 1;
      } else if (nextNote) {
        loader.annotated(nextNote.annotation);
        note += 1;
      }
    }
  };
  options.envelopes.forEach(({ line, seq, event }, position) => {
    before(line ?? position + 1);
    loader.add(seq, event);
  });
  before(Number.POSITIVE_INFINITY);
  return loader.duplicates;
}

/** A timeline read from an exported JSON Lines file: no server, no stream. */
export function createFileTimeline(options: FileTimelineOptions): Timeline {
  const store = createTimelineStore({
    status: { kind: 'ended', reason: `opened from ${options.name}` },
  });
  // every line, plus a separator per restart at most, plus the "opened" marker: nothing evicted
  const lines = options.envelopes.length + options.problems.length;
  const buffer = newBuffer(Math.max(options.capacity, lines + options.envelopes.length + 1));
  const duplicates = loadFile(buffer, options);
  const applyFilter = filterApplier(store, buffer);
  applyFilter();
  return {
    store,
    buffer,
    origin: { kind: 'file', name: options.name },
    applyFilter,
    duplicates: () => duplicates,
  };
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

export interface HistoryTimelineOptions {
  connection: ApiConnection;
  sessionId: string;
  /** When the session ended, and when it was created, if known. */
  endedAt: string | null;
  createdAt: string | null;
  capacity: number;
  initial?: Partial<TimelineState>;
  readPage?: typeof readHistoryPage;
}

function failureText(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const { status, statusText, message } = error.failure;
    return [status === 0 ? '' : `${status} ${statusText}`.trim(), message]
      .filter(Boolean)
      .join(': ');
  }
  return error instanceof Error ? error.message : String(error);
}

/** Whether an error is the abort a cancel caused. */
function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** A history page's content in short (its first and last events): the same page again adds nothing. */
function pageKey(page: HistoryPage): string | undefined {
  const first = page.envelopes[0];
  const last = page.envelopes.at(-1);
  if (!first || !last) return undefined;
  const at = (envelope: HistoryEnvelope): string => `${envelope.seq}@${envelope.event.ts}`;
  return `${at(first)}…${at(last)}×${page.envelopes.length}`;
}

/**
 * Where a history window starts, as the history endpoint takes it: `start` is a minute before the
 * session was created (clocks differ a little), or as far back as history is kept (30 days) when
 * that is not known; durations and times pass as they are.
 */
export function historySince(window: string, createdAt: string | null): string {
  if (window !== 'start') return window;
  const created = createdAt === null ? Number.NaN : Date.parse(createdAt);
  return Number.isNaN(created) ? '720h' : new Date(created - 60_000).toISOString();
}

/**
 * The timeline of an ended session: its telemetry history (`GET …/telemetry/events`) read page by
 * page into the buffer, shown as it comes, with progress in the store (`history`), cancellable and
 * resumable where it stopped. Gaps in seq are real here (nothing filters the history) and shown.
 */
export function createHistoryTimeline(options: HistoryTimelineOptions): HistoryTimeline {
  const { connection, sessionId } = options;
  const ended = options.endedAt ? new Date(options.endedAt) : null;
  const store = createTimelineStore({
    ...options.initial,
    status: {
      kind: 'ended',
      reason:
        ended && !Number.isNaN(ended.getTime())
          ? `the session ended at ${formatClockTime(ended.getTime())}`
          : 'the session has ended',
    },
    history: { state: 'loading', loaded: 0, pages: 0, error: null },
  });
  const buffer = newBuffer(options.capacity);
  let loader = createEnvelopeLoader(buffer, Number.NaN, true);
  const applyFilter = filterApplier(store, buffer);
  const read = options.readPage ?? readHistoryPage;
  let since = historySince(store.getState().historyWindow, options.createdAt);
  let offset: number | undefined;
  let done = false;
  let running: AbortController | undefined;

  // what was read so far: the first page at once, then at most every HISTORY_SHOW_MS (showing
  // renders the whole view, which costs more than reading several pages)
  let loaded = 0;
  let pages = 0;
  let cancelShow: (() => void) | undefined;
  const progress = (change: Partial<HistoryProgress>): void => {
    cancelShow?.();
    cancelShow = undefined;
    store.setState((state) => ({
      version: state.version + 1,
      history: {
        ...(state.history ?? { state: 'loading', loaded: 0, pages: 0, error: null }),
        loaded,
        pages,
        ...change,
      },
    }));
  };
  const showSoon = (): void => {
    if (pages === 1) {
      progress({});
      return;
    }
    cancelShow ??= timerScheduler(HISTORY_SHOW_MS)(() => {
      cancelShow = undefined;
      progress({});
    });
  };

  const load = async (): Promise<void> => {
    if (running || done) return;
    const controller = new AbortController();
    running = controller;
    const { signal } = controller;
    const guard = createPagedReadGuard({ signal, start: offset });
    progress({ state: 'loading', error: null });
    try {
      for (;;) {
        const wait = guard.wait();
        if (wait) await wait;
        const page = await read(connection, sessionId, { since, offset, signal });
        if (signal.aborted) return;
        for (const problem of page.problems) loader.unreadable(problem.raw, problem.reason);
        // in seq order first, so that a page sent out of order shows no gaps it does not have;
        // counted: the events added, not the copies dropped
        let added = 0;
        for (const { seq, event } of orderPage(page.envelopes))
          if (loader.add(seq, event)) added += 1;
        loaded += added;
        pages += 1;
        guard.afterPage({ next: page.nextOffset, added, key: pageKey(page) });
        if (page.nextOffset === null) {
          done = true;
          progress({ state: 'done' });
          return;
        }
        offset = page.nextOffset;
        showSoon();
      }
    } catch (error) {
      // a cancel or another window said so already (and a new read may be under way)
      if (signal.aborted) return;
      progress(
        isAbort(error) ? { state: 'cancelled' } : { state: 'failed', error: failureText(error) },
      );
    } finally {
      if (running === controller) running = undefined;
    }
  };

  applyFilter();
  return {
    store,
    buffer,
    origin: { kind: 'history', sessionId, endedAt: options.endedAt },
    applyFilter,
    duplicates: () => loader.duplicates,
    load: () => void load(),
    cancel() {
      running?.abort();
      running = undefined;
      if (!done) progress({ state: 'cancelled' });
    },
    setWindow(window) {
      running?.abort();
      running = undefined;
      buffer.clear();
      loader = createEnvelopeLoader(buffer, Number.NaN, true);
      offset = undefined;
      done = false;
      loaded = 0;
      pages = 0;
      since = historySince(window, options.createdAt);
      store.setState((state) => ({
        historyWindow: window,
        selected: null,
        detailOpen: false,
        version: state.version + 1,
        history: { state: 'loading', loaded: 0, pages: 0, error: null },
      }));
      void load();
    },
  };
}
