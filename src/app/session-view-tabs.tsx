import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { cn } from '../lib/cn';
import { focusIfLost } from '../lib/focus';
import type { Timeline } from '../features/telemetry/stores/timeline-controller';

export type SessionViewName = 'timeline' | 'logs' | 'all';

function ErrorCount({ timeline }: { timeline: Timeline }) {
  const count = useStore(timeline.store, () => timeline.buffer.errorCount);
  if (count === 0) return null;
  return (
    // said as errors, not a bare number that reads like an unread count
    <span
      title="Errors among the events held"
      className="rounded-full bg-danger-bg px-1.5 text-[11px] font-semibold whitespace-nowrap text-danger tabular-nums"
    >
      {count.toLocaleString('en-US')} {count === 1 ? 'error' : 'errors'}
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
  actions,
}: {
  view: SessionViewName;
  onChange: (view: SessionViewName) => void;
  timeline: Timeline | undefined;
  clipboardOpen: boolean;
  /** Absent when the session has no clipboard (it has ended). */
  onToggleClipboard?: () => void;
  /** Controls at the end of the strip (Mark now). */
  actions?: ReactNode;
}) {
  const tabs: [SessionViewName, string][] = [
    ['timeline', 'Timeline'],
    ['logs', 'Logs'],
    ['all', 'All'],
  ];
  const list = useRef<HTMLDivElement>(null);
  // the connect form that opened the session is gone: the keyboard goes on from the view tabs
  useEffect(
    () => focusIfLost(list.current?.querySelector<HTMLElement>('[aria-selected="true"]') ?? null),
    [],
  );
  // the ARIA tabs pattern: one tab stop, arrows (and Home, End) move between the tabs
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const at = tabs.findIndex(([name]) => name === view);
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    const target =
      step !== undefined
        ? tabs[(at + step + tabs.length) % tabs.length]
        : event.key === 'Home'
          ? tabs[0]
          : event.key === 'End'
            ? tabs.at(-1)
            : undefined;
    if (!target) return;
    event.preventDefault();
    onChange(target[0]);
    list.current?.querySelector<HTMLElement>(`[data-view="${target[0]}"]`)?.focus();
  };
  return (
    <div className="flex shrink-0 gap-1 border-b border-border bg-surface px-2 pt-1">
      {/* only tabs inside the tablist: the clipboard toggle is a sibling of it */}
      <div
        ref={list}
        role="tablist"
        aria-label="Session views"
        onKeyDown={onKeyDown}
        className="flex gap-1"
      >
        {tabs.map(([name, label]) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={view === name}
            tabIndex={view === name ? 0 : -1}
            data-view={name}
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
      </div>
      <div className="ml-auto flex items-center gap-1">
        {actions}
        {onToggleClipboard && (
          <button
            type="button"
            aria-expanded={clipboardOpen}
            aria-controls="session-clipboard"
            onClick={onToggleClipboard}
            className="mb-1 rounded-md px-2 py-0.5 text-xs text-muted hover:bg-panel-2 hover:text-fg"
          >
            {/* one word on a narrow screen, where the panel is under the view, not beside it */}
            <span className="sm:hidden">Clipboard {clipboardOpen ? '▴' : '▾'}</span>
            <span className="hidden sm:inline">
              {clipboardOpen ? 'Hide clipboard ▸' : '◂ Clipboard'}
            </span>
          </button>
        )}
      </div>
    </div>
  );
}
