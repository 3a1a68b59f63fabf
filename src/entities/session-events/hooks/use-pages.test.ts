import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Timeline } from '../stores/timeline-controller';
import { createTimelineStore } from '../stores/timeline-store';
import { wholePass, type DerivedPass } from '../model/derived-pass';
import {
  DERIVED_DUTY_FACTOR,
  DERIVED_SLICE_MS,
  nextDerivedRun,
  useTimelineDerived,
} from './use-pages';

describe('nextDerivedRun', () => {
  it('waits the refresh interval after a cheap pass, and twenty times a costly one', () => {
    expect(nextDerivedRun(1_000, 2, 500)).toBe(1_500);
    expect(nextDerivedRun(1_000, 80, 500)).toBe(1_000 + 80 * DERIVED_DUTY_FACTOR);
  });
});

describe('useTimelineDerived', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  /** A timeline whose store changes on `change()`, and a pass that takes `costMs` of the clock. */
  function setup(costMs: number) {
    const store = createTimelineStore();
    const timeline = { store } as unknown as Timeline;
    const runs: number[] = [];
    const compute = () => {
      runs.push(performance.now());
      // the pass takes the (faked) clock forward by its cost
      vi.advanceTimersByTime(costMs);
      return runs.length;
    };
    const change = () => act(() => store.setState((state) => ({ version: state.version + 1 })));
    const start = () => wholePass(compute);
    const { result } = renderHook(() => useTimelineDerived(timeline, start, 500));
    /** The timeline changes every 100 ms for `ms`. */
    const changeFor = (ms: number) => {
      for (let at = 0; at < ms; at += 100) {
        change();
        act(() => vi.advanceTimersByTime(100));
      }
    };
    return { runs, result, changeFor };
  }

  const gaps = (runs: number[]) => runs.slice(2).map((at, i) => at - (runs[i + 1] as number));

  it('recomputes at most every refresh interval while the timeline keeps changing', () => {
    const { runs, result, changeFor } = setup(1);
    changeFor(3_000);
    // the first pass when rendered, then one every 500 ms or so
    expect(runs.length).toBeGreaterThanOrEqual(6);
    expect(runs.length).toBeLessThanOrEqual(8);
    for (const gap of gaps(runs)) expect(gap).toBeGreaterThanOrEqual(500);
    expect(result.current).toBe(runs.length);
  });

  it('spaces a costly pass out, so that it takes at most a twentieth of the thread', () => {
    const { runs, result, changeFor } = setup(100);
    changeFor(10_000);
    // passes of 100 ms start 2 s apart, not every 500 ms
    expect(runs.length).toBeGreaterThanOrEqual(5);
    expect(runs.length).toBeLessThanOrEqual(7);
    for (const gap of gaps(runs)) expect(gap).toBeGreaterThanOrEqual(100 * DERIVED_DUTY_FACTOR);
    expect(result.current).toBe(runs.length);
  });

  it('runs a long pass a slice at a time, each a task of its own, and shows it when done', () => {
    const store = createTimelineStore();
    const timeline = { store } as unknown as Timeline;
    /** Passes of 10 slices; the value is the pass's number. */
    let passes = 0;
    let slices = 0;
    const deadlines: number[] = [];
    const start = (): DerivedPass<number> => {
      passes += 1;
      const number = passes;
      let left = 10;
      return {
        step(deadline) {
          slices += 1;
          deadlines.push(deadline - performance.now());
          left -= 1;
          return left === 0;
        },
        result: () => number,
      };
    };
    const { result } = renderHook(() => useTimelineDerived(timeline, start, 500));
    // the first pass, when the view opens, runs whole
    expect(result.current).toBe(1);
    expect(slices).toBe(10);
    act(() => store.setState((state) => ({ version: state.version + 1 })));
    // each slice is a task: one timer fired, one slice run
    for (let slice = 1; slice < 10; slice += 1) {
      act(() => vi.advanceTimersToNextTimer());
      expect(slices).toBe(10 + slice);
      expect(result.current).toBe(1);
    }
    act(() => vi.advanceTimersToNextTimer());
    expect(slices).toBe(20);
    expect(result.current).toBe(2);
    // and each may run DERIVED_SLICE_MS
    expect(deadlines.slice(10)).toEqual(Array.from({ length: 10 }, () => DERIVED_SLICE_MS));
  });
});
