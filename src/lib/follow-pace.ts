/**
 * How fast a live list that follows its end is moving, kept in its store beside the version its
 * views subscribe to: the timeline's and each log tab's. A list following fast keys its rows by
 * their place in the window (components/ui/row-keys.ts).
 */
import type { StoreApi } from 'zustand/vanilla';

export interface FollowPace {
  /** Bumped whenever the items changed; views subscribe to it, not to the items. */
  version: number;
  /** Items are arriving faster than anyone reads them (frame-batcher.ts `show`). */
  flooded: boolean;
  /**
   * Updates bring more than a few rows each (see `FAST_FOLLOW`): a list following the end
   * changes nearly every row at each one.
   */
  fastFollow: boolean;
}

/**
 * Items per update from which a list counts as following fast, and below which it no longer
 * does (the gap keeps a rate near the line from switching at every update); after `quietMs`
 * without an update, a burst is over.
 */
export const FAST_FOLLOW = { from: 12, below: 4, quietMs: 300 };

/** The store's state after an update that showed `items` new items. */
export function shown(state: FollowPace, flooded: boolean, items: number): FollowPace {
  const fastFollow = state.fastFollow ? items >= FAST_FOLLOW.below : items >= FAST_FOLLOW.from;
  return { version: state.version + 1, flooded, fastFollow };
}

/**
 * Clears `flooded` and `fastFollow` once no update came for `FAST_FOLLOW.quietMs`, so that a list
 * left still after a burst goes back to keeping rows out of view and rows by item. `updated` is
 * called at each update; one timer at most is pending.
 */
export function calmAfterBursts<S extends FollowPace>(
  store: StoreApi<S>,
): { updated(): void; stop(): void } {
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
    if (flooded || fastFollow) store.setState({ flooded: false, fastFollow: false } as Partial<S>);
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

/**
 * How often at most the parts that sum a list up (counts, chips, the overview) are drawn again
 * while the list follows fast or is flooded.
 */
export const GLANCE_MS = 250;

/**
 * How long after a glance is due an update that did not come leaves the last change unshown: a
 * glance is drawn with a list's update when one comes (the same render, no render of its own), and
 * by a timer only when the list stops.
 */
export const LAST_GLANCE_MS = 250;

/** A store's version as its glances read it (glancesOf). */
export interface Glances {
  get(): number;
  subscribe(notify: () => void): () => void;
}

const pacers = new WeakMap<StoreApi<FollowPace>, Glances>();

/**
 * The store's glances, one pacer a store (so that all its readers are drawn in the same task); see
 * components/ui/use-glance-version.ts.
 */
export function glancesOf(store: StoreApi<FollowPace>): Glances {
  let found = pacers.get(store);
  if (!found) {
    found = pacedGlances(store);
    pacers.set(store, found);
  }
  return found;
}

function pacedGlances(store: StoreApi<FollowPace>): Glances {
  let shown = store.getState().version;
  let shownAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | undefined;
  const listeners = new Set<() => void>();

  const catchUp = (): void => {
    clearTimeout(timer);
    timer = undefined;
    shownAt = performance.now();
    const { version } = store.getState();
    if (version === shown) return;
    shown = version;
    for (const notify of [...listeners]) notify();
  };
  const changed = (state: FollowPace): void => {
    if (state.version === shown) return;
    if (!state.fastFollow && !state.flooded) {
      catchUp();
      return;
    }
    // due: drawn with the list's own update, in the same render
    if (performance.now() - shownAt >= GLANCE_MS) {
      catchUp();
      return;
    }
    // else the next update that is due draws it; if none comes, this does
    timer ??= setTimeout(catchUp, shownAt + GLANCE_MS + LAST_GLANCE_MS - performance.now());
  };

  return {
    get: () => shown,
    subscribe(notify) {
      listeners.add(notify);
      if (!unsubscribe) {
        // what changed while nobody read is shown at once
        shown = store.getState().version;
        unsubscribe = store.subscribe(changed);
      }
      return () => {
        listeners.delete(notify);
        if (listeners.size > 0) return;
        unsubscribe?.();
        unsubscribe = undefined;
        clearTimeout(timer);
        timer = undefined;
      };
    },
  };
}
