import { LIMITS } from '../../../config/limits';
import type { ApiConnection } from '../../../lib/http/request';
import { createLiveSource, type LiveSource } from '../../../lib/live-source';
import type { openDecodedStream } from '../../../lib/sse/decoded-stream';
import { nextTaskScheduler, type Scheduler } from '../../../lib/schedulers';
import { describeStall } from '../../../lib/sse/stall-trace';
import { calmAfterBursts, shown } from '../../../lib/follow-pace';
import { compileLineFilter, compileQuery, type TextQuery } from '../model/filter';
import { logDecoder } from '../api/log-decoder';
import {
  isInBandFailure,
  logStreamHeaders,
  logStreamUrl,
  noticeLine,
  type LogSource,
} from '../api/log-stream';
import { LogBuffer, type LineNeedle, type LogLine } from './log-buffer';
import {
  createLogTabStore,
  resolveTimeSource,
  type LogTabState,
  type LogTabStore,
} from './log-tab-store';

type PartialLine = Omit<LogLine, 'seq'>;

/** How a mark a person set reads among a stream's lines. */
const MARK_NOTICE = '⚑ Mark: ';

/** Whether a line is the stream's copy of a mark (the telemetry timeline holds the mark itself). */
export function isMarkNotice(line: LogLine): boolean {
  return line.notice && line.plain.startsWith(MARK_NOTICE);
}

/**
 * A 404 from the stream: what the server said, not a conclusion (a server shutting down may say
 * so too). The session view reads the session's record and ends the tab if the session ended.
 */
export const SESSION_NOT_FOUND = 'stream stopped: the server answered 404, no such session';

/** What a reconnect of a log stream does (upstream has no resume: it tails from the end again). */
export const RECONNECTED =
  'reconnected: the log stream restarts at the end of the file, so lines written while disconnected are not shown';

export interface LogTab {
  readonly id: string;
  readonly source: LogSource;
  readonly store: LogTabStore;
  readonly buffer: LogBuffer;
  /**
   * Saved lines (a debug bundle), or the lines of a stream whose session ended: nothing to connect
   * to or reconnect.
   */
  readonly saved: boolean;
  start(): void;
  stop(): void;
  /**
   * The session ended (its record says so): the stream stops for good, its lines stay, and a
   * notice and the status say `reason`.
   */
  end(reason: string): void;
  reconnectNow(): void;
  /** Re-applies filter and search from the store (after the user changed them). */
  refreshQueries(): void;
  clear(): void;
  setCapacity(capacity: number): void;
  /** Puts a mark a person set among the lines (a notice at its time). */
  mark(name: string, timeMs: number): void;
}

export interface LogTabOptions {
  id: string;
  connection: ApiConnection;
  sessionId: string;
  source: LogSource;
  capacity: number;
  initial?: Partial<LogTabState>;
  openStream?: typeof openDecodedStream;
}

/**
 * Text that every line a query passes contains: a plain query's own (null for a pattern).
 * `decides`: the query is all of its test, so a line holding the text passes.
 */
function needleOf(query: TextQuery, decides: boolean): LineNeedle | null {
  return query.text !== '' && !query.regex
    ? { text: query.text, caseSensitive: query.caseSensitive, decides }
    : null;
}

/**
 * Puts the tab's filter, level choice, time range and search (its store) into its buffer. Returns
 * a promise when a pattern waits for the regular-expression engine: apply again once it settles.
 */
