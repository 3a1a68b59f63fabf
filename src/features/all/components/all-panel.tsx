/**
 * The All view (features/all): the session's events and the lines of every open log stream merged
 * on one time axis, with one filter and one details pane. It knows sources only as feeds; the app
 * (src/app/all-sources.ts) adapts the timeline and the log tabs to them.
 */
import { TEST_IDS } from '../../../config/test-ids';
import { useViewKeys } from '../../../components/ui/view-keys';
import { keyUsedByTarget } from '../../../lib/focus';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { Button } from '../../../components/ui/button';
import { ChipRow } from '../../../components/ui/chip-row';
import { Input } from '../../../components/ui/input';
import { Toolbar } from '../../../components/ui/toolbar';
import { chipClick, shownInWords } from '../../../lib/chip-choice';
import { cn } from '../../../lib/cn';
import { ALL_LEVELS, type AllLevel, type AllRow } from '../model/merged-feed';
import {
  jumpAllToLatest,
  moveAllSelection,
  toggleAllPause,
  updateAllFilter,
} from '../stores/all-actions';
import type { AllView } from '../stores/all-view';
import { AllList } from './all-list';

export const ALL_SEARCH_ID = 'all-search';

const LEVEL_LABELS: Record<AllLevel, string> = {
  error: 'Error',
  warn: 'Warn',
  info: 'Info',
  debug: 'Debug',
  none: 'Other',
};

function Chip({
  on,
  onClick,
  children,
  label,
}: {
  on: boolean;
  /** `add`: Ctrl or ⌘ was held. */
  onClick: (add: boolean) => void;
  children: ReactNode;
  label?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={label}
      onClick={(event) => onClick(event.ctrlKey || event.metaKey)}
      className={cn(
        'h-7 max-w-48 truncate rounded-full border px-2 text-xs',
        on ? 'border-accent bg-panel-2 text-fg' : 'border-border text-muted line-through',
      )}
    >
      {children}
    </button>
  );
}

/** Search, the source and level chips, errors only, pause, and how many rows are shown. */
function AllToolbar({ view }: { view: AllView }) {
  const { store } = view;
  const sources = useStore(store, (state) => state.sources);
  const filter = useStore(store, (state) => state.filter);
  const paused = useStore(store, (state) => state.pausedAt !== null);
  // counts are read from the feed whenever the list changed
  useStore(store, (state) => state.version);
  const { ring } = view.feed;
  const toggle = <T,>(list: readonly T[], value: T): T[] =>
    list.includes(value) ? list.filter((entry) => entry !== value) : [...list, value];
  return (
    <div className="flex shrink-0 flex-col gap-2 border-b border-border bg-panel px-3 py-2">
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={ALL_SEARCH_ID}>
          Search events and lines
        </label>
        <Input
          id={ALL_SEARCH_ID}
          type="search"
          placeholder="Filter events and lines  ( / )"
          value={filter.text}
          onChange={(event) => updateAllFilter(view, { text: event.target.value })}
          className="h-8 w-64 max-w-full text-xs"
        />
        <button
          type="button"
          aria-pressed={filter.errorsOnly}
          onClick={() => updateAllFilter(view, { errorsOnly: !filter.errorsOnly })}
          className={cn(
            'h-8 rounded-md border px-2 text-xs font-medium',
            filter.errorsOnly
              ? 'border-danger bg-danger-bg text-danger'
              : 'border-border bg-panel-2 text-fg',
          )}
        >
          Errors only
        </button>
        <Button size="sm" onClick={() => toggleAllPause(view)} aria-pressed={paused}>
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <span className="text-xs text-muted tabular-nums">
          {ring.viewCount.toLocaleString('en-US')} of {ring.size.toLocaleString('en-US')} rows
        </span>
      </div>
      {/* two rows of chips, each one tab stop with the arrows inside (toolbars) */}
      <div className="flex flex-wrap items-center gap-1">
        <Toolbar label="Sources shown">
          {sources.map((source) => (
            <Chip
              key={source.id}
              on={!filter.hiddenSources.includes(source.id)}
              label={source.kind === 'log' ? `Log stream ${source.label}` : 'Telemetry events'}
              onClick={() =>
                updateAllFilter(view, { hiddenSources: toggle(filter.hiddenSources, source.id) })
              }
            >
              {source.label}
            </Chip>
          ))}
        </Toolbar>
        <span className="mx-1 h-4 border-l border-border" aria-hidden="true" />
        {/* a level shows only its rows (again: all), Ctrl or ⌘ adds or hides one, as every
            row of level chips does */}
        <ChipRow
          label="Levels shown"
          kinds="levels"
          state={shownInWords(ALL_LEVELS, filter.hiddenLevels, (level) => LEVEL_LABELS[level])}
          onShowAll={
            filter.hiddenLevels.length > 0
              ? () => updateAllFilter(view, { hiddenLevels: [] })
              : null
          }
        >
          {ALL_LEVELS.map((level) => (
            <Chip
              key={level}
              on={!filter.hiddenLevels.includes(level)}
              onClick={(add) =>
                updateAllFilter(view, {
                  hiddenLevels: chipClick(ALL_LEVELS, filter.hiddenLevels, level, add),
                })
              }
            >
              {LEVEL_LABELS[level]}
            </Chip>
          ))}
        </ChipRow>
      </div>
    </div>
  );
}

