/**
 * The logs view (features/logs): a tab per log stream of the session (a file or a supervised
 * process), each a live, filterable, searchable list of its lines with levels, ANSI colours and line
 * times. It reads the logs stream of the API; its line store is its own (stores/log-buffer.ts).
 */
import { formatDateTime } from '../../../lib/time-format';
import { useState, type ReactNode } from 'react';
import type { LogTab } from '../stores/log-tab-controller';
import type { ApiConnection } from '../../../lib/http/request';
import { useLogUrlSync } from '../hooks/use-log-url-sync';
import {
  activateLogTab,
  closeLogTab,
  openLogTab,
  useSessionLogs,
} from '../stores/log-tabs-registry';
import { LogSourceForm } from './log-source-form';
import { LogTabBar } from './log-tab-bar';
import { LogViewer } from './log-viewer';

export interface LogsPanelProps {
  sessionId: string;
  connection: ApiConnection;
  params: URLSearchParams;
  onParamsChange: (params: URLSearchParams) => void;
  /** When the session ended (it has no log streams any more); null while it lives. */
  endedAt?: string | null;
}

/**
 * The log streams of a session: a tab per stream, and the form to open another. An ended session
 * has none: its log files went with it, and the panel says so; the lines of streams that were
 * open when it ended stay readable.
 */
export function LogsPanel({ endedAt, ...props }: LogsPanelProps) {
  const opened = useSessionLogs(props.sessionId).tabs.length > 0;
  if (endedAt && opened) return <EndedLogTabs sessionId={props.sessionId} />;
  if (endedAt) {
    const ended = new Date(endedAt);
    return (
      <div className="flex flex-col gap-2 p-6 text-sm" role="note">
        <p className="font-medium">Log streams are not available for an ended session.</p>
        <p className="text-muted">
          This session ended
          {Number.isNaN(ended.getTime()) ? '' : ` at ${formatDateTime(ended)}`}; its log files and
          processes went with its browser instance. Its telemetry history is on the Timeline.
        </p>
      </div>
    );
  }
  return <LiveLogsPanel {...props} />;
}

/** A session that ended while log streams were open: they stopped, and their lines stay. */
function EndedLogTabs({ sessionId }: { sessionId: string }) {
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <p role="note" className="border-b border-border bg-panel px-3 py-1.5 text-xs text-muted">
        This session ended: its log streams stopped, and the lines they received stay here. No other
        stream can be opened; its telemetry history is on the Timeline.
      </p>
      <SavedLogsPanel logsKey={sessionId} name={sessionId} />
    </div>
  );
}

/** The shown tab's viewer in its tab panel, or what to do when no stream is open. */
function ActiveLogTab({
  tab,
  name,
  children,
}: {
  tab: LogTab | null;
  /** The session (or bundle) the viewer names its downloads after. */
  name: string;
  children: ReactNode;
}) {
  if (!tab) return <p className="p-6 text-sm text-muted">{children}</p>;
  return (
    <div
      role="tabpanel"
      id={`${tab.id}-panel`}
      aria-labelledby={`${tab.id}-tab`}
      className="flex min-h-0 flex-1 flex-col"
    >
      <LogViewer key={tab.id} tab={tab} sessionId={name} />
    </div>
  );
}

/** Streams saved in a debug bundle: the same tabs and viewer, with nothing to open or connect. */
export function SavedLogsPanel({ logsKey, name }: { logsKey: string; name: string }) {
  const logs = useSessionLogs(logsKey);
  const active = logs.tabs.find((tab) => tab.id === logs.activeId) ?? null;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <LogTabBar
        tabs={logs.tabs}
        activeId={logs.activeId}
        onActivate={(id) => activateLogTab(logsKey, id)}
        onClose={(id) => closeLogTab(logsKey, id)}
      />
      <ActiveLogTab tab={active} name={name}>
        No log stream was saved in this bundle.
      </ActiveLogTab>
    </div>
  );
}

function LiveLogsPanel({ sessionId, connection, params, onParamsChange }: LogsPanelProps) {
  const logs = useSessionLogs(sessionId);
  const [adding, setAdding] = useState(false);
  useLogUrlSync(sessionId, connection, logs, params, onParamsChange);
  const active = logs.tabs.find((tab) => tab.id === logs.activeId) ?? null;
  const showForm = adding || logs.tabs.length === 0;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <LogTabBar
        tabs={logs.tabs}
        activeId={logs.activeId}
        onActivate={(id) => activateLogTab(sessionId, id)}
        onClose={(id) => closeLogTab(sessionId, id)}
        onAdd={() => setAdding((value) => !value)}
        adding={showForm}
      />
      {showForm && (
        <LogSourceForm
          onOpen={(source) => {
            openLogTab(sessionId, connection, source);
            setAdding(false);
          }}
          onCancel={logs.tabs.length > 0 ? () => setAdding(false) : undefined}
        />
      )}
      <ActiveLogTab tab={active} name={sessionId}>
        Open a log stream: a supervised process such as chromium, or any file path on the browser
        instance.
      </ActiveLogTab>
    </div>
  );
}
