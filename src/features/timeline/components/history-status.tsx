import { useId } from 'react';
import { useStore } from 'zustand';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { EMPTY_HISTORY_STATUS } from '../model/history-empty';
import type { HistoryTimeline } from '../../../entities/session-events/stores/timeline-controller';

/** An ended session's history being read: how far, and a way to stop or go on. */
export function HistoryStatus({ timeline }: { timeline: HistoryTimeline }) {
  const history = useStore(timeline.store, (state) => state.history);
  const status = useStore(timeline.store, (state) => state.status);
  const window = useStore(timeline.store, (state) => state.historyWindow);
  const loaded = (history?.loaded ?? 0).toLocaleString('en-US');
  return (
    <span className="flex flex-wrap items-center gap-2 text-xs" data-testid="history-status">
      <HistoryWindowPicker window={window} onChange={(next) => timeline.setWindow(next)} />
      <Badge tone="neutral" title={status.kind === 'ended' ? status.reason : undefined}>
        ended
      </Badge>
      <span role="status" className="text-muted">
        {history?.state === 'loading'
          ? `Reading history: ${loaded} events…`
          : history?.state === 'done'
            ? history.loaded === 0
              ? EMPTY_HISTORY_STATUS
              : `History: ${loaded} events`
            : history?.state === 'cancelled'
              ? `History stopped at ${loaded} events`
              : history?.state === 'failed'
                ? `History stopped at ${loaded} events: `
                : null}
        {history?.state === 'failed' && history.error && (
          <span className="text-danger">
            <UntrustedText text={history.error} />
          </span>
        )}
      </span>
      {history?.state === 'loading' && (
        <Button size="sm" onClick={() => timeline.cancel()}>
          Stop
        </Button>
      )}
      {(history?.state === 'cancelled' || history?.state === 'failed') && (
        <Button size="sm" onClick={() => timeline.load()}>
          {history.state === 'failed' ? 'Try again' : 'Read the rest'}
        </Button>
      )}
    </span>
  );
}

const WINDOWS: [string, string][] = [
  ['start', 'the whole session'],
  ['5m', 'the last 5 minutes'],
  ['1h', 'the last hour'],
  ['24h', 'the last 24 hours'],
];

/** `2026-11-23T17:28` (a datetime-local input's value) for an instant, in local time. */
function localInputValue(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
}

/** Which part of the history to read: the whole session, the last minutes or hours, or from a time. */
function HistoryWindowPicker({
  window,
  onChange,
}: {
  window: string;
  onChange: (window: string) => void;
}) {
  const id = useId();
  const custom = !WINDOWS.some(([value]) => value === window);
  return (
    <span className="flex items-center gap-1 text-muted">
      <label htmlFor={`${id}-window`}>History of</label>
      <select
        id={`${id}-window`}
        value={custom ? 'custom' : window}
        onChange={(event) => {
          const value = event.target.value;
          if (value === 'custom')
            onChange(new Date(Date.now() - 60 * 60_000).toISOString().replace(/\.\d+Z$/, 'Z'));
          else onChange(value);
        }}
        className="h-8 rounded-md border border-border bg-panel px-1 text-xs text-fg"
      >
        {WINDOWS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
        <option value="custom">from a time…</option>
      </select>
      {custom && (
        <>
          <label htmlFor={`${id}-from`} className="sr-only">
            Read history from
          </label>
          <input
            id={`${id}-from`}
            type="datetime-local"
            value={localInputValue(window)}
            onChange={(event) => {
              const date = new Date(event.target.value);
              if (!Number.isNaN(date.getTime()))
                onChange(date.toISOString().replace(/\.\d+Z$/, 'Z'));
            }}
            className="h-8 rounded-md border border-border bg-panel px-1 text-xs text-fg"
          />
        </>
      )}
    </span>
  );
}
