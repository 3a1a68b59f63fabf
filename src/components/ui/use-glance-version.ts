import { useSyncExternalStore } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { glancesOf, type FollowPace } from '../../lib/follow-pace';

/**
 * The store's version as the parts that sum its list up read it (lib/follow-pace.ts glancesOf):
 * the list's own version while the list is calm, and at most every `GLANCE_MS` while it follows
 * fast or is flooded, with the list's update that is due, the last change always shown within
 * `GLANCE_MS + LAST_GLANCE_MS`. A list following fast is drawn again at every update (up to
 * thirty times a second); its counts, chips and overview, drawn again with it, were about a fifth
 * of React's work at each update on a slow machine, for figures nobody reads at that pace
 * (docs/performance.md, 2026-11-28, glances).
 */
export function useGlanceVersion(store: StoreApi<FollowPace>): number {
  const glances = glancesOf(store);
  return useSyncExternalStore(glances.subscribe, glances.get);
}
