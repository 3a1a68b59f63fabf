import { useViewKeys } from '../../components/ui/view-keys';
import { keyUsedByTarget } from '../../lib/focus';
import { NETWORK_FILTER_ID } from '../../features/network/components/network-filter-bar';
import { NetworkView } from '../../features/network/components/network-view';
import {
  createContext,
  useCallback,
  useContext,
  useId,
  useMemo,
  useRef,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import { useStore, type StoreApi } from 'zustand';
import { useGlanceVersion } from '../../components/ui/use-glance-version';
import { createStore } from 'zustand/vanilla';
import { TEST_IDS } from '../../config/test-ids';
import { cn } from '../../lib/cn';
import {
  jumpToTime,
  moveSelection,
  selectItem,
  showItem,
  updateFilter,
} from '../../entities/session-events/stores/timeline-actions';
import type { Timeline } from '../../entities/session-events/stores/timeline-controller';
import type {
  TimelinePane,
  VisibleRange,
} from '../../entities/session-events/stores/timeline-store';
import { countOf, formatCount, rangeScope } from '../../entities/session-events/model/count-words';
import { groupsInRange } from '../../entities/session-events/model/error-groups';
import type { OverviewExtraLane } from '../../entities/session-events/model/overview';
import { CollectorBanner } from '../../features/timeline/components/collector-banner';
import { ErrorGroupsView } from '../../features/errors/components/error-groups-view';
import { EventDetail } from '../../features/timeline/components/event-detail';
import { OffscreenCue } from '../../components/ui/offscreen-cue';
import { DetailParts } from './detail-parts';
import { DetailResizer } from './detail-resizer';
import { useDetailShare, useOverviewShown } from './detail-width';
import { OverviewStrip } from '../../features/overview/components/overview-strip';
import { PagesView } from '../../features/pages/components/pages-view';
import { ScreenshotsPane } from '../../features/screenshots/components/screenshots-pane';
import { TimelineList } from '../../features/timeline/components/timeline-list';
import { TimelinePausedBar } from '../../features/timeline/components/timeline-paused-bar';
import {
  TIMELINE_SEARCH_ID,
  TimelineToolbar,
} from '../../features/timeline/components/timeline-toolbar';

const SCREENSHOT = 'monitor_screenshot';

/**
 * The panes, two with what they hold in the time range (in the session without one): the console
 * error groups (errors of one message and place make one) and the screenshots.
 */
function PaneTabs({ timeline }: { timeline: Timeline }) {
  const pane = useStore(timeline.store, (state) => state.pane);
  const ranged = useStore(timeline.store, (state) => state.filter.range !== null);
  // the counts, read from the buffer at the timeline's glances
  useGlanceVersion(timeline.store);
  const { rangeCounts, sessionCounts } = timeline.buffer;
  const groups = rangeCounts.errorGroups;
  const consoleErrors = rangeCounts.types.get('console_error') ?? 0;
  const sessionGroups = sessionCounts.errorGroups;
  const screenshots = rangeCounts.types.get(SCREENSHOT) ?? 0;
  const sessionScreenshots = sessionCounts.types.get(SCREENSHOT) ?? 0;
  const tabs: [TimelinePane, string, string?][] = [
    ['events', 'Events'],
    [
      'errors',
      `Console errors (${countOf(groups, 'group')})`,
      `${countOf(groups, 'group')} of console errors (one message thrown at one place makes a group)${rangeScope(ranged, sessionGroups)}: ${countOf(consoleErrors, 'console error')} in all`,
    ],
    [
      'screenshots',
      `Screenshots (${formatCount(screenshots)})`,
      `${countOf(screenshots, 'screenshot')}${rangeScope(ranged, sessionScreenshots)}`,
    ],
    ['pages', 'Pages'],
    ['network', 'Network'],
  ];
  return (
    <div
      role="tablist"
      aria-label="Timeline views"
      className="flex shrink-0 gap-1 border-b border-border bg-panel px-2"
    >
      {tabs.map(([id, label, title]) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={pane === id}
          title={title}
          onClick={() => timeline.store.setState({ pane: id })}
          className={cn(
            '-mb-px border-b-2 px-2 py-1.5 text-xs font-medium',
            pane === id ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg',
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** The overview strip, or one line that brings it back: it folds away to leave the list room. */
function FoldableOverview({
  timeline,
  onJump,
}: {
  timeline: Timeline;
  onJump: (tsUs: number) => void;
}) {
  const shown = useOverviewShown((state) => state.value);
  const setShown = useOverviewShown((state) => state.set);
  const id = useId();
  return (
    <div className="relative shrink-0">
      <button
        type="button"
        aria-expanded={shown}
        aria-controls={id}
        onClick={() => setShown(!shown)}
        title={shown ? 'Fold the overview away' : undefined}
        className={cn(
          'text-[11px] text-muted hover:text-fg',
          // folding: in the corner below the lane names, beside the time axis, where nothing is
          // drawn (at the top it covered the first lane's name when there were no thumbnails)
          shown
            ? 'absolute bottom-0 left-1 z-10 rounded bg-panel px-1 leading-4'
            : 'block w-full border-b border-border bg-panel px-3 py-0.5 text-left',
        )}
      >
        {shown ? '▴ Fold' : '▾ Show the overview'}
      </button>
      {shown && (
        <div id={id}>
          <TimelineOverview timeline={timeline} onJump={onJump} />
        </div>
      )}
    </div>
  );
}

/** Read in place of the list's visible range while the list follows fast (TimelineOverview). */
const PACED = Symbol('paced');

/**
 * The overview strip: drawn again as the timeline changes, at the pace of its glances
 * (use-glance-version.ts), and as the list's visible range moves, which while the list follows
 * fast it does at every update, so then it is read at the glances too.
 */
function TimelineOverview({
  timeline,
  onJump,
}: {
  timeline: Timeline;
  onJump: (tsUs: number) => void;
}) {
  const version = useGlanceVersion(timeline.store);
  const moving = useStore(timeline.store, (state) =>
    state.fastFollow || state.flooded ? PACED : state.visibleRange,
  );
  const visible = moving === PACED ? timeline.store.getState().visibleRange : moving;
  const range = useStore(timeline.store, (state) => state.filter.range);
  const extraLanes = useExtraLanes();
  return (
    <OverviewStrip
      extraLanes={extraLanes}
      source={timeline.buffer}
      version={version}
      visible={visible}
      onJump={onJump}
      range={range}
      onBrush={(chosen) => updateFilter(timeline, { range: chosen })}
    />
  );
}

/**
 * Lanes the overview draws from outside the timeline (the session's open log streams), given by
 * the app: `lanes()` is read again whenever the store's version moves.
 */
export interface OverviewLanesSource {
  readonly store: StoreApi<{ version: number }>;
  lanes(): readonly OverviewExtraLane[];
}

export const OverviewLanesContext = createContext<OverviewLanesSource | null>(null);

const NO_LANES_STORE = createStore(() => ({ version: 0 }));

function useExtraLanes(): readonly OverviewExtraLane[] | undefined {
  const source = useContext(OverviewLanesContext);
  const version = useStore(source?.store ?? NO_LANES_STORE, (state) => state.version);
  return useMemo(() => (source && version >= 0 ? source.lanes() : undefined), [source, version]);
}

/** The telemetry of a session (or of an opened file): filters, overview, list, details. */
export function TelemetryPanel({ timeline }: { timeline: Timeline }) {
  const pane = useStore(timeline.store, (state) => state.pane);
  const detailOpen = useStore(timeline.store, (state) => state.detailOpen);
  const detailShare = useDetailShare((state) => state.value);
  const selected = useStore(timeline.store, (state) => state.selected);
  const range = useStore(timeline.store, (state) => state.filter.range);
  const onVisibleRange = useCallback(
    (range: VisibleRange | null) => {
      const current = timeline.store.getState().visibleRange;
      if (current?.fromUs === range?.fromUs && current?.toUs === range?.toUs) return;
      timeline.store.setState({ visibleRange: range });
    },
    [timeline],
  );
  const onSelect = useCallback(
    (index: number, open: boolean) => selectItem(timeline, index, open),
    [timeline],
  );
  const onJump = useCallback((tsUs: number) => jumpToTime(timeline, tsUs), [timeline]);
  const section = useRef<HTMLElement>(null);
  const close = (): void => {
    const detail = section.current?.querySelector(`[data-testid="${TEST_IDS.eventDetail}"]`);
    const hadFocus = detail?.contains(document.activeElement) ?? false;
    timeline.store.setState({ detailOpen: false });
    // focus was in the details, which are gone: back to the list, on the same event
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
    if (step !== undefined && pane === 'events') {
      event.preventDefault();
      moveSelection(timeline, step);
    } else if (event.key === 'Enter' && selected !== null && pane === 'events') {
      event.preventDefault();
      timeline.store.setState({ detailOpen: true });
    } else if (event.key === '/') {
      event.preventDefault();
      document.getElementById(pane === 'network' ? NETWORK_FILTER_ID : TIMELINE_SEARCH_ID)?.focus();
    }
  };
  // the shown pane's list: the events, the requests, or else the pane's first control
  const paneArea = useRef<HTMLDivElement>(null);
  const detailArea = useRef<HTMLDivElement>(null);
  const paneList = (): HTMLElement | null => {
    const area = paneArea.current;
    return (
      area?.querySelector<HTMLElement>('[role="log"]') ??
      area?.querySelector<HTMLElement>(`[data-testid="${TEST_IDS.networkList}"] button`) ??
      area?.querySelector<HTMLElement>('button:not(:disabled), a[href], [tabindex="0"]') ??
      null
    );
  };
  useViewKeys({ onKeyDown, element: () => section.current, list: paneList });

  return (
    <section
      ref={section}
      aria-label="Telemetry"
      onKeyDown={onKeyDown}
      className="flex min-h-0 flex-1 flex-col"
    >
      <TimelineToolbar timeline={timeline} />
      <CollectorBanner timeline={timeline} />
      <FoldableOverview timeline={timeline} onJump={onJump} />
      <PaneTabs timeline={timeline} />
      <div
        className="flex min-h-0 flex-1 flex-col lg:flex-row"
        style={{ '--detail-share': `${Math.round(detailShare * 1000) / 10}%` } as CSSProperties}
      >
        <div ref={paneArea} className="flex min-h-[50vh] min-w-0 flex-1 flex-col lg:min-h-0">
          {pane === 'events' && (
            <>
              <TimelineList
                timeline={timeline}
                onSelect={onSelect}
                onVisibleRange={onVisibleRange}
              />
              <TimelinePausedBar timeline={timeline} />
            </>
          )}
          {pane === 'errors' && (
            <div className="min-h-0 flex-1 overflow-auto">
              <ErrorGroupsView
                groups={groupsInRange(timeline.buffer.errors.list(), range)}
                originUs={timeline.buffer.originUs}
                selectedIndex={selected}
                onSelect={(index) => showItem(timeline, index)}
              />
            </div>
          )}
          {pane === 'screenshots' && <ScreenshotsPane timeline={timeline} />}
          {pane === 'network' && <NetworkView timeline={timeline} />}
          {pane === 'pages' && (
            <div className="min-h-0 flex-1 overflow-auto">
              <div className="min-w-[46rem] px-3 py-1">
                <PagesView timeline={timeline} />
              </div>
            </div>
          )}
        </div>
        {detailOpen && <DetailResizer />}
        {detailOpen && (
          <div
            ref={detailArea}
            className="flex max-h-[80vh] min-h-0 flex-col border-t border-border lg:max-h-none lg:w-(--detail-share) lg:shrink-0 lg:border-t-0 lg:border-l"
          >
            <DetailParts>
              <EventDetail timeline={timeline} onClose={close} />
            </DetailParts>
          </div>
        )}
        {/* a narrow screen opens the details under the list, out of sight: say so */}
        {detailOpen && <OffscreenCue target={detailArea} label="Details below" />}
      </div>
    </section>
  );
}
