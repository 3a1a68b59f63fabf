import { useMemo, useSyncExternalStore } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import type { FollowPace } from '../../lib/follow-pace';

/**
 * How often at most the parts that sum a list up (counts, chips, the overview) are drawn again
 * while the list follows fast or is flooded.
 */
export const GLANCE_MS = 250;

interface Glances {
  get(): number;
  subscribe(notify: () => void): () => void;
}

const glancesOf = new WeakMap<StoreApi<FollowPace>, Glances>();

/**
 * The store's version as the parts that sum its list up read it: the list's own version while
 * the list is calm, and at most every `GLANCE_MS` while it follows fast or is flooded, the last
 * change always shown. A list following fast is drawn again at every update (up to thirty times a
 * second); its counts and chips, drawn again with it, were a fifth of each update's work on a
 * slow machine, for figures nobody reads at that pace (docs/performance.md, 2026-11-28,
 * glances). One pacer a store, so that all its readers are drawn in the same task.
 */
export function useGlanceVersion(store: StoreApi<FollowPace>): number {
  const glances = useMemo(() => {
    let found = glancesOf.get(store);
    if (!found) {
      found = pacedGlances(store);
      glancesOf.set(store, found);
    }
    return found;
  }, [store]);
  return useSyncExternalStore(glances.subscribe, glances.get);
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
    if (timer !== undefined) return;
    const wait = shownAt + GLANCE_MS - performance.now();
    if (wait <= 0) catchUp();
    else timer = setTimeout(catchUp, wait);
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
