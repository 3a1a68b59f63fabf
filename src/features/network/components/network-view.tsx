/**
 * The network view (features/network): one row per request of the session, as DevTools lists
 * them (status, method, name, type, size, start, time, initiator) with a waterfall, DevTools'
 * filter language, HAR export, and a request's details with Copy as cURL / fetch / Playwright.
 * The rows are the events layer's (entities/session-events/model/network-table.ts), from the
 * network events paired into exchanges.
 */
import { useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { linearEngineStatus, subscribeLinearEngine } from '../../../lib/regex/linear-engine';
import { pagesInFocus } from '../../../entities/session-events/model/pages';
import { useStore } from 'zustand';
import { useRowWindow } from '../../../components/ui/use-row-window';
import { TEST_IDS } from '../../../config/test-ids';
import { cn } from '../../../lib/cn';
import { formatTimestamp } from '../../../lib/time-format';
import { useNetworkRows, usePages } from '../../../entities/session-events/hooks/use-pages';
import { compileNetworkQuery } from '../../../entities/session-events/model/network-query';
import {
  sortNetworkRows,
  waterfallScale,
  type NetworkColumn,
  type NetworkRow,
  type NetworkSort,
} from '../../../entities/session-events/model/network-table';
import { selectItem } from '../../../entities/session-events/stores/timeline-actions';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';
import { FilterBar } from './network-filter-bar';
import { HarExport } from './network-har-export';
import { COLUMNS, GRID, HeaderCell, RequestRow, ROW_HEIGHT } from './network-table';
import { WaterfallPage } from './network-waterfall-page';

/** Whether the timeline's selected item is one of the row's events. */
function holds(row: NetworkRow, selected: number | null): boolean {
  if (selected === null) return false;
  const { request, response, failed, redirects } = row.exchange;
  return (
    request?.index === selected ||
    response?.index === selected ||
    failed?.index === selected ||
    redirects.some((item) => item.index === selected)
  );
}

/**
 * The session's requests as DevTools' Network panel shows them: one row per request with status,
 * method, name, type, MIME type, size, start, time and initiator, sortable; a waterfall on one
 * scale (the chosen time range, else the requests shown) with DOMContentLoaded and load marked;
 * the DevTools filter language, type chips and failed only. A row opens its details.
 */
export function NetworkView({ timeline }: { timeline: Timeline }) {
  const rows = useNetworkRows(timeline);
  const pages = usePages(timeline);
  const filter = useStore(timeline.store, (state) => state.network);
  const range = useStore(timeline.store, (state) => state.filter.range);
  const selected = useStore(timeline.store, (state) => state.selected);
  const [sort, setSort] = useState<NetworkSort>({ column: 'start', descending: false });
  // a `/regex/` term that waited for the regular-expression engine is compiled again once it is in
  const engine = useSyncExternalStore(subscribeLinearEngine, linearEngineStatus);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- engine: see above
  const compiled = useMemo(() => compileNetworkQuery(filter.text), [filter.text, engine]);
  const shown = useMemo(() => {
    const types = new Set(filter.types);
    const kept = rows.filter(
      (row) =>
        (!range || (row.startUs >= range.fromUs && row.startUs <= range.toUs)) &&
        (types.size === 0 || types.has(row.type)) &&
        (!filter.failedOnly || row.failed || (row.view.status ?? 0) >= 400) &&
        compiled.test(row.filterable),
    );
    return sort.column === 'start' && !sort.descending ? kept : sortNetworkRows(kept, sort);
  }, [rows, range, filter, compiled, sort]);
  const scale = useMemo(() => waterfallScale(shown, range), [shown, range]);
  const selectedAtUs = useMemo(
    () => shown.find((row) => holds(row, selected))?.startUs ?? null,
    [shown, selected],
  );
  const focus = useMemo(
    () => pagesInFocus(pages, range, selectedAtUs),
    [pages, range, selectedAtUs],
  );
  const marks = useMemo(() => {
    if (!scale) return [];
    const found: { atUs: number; kind: 'dcl' | 'load' }[] = [];
    for (const page of focus) {
      const add = (ms: number | null, kind: 'dcl' | 'load'): void => {
        if (ms === null) return;
        const atUs = page.startUs + ms * 1000;
        if (atUs >= scale.fromUs && atUs <= scale.toUs) found.push({ atUs, kind });
      };
      add(page.domContentLoadedMs, 'dcl');
      add(page.loadMs, 'load');
    }
    return found;
  }, [focus, scale]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const window = useRowWindow({
    count: shown.length,
    scrollRef,
    rowHeight: ROW_HEIGHT,
    overscan: 10,
    pinnedToEnd: false,
  });
  const onSort = (column: NetworkColumn): void =>
    setSort((current) =>
      current.column === column
        ? { column, descending: !current.descending }
        : { column, descending: column === 'size' || column === 'duration' },
    );
  const onSelect = (row: NetworkRow): void => selectItem(timeline, row.detailIndex, true);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <FilterBar
        timeline={timeline}
        shown={shown.length}
        total={rows.length}
        errors={compiled.errors}
      >
        <HarExport timeline={timeline} all={rows} shown={shown} pages={pages} />
      </FilterBar>
      <div
        role="table"
        aria-label="Requests"
        aria-rowcount={shown.length + 1}
        className="flex min-h-0 flex-1 flex-col"
      >
        <div role="rowgroup" className="shrink-0 border-b border-border bg-panel">
          <div
            role="row"
            aria-rowindex={1}
            className={cn(GRID, 'py-1 text-[11px] text-muted uppercase')}
          >
            {COLUMNS.map((column) => (
              <HeaderCell key={column.id} column={column} sort={sort} onSort={onSort} />
            ))}
          </div>
        </div>
        <div
          ref={scrollRef}
          role="rowgroup"
          data-testid={TEST_IDS.networkList}
          className="relative min-h-[40vh] flex-1 overflow-auto bg-panel lg:min-h-32"
        >
          <div style={{ height: window.totalSize, position: 'relative' }}>
            {window.items.map(({ index }) => {
              const row = shown[index];
              if (!row) return null;
              return (
                <RequestRow
                  key={row.index}
                  row={row}
                  position={index}
                  selected={holds(row, selected)}
                  scale={scale}
                  marks={marks}
                  onSelect={onSelect}
                />
              );
            })}
          </div>
          {shown.length === 0 && (
            <p className="absolute inset-x-0 top-0 p-6 text-sm text-muted">
              {rows.length === 0
                ? 'No requests yet: a row appears for each request the session’s pages make.'
                : 'No request matches the filter.'}
            </p>
          )}
        </div>
      </div>
      {(scale || pages.length > 0) && (
        <div className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-t border-border bg-panel px-3 py-1 text-[11px] text-muted">
          <WaterfallPage timeline={timeline} pages={pages} range={range} />
          {scale && (
            <span>
              Waterfall from {formatTimestamp(scale.fromUs / 1000, 'local', 0)} to{' '}
              {formatTimestamp(scale.toUs / 1000, 'local', 0)}
              {range ? ' (the chosen time range)' : ''}
              {marks.length > 0 ? (
                <>
                  {' '}
                  · <span className="text-info">│</span> DOMContentLoaded ·{' '}
                  <span className="text-danger">│</span> load
                  {focus.length === 1 ? ' of the page in focus' : ` of ${focus.length} pages`}
                </>
              ) : (
                pages.length > 0 &&
                ' · choose a page, or a request, to mark its DOMContentLoaded and load'
              )}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