function AllPausedBar({ view }: { view: AllView }) {
  const pausedAt = useStore(view.store, (state) => state.pausedAt);
  const unfollowedAt = useStore(view.store, (state) => state.unfollowedAt);
  const following = useStore(view.store, (state) => state.following);
  const hidden = following && pausedAt === null;
  const next = useStore(view.store, () => (hidden ? 0 : view.feed.ring.next));
  if (hidden) return null;
  const fresh = Math.max(0, next - (pausedAt ?? unfollowedAt ?? next));
  return (
    <div
      data-testid={TEST_IDS.allPausedBar}
      className="flex shrink-0 items-center justify-between gap-2 border-t border-warn/40 bg-warn-bg px-3 py-1.5 text-xs"
    >
      <span className="font-medium text-warn">
        {pausedAt !== null ? 'Paused' : 'Not following (scrolled up)'}:{' '}
        {fresh.toLocaleString('en-US')} new {fresh === 1 ? 'row' : 'rows'}
      </span>
      <Button size="sm" variant="primary" onClick={() => jumpAllToLatest(view)}>
        Jump to latest ↓
      </Button>
    </div>
  );
}

/** Calls the app's detail renderer as a component (its close handler is an event handler). */
function DetailSlot(props: {
  render: AllPanelProps['renderDetail'];
  row: AllRow;
  onClose: () => void;
}) {
  return props.render(props.row, props.onClose);
}

export interface AllPanelProps {
  view: AllView;
  /** The selected row in full (an event's details, a line's); `close` closes the pane. */
  renderDetail: (row: AllRow, close: () => void) => ReactNode;
}

/** Telemetry events and the lines of every open log stream of a session, on one time axis. */
export function AllPanel({ view, renderDetail }: AllPanelProps) {
  const { store } = view;
  const detailOpen = useStore(store, (state) => state.detailOpen);
  const selected = useStore(store, (state) => state.selected);
  useStore(store, (state) => state.version);
  const section = useRef<HTMLElement>(null);
  const row = selected === null ? undefined : view.feed.ring.at(selected);
  const close = (): void => {
    const hadFocus = section.current
      ?.querySelector('[data-detail]')
      ?.contains(document.activeElement);
    store.setState({ detailOpen: false });
    if (hadFocus) section.current?.querySelector<HTMLElement>('[role="log"]')?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (event.key === 'Escape' && detailOpen) {
      event.preventDefault();
      close();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || keyUsedByTarget(event)) return;
    const step = { j: 1, ArrowDown: 1, k: -1, ArrowUp: -1 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      moveAllSelection(view, step);
    } else if (event.key === 'Enter' && selected !== null) {
      event.preventDefault();
      store.setState({ detailOpen: true });
    } else if (event.key === '/') {
      event.preventDefault();
      document.getElementById(ALL_SEARCH_ID)?.focus();
    }
  };
  useViewKeys({
    onKeyDown,
    element: () => section.current,
    list: () => section.current?.querySelector<HTMLElement>('[role="log"]') ?? null,
  });
  return (
    <section
      ref={section}
      aria-label="All: events and log lines"
      onKeyDown={onKeyDown}
      className="flex min-h-0 flex-1 flex-col"
    >
      <AllToolbar view={view} />
      <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
        <div
          className={cn(
            'flex min-h-[50vh] min-w-0 flex-1 flex-col lg:min-h-0',
            detailOpen && 'lg:w-3/5',
          )}
        >
          <AllList view={view} />
          <AllPausedBar view={view} />
        </div>
        {detailOpen && (
          <div
            data-detail
            className="flex max-h-[80vh] min-h-0 flex-col border-t border-border lg:max-h-none lg:w-2/5 lg:border-t-0 lg:border-l"
          >
            {row ? (
              <DetailSlot render={renderDetail} row={row} onClose={close} />
            ) : (
              <p className="p-3 text-sm text-muted">
                {selected === null
                  ? 'Select a row to see it in full.'
                  : 'This row has been evicted to stay under the cap.'}
              </p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
