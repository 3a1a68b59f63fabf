import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetNew, reportNew } from '../../../components/ui/live-announcer';
import { createLiveTimeline } from '../../../entities/session-events/stores/live-timeline';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';
import { eventAt } from '../../../entities/session-events/testing/telemetry-test-kit';
import { watchTimelineErrors } from './use-error-announcements';

vi.mock('../../../components/ui/live-announcer', () => ({
  reportNew: vi.fn(),
  forgetNew: vi.fn(),
}));

const NOW_US = 1_800_000_000_000_000;

function timeline(): Timeline {
  return createLiveTimeline({
    connection: { base: '/api', token: () => 'token' },
    sessionId: 's1',
    capacity: 100,
  });
}

/** What the stream does on a flush: items into the buffer, then one version bump. */
function arrive(target: Timeline, ...specs: [type: string, ageSeconds: number][]): void {
  const first = target.buffer.next;
  target.buffer.append(
    specs.map(([type, age], i) =>
      eventAt(first + i + 1, {
        type,
        ts: NOW_US - age * 1_000_000,
        data: type === 'network_response' ? { status: 500 } : { text: 'x' },
      }),
    ),
  );
  target.store.setState((state) => ({ version: state.version + 1 }));
}

function reported(): number[] {
  return vi.mocked(reportNew).mock.calls.map(([, count]) => count);
}

describe('watchTimelineErrors', () => {
  beforeEach(() => vi.mocked(reportNew).mockClear());
  afterEach(() => vi.mocked(forgetNew).mockClear());

  it('reports the new errors of each flush, not the other events, not what was there before', () => {
    const target = timeline();
    arrive(target, ['console_error', 0]);
    const stop = watchTimelineErrors(target, NOW_US);
    arrive(target, ['console_error', 0], ['console_log', 0], ['network_response', 0]);
    arrive(target, ['console_log', 0]);
    expect(reported()).toEqual([2, 0]);
    const [key, , describe] = vi.mocked(reportNew).mock.calls[0] ?? [];
    expect(key).toBe('timeline:s1');
    expect(describe?.(2)).toBe('2 new errors in the timeline');
    expect(describe?.(1)).toBe('1 new error in the timeline');
    stop();
    expect(forgetNew).toHaveBeenCalledWith('timeline:s1');
    arrive(target, ['console_error', 0]);
    expect(reported()).toEqual([2, 0]);
  });

  it('leaves out the replayed history: events older than when watching began', () => {
    const target = timeline();
    watchTimelineErrors(target, NOW_US);
    arrive(target, ['console_error', 3_600], ['console_error', 60], ['console_error', 1]);
    expect(reported()).toEqual([1]);
  });

  it('says nothing while paused, and drops what was pending when the pause began', () => {
    const target = timeline();
    watchTimelineErrors(target, NOW_US);
    target.store.setState({ pausedAt: target.buffer.next });
    expect(forgetNew).toHaveBeenCalledWith('timeline:s1');
    arrive(target, ['console_error', 0], ['console_error', 0]);
    expect(reported()).toEqual([]);
    target.store.setState({ pausedAt: null });
    arrive(target, ['console_error', 0]);
    expect(reported()).toEqual([0, 1]);
  });
});
