import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { playhead } from '../features/screen/stores/playhead';
import { decodeSavedLines } from '../features/logs/api/log-decoder';
import { createFileLogTab } from '../features/logs/stores/log-tab-controller';
import { createAllView } from '../features/all/stores/all-view';
import type { FeedSource } from '../features/all/model/merged-feed';
import { lineAt, rowAt, usePlayheadFollow } from './use-playhead-follow';

const T = Date.parse('2026-11-25T10:00:00.000Z');
const stamp = (ms: number) => new Date(ms).toISOString();

describe('what follows a recording’s playhead outside the timeline', () => {
  it('finds a stream’s last line at or before the moment', () => {
    const lines = decodeSavedLines(
      [0, 1000, 2000, 3000].map((offset) => ({
        text: `${stamp(T + offset)} line at ${offset}`,
        readMs: T + 5000,
        notice: false,
      })),
    );
    const tab = createFileLogTab({
      id: 't',
      source: { kind: 'path', target: '/var/log/app.log', follow: false },
      lines,
      capacity: 100,
      origin: 'test',
    });
    const first = tab.buffer.first;
    expect(lineAt(tab, T + 2500)).toBe(first + 2);
    expect(lineAt(tab, T + 9000)).toBe(first + 3);
    expect(lineAt(tab, T - 1)).toBeNull();
  });

  it('finds the All view’s last row at or before the moment', () => {
    const times = [T, T + 1000, T + 2000];
    const source: FeedSource<number> = {
      id: 'telemetry',
      label: 'Telemetry',
      kind: 'telemetry',
      first: () => 0,
      next: () => times.length,
      item: (index) => times[index],
      facts: (t) => ({
        timeMs: t,
        text: String(t),
        level: 'info',
        error: false,
        tag: 'x',
        color: '',
      }),
    };
    const view = createAllView();
    view.feed.setSources([source], 100);
    view.feed.pull(0);
    view.feed.release(0, true);
    expect(view.feed.ring.viewCount).toBe(3);
    expect(view.feed.ring.at(rowAt(view, T + 1500) ?? -1)?.timeMs).toBe(T + 1000);
    expect(rowAt(view, T - 1)).toBeNull();
    view.stop();
  });

  it('asks the player to seek to a log line a person chooses, and moves the line with the playhead', () => {
    const lines = decodeSavedLines(
      [0, 1000, 2000].map((offset) => ({
        text: `${stamp(T + offset)} line at ${offset}`,
        readMs: T + 5000,
        notice: false,
      })),
    );
    const tab = createFileLogTab({
      id: 't',
      source: { kind: 'path', target: '/var/log/app.log', follow: false },
      lines,
      capacity: 100,
      origin: 'test',
    });
    const view = createAllView();
    const { unmount } = renderHook(() => usePlayheadFollow('s1', [tab], 't', view));
    const first = tab.buffer.first;
    tab.store.setState({ selection: { anchor: first + 1, focus: first + 1 } });
    expect(playhead.getState().seek).toMatchObject({ sessionId: 's1', tsUs: (T + 1000) * 1000 });

    playhead.setState({ sessionId: 's1', tsUs: (T + 2100) * 1000 });
    expect(tab.store.getState().selection?.focus).toBe(first + 2);
    // the line the playhead selected is not taken for a person's choice
    expect(playhead.getState().seek?.tsUs).toBe((T + 1000) * 1000);
    unmount();
    view.stop();
  });
});
