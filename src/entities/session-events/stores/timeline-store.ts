import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FollowPace } from '../../../lib/follow-pace';
import type { StreamStatus } from '../../../lib/sse/status';
import type { StartMode } from '../model/sequencer';
import { EMPTY_FILTER, type TimelineFilter } from '../model/timeline-filter';
import { NO_NETWORK_FILTER, type NetworkViewFilter } from '../model/network-table';

export type TimelinePane = 'events' | 'errors' | 'screenshots' | 'pages' | 'network';

/** View and stream state of one timeline; the items live in its TelemetryBuffer. */
export interface TimelineState extends FollowPace {
  status: StreamStatus;
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
