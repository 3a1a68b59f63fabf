import { useEffect, useRef } from 'react';
import { forgetNew, reportNew } from '../../../components/ui/live-announcer';
import { logSourceLabel } from '../api/log-stream';
import type { LogTab } from '../stores/log-tab-controller';
import { useSessionLogs } from '../stores/log-tabs-registry';

function describer(tab: LogTab): (count: number) => string {
  const label = logSourceLabel(tab.source);
  const where = tab.source.kind === 'supervisor' ? `${label} log` : label;
  return (count) =>
    `${count.toLocaleString('en-US')} new error ${count === 1 ? 'line' : 'lines'} in ${where}`;
}

/**
 * Counts the error-level lines that arrive in a log tab (not the client's own notices) and
 * reports them to the live announcer; nothing is reported while the tab is paused.
 */
export function watchLogErrors(tab: LogTab): () => void {
  const { buffer, store } = tab;
  const key = `log:${tab.id}`;
  const describe = describer(tab);
  let next = buffer.total;
  const check = (): void => {
    const paused = store.getState().pausedAt !== null;
    let count = 0;
    if (!paused) {
      for (let seq = Math.max(next, buffer.first); seq < buffer.total; seq += 1)
        if (buffer.isErrorLine(seq)) count += 1;
    }
    next = buffer.total;
    if (paused) forgetNew(key);
    else reportNew(key, count, describe);
  };
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.version !== previous.version || state.pausedAt !== previous.pausedAt) check();
  });
  return (): void => {
    unsubscribe();
    forgetNew(key);
  };
}

/** Announces new error lines of every open log stream of the session shown. */
export function useLogErrorAnnouncements(sessionId: string): void {
  const { tabs } = useSessionLogs(sessionId);
  const watching = useRef(new Map<LogTab, () => void>());
  useEffect(() => {
    const current = watching.current;
    for (const [tab, stop] of current) {
      if (tabs.includes(tab)) continue;
      stop();
      current.delete(tab);
    }
    for (const tab of tabs) if (!current.has(tab)) current.set(tab, watchLogErrors(tab));
  }, [tabs]);
  useEffect(() => {
    const current = watching.current;
    return () => {
      for (const stop of current.values()) stop();
      current.clear();
    };
  }, []);
}
