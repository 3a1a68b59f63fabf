import type { LogTab } from '../features/logs/stores/log-tab-controller';
import { revealLine } from '../features/logs/stores/log-tab-store';
import { activateLogTab } from '../features/logs/stores/log-tabs-registry';

/** Makes a line the selected one of its stream's tab, in view (the caller shows the logs). */
export function showLogLine(sessionId: string, tab: LogTab, seq: number): void {
  activateLogTab(sessionId, tab.id);
  tab.store.setState({ selection: { anchor: seq, focus: seq } });
  revealLine(tab.store, seq, tab.buffer.total);
}
