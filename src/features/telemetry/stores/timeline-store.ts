import { createStore, type StoreApi } from 'zustand/vanilla';
import type { StreamStatus } from '../../../lib/sse/status';
import type { StartMode } from '../model/sequencer';
import { EMPTY_FILTER, type TimelineFilter } from '../model/timeline-filter';

export type TimelinePane = 'events' | 'errors' | 'screenshots';

/** View and stream state of one timeline; the items live in its TelemetryBuffer. */
export interface TimelineState {
  status: StreamStatus;
  /** Bumped whenever the buffer changed; views subscribe to it, not to the items. */
  version: number;
  /** Events are arriving faster than anyone reads them (frame-batcher.ts `show`). */
  flooded: boolean;
  filter: TimelineFilter;
  /** The selected item's index. */
  selected: number | null;
  /** The detail pane shows the selected item. */
  detailOpen: boolean;
  /** Explicit pause: the list stops moving; `pausedAt` is the item count when it paused. */
  pausedAt: number | null;
  following: boolean;
  /** Item count when following stopped, to count new items since. */
  unfollowedAt: number | null;
  /** A request to bring an item into view; the nonce makes repeats count. */
  reveal: { index: number; nonce: number } | null;
  startMode: StartMode;
  pane: TimelinePane;
  /** Indexes of banner entries the user dismissed. */
  dismissed: number[];
}

export type TimelineStore = StoreApi<TimelineState>;

export function createTimelineStore(initial: Partial<TimelineState> = {}): TimelineStore {
  return createStore<TimelineState>()(() => ({
    status: { kind: 'idle' },
    version: 0,
    flooded: false,
    filter: EMPTY_FILTER,
    selected: null,
    detailOpen: false,
    pausedAt: null,
    following: true,
    unfollowedAt: null,
    reveal: null,
    startMode: 'all',
    pane: 'events',
    dismissed: [],
    ...initial,
  }));
}

/** Selects an item and brings it into view, leaving follow mode so it stays there. */
export function revealItem(store: TimelineStore, index: number, total: number, open = true): void {
  store.setState((state) => ({
    selected: index,
    detailOpen: open || state.detailOpen,
    reveal: { index, nonce: (state.reveal?.nonce ?? 0) + 1 },
    following: false,
    unfollowedAt: state.unfollowedAt ?? total,
  }));
}
