// The timeline of an ended session, read from its telemetry history page by page, and where
// a history window starts.
import type { ApiConnection } from '../../../lib/http/request';
import { formatClockTime } from '../../../lib/clock-time';
import { timerScheduler } from '../../../lib/schedulers';
import { createPagedReadGuard } from '../../../lib/paged-reader';
import { readHistoryPage, type HistoryPage } from '../api/telemetry-history';
import type { HistoryEnvelope } from '../model/gap-fill';
import { orderPage } from '../model/page-order';
import type { HistoryTimeline } from './timeline-controller';
import {
  createEnvelopeLoader,
  failureText,
  filterApplier,
  isAbort,
  newBuffer,
} from './timeline-parts';
import { createTimelineStore, type HistoryProgress, type TimelineState } from './timeline-store';

/** How often reading a history shows what it read so far. */
const HISTORY_SHOW_MS = 250;

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
