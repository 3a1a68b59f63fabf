import type { AllFilter } from '../model/all-filter';
import type { AllView } from './all-view';

export function toggleAllPause(view: AllView): void {
  const { pausedAt } = view.store.getState();
  if (pausedAt === null) view.store.setState({ pausedAt: view.feed.ring.next });
  else jumpAllToLatest(view);
}

export function jumpAllToLatest(view: AllView): void {
  view.store.setState({ pausedAt: null, following: true, unfollowedAt: null });
}

export function updateAllFilter(view: AllView, change: Partial<AllFilter>): void {
  view.store.setState((state) => ({ filter: { ...state.filter, ...change } }));
}

/** Selects a row and brings it into view (leaving follow mode, so that it stays there). */
export function revealRow(view: AllView, key: number, open: boolean): void {
  view.store.setState((state) => ({
    selected: key,
    detailOpen: open || state.detailOpen,
    reveal: { key, nonce: (state.reveal?.nonce ?? 0) + 1 },
    following: false,
    unfollowedAt: state.unfollowedAt ?? view.feed.ring.next,
  }));
}

/** Moves the selection by `delta` shown rows (j/k, arrows). */
export function moveAllSelection(view: AllView, delta: number): void {
  const { ring } = view.feed;
  const count = ring.viewCount;
  if (count === 0) return;
  const { selected } = view.store.getState();
  let position: number;
  if (selected === null || ring.at(selected) === undefined) {
    position = delta > 0 ? 0 : count - 1;
  } else {
    const current = ring.viewIndexOf(selected);
    const exact = ring.viewKey(current) === selected;
    position = Math.max(0, Math.min(count - 1, current + (exact || delta < 0 ? delta : 0)));
  }
  const key = ring.viewKey(position);
  if (key !== undefined) revealRow(view, key, false);
}
