import { useStore } from 'zustand';
import { useGlanceVersion } from '../../../components/ui/use-glance-version';
import { Button } from '../../../components/ui/button';
import type { TimestampMode } from '../../../lib/time-format';
import { downloadLines, togglePause } from '../stores/log-actions';
import type { LogTab } from '../stores/log-tab-controller';
import { resolveTimeSource, type LogTabState } from '../stores/log-tab-store';
import { setLogCapacity, useLogTabsRegistry } from '../stores/log-tabs-registry';

export interface LogOptionsProps {
  tab: LogTab;
  sessionId: string;
  onCopySelection: () => void;
  /** After Clear: what was said about the lines before it goes too. */
  onClear?: () => void;
}

const CAPACITIES = [50_000, 100_000, 200_000, 500_000, 1_000_000];

const TIMESTAMP_LABELS: Record<TimestampMode, string> = {
  local: 'Local time',
  utc: 'UTC',
  relative: 'Relative',
  hidden: 'No time',
};

/** Pause, wrap, time format, line numbers, copy, download, clear. */
export function LogOptions({ tab, sessionId, onCopySelection, onClear }: LogOptionsProps) {
  const paused = useStore(tab.store, (state) => state.pausedAt !== null);
  const wrap = useStore(tab.store, (state) => state.wrap);
  const timestamps = useStore(tab.store, (state) => state.timestamps);
  const lineNumbers = useStore(tab.store, (state) => state.lineNumbers);
  const timeChoice = useStore(tab.store, (state) => state.timeSource);
  // re-read on every new batch: `auto` follows what most lines state
  useGlanceVersion(tab.store);
  const autoSource = resolveTimeSource('auto', tab.buffer.clock);
  const hasSelection = useStore(tab.store, (state) => state.selection !== null);
  const capacity = useLogTabsRegistry((state) => state.capacity);
  return (
    <div className="flex flex-wrap items-center gap-1">
      <Button
        size="sm"
        variant={paused ? 'primary' : 'secondary'}
        onClick={() => togglePause(tab)}
        aria-keyshortcuts="Space"
        title="Pause or resume the view (Space)"
      >
        {paused ? 'Resume' : 'Pause'}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-pressed={wrap}
        onClick={() => tab.store.setState({ wrap: !wrap })}
      >
        Wrap
      </Button>
      <label className="sr-only" htmlFor={`${tab.id}-ts`}>
        Timestamps
      </label>
      <select
        id={`${tab.id}-ts`}
        value={timestamps}
        onChange={(event) =>
          tab.store.setState({ timestamps: event.target.value as TimestampMode })
        }
        className="h-7 rounded-md border border-border bg-panel px-1 text-xs"
      >
        {(Object.keys(TIMESTAMP_LABELS) as TimestampMode[]).map((mode) => (
          <option key={mode} value={mode}>
            {TIMESTAMP_LABELS[mode]}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor={`${tab.id}-time-source`}>
        Which time
      </label>
      <select
        id={`${tab.id}-time-source`}
        value={timeChoice}
        title="The time a line states (its own), or when the server read it. Lines without a time of their own show the last one stated before them, dimmed."
        onChange={(event) => {
          tab.store.setState({ timeSource: event.target.value as LogTabState['timeSource'] });
          // a time range applies to the times shown
          tab.refreshQueries();
        }}
        className="h-7 rounded-md border border-border bg-panel px-1 text-xs"
      >
        <option value="auto">
          {autoSource === 'line' ? 'Line’s time (auto)' : 'Read time (auto)'}
        </option>
        <option value="line">Line’s own time</option>
        <option value="read">Time read</option>
      </select>
      <Button
        size="sm"
        variant="ghost"
        aria-pressed={lineNumbers}
        onClick={() => tab.store.setState({ lineNumbers: !lineNumbers })}
      >
        #<span className="sr-only">Line numbers</span>
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={!hasSelection}
        onClick={onCopySelection}
        title="Copy the selected lines (click, then Shift+click to select a range)"
      >
        Copy selected
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => downloadLines(tab, sessionId, false)}
        title="Download every retained line as .log"
      >
        Download
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => downloadLines(tab, sessionId, true)}
        title="Download the lines the filters show as .log"
      >
        Download shown
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => {
          tab.clear();
          onClear?.();
        }}
        title="Clear the lines on screen (the stream continues)"
      >
        Clear
      </Button>
      <label className="sr-only" htmlFor={`${tab.id}-cap`}>
        Lines kept per stream
      </label>
      <select
        id={`${tab.id}-cap`}
        value={capacity}
        title="Lines kept per stream; older lines are dropped and counted"
        onChange={(event) => setLogCapacity(Number(event.target.value))}
        className="h-7 rounded-md border border-border bg-panel px-1 text-xs"
      >
        {CAPACITIES.map((value) => (
          <option key={value} value={value}>
            Keep {value.toLocaleString()} lines
          </option>
        ))}
      </select>
    </div>
  );
}