function applyQueries(store: LogTabStore, buffer: LogBuffer): Promise<void> | null {
  const state = store.getState();
  const hidden = new Set(state.hiddenLevels);
  const filter = compileLineFilter({
    include: state.include,
    exclude: state.exclude,
    levels: new Set(
      (['error', 'warn', 'info', 'debug', 'trace', 'none'] as const).filter(
        (level) => !hidden.has(level),
      ),
    ),
  });
  const hasFilter = hidden.size > 0 || state.include.text !== '' || state.exclude.text !== '';
  if (!filter.ok) {
    store.setState({ filterError: filter.error });
  } else {
    const matches = filter.matches;
    const { range } = state;
    const source = resolveTimeSource(state.timeSource, buffer.clock);
    const inRange = (line: LogLine): boolean => {
      if (!range) return true;
      const time = buffer.clock.lineTime(line, source);
      return time >= range.fromMs && time <= range.toMs;
    };
    buffer.setFilter(
      hasFilter || range
        ? (line) => inRange(line) && (line.notice || matches(line.plain, line.level, line.ascii))
        : null,
      // the include text alone decides when no level is hidden, nothing is excluded and no
      // range is set (a notice passes anyway)
      needleOf(state.include, hidden.size === 0 && state.exclude.text === '' && !range),
      // following the newest lines, they are tested first and the older ones after, paced
      // (pace.kick); a view held elsewhere (scrolled up, paused) has every line tested at once,
      // so that it shows the matches where it is held from its first frame
      state.following && state.pausedAt === null ? LIMITS.logFilterPace.newestLines : 0,
    );
    store.setState({ filterError: null });
  }
  const search = compileQuery(state.search);
  if (search && !search.ok) {
    store.setState({ searchError: search.error });
    buffer.setSearch(null);
  } else {
    const test = search?.test;
    buffer.setSearch(
      test ? (line) => test(line.plain, line.ascii) : null,
      needleOf(state.search, true),
    );
    store.setState({ searchError: null });
  }
  if (!filter.ok && filter.ready) return filter.ready;
  return search && !search.ok && search.ready ? search.ready : null;
}

/**
 * Tests the lines a filter applied newest first left untested, the newest first, in tasks of about
 * `sliceMs` one after another (input and frames get their turn between two); `changed` once the
 * last is tested, and every `showEveryMs` before. `kick` after applying queries; `stop` when the
 * tab closes.
 */
export function paceFilter(
  buffer: LogBuffer,
  changed: () => void,
  pace: { sliceLines: number; sliceMs: number; showEveryMs: number } = LIMITS.logFilterPace,
  schedule: Scheduler = nextTaskScheduler,
): { kick(): void; stop(): void } {
  let cancel: (() => void) | null = null;
  let shownAt = 0;
  const step = (): void => {
    cancel = null;
    const now = performance.now();
    const until = now + pace.sliceMs;
    let left = buffer.continueFilter(pace.sliceLines);
    while (left && performance.now() < until) left = buffer.continueFilter(pace.sliceLines);
    if (!left || now - shownAt >= pace.showEveryMs) {
      shownAt = now;
      changed();
    }
    if (left) cancel = schedule(step);
  };
  return {
    kick() {
      if (cancel !== null || buffer.filterProgress === null) return;
      shownAt = performance.now();
      cancel = schedule(step);
    },
    stop() {
      cancel?.();
      cancel = null;
    },
  };
}

