import { useEffect, useRef } from 'react';
import { revealRow } from '../features/all/stores/all-actions';
import type { AllView } from '../features/all/stores/all-view';
import type { LogTab } from '../features/logs/stores/log-tab-controller';
import { resolveTimeSource, revealLine } from '../features/logs/stores/log-tab-store';
import { playhead, seekPlayhead } from '../features/screen/stores/playhead';

/** The seq of the last line of `tab` at or before `ms` (its lines in their order), if any. */
export function lineAt(tab: LogTab, ms: number): number | null {
  const { buffer } = tab;
  const source = resolveTimeSource(tab.store.getState().timeSource, buffer.clock);
  const time = (seq: number): number => buffer.lineTime(seq, source);
  let low = buffer.first;
  let high = buffer.total;
  // the last seq whose time is at or before `ms`: times mostly rise with seq
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (time(mid) <= ms) low = mid + 1;
    else high = mid;
  }
  return low > buffer.first ? low - 1 : null;
}

/** The key of the last shown row of the All view at or before `ms`, if any. */
export function rowAt(view: AllView, ms: number): number | null {
  const ring = view.feed.ring;
  let low = 0;
  let high = ring.viewCount;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((ring.viewAt(mid)?.timeMs ?? Number.POSITIVE_INFINITY) <= ms) low = mid + 1;
    else high = mid;
  }
  return low === 0 ? null : (ring.viewKey(low - 1) ?? null);
}

/**
 * While a recording of the session plays, the log streams and the All view show the line and row
 * of the moment shown (the timeline follows it through its own selection); a log line a person
 * chooses seeks the recording to its moment, as an event does.
 */
export function usePlayheadFollow(
  sessionId: string,
  tabs: readonly LogTab[],
  activeTabId: string | null,
  allView: AllView,
): void {
  const following = useRef<number | null>(null);
  const tab = tabs.find((candidate) => candidate.id === activeTabId);
  useEffect(() => {
    if (!tab) return;
    return tab.store.subscribe((state, previous) => {
      const seq = state.selection?.focus;
      if (seq === undefined || seq === previous.selection?.focus) return;
      // the line the player's own following selected is not a person's choice
      if (seq === following.current) return;
      const line = tab.buffer.line(seq);
      if (!line) return;
      const source = resolveTimeSource(state.timeSource, tab.buffer.clock);
      seekPlayhead(sessionId, tab.buffer.clock.lineTime(line, source) * 1000);
    });
  }, [tab, sessionId]);

  useEffect(
    () =>
      playhead.subscribe(({ sessionId: playing, tsUs }, previous) => {
        if (tsUs === previous.tsUs) return;
        if (playing !== sessionId || tsUs === null) return;
        const ms = tsUs / 1000;
        const seq = tab ? lineAt(tab, ms) : null;
        if (tab && seq !== null && tab.store.getState().selection?.focus !== seq) {
          following.current = seq;
          tab.store.setState({ selection: { anchor: seq, focus: seq } });
          revealLine(tab.store, seq, tab.buffer.total);
        }
        const key = rowAt(allView, ms);
        if (key !== null && allView.store.getState().selected !== key)
          revealRow(allView, key, false);
      }),
    [sessionId, tab, allView],
  );
}
