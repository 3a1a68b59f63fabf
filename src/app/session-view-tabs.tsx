import { useStore } from 'zustand';
import { cn } from '../lib/cn';
import type { Timeline } from '../features/telemetry/stores/timeline-controller';

export type SessionViewName = 'timeline' | 'logs';

function ErrorCount({ timeline }: { timeline: Timeline }) {
  useStore(timeline.store, (state) => state.version);
  const count = timeline.buffer.errorCount;
  if (count === 0) return null;
  return (
    <span className="rounded-full bg-danger-bg px-1.5 text-[11px] font-semibold text-danger tabular-nums">
      {count.toLocaleString('en-US')}
      <span className="sr-only"> errors</span>
    </span>
  );
}

/** Switches the session's main area between its telemetry timeline and its log streams. */
export function SessionViewTabs({
  view,
  onChange,
  timeline,
  clipboardOpen,
  onToggleClipboard,
}: {
  view: SessionViewName;
  onChange: (view: SessionViewName) => void;
  timeline: Timeline | undefined;
  clipboardOpen: boolean;
  onToggleClipboard: () => void;
}) {
  const tabs: [SessionViewName, string][] = [
    ['timeline', 'Timeline'],
    ['logs', 'Logs'],
  ];
  return (
    <div
      role="tablist"
      aria-label="Session views"
      className="flex shrink-0 gap-1 border-b border-border bg-surface px-2 pt-1"
    >
      {tabs.map(([name, label]) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={view === name}
          onClick={() => onChange(name)}
          className={cn(
            '-mb-px flex items-center gap-1.5 rounded-t-md border border-b-0 px-3 py-1 text-sm font-medium',
            view === name
              ? 'border-border bg-panel text-fg'
              : 'border-transparent text-muted hover:text-fg',
          )}
        >
          {label}
          {name === 'timeline' && timeline && <ErrorCount timeline={timeline} />}
        </button>
      ))}
      <button
        type="button"
        aria-expanded={clipboardOpen}
        aria-controls="session-clipboard"
        onClick={onToggleClipboard}
        className="mb-1 ml-auto rounded-md px-2 text-xs text-muted hover:bg-panel-2 hover:text-fg"
      >
        {clipboardOpen ? 'Hide clipboard ▸' : '◂ Clipboard'}
      </button>
    </div>
  );
}
