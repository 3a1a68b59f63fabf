import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { useGlanceVersion } from '../../../components/ui/use-glance-version';
import { NarrowFold } from '../../../components/ui/narrow-fold';
import { StreamFailure } from '../../../components/ui/stream-failure';
import { StreamStatusBadge } from '../../../components/ui/stream-status-badge';
import { TEST_IDS } from '../../../config/test-ids';
import { copyText } from '../../../lib/copy-text';
import { useViewKeys } from '../../../components/ui/view-keys';
import { keyUsedByTarget } from '../../../lib/focus';
import { linesAsText, moveLineSelection, selectedLines, togglePause } from '../stores/log-actions';
import type { LogLine } from '../stores/log-buffer';
import type { LogTab } from '../stores/log-tab-controller';
import { LogFilters } from './log-filters';
import { LogList } from './log-list';
import { LogOptions } from './log-options';
import { LogPausedBar } from './log-paused-bar';
import { LogSearch } from './log-search';

/** `1 line`, `2,000 lines`. */
function countOf(count: number, word: string): string {
  return `${count.toLocaleString()} ${word}${count === 1 ? '' : 's'}`;
}

export interface LogViewerProps {
  tab: LogTab;
  sessionId: string;
}

/** One log stream: status, search, filters, options, and the live lines. */
export function LogViewer({ tab, sessionId }: LogViewerProps) {
  const status = useStore(tab.store, (state) => state.status);
  const filtering = useStore(
    tab.store,
    (state) =>
      state.include.text !== '' || state.exclude.text !== '' || state.hiddenLevels.length > 0,
  );
  useGlanceVersion(tab.store);
  const [toast, setToast] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const searchId = `${tab.id}-search`;

  useEffect(() => {
    if (!toast) return undefined;
    const timer = setTimeout(() => setToast(null), 2500);
    return () => clearTimeout(timer);
  }, [toast]);

  const copy = useCallback((text: string, what: string) => {
    copyText(text).then(
      () => setToast(`Copied ${what}`),
      (error: unknown) =>
        setToast(`Could not copy: ${error instanceof Error ? error.message : String(error)}`),
    );
  }, []);
  const onCopyLine = useCallback(
    (line: LogLine) => copy(line.plain, `line ${line.seq + 1}`),
    [copy],
  );
  const onCopySelection = (): void => {
    const lines = selectedLines(tab);
    copy(linesAsText(lines), `${lines.length} ${lines.length === 1 ? 'line' : 'lines'}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    const target = event.target as HTMLElement;
    const typing = target.closest('input, textarea, select, button, [contenteditable]') !== null;
    // keys of the lines themselves, when no field or control pressed on takes them
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !keyUsedByTarget(event);
    const step = plain ? { j: 1 as const, k: -1 as const }[event.key] : undefined;
    if (step !== undefined) {
      event.preventDefault();
      moveLineSelection(tab, step);
    } else if (event.key === ' ' && plain) {
      event.preventDefault();
      togglePause(tab);
    } else if (
      (event.key === '/' && plain) ||
      ((event.ctrlKey || event.metaKey) && event.key === 'f')
    ) {
      event.preventDefault();
      document.getElementById(searchId)?.focus();
    } else if (
      (event.ctrlKey || event.metaKey) &&
      event.key === 'c' &&
      !typing &&
      tab.store.getState().selection &&
      !window.getSelection()?.toString()
    ) {
      event.preventDefault();
      onCopySelection();
    }
  };

  useViewKeys({
    onKeyDown,
    element: () => rootRef.current,
    list: () => rootRef.current?.querySelector<HTMLElement>('[role="log"]') ?? null,
  });

  const evicted = tab.buffer.evicted;
  return (
    <section
      ref={rootRef}
      aria-label={`Log ${tab.source.target}`}
      onKeyDown={onKeyDown}
      className="flex min-h-0 flex-1 flex-col"
    >
      <div className="flex flex-col gap-2 border-b border-border bg-panel px-3 py-2">
        <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
          <StreamStatusBadge
            status={status}
            onReconnect={tab.saved ? undefined : () => tab.reconnectNow()}
          />
          <LogSearch tab={tab} inputId={searchId} />
          {/* a narrow screen folds the options and filters behind a button each */}
          <NarrowFold label="Options">
            <LogOptions
              tab={tab}
              sessionId={sessionId}
              onCopySelection={onCopySelection}
              onClear={() => setToast(null)}
            />
          </NarrowFold>
          <NarrowFold label="Filters" note={filtering ? 'on' : undefined}>
            <span className="hidden sm:block sm:basis-full" aria-hidden="true" />
            <LogFilters tab={tab} />
          </NarrowFold>
        </div>
        <StreamFailure status={status} />
      </div>
      {evicted > 0 && (
        <div
          data-testid={TEST_IDS.logEvicted}
          className="border-b border-border bg-panel-2 px-3 py-1 text-xs text-muted"
        >
          {evicted.toLocaleString()} older {evicted === 1 ? 'line was' : 'lines were'} dropped to
          stay within {tab.buffer.capacity.toLocaleString()} retained lines.
        </div>
      )}
      <div className="relative flex min-h-0 flex-1 flex-col">
        <LogList tab={tab} onCopyLine={onCopyLine} />
        {tab.buffer.viewCount === 0 && (
          <p className="pointer-events-none absolute inset-x-0 top-8 text-center text-sm text-muted">
            {tab.buffer.size === 0
              ? status.kind === 'live'
                ? 'Connected. Waiting for new lines…'
                : 'No lines yet.'
              : tab.buffer.filterProgress !== null
                ? 'No match among the newest lines; testing older ones…'
                : 'No line matches the filters.'}
          </p>
        )}
        <LogPausedBar tab={tab} />
      </div>
      <div className="flex items-center justify-between gap-2 border-t border-border bg-panel px-3 py-1 text-[11px] text-muted tabular-nums">
        <span
          data-testid={TEST_IDS.logCounts}
          data-retained={tab.buffer.size}
          data-received={tab.buffer.total}
        >
          {countOf(tab.buffer.size, 'line')} retained · {tab.buffer.total.toLocaleString()} received
        </span>
        <span role="status">{toast}</span>
      </div>
    </section>
  );
}
