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