/** One log stream: a live source of lines → bounded buffer; notices and queries are the tab's. */
export function createLogTab(options: LogTabOptions): LogTab {
  const { connection, sessionId, source } = options;
  const store = createLogTabStore(options.initial);
  const buffer = new LogBuffer(options.capacity);
  let lastMessageOfAttempt: string | null = null;
  const calm = calmAfterBursts(store);
  let messagesThisAttempt = 0;

  // Upstream sends no keepalive on this stream, so it has no silence watchdog: an attempt stalls
  // only when its response headers do not come in time, and a stall leaves a notice.
  const live: LiveSource<PartialLine> = createLiveSource({
    store,
    decoder: logDecoder,
    stream: {
      url: () => logStreamUrl(connection, sessionId, source, live.connections > 0),
      getHeaders: () => logStreamHeaders(connection),
      headersTimeoutMs: LIMITS.streamHeadersTimeoutMs,
      onServerClose: () => {
        if (
          messagesThisAttempt === 1 &&
          lastMessageOfAttempt !== null &&
          isInBandFailure(lastMessageOfAttempt)
        )
          return 'end';
        return 'reconnect';
      },
    },
    ingest: (lines) => buffer.append(lines),
    onShow: (state, flooded, items) => {
      calm.updated();
      return shown(state, flooded, items);
    },
    arrived: (lines) => {
      const first = lines.textAt(0);
      if (first === undefined) return;
      if (messagesThisAttempt === 0 && isInBandFailure(first)) lines.markNotice(0);
      messagesThisAttempt += lines.length;
      lastMessageOfAttempt = lines.textAt(lines.length - 1) as string;
    },
    statusChanged: (status, { stall, connections }) => {
      const notice = (text: string): void => live.push(noticeLine(text));
      if (status.kind === 'live') {
        messagesThisAttempt = 0;
        lastMessageOfAttempt = null;
        const next = connections > 1 ? RECONNECTED : 'connected on a new attempt';
        if (stall) notice(describeStall(stall, next));
        else if (connections > 1) notice(RECONNECTED);
        if (connections > 1) {
          // the lines before the reconnect first; those after it tail the file from its end, so
          // one stating no time is not a continuation of the last line read before
          live.flush();
          buffer.restartTimes();
        }
      }
      if (status.kind === 'ended') {
        const ended = `stream ended: ${status.reason}`;
        notice(stall ? describeStall(stall, ended) : ended);
      }
      if (status.kind === 'failed' && stall) {
        notice(describeStall(stall, `reconnecting failed: ${status.reason}`));
      }
      // 404 is upstream's answer for a session that does not exist (a missing file is in band)
      if (status.kind === 'failed' && status.failure?.status === 404 && connections > 0) {
        notice(SESSION_NOT_FOUND);
      }
    },
    pacing: LIMITS.flood,
    openStream: options.openStream,
  });

  const pace = paceFilter(buffer, () => live.changed());
  const refreshQueries = (): void => {
    const ready = applyQueries(store, buffer);
    live.changed();
    pace.kick();
    // a pattern that waited for the regular-expression engine takes effect once it has loaded
    if (ready) void ready.then(refreshQueries);
  };

  let started = false;
  let ended = false;
  return {
    id: options.id,
    source,
    store,
    buffer,
    get saved() {
      return ended;
    },
    start() {
      if (started || ended) return;
      started = true;
      refreshQueries();
      live.start();
    },
    stop() {
      started = false;
      live.stop();
      calm.stop();
      pace.stop();
    },
    end(reason) {
      if (ended) return;
      ended = true;
      started = false;
      live.stop();
      live.push(noticeLine(reason));
      live.flush();
      store.setState({ status: { kind: 'ended', reason } });
    },
    reconnectNow: () => live.reconnectNow(),
    refreshQueries,
    clear() {
      live.flush();
      buffer.clear();
      store.setState({ selection: null, currentMatch: null });
      live.changed();
    },
    setCapacity(capacity) {
      live.flush();
      buffer.resize(capacity);
      live.changed();
    },
    mark(name, timeMs) {
      live.push(noticeLine(`${MARK_NOTICE}${name}`, timeMs));
    },
  };
}

export interface FileLogTabOptions {
  id: string;
  source: LogSource;
  /** The stream's lines as saved (decodeSavedLines), in order. */
  lines: PartialLine[];
  capacity: number;
  /** What the tab's status says (where the lines came from). */
  origin: string;
  initial?: Partial<LogTabState>;
}

/**
 * A log stream saved earlier (a debug bundle), shown like a live one with nothing to connect:
 * search, filters, time and selection work the same; its status says where the lines came from.
 */
export function createFileLogTab(options: FileLogTabOptions): LogTab {
  const store = createLogTabStore({
    ...options.initial,
    status: { kind: 'ended', reason: options.origin },
  });
  const buffer = new LogBuffer(Math.max(options.capacity, options.lines.length));
  buffer.append(options.lines);
  const changed = (): void => store.setState((state) => ({ version: state.version + 1 }));
  const pace = paceFilter(buffer, changed);
  const refreshQueries = (): void => {
    const ready = applyQueries(store, buffer);
    changed();
    pace.kick();
    if (ready) void ready.then(refreshQueries);
  };
  refreshQueries();
  return {
    id: options.id,
    source: options.source,
    store,
    buffer,
    saved: true,
    start: () => undefined,
    stop: () => pace.stop(),
    end: () => undefined,
    reconnectNow: () => undefined,
    refreshQueries,
    clear() {
      buffer.clear();
      store.setState({ selection: null, currentMatch: null });
      changed();
    },
    setCapacity(capacity) {
      buffer.resize(Math.max(capacity, buffer.total));
      changed();
    },
    mark(name, timeMs) {
      buffer.append([noticeLine(`${MARK_NOTICE}${name}`, timeMs)]);
      changed();
    },
  };
}
