import { createStore, type StoreApi } from 'zustand/vanilla';
import type { StreamStatus } from '../../../lib/sse/status';
import type { StartMode } from '../model/sequencer';
import { EMPTY_FILTER, type TimelineFilter } from '../model/timeline-filter';
import { NO_NETWORK_FILTER, type NetworkViewFilter } from '../model/network-table';

export type TimelinePane = 'events' | 'errors' | 'screenshots' | 'pages' | 'network';

/** View and stream state of one timeline; the items live in its TelemetryBuffer. */
export interface TimelineState {
  status: StreamStatus;
  /** Bumped whenever the buffer changed; views subscribe to it, not to the items. */
  version: number;
  /** Events are arriving faster than anyone reads them (frame-batcher.ts `show`). */
  flooded: boolean;
  /**
   * Updates bring more than a few rows each (see `FAST_FOLLOW`): a list following the end
   * changes nearly every row at each one.
   */
  fastFollow: boolean;
  filter: TimelineFilter;
  /** The Network view's own filter (its rows are also narrowed by the time range). */
  network: NetworkViewFilter;
  /** The selected item's index. */
  selected: number | null;
  /** The detail pane shows the selected item. */
  detailOpen: boolean;
  /** Explicit pause: the list stops moving; `pausedAt` is the item count when it paused. */
  pausedAt: number | null;
  following: boolean;
  /** Item count when following stopped, to count new items since. */
  unfollowedAt: number | null;
  /** A request to bring an item into view: `key` is its index; the nonce makes repeats count. */
  reveal: { key: number; nonce: number } | null;
  startMode: StartMode;
  pane: TimelinePane;
  /** Indexes of banner entries the user dismissed. */
  dismissed: number[];
  /** Time range of the rows on screen, for the overview strip's window. */
  visibleRange: VisibleRange | null;
  /** Reading an ended session's history; null for a live stream or a file. */
  history: HistoryProgress | null;
  /**
   * Which part of an ended session's history is read: `start` (the whole session), a duration
   * (`5m`, `1h`, `24h`: that long before now) or an RFC 3339 time.
   */
  historyWindow: string;
  /**
   * The buffer was laid out again (history put in place) and item indexes changed: views holding
   * an index translate it (the nonce tells a new change).
   */
  rekey: { nonce: number; translate: (index: number) => number } | null;
}

/** How far the reading of an ended session's history got. */
export interface HistoryProgress {
  state: 'loading' | 'done' | 'cancelled' | 'failed';
  /** Events added so far (each once: copies a page repeats are not counted), and pages read. */
  loaded: number;
  pages: number;
  error: string | null;
}

export interface VisibleRange {
  fromUs: number;
  toUs: number;
}

export type TimelineStore = StoreApi<TimelineState>;

export function createTimelineStore(initial: Partial<TimelineState> = {}): TimelineStore {
  return createStore<TimelineState>()(() => ({
    status: { kind: 'idle' },
    version: 0,
    flooded: false,
    fastFollow: false,
    filter: EMPTY_FILTER,
    network: NO_NETWORK_FILTER,
    selected: null,
    detailOpen: false,
    pausedAt: null,
    following: true,
    unfollowedAt: null,
    reveal: null,
    startMode: 'all',
    pane: 'events',
    dismissed: [],
    visibleRange: null,
    history: null,
    historyWindow: 'start',
    rekey: null,
    ...initial,
  }));
}

/**
 * Items per update from which a timeline counts as following fast, and below which it no longer
 * does (the gap keeps a rate near the line from switching at every update); after `quietMs`
 * without an update, a burst is over.
 */
export const FAST_FOLLOW = { from: 12, below: 4, quietMs: 300 };

/** The store's state after an update that showed `items` new items. */
export function shown(
  state: TimelineState,
  flooded: boolean,
  items: number,
): Pick<TimelineState, 'version' | 'flooded' | 'fastFollow'> {
  const fastFollow = state.fastFollow ? items >= FAST_FOLLOW.below : items >= FAST_FOLLOW.from;
  return { version: state.version + 1, flooded, fastFollow };
}

/**
 * Clears `flooded` and `fastFollow` once no update came for `FAST_FOLLOW.quietMs`, so that a list
 * left still after a burst goes back to keeping rows out of view and rows by item. `updated` is
 * called at each update; one timer at most is pending.
 */
export function calmAfterBursts(store: TimelineStore): { updated(): void; stop(): void } {
  let updatedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = (): void => {
    const quiet = performance.now() - updatedAt;
    if (quiet < FAST_FOLLOW.quietMs) {
      timer = setTimeout(check, FAST_FOLLOW.quietMs - quiet);
      return;
    }
    timer = undefined;
    const { flooded, fastFollow } = store.getState();
    if (flooded || fastFollow) store.setState({ flooded: false, fastFollow: false });
  };
  return {
    updated() {
      updatedAt = performance.now();
      timer ??= setTimeout(check, FAST_FOLLOW.quietMs);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Selects an item and brings it into view, leaving follow mode so it stays there. */
export function revealItem(store: TimelineStore, index: number, total: number, open = true): void {
  store.setState((state) => ({
    selected: index,
    detailOpen: open || state.detailOpen,
    reveal: { key: index, nonce: (state.reveal?.nonce ?? 0) + 1 },
    following: false,
    unfollowedAt: state.unfollowedAt ?? total,
  }));
}

/** The store's state after the buffer was laid out again: every index it holds, translated. */
export function rekeyed(
  state: TimelineState,
  translate: (index: number) => number,
): Partial<TimelineState> {
  const moved = (index: number | null): number | null => (index === null ? null : translate(index));
  return {
    selected: moved(state.selected),
    pausedAt: moved(state.pausedAt),
    unfollowedAt: moved(state.unfollowedAt),
    reveal: state.reveal ? { ...state.reveal, key: translate(state.reveal.key) } : null,
    dismissed: state.dismissed.map(translate),
    rekey: { nonce: (state.rekey?.nonce ?? 0) + 1, translate },
    version: state.version + 1,
  };
}
