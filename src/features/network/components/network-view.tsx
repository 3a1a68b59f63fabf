import {
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Button } from '../../../components/ui/button';
import { downloadBlob } from '../../../lib/download';
import { linearEngineStatus, subscribeLinearEngine } from '../../../lib/regex/linear-engine';
import { buildHar, harFileName } from '../model/har';
import {
  pagesInFocus,
  visitRange,
  type PageVisit,
} from '../../../entities/session-events/model/pages';
import { useStore } from 'zustand';
import { Input } from '../../../components/ui/input';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { useRowWindow } from '../../../components/ui/use-row-window';
import { TEST_IDS } from '../../../config/test-ids';
import { cn } from '../../../lib/cn';
import { formatTimestamp } from '../../../lib/time-format';
import { useNetworkRows, usePages } from '../../../entities/session-events/hooks/use-pages';
import {
  compileNetworkQuery,
  NETWORK_TYPES,
  type NetworkType,
} from '../../../entities/session-events/model/network-query';
import {
  barOf,
  formatBytes,
  sortNetworkRows,
  waterfallScale,
  type NetworkColumn,
  type NetworkRow,
  type NetworkSort,
  type NetworkViewFilter,
} from '../../../entities/session-events/model/network-table';
import { selectItem, updateFilter } from '../../../entities/session-events/stores/timeline-actions';
import type { Timeline } from '../../../entities/session-events/stores/timeline-controller';

const ROW_HEIGHT = 26;
/** The creator version a HAR names: the dashboard's own (package.json, through the build). */
const HAR_CREATOR_VERSION = __APP_VERSION__;
export const NETWORK_FILTER_ID = 'network-filter';

/** Narrow screens keep status, name, size and time; wide ones every column and the waterfall. */
const GRID =
  'grid grid-cols-[4rem_minmax(0,1fr)_4.5rem_4rem] lg:grid-cols-[4rem_4rem_minmax(12rem,1fr)_5.5rem_8rem_4.5rem_6.5rem_4.5rem_5rem_minmax(8rem,16rem)]';
const WIDE = 'hidden lg:block';

const COLUMNS: { id: NetworkColumn | 'waterfall'; label: string; wide: boolean; end?: boolean }[] =
  [
    { id: 'status', label: 'Status', wide: false },
    { id: 'method', label: 'Method', wide: true },
    { id: 'name', label: 'Name', wide: false },
    { id: 'type', label: 'Type', wide: true },
    { id: 'mime', label: 'MIME type', wide: true },
    { id: 'size', label: 'Size', wide: false, end: true },
    { id: 'start', label: 'Start', wide: true },
    { id: 'duration', label: 'Time', wide: false, end: true },
    { id: 'initiator', label: 'Initiator', wide: true },
    { id: 'waterfall', label: 'Waterfall', wide: true },
  ];

const TYPE_LABELS: Record<NetworkType, string> = {
  document: 'Doc',
  fetch: 'Fetch/XHR',
  script: 'JS',
  stylesheet: 'CSS',
  image: 'Img',
  font: 'Font',
  other: 'Other',
};

