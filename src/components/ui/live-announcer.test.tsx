import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../config/limits';
import { TEST_IDS } from '../../config/test-ids';
import {
  createCoalescer,
  forgetNew,
  LiveAnnouncer,
  reportNew,
  resetAnnouncements,
} from './live-announcer';

const errors = (count: number): string =>
  `${count} new ${count === 1 ? 'error' : 'errors'} in the timeline`;
const lines = (count: number): string =>
  `${count} new error ${count === 1 ? 'line' : 'lines'} in chromium log`;

describe('createCoalescer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gathers a burst into one summary, never one announcement per event', () => {
    const said = vi.fn();
    const coalescer = createCoalescer(said, { gatherMs: 1_000, gapMs: 5_000 });
    coalescer.report('timeline', 1, errors);
    vi.advanceTimersByTime(400);
    coalescer.report('timeline', 1, errors);
    coalescer.report('timeline', 1, errors);
    vi.advanceTimersByTime(599);
    expect(said).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(said).toHaveBeenCalledTimes(1);
    expect(said).toHaveBeenLastCalledWith('3 new errors in the timeline');
  });

  it('says at most one summary per gap; what arrives meanwhile joins the next one', () => {
    const said = vi.fn();
    const coalescer = createCoalescer(said, { gatherMs: 1_000, gapMs: 5_000 });
    coalescer.report('timeline', 1, errors);
    vi.advanceTimersByTime(1_000);
    expect(said).toHaveBeenLastCalledWith('1 new error in the timeline');

    // t = 1 s: the next summary cannot come before t = 6 s
    for (let i = 0; i < 20; i += 1) {
      coalescer.report('timeline', 1, errors);
      vi.advanceTimersByTime(200);
    }
    // t = 5 s
    expect(said).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(said).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(said).toHaveBeenCalledTimes(2);
    expect(said).toHaveBeenLastCalledWith('20 new errors in the timeline');

    // long after, a single report waits only for the gathering window
    vi.advanceTimersByTime(60_000);
    coalescer.report('timeline', 2, errors);
    vi.advanceTimersByTime(1_000);
    expect(said).toHaveBeenCalledTimes(3);
    expect(said).toHaveBeenLastCalledWith('2 new errors in the timeline');
  });

  it('summarises each source in one sentence, in the order they first reported', () => {
    const said = vi.fn();
    const coalescer = createCoalescer(said, { gatherMs: 1_000, gapMs: 5_000 });
    coalescer.report('log:1', 1, lines);
    coalescer.report('timeline', 2, errors);
    coalescer.report('log:1', 3, lines);
    vi.advanceTimersByTime(1_000);
    expect(said).toHaveBeenCalledTimes(1);
    expect(said).toHaveBeenLastCalledWith(
      '4 new error lines in chromium log. 2 new errors in the timeline',
    );
  });

  it('forgets what a paused source reported, and ignores empty reports', () => {
    const said = vi.fn();
    const coalescer = createCoalescer(said, { gatherMs: 1_000, gapMs: 5_000 });
    coalescer.report('timeline', 0, errors);
    coalescer.report('timeline', 2, errors);
    coalescer.report('log:1', 1, lines);
    coalescer.forget('timeline');
    vi.advanceTimersByTime(1_000);
    expect(said).toHaveBeenLastCalledWith('1 new error line in chromium log');
    coalescer.report('timeline', 2, errors);
    coalescer.forget('timeline');
    vi.advanceTimersByTime(60_000);
    expect(said).toHaveBeenCalledTimes(1);
  });
});

describe('LiveAnnouncer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetAnnouncements();
  });
  afterEach(() => {
    resetAnnouncements();
    vi.useRealTimers();
  });

  it('is one polite, atomic status region that says the summary, then clears it', () => {
    render(<LiveAnnouncer />);
    const region = screen.getByTestId(TEST_IDS.liveAnnouncer);
    expect(region.getAttribute('role')).toBe('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.getAttribute('aria-atomic')).toBe('true');
    expect(region.textContent).toBe('');

    act(() => {
      reportNew('timeline', 2, errors);
      reportNew('timeline', 1, errors);
    });
    expect(region.textContent).toBe('');
    act(() => vi.advanceTimersByTime(LIMITS.announceGatherMs));
    expect(region.textContent).toBe('3 new errors in the timeline');

    act(() => vi.advanceTimersByTime(LIMITS.announceClearMs));
    expect(region.textContent).toBe('');
  });

  it('changes the region when the same words come again, so they are said again', () => {
    render(<LiveAnnouncer />);
    const region = screen.getByTestId(TEST_IDS.liveAnnouncer);
    act(() => {
      reportNew('timeline', 1, errors);
      vi.advanceTimersByTime(LIMITS.announceGatherMs);
    });
    const first = region.textContent;
    act(() => {
      reportNew('timeline', 1, errors);
      vi.advanceTimersByTime(LIMITS.announceGapMs);
    });
    expect(region.textContent).not.toBe(first);
    expect(region.textContent?.trim()).toBe('1 new error in the timeline');
  });

  it('says nothing for a source that was forgotten before its summary was due', () => {
    render(<LiveAnnouncer />);
    act(() => {
      reportNew('timeline', 4, errors);
      forgetNew('timeline');
      vi.advanceTimersByTime(LIMITS.announceGapMs * 2);
    });
    expect(screen.getByTestId(TEST_IDS.liveAnnouncer).textContent).toBe('');
  });
});
