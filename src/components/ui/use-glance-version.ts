import { useMemo, useSyncExternalStore } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import type { FollowPace } from '../../lib/follow-pace';

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

interface Glances {
  get(): number;
  subscribe(notify: () => void): () => void;
}

const glancesOf = new WeakMap<StoreApi<FollowPace>, Glances>();

/**
 * The store's version as the parts that sum its list up read it: the list's own version while
 * the list is calm, and at most every `GLANCE_MS` while it follows fast or is flooded, with the
 * list's update that is due, the last change always shown within `GLANCE_MS + LAST_GLANCE_MS`. A list following fast is drawn again at every update (up to thirty times a
 * second); its counts, chips and overview, drawn again with it, were about a fifth of React's
 * work at each update on a slow machine, for figures nobody reads at that pace
 * (docs/performance.md, 2026-11-28, glances). One pacer a store, so that all its readers are
 * drawn in the same task.
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
