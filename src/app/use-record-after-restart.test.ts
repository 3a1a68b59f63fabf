import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFileTimeline } from '../entities/session-events/stores/file-timeline';
import { eventAt, markerItem, T0 } from '../entities/session-events/testing/telemetry-test-kit';
import { useRecordAfterRestart } from './use-record-after-restart';

describe('useRecordAfterRestart', () => {
  it('reads the session’s record again once per restart of its event process, not per event', () => {
    const timeline = createFileTimeline({
      name: 'x.jsonl',
      envelopes: [],
      problems: [],
      capacity: 100,
    });
    const refetch = vi.fn();
    renderHook(() => useRecordAfterRestart(timeline, refetch));
    const append = (items: Parameters<typeof timeline.buffer.append>[0]): void =>
      act(() => {
        timeline.buffer.append(items);
        timeline.store.setState((state) => ({ version: state.version + 1 }));
      });
    append([eventAt(1), eventAt(2)]);
    expect(refetch).not.toHaveBeenCalled();
    append([markerItem('restarted', 1, T0 + 5_000_000), eventAt(1, {}, 1)]);
    expect(refetch).toHaveBeenCalledTimes(1);
    append([eventAt(2, {}, 1), eventAt(3, {}, 1)]);
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
