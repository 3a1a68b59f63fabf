import { create } from 'zustand';
import { LIMITS } from '../../../config/limits';
import type { ApiConnection } from '../../../lib/http/request';
import type { LogSource } from '../api/log-stream';
import { createLogTab, type LogTab } from './log-tab-controller';
import type { LogTabState } from './log-tab-store';

export interface SessionLogs {
  tabs: LogTab[];
  activeId: string | null;
}

interface RegistryState {
  bySession: Record<string, SessionLogs>;
  capacity: number;
}

/** Every open log tab of every open session; each tab owns a live stream. */
export const useLogTabsRegistry = create<RegistryState>()(() => ({
  bySession: {},
  capacity: LIMITS.logLinesDefault,
}));

const EMPTY: SessionLogs = { tabs: [], activeId: null };
let counter = 0;

function sameSource(a: LogSource, b: LogSource): boolean {
  return a.kind === b.kind && a.target === b.target && a.follow === b.follow;
}

function update(sessionId: string, change: (logs: SessionLogs) => SessionLogs): void {
  useLogTabsRegistry.setState((state) => ({
    bySession: { ...state.bySession, [sessionId]: change(state.bySession[sessionId] ?? EMPTY) },
  }));
}

/** Opens (or re-activates) a log tab and starts its stream. */
export function openLogTab(
  sessionId: string,
  connection: ApiConnection,
  source: LogSource,
  initial?: Partial<LogTabState>,
): LogTab {
  const existing = (useLogTabsRegistry.getState().bySession[sessionId] ?? EMPTY).tabs.find((tab) =>
    sameSource(tab.source, source),
  );
  if (existing) {
    update(sessionId, (logs) => ({ ...logs, activeId: existing.id }));
    return existing;
  }
  counter += 1;
  const tab = createLogTab({
    id: `log-${counter}`,
    connection,
    sessionId,
    source,
    capacity: useLogTabsRegistry.getState().capacity,
    initial,
  });
  tab.start();
  update(sessionId, (logs) => ({ tabs: [...logs.tabs, tab], activeId: tab.id }));
  return tab;
}

export function activateLogTab(sessionId: string, tabId: string): void {
  update(sessionId, (logs) => ({ ...logs, activeId: tabId }));
}

export function closeLogTab(sessionId: string, tabId: string): void {
  update(sessionId, (logs) => {
    const index = logs.tabs.findIndex((tab) => tab.id === tabId);
    logs.tabs[index]?.stop();
    const tabs = logs.tabs.filter((tab) => tab.id !== tabId);
    const activeId =
      logs.activeId === tabId
        ? (tabs[Math.min(index, tabs.length - 1)]?.id ?? null)
        : logs.activeId;
    return { tabs, activeId };
  });
}

/**
 * Log tabs read from a file (a debug bundle) under `key`, in place of any opened there before; the
 * first is shown.
 */
export function setFileLogTabs(key: string, tabs: LogTab[]): void {
  closeSessionLogs(key);
  update(key, () => ({ tabs, activeId: tabs[0]?.id ?? null }));
}

/** Stops every stream of a session (its tab in the app was closed). */
export function closeSessionLogs(sessionId: string): void {
  const logs = useLogTabsRegistry.getState().bySession[sessionId];
  for (const tab of logs?.tabs ?? []) tab.stop();
  useLogTabsRegistry.setState((state) => {
    const bySession = { ...state.bySession };
    delete bySession[sessionId];
    return { bySession };
  });
}

/** Changes the retained-line cap of every open tab. */
export function setLogCapacity(capacity: number): void {
  useLogTabsRegistry.setState({ capacity });
  for (const logs of Object.values(useLogTabsRegistry.getState().bySession)) {
    for (const tab of logs.tabs) tab.setCapacity(capacity);
  }
}

export function useSessionLogs(sessionId: string): SessionLogs {
  return useLogTabsRegistry((state) => state.bySession[sessionId] ?? EMPTY);
}

/** Reconnects every stream of every session (the token changed). */
export function reconnectAllLogs(): void {
  for (const logs of Object.values(useLogTabsRegistry.getState().bySession)) {
    for (const tab of logs.tabs) tab.reconnectNow();
  }
}