function duration(row: NetworkRow): string {
  if (row.endUs === null) return 'pending';
  const ms = (row.endUs - row.startUs) / 1000;
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function StatusCell({ row }: { row: NetworkRow }) {
  const { status, errorText, canceled } = row.view;
  if (row.failed) {
    const why = canceled ? 'canceled' : errorText || 'failed';
    return (
      <span className="truncate font-medium text-danger" title={`Failed: ${why}`}>
        <UntrustedText text={canceled ? '(canceled)' : `(failed) ${errorText ?? ''}`.trimEnd()} />
      </span>
    );
  }
  if (status === null) return <span className="text-muted">pending</span>;
  return (
    <span
      className={cn('tabular-nums', status >= 400 && 'font-medium text-danger')}
      title={row.view.statusText ?? undefined}
    >
      {status}
    </span>
  );
}

function Waterfall({
  row,
  scale,
  marks,
}: {
  row: NetworkRow;
  scale: { fromUs: number; toUs: number } | null;
  marks: { atUs: number; kind: 'dcl' | 'load' }[];
}) {
  if (!scale) return null;
  const bar = barOf(row.startUs, row.endUs, scale);
  const span = scale.toUs - scale.fromUs;
  const startMs = (row.startUs - scale.fromUs) / 1000;
  return (
    <div
      className="relative h-3 w-full"
      title={`Started at +${startMs.toFixed(0)} ms, ${row.endUs === null ? 'still pending' : `took ${duration(row)}`}`}
    >
      {marks.map((mark) => (
        <span
          key={`${mark.kind}${mark.atUs}`}
          aria-hidden="true"
          className={cn(
            'absolute top-[-6px] bottom-[-6px] w-px',
            mark.kind === 'dcl' ? 'bg-info' : 'bg-danger',
          )}
          style={{ left: `${((mark.atUs - scale.fromUs) / span) * 100}%` }}
        />
      ))}
      <span
        aria-hidden="true"
        className={cn(
          'absolute top-0.5 h-2 min-w-[2px] rounded-sm',
          row.failed || (row.view.status ?? 0) >= 400
            ? 'bg-danger'
            : row.endUs === null
              ? 'bg-muted'
              : 'bg-accent',
        )}
        style={{ left: `${bar.left * 100}%`, width: `${bar.width * 100}%` }}
      />
    </div>
  );
}

function RequestRow({
  row,
  position,
  selected,
  scale,
  marks,
  onSelect,
}: {
  row: NetworkRow;
  position: number;
  selected: boolean;
  scale: { fromUs: number; toUs: number } | null;
  marks: { atUs: number; kind: 'dcl' | 'load' }[];
  onSelect: (row: NetworkRow) => void;
}) {
  const cell = 'truncate px-1.5';
  return (
    <div
      role="row"
      aria-rowindex={position + 2}
      aria-selected={selected}
      data-testid={TEST_IDS.networkRow}
      data-status={row.failed ? 'failed' : (row.view.status ?? 'pending')}
      onClick={() => onSelect(row)}
      className={cn(
        GRID,
        'absolute inset-x-0 cursor-pointer items-center border-b border-border/60 text-xs hover:bg-panel-2',
        selected && 'bg-row-selected',
      )}
      style={{ height: ROW_HEIGHT, top: 0, transform: `translateY(${position * ROW_HEIGHT}px)` }}
    >
      <div role="cell" className={cell}>
        <StatusCell row={row} />
      </div>
      <div role="cell" className={cn(cell, WIDE, 'font-mono')}>
        <UntrustedText text={row.view.method ?? '—'} />
      </div>
      <div role="cell" className={cn(cell, 'font-mono')} title={row.view.url ?? undefined}>
        <button
          type="button"
          className="max-w-full truncate text-left hover:underline"
          onClick={(event) => {
            event.stopPropagation();
            onSelect(row);
          }}
        >
          <UntrustedText text={row.name || '(no URL)'} />
        </button>
        {row.host && (
          <span className="ml-2 text-muted">
            <UntrustedText text={row.host} />
          </span>
        )}
      </div>
      <div role="cell" className={cn(cell, WIDE)}>
        {row.type}
      </div>
      <div role="cell" className={cn(cell, WIDE, 'text-muted')}>
        <UntrustedText text={row.view.mimeType ?? '—'} />
      </div>
      <div
        role="cell"
        className={cn(cell, 'text-right tabular-nums')}
        title={
          row.sizeFromBody
            ? 'Size of the captured body (no Content-Length); the capture keeps at most 8 KB of JSON or XML and 4 KB of other text'
            : undefined
        }
      >
        {formatBytes(row.size)}
        {row.sizeFromBody && row.size !== null && row.size >= 4093 ? '+' : ''}
      </div>
      <div role="cell" className={cn(cell, WIDE, 'text-muted tabular-nums')}>
        {formatTimestamp(row.startUs / 1000, 'local', 0)}
      </div>
      <div role="cell" className={cn(cell, 'text-right tabular-nums')}>
        {duration(row)}
      </div>
      <div role="cell" className={cn(cell, WIDE, 'text-muted')}>
        <UntrustedText text={row.view.initiatorType ?? '—'} />
      </div>
      <div role="cell" className={cn(cell, WIDE)}>
        <Waterfall row={row} scale={scale} marks={marks} />
      </div>
    </div>
  );
}

function HeaderCell({
  column,
  sort,
  onSort,
}: {
  column: (typeof COLUMNS)[number];
  sort: NetworkSort;
  onSort: (column: NetworkColumn) => void;
}) {
  const id = column.id;
  const sorted = id !== 'waterfall' && sort.column === id;
  return (
    <div
      role="columnheader"
      aria-sort={sorted ? (sort.descending ? 'descending' : 'ascending') : undefined}
      className={cn('truncate px-1.5', column.wide && WIDE, column.end && 'text-right')}
    >
      {id === 'waterfall' ? (
        <span>{column.label}</span>
      ) : (
        <button
          type="button"
          onClick={() => onSort(id)}
          className="max-w-full truncate font-medium uppercase hover:text-fg"
        >
          {column.label}
          {sorted && <span aria-hidden="true">{sort.descending ? ' ▾' : ' ▴'}</span>}
        </button>
      )}
    </div>
  );
}

function FilterBar({
  timeline,
  shown,
  total,
  errors,
  children,
}: {
  timeline: Timeline;
  shown: number;
  total: number;
  errors: string[];
  children: ReactNode;
}) {
  const filter = useStore(timeline.store, (state) => state.network);
  const update = (change: Partial<NetworkViewFilter>): void =>
    timeline.store.setState((state) => ({ network: { ...state.network, ...change } }));
  // as DevTools: a chip shows only its type; with Ctrl or ⌘ it is added to (or taken from) the others
  const onType = (type: NetworkType, event: MouseEvent): void => {
    const add = event.ctrlKey || event.metaKey;
    const has = filter.types.includes(type);
    if (!add) update({ types: has && filter.types.length === 1 ? [] : [type] });
    else update({ types: has ? filter.types.filter((t) => t !== type) : [...filter.types, type] });
  };
  return (
    <div className="flex shrink-0 flex-col gap-1.5 border-b border-border bg-panel px-3 py-2">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={NETWORK_FILTER_ID} className="sr-only">
          Filter requests
        </label>
        <Input
          id={NETWORK_FILTER_ID}
          type="search"
          value={filter.text}
          placeholder="Filter: words, domain:, status-code:…"
          title="As in DevTools: words match the URL, headers and bodies; domain:, -domain:, status-code:, method:, mime-type:, larger-than:10k, is:failed, url:, scheme:, has-response-header:, /regex/; - before a term negates it"
          aria-invalid={errors.length > 0}
          aria-describedby={errors.length > 0 ? `${NETWORK_FILTER_ID}-errors` : undefined}
          onChange={(event) => update({ text: event.target.value })}
          className="h-8 w-80 max-w-full text-xs"
        />
        <button
          type="button"
          aria-pressed={filter.failedOnly}
          onClick={() => update({ failedOnly: !filter.failedOnly })}
          className={cn(
            'h-8 rounded-md border px-2 text-xs font-medium',
            filter.failedOnly
              ? 'border-danger bg-danger-bg text-danger'
              : 'border-border bg-panel-2 text-fg',
          )}
        >
          Failed only
        </button>
        <span className="text-xs text-muted tabular-nums" data-testid={TEST_IDS.networkCount}>
          {shown.toLocaleString('en-US')} of {total.toLocaleString('en-US')} requests
        </span>
        <span className="ml-auto">{children}</span>
      </div>
      {errors.length > 0 && (
        <p id={`${NETWORK_FILTER_ID}-errors`} role="alert" className="text-xs text-danger">
          {errors.join('; ')}
        </p>
      )}
      <div
        role="group"
        aria-label="Request types shown (Ctrl or ⌘ adds to the choice)"
        className="flex flex-wrap gap-1"
      >
        <button
          type="button"
          aria-pressed={filter.types.length === 0}
          onClick={() => update({ types: [] })}
          className={chip(filter.types.length === 0)}
        >
          All
        </button>
        {NETWORK_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            aria-pressed={filter.types.includes(type)}
            onClick={(event) => onType(type, event)}
            className={chip(filter.types.includes(type))}
          >
            {TYPE_LABELS[type]}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The requests as HAR 1.2: all of them, or those the view shows; secrets masked unless asked. */
function HarExport({
  timeline,
  all,
  shown,
  pages,
}: {
  timeline: Timeline;
  all: readonly NetworkRow[];
  shown: readonly NetworkRow[];
  pages: readonly PageVisit[];
}) {
  const [reveal, setReveal] = useState(false);
  const id = useId();
  const save = (rows: readonly NetworkRow[], suffix: string): void => {
    const har = buildHar(rows, pages, { reveal, version: HAR_CREATOR_VERSION });
    const name = 'sessionId' in timeline.origin ? timeline.origin.sessionId : 'file';
    downloadBlob(
      new Blob([JSON.stringify(har, null, 2)], { type: 'application/json' }),
      harFileName(name, new Date()).replace(/\.har$/, `${suffix}.har`),
    );
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" onClick={() => save(all, '')} disabled={all.length === 0}>
        Export HAR
      </Button>
      <Button
        size="sm"
        onClick={() => save(shown, '-shown')}
        disabled={shown.length === 0 || shown.length === all.length}
      >
        Export shown as HAR
      </Button>
      <label htmlFor={id} className="flex items-center gap-1 text-xs text-muted">
        <input
          id={id}
          type="checkbox"
          checked={reveal}
          onChange={(event) => setReveal(event.target.checked)}
        />
        with secrets
      </label>
    </div>
  );
}

/**
 * The waterfall's scale by top-level page: choosing a visit makes its span the time range (as
 * "Only this page" does), so the requests, the scale and every other view are that page's.
 */
function WaterfallPage({
  timeline,
  pages,
  range,
}: {
  timeline: Timeline;
  pages: readonly PageVisit[];
  range: { fromUs: number; toUs: number } | null;
}) {
  const id = useId();
  if (pages.length === 0) return null;
  const spans = pages.map(visitRange);
  const chosen = range
    ? spans.findIndex((span) => span.fromUs === range.fromUs && span.toUs === range.toUs)
    : -1;
  return (
    <span className="flex items-center gap-1">
      <label htmlFor={id}>Page</label>
      <select
        id={id}
        value={chosen === -1 ? (range ? 'range' : 'all') : String(chosen)}
        onChange={(event) => {
          const at = Number(event.target.value);
          if (event.target.value === 'all') updateFilter(timeline, { range: null });
          else if (Number.isInteger(at) && spans[at]) updateFilter(timeline, { range: spans[at] });
        }}
        className="h-6 max-w-64 rounded border border-border bg-panel-2 px-1 text-[11px] text-fg"
      >
        <option value="all">every page</option>
        {range && chosen === -1 && <option value="range">the chosen time range</option>}
        {pages.map((page, at) => (
          <option key={`${page.startUs}-${at}`} value={at}>
            {`${at + 1}. ${formatTimestamp(page.startUs / 1000, 'local', 0)} ${page.url || '(no URL)'}`}
          </option>
        ))}
      </select>
    </span>
  );
}

function chip(on: boolean): string {
  return cn(
    'h-6 rounded-full border px-2 text-xs',
    on ? 'border-accent bg-panel-2 text-fg font-medium' : 'border-border text-muted hover:text-fg',
  );
}

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
