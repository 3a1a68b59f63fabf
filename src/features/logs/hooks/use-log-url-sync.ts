import { useEffect, useRef } from 'react';
import type { ApiConnection } from '../../../lib/http/request';
import { openLogTab, activateLogTab, type SessionLogs } from '../stores/log-tabs-registry';
import { revealLine } from '../stores/log-tab-store';
import { readLogUrlState, writeLogUrlState } from '../stores/log-url-state';

/**
 * Restores the log tabs a shared link names (once per session), and keeps the URL in step with
 * the open tabs and the active tab's search, filters and selected line.
 */
export function useLogUrlSync(
  sessionId: string,
  connection: ApiConnection,
  logs: SessionLogs,
  params: URLSearchParams,
  onParamsChange: (params: URLSearchParams) => void,
): void {
  const restored = useRef(false);
  const latestParams = useRef(params);
  useEffect(() => {
    latestParams.current = params;
  }, [params]);

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    if (logs.tabs.length > 0) return;
    const state = readLogUrlState(params);
    const opened = state.sources.map((source, index) =>
      openLogTab(sessionId, connection, source, index === state.active ? state.view : undefined),
    );
    const active = opened[state.active];
    if (active) {
      activateLogTab(sessionId, active.id);
      const selected = state.view.selection?.focus;
      if (selected !== undefined) {
        // reveal the linked line once it has arrived
        const unsubscribe = active.store.subscribe(() => {
          if (active.buffer.line(selected)) {
            unsubscribe();
            revealLine(active.store, selected, active.buffer.total);
          }
        });
      }
    }
  }, [sessionId, connection, logs.tabs.length, params]);

  const active = logs.tabs.find((tab) => tab.id === logs.activeId) ?? null;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const next = writeLogUrlState(
          latestParams.current,
          logs.tabs.map((tab) => tab.source),
          Math.max(
            0,
            logs.tabs.findIndex((tab) => tab.id === logs.activeId),
          ),
          active?.store.getState() ?? null,
        );
        if (next.toString() !== latestParams.current.toString()) onParamsChange(next);
      }, 250);
    };
    write();
    const unsubscribe = active?.store.subscribe((state, previous) => {
      if (
        state.search !== previous.search ||
        state.include !== previous.include ||
        state.exclude !== previous.exclude ||
        state.hiddenLevels !== previous.hiddenLevels ||
        state.selection !== previous.selection ||
        state.timeSource !== previous.timeSource
      ) {
        write();
      }
    });
    return () => {
      clearTimeout(timer);
      unsubscribe?.();
    };
  }, [logs, active, onParamsChange]);
}
