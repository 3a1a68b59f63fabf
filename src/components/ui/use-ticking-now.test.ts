import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../config/limits';
import { useTickingNow } from './use-ticking-now';

describe('useTickingNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('reads the clock again every tick while running, so a countdown goes down', () => {
    const { result } = renderHook(() => useTickingNow(true, 'retry-at'));
    expect(result.current).toBe(1_000_000);
    act(() => vi.advanceTimersByTime(LIMITS.countdownTickMs));
    expect(result.current).toBe(1_000_000 + LIMITS.countdownTickMs);
    act(() => vi.advanceTimersByTime(LIMITS.countdownTickMs * 3));
    expect(result.current).toBe(1_000_000 + LIMITS.countdownTickMs * 4);
  });

  it('keeps the last time while not running, and reads it at once when it starts again', () => {
    const { result, rerender } = renderHook(({ running }) => useTickingNow(running, running), {
      initialProps: { running: false },
    });
    act(() => vi.advanceTimersByTime(LIMITS.countdownTickMs * 4));
    expect(result.current).toBe(1_000_000);
    rerender({ running: true });
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe(1_000_000 + LIMITS.countdownTickMs * 4);
  });
});
