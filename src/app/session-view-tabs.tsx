import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useGlanceVersion } from '../components/ui/use-glance-version';
import { countOf, ERRORS_ARE, formatCount } from '../entities/session-events/model/count-words';
import { cn } from '../lib/cn';
import { focusIfLost } from '../lib/focus';
import type { Timeline } from '../entities/session-events/stores/timeline-controller';

export type SessionViewName = 'timeline' | 'logs' | 'all';

/** What the timeline tab's count of errors counts, in words. */
function errorCountTitle(count: number, ranged: boolean, session: number): string {
  const errors = countOf(count, 'error');
  return ranged
    ? `${errors} among this session's events in the time range (of ${formatCount(session)} in the session): ${ERRORS_ARE}`
    : `${errors} among this session's events: ${ERRORS_ARE}`;
}

/** The errors among the timeline's events of the time range (of the session without one). */
function useErrorCount(timeline: Timeline): { count: number; title: string } {
  useGlanceVersion(timeline.store);
  const count = timeline.buffer.rangeCounts.errors;
  const ranged = useStore(timeline.store, (state) => state.filter.range !== null);
  const session = timeline.buffer.sessionCounts.errors;
  return { count, title: errorCountTitle(count, ranged, session) };
}

function ErrorCount({ timeline }: { timeline: Timeline }) {
  const { count, title } = useErrorCount(timeline);
  if (count === 0) return null;
  return (
    // said as errors, not a bare number that reads like an unread count
    <span
      title={title}
      className="rounded-full bg-danger-bg px-1.5 text-[11px] font-semibold whitespace-nowrap text-danger tabular-nums"
    >
      {countOf(count, 'error')}
    </span>
  );
}

/** What the count counts, for the tab's description (a screen reader hears it after the name). */
function ErrorCountNote({ timeline, id }: { timeline: Timeline; id: string }) {
  const { count, title } = useErrorCount(timeline);
  if (count === 0) return null;
  return (
    <span id={id} hidden>
      {title}
    </span>
  );
}

/** Shows or folds a panel beside the session's views (Screen, Clipboard). */
function PanelToggle({
  name,
  panelId,
  open,
  onToggle,
}: {
  name: string;
  panelId: string;
  open: boolean;
  onToggle: () => void;
}) {
  const word = name[0]?.toUpperCase() + name.slice(1);
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
      className="mb-1 rounded-md px-2 py-0.5 text-xs text-muted hover:bg-panel-2 hover:text-fg"
    >
      {/* one word on a narrow screen, where the panel is under the view, not beside it */}
      <span className="sm:hidden">
        {word} {open ? '▴' : '▾'}
      </span>
      <span className="hidden sm:inline">{open ? `Hide ${name} ▸` : `◂ ${word}`}</span>
    </button>
  );
}

/** Switches the session's main area between its telemetry timeline and its log streams. */
export function SessionViewTabs({
  view,
  onChange,
  timeline,
  clipboardOpen,
  onToggleClipboard,
  screenOpen = false,
  onToggleScreen,
  actions,
}: {
  view: SessionViewName;
  onChange: (view: SessionViewName) => void;
  timeline: Timeline | undefined;
  clipboardOpen: boolean;
  /** Absent when the session has no clipboard (it has ended). */
  onToggleClipboard?: () => void;
  screenOpen?: boolean;
  /** Absent when the session has no Screen panel (a file opened without a server). */
  onToggleScreen?: () => void;
  /** Controls at the end of the strip (Mark now). */
  actions?: ReactNode;
}) {
  const tabs: [SessionViewName, string][] = [
    ['timeline', 'Timeline'],
    ['logs', 'Logs'],
    ['all', 'All'],
  ];
  const list = useRef<HTMLDivElement>(null);
  const errorsId = useId();
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
    // wraps: on a narrow screen the actions and the clipboard's toggle go under the tabs rather
    // than off the edge
    <div className="flex shrink-0 flex-wrap gap-1 border-b border-border bg-surface px-2 pt-1">
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
            aria-describedby={name === 'timeline' && timeline ? errorsId : undefined}
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
            {/* the space keeps "Timeline 3 errors" two words when read (flex shows no gap) */}
            {name === 'timeline' && timeline && (
              <>
                {' '}
                <ErrorCount timeline={timeline} />
              </>
            )}
          </button>
        ))}
      </div>
      {timeline && <ErrorCountNote timeline={timeline} id={errorsId} />}
      <div className="ml-auto flex flex-wrap items-center justify-end gap-1">
        {actions}
        {onToggleScreen && (
          <PanelToggle
            name="screen"
            panelId="session-screen"
            open={screenOpen}
            onToggle={onToggleScreen}
          />
        )}
        {onToggleClipboard && (
          <PanelToggle
            name="clipboard"
            panelId="session-clipboard"
            open={clipboardOpen}
            onToggle={onToggleClipboard}
          />
        )}
      </div>
    </div>
  );
}
