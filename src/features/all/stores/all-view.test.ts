import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedSource, RowFacts } from '../model/merged-feed';
import { createAllView } from './all-view';

/** A live log source whose items are their arrival times. */
function liveSource(): FeedSource<number> & { add(count: number, atMs: number): void } {
  const items: number[] = [];
  return {
    id: 'app.log',
    label: 'app.log',
    kind: 'log',
    add(count, atMs) {
      for (let n = 0; n < count; n += 1) items.push(atMs);
    },
    first: () => 0,
    next: () => items.length,
    item: (index) => items[index],
    facts: (atMs): RowFacts => ({
      timeMs: atMs,
      text: 'a line',
      level: 'info',
      error: false,
      tag: 'app.log',
      color: '--cat-other',
    }),
  };
}

const FRAME_MS = 1000 / 60;

describe('the All view’s updates while rows arrive', () => {
  beforeEach(() => {
    // a page in view gets frames (the test document says it is hidden)
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    vi.useFakeTimers({
      toFake: [
        'setTimeout',
        'clearTimeout',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'performance',
      ],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** Updates a second of the view while `perFrame` rows arrive every frame for three seconds. */
  const updatesPerSecond = (perFrame: number): number => {
    const start = performance.now();
    const view = createAllView();
    const source = liveSource();
    view.setSources([source], 1_000_000);
    const updates: number[] = [];
    const unsubscribe = view.store.subscribe(() => updates.push(performance.now()));
    let added = 0;
    for (let frame = 0; frame < 180; frame += 1) {
      source.add(perFrame, performance.now());
      added += perFrame;
      view.notify();
      vi.advanceTimersByTime(FRAME_MS);
    }
    // the rows of the last second, still held, are all placed once the stream stops
    vi.advanceTimersByTime(2_000);
    expect(view.feed.ring.size).toBe(added);
    unsubscribe();
    view.stop();
    // rows are held 750 ms: from the first second on, updates place rows all the time
    return updates.filter((at) => at - start >= 1_000 && at - start < 3_000).length / 2;
  };

  it('come every frame for a trickle, every third frame from a dozen rows, every 100 ms in a flood', () => {
    expect(updatesPerSecond(1)).toBeGreaterThanOrEqual(55);
    // 50 rows a frame: updates of a dozen rows or more, every third frame (not every frame)
    const fast = updatesPerSecond(50);
    expect(fast).toBeGreaterThanOrEqual(14);
    expect(fast).toBeLessThanOrEqual(22);
    // 400 rows a frame: a thousand rows an update or more, every 100 ms
    const flood = updatesPerSecond(400);
    expect(flood).toBeGreaterThanOrEqual(8);
    expect(flood).toBeLessThanOrEqual(11);
  });
});
