import { createStore } from 'zustand/vanilla';
import { logSourceLabel } from '../features/logs/api/log-stream';
import type { LogTab } from '../features/logs/stores/log-tab-controller';
import { resolveTimeSource } from '../features/logs/stores/log-tab-store';
import type { OverviewLanesSource } from './events-panel/telemetry-panel';
import type { OverviewExtraLane } from '../entities/session-events/model/overview';

/** The overview's lanes redraw at most this often for new log lines (the strip's own pace). */
const LANES_REFRESH_MS = 250;

export interface LogLanes extends OverviewLanesSource {
  /** The session's open log streams changed. */
  setTabs(tabs: readonly LogTab[]): void;
  /** Lanes of the session that are not log streams (its recordings), drawn after them. */
  setOthers(lanes: readonly OverviewExtraLane[]): void;
  stop(): void;
}

/** A lane of `tab`'s retained lines, each at the time its tab shows, errors marked. */
function laneOf(tab: LogTab): OverviewExtraLane {
  const { buffer } = tab;
  return {
    id: tab.id,
    label: logSourceLabel(tab.source),
    colorVar: '--cat-log',
    forEach(visit) {
      const source = resolveTimeSource(tab.store.getState().timeSource, buffer.clock);
      buffer.forEachTime(source, (timeMs, level) => visit(timeMs * 1000, level === 'error'));
    },
  };
}

/** The session's log streams as overview lanes, with a version that moves when their lines do. */
export function createLogLanes(): LogLanes {
  const store = createStore(() => ({ version: 0 }));
  let tabs: readonly LogTab[] = [];
  let lanes: readonly OverviewExtraLane[] = [];
  let others: readonly OverviewExtraLane[] = [];
  let unsubscribe: (() => void)[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bump = (): void => {
    timer = undefined;
    store.setState((state) => ({ version: state.version + 1 }));
  };
  const changed = (): void => {
    timer ??= setTimeout(bump, LANES_REFRESH_MS);
  };
  const stopWatching = (): void => {
    for (const stop of unsubscribe) stop();
    unsubscribe = [];
  };
  return {
    store,
    lanes: () => (others.length === 0 ? lanes : [...lanes, ...others]),
    setOthers(next) {
      if (next === others) return;
      others = next;
      bump();
    },
    setTabs(next) {
      if (next === tabs) return;
      stopWatching();
      tabs = next;
      lanes = tabs.map(laneOf);
      unsubscribe = tabs.map((tab) =>
        tab.store.subscribe((state, previous) => {
          if (state.version !== previous.version || state.timeSource !== previous.timeSource)
            changed();
        }),
      );
      bump();
    },
    stop() {
      stopWatching();
      // a later setTabs, even with the same tabs, watches them again
      tabs = [];
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
