/**
 * The requests table's parts: the column grid shared by the header and the rows, the sortable
 * column headers, and a request's row with its status and waterfall cells.
 */
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { TEST_IDS } from '../../../config/test-ids';
import { cn } from '../../../lib/cn';
import { formatTimestamp } from '../../../lib/time-format';
import {
  barOf,
  formatBytes,
  type NetworkColumn,
  type NetworkRow,
  type NetworkSort,
} from '../../../entities/session-events/model/network-table';

export const ROW_HEIGHT = 26;

/** Narrow screens keep status, name, size and time; wide ones every column and the waterfall. */
export const GRID =
  'grid grid-cols-[4rem_minmax(0,1fr)_4.5rem_4rem] lg:grid-cols-[4rem_4rem_minmax(12rem,1fr)_5.5rem_8rem_4.5rem_6.5rem_4.5rem_5rem_minmax(8rem,16rem)]';
const WIDE = 'hidden lg:block';

export const COLUMNS: {
  id: NetworkColumn | 'waterfall';
  label: string;
  wide: boolean;
  end?: boolean;
}[] = [
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

export function RequestRow({
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
export function HeaderCell({
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
