import { createStore, type StoreApi } from 'zustand/vanilla';
import { LIMITS } from '../../../config/limits';
import { filterTest, NO_FILTER, textOnlyNeedle, type AllFilter } from '../model/all-filter';
import { MergedFeed, type FeedSource } from '../model/merged-feed';

/** A source as the view's chips show it. */
export interface SourceChip {
  id: string;
  label: string;
  kind: 'telemetry' | 'log';
}

export interface AllViewState {
  /** Bumped whenever the list changed. */
  version: number;
  sources: SourceChip[];
  filter: AllFilter;
  /** Key of the selected row. */
  selected: number | null;
  detailOpen: boolean;
  pausedAt: number | null;
  following: boolean;
  unfollowedAt: number | null;
  reveal: { key: number; nonce: number } | null;
}

export type AllViewStore = StoreApi<AllViewState>;

export interface AllView {
  readonly store: AllViewStore;
  readonly feed: MergedFeed;
  /** The sources changed (a stream opened or closed): the list is built again from them. */
  setSources(sources: readonly FeedSource[], capacity: number): void;
  /**
   * A source has new items: they are read on the next frame, or once the last update's spacing
   * has passed (`spacingAfter`).
   */
  notify(): void;
  /** Cancels a pending read (the view is gone); `notify` starts reading again. */
  stop(): void;
}

/**
 * How long after an update that placed `placed` rows the next may come: the live lists' pacing
 * (LIMITS.flood), since an update of a dozen rows or more changes nearly every row in view.
 */
function spacingAfter(placed: number): number {
  const { items, delayMs, spaced } = LIMITS.flood;
  if (placed >= items) return delayMs;
  return placed >= spaced.items ? spaced.intervalMs : 0;
}

/** Frames come about every 16.7 ms, not exactly: an update this much early is on time. */
const EARLY_MS = 4;

export function createAllView(initial: Partial<AllViewState> = {}): AllView {
  const store = createStore<AllViewState>()(() => ({
    version: 0,
    sources: [],
    filter: NO_FILTER,
    selected: null,
    detailOpen: false,
    pausedAt: null,
    following: true,
    unfollowedAt: null,
    reveal: null,
    ...initial,
  }));
  const feed = new MergedFeed(1);
  const bump = (): void => store.setState((state) => ({ version: state.version + 1 }));
  let frame: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // the last update that placed rows, and how long after it the next may come
  let placedAt = Number.NEGATIVE_INFINITY;
  let spacing = 0;
  let spacer: ReturnType<typeof setTimeout> | null = null;

  const tick = (): void => {
    frame = null;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const now = performance.now();
    const kept = feed.pull(now);
    const { placed, dueInMs } = feed.release(now);
    if (placed > 0) {
      placedAt = now;
      spacing = spacingAfter(placed);
    }
    if (!kept || placed > 0) bump();
    if (dueInMs !== null) timer = setTimeout(schedule, dueInMs);
  };
  function schedule(): void {
    if (frame !== null || spacer !== null) return;
    const wait = placedAt + spacing - EARLY_MS - performance.now();
    if (wait > 0) {
      spacer = setTimeout(() => {
        spacer = null;
        schedule();
      }, wait);
      return;
    }
    // a hidden page gets no frames: read on a timer then
    frame =
      typeof document !== 'undefined' && document.visibilityState === 'hidden'
        ? (setTimeout(tick, 250) as unknown as number)
        : requestAnimationFrame(tick);
  }

  // the store lives as long as the view: its subscription needs no ending
  store.subscribe((state, previous) => {
    if (state.filter !== previous.filter) {
      feed.setFilter(filterTest(state.filter), textOnlyNeedle(state.filter));
      bump();
    }
  });
  feed.setFilter(filterTest(store.getState().filter));

  return {
    store,
    feed,
    setSources(sources, capacity) {
      feed.setSources(sources, capacity);
      const ids = new Set(sources.map((source) => source.id));
      store.setState((state) => ({
        sources: sources.map(({ id, label, kind }) => ({ id, label, kind })),
        // a closed stream is no longer hidden (a new one with its id would be)
        filter: state.filter.hiddenSources.every((id) => ids.has(id))
          ? state.filter
          : {
              ...state.filter,
              hiddenSources: state.filter.hiddenSources.filter((id) => ids.has(id)),
            },
      }));
      bump();
    },
    notify: schedule,
    stop() {
      if (timer !== null) clearTimeout(timer);
      if (spacer !== null) clearTimeout(spacer);
      spacer = null;
      if (frame !== null) {
        cancelAnimationFrame(frame);
        clearTimeout(frame);
      }
      timer = null;
      frame = null;
    },
  };
}
