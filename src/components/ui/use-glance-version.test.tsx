import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { GLANCE_MS, LAST_GLANCE_MS, shown, type FollowPace } from '../../lib/follow-pace';
import { useGlanceVersion } from './use-glance-version';

/** A reader that records each version it was drawn with. */
function Reader({ store, seen }: { store: StoreApi<FollowPace>; seen: number[] }) {
  const version = useGlanceVersion(store);
  seen.push(version);
  return <span>{version}</span>;
}

const newStore = () =>
  createStore<FollowPace>(() => ({ version: 0, flooded: false, fastFollow: false }));

/** An update of the list that showed `items` new items, as the live stores make it. */
const update = (store: StoreApi<FollowPace>, items: number) =>
  act(() => store.setState((state) => shown(state, false, items)));

describe('useGlanceVersion', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('follows every update of a calm list at once', () => {
    const store = newStore();
    const seen: number[] = [];
    render(<Reader store={store} seen={seen} />);
    update(store, 1);
    update(store, 2);
    update(store, 3);
    expect(seen).toEqual([0, 1, 2, 3]);
  });

  it('reads a list that follows fast at most every GLANCE_MS, and always its last update', () => {
    const store = newStore();
    const seen: number[] = [];
    render(<Reader store={store} seen={seen} />);
    // the first fast update is shown at once: nothing was shown for a while
    update(store, 50);
    expect(store.getState().fastFollow).toBe(true);
    expect(seen).toEqual([0, 1]);
    // thirty updates a second for a second: four or five glances, not thirty, each drawn with an
    // update (no draw between updates: a draw of its own would cost a render and a layout more)
    for (let at = 0; at < 30; at += 1) {
      const drawn = seen.length;
      act(() => vi.advanceTimersByTime(1000 / 30));
      expect(seen.length).toBe(drawn);
      update(store, 50);
    }
    expect(seen.length).toBeLessThanOrEqual(7);
    expect(seen.length).toBeGreaterThanOrEqual(5);
    // the last update shows, though none comes after it
    act(() => vi.advanceTimersByTime(GLANCE_MS + LAST_GLANCE_MS));
    expect(seen.at(-1)).toBe(store.getState().version);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('draws every reader of a store in the same glance', () => {
    const store = newStore();
    const first: number[] = [];
    const second: number[] = [];
    render(
      <>
        <Reader store={store} seen={first} />
        <Reader store={store} seen={second} />
      </>,
    );
    update(store, 50);
    update(store, 50);
    update(store, 50);
    act(() => vi.advanceTimersByTime(GLANCE_MS + LAST_GLANCE_MS));
    expect(first).toEqual(second);
    expect(first.at(-1)).toBe(3);
  });

  it('leaves no timer behind when its last reader goes, and a new reader starts from now', () => {
    const store = newStore();
    const seen: number[] = [];
    const view = render(<Reader store={store} seen={seen} />);
    update(store, 50);
    update(store, 50);
    expect(vi.getTimerCount()).toBe(1);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
    update(store, 50);
    const later: number[] = [];
    render(<Reader store={store} seen={later} />);
    expect(later.at(-1)).toBe(store.getState().version);
  });
});
