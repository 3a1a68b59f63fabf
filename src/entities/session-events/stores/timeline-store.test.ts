import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calmAfterBursts, FAST_FOLLOW, shown } from '../../../lib/follow-pace';
import { createTimelineStore } from './timeline-store';

describe('shown', () => {
  it('bumps the version and says whether updates bring many rows, with a gap against flapping', () => {
    const store = createTimelineStore();
    const update = (items: number, flooded = false) => {
      store.setState((state) => shown(state, flooded, items));
      return store.getState();
    };
    expect(update(3)).toMatchObject({ version: 1, fastFollow: false, flooded: false });
    expect(update(FAST_FOLLOW.from - 1).fastFollow).toBe(false);
    expect(update(FAST_FOLLOW.from).fastFollow).toBe(true);
    // between the two lines it stays as it was
    expect(update(FAST_FOLLOW.below).fastFollow).toBe(true);
    expect(update(FAST_FOLLOW.below - 1).fastFollow).toBe(false);
    expect(update(FAST_FOLLOW.below).fastFollow).toBe(false);
    expect(update(5_000, true)).toMatchObject({ version: 7, fastFollow: true, flooded: true });
  });
});

describe('calmAfterBursts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('clears the burst flags once updates stop, not while they go on', () => {
    const store = createTimelineStore({ flooded: true, fastFollow: true });
    const calm = calmAfterBursts(store);
    for (let frame = 0; frame < 30; frame += 1) {
      calm.updated();
      vi.advanceTimersByTime(16);
    }
    expect(store.getState()).toMatchObject({ flooded: true, fastFollow: true });
    vi.advanceTimersByTime(FAST_FOLLOW.quietMs);
    expect(store.getState()).toMatchObject({ flooded: false, fastFollow: false });
    calm.stop();
  });

  it('does nothing after stop', () => {
    const store = createTimelineStore({ fastFollow: true });
    const calm = calmAfterBursts(store);
    calm.updated();
    calm.stop();
    vi.advanceTimersByTime(FAST_FOLLOW.quietMs * 3);
    expect(store.getState().fastFollow).toBe(true);
  });
});
