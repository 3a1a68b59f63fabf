/**
 * The errors view (features/errors): console errors grouped by message and top frame, with their
 * stack traces (also shown in an error event's details). The groups are kept by the events layer's
 * buffer (entities/session-events/model/error-groups.ts) as events arrive.
 */
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { cn } from '../../../lib/cn';
import { revealControls } from '../../../lib/control-chars';
import { formatTimestamp } from '../../../lib/time-format';
import type { ErrorGroup } from '../../../entities/session-events/model/error-groups';
import { formatFramePosition } from '../../../entities/session-events/model/stack-trace';

export interface ErrorGroupsViewProps {
  groups: ErrorGroup[];
  /** ts (µs) of the first event, for the relative time in tooltips; null before any. */
  originUs: number | null;
  onSelect: (index: number) => void;
  selectedIndex: number | null;
}

/** Occurrences listed at first when a group opens; more on request (a group may hold thousands). */
const OCCURRENCE_PAGE = 100;

function clockOf(tsUs: number): string {
  return formatTimestamp(tsUs / 1000, 'local', 0) || 'unknown time';
}

function relativeOf(tsUs: number, originUs: number | null): string | undefined {
  if (originUs === null) return undefined;
  const relative = formatTimestamp(tsUs / 1000, 'relative', originUs / 1000);
  return relative === '' ? undefined : `${relative} since the first event`;
}

function holds(sorted: number[], index: number | null): boolean {
  if (index === null) return false;
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const value = sorted[mid] ?? 0;
    if (value === index) return true;
    if (value < index) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

interface GroupRowProps {
  group: ErrorGroup;
  originUs: number | null;
  onSelect: (index: number) => void;
  selectedIndex: number | null;
}

function GroupRow({ group, originUs, onSelect, selectedIndex }: GroupRowProps) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(OCCURRENCE_PAGE);
  const single = group.count === 1 ? group.occurrences[0] : undefined;
  const selected = holds(group.occurrences, selectedIndex);
  const frame = group.topFrame;
  const where = frame ? formatFramePosition(frame) : null;
  const visible = group.occurrences.slice(-shown);
  const earlier = group.occurrences.length - visible.length;
  const occurrences = group.count === 1 ? 'occurrence' : 'occurrences';

  return (
    <li className="min-w-0 border-b border-border">
      <button
        type="button"
        aria-expanded={single === undefined ? open : undefined}
        aria-current={single !== undefined && selected ? 'true' : undefined}
        onClick={() => (single === undefined ? setOpen(!open) : onSelect(single))}
        className={cn(
          'flex w-full min-w-0 items-start gap-2 px-2 py-1.5 text-left hover:bg-row-hover',
          selected && 'bg-row-selected',
        )}
      >
        <span aria-hidden="true" className="w-3 shrink-0 pt-0.5 text-xs text-muted">
          {single === undefined ? (open ? '▾' : '▸') : ''}
        </span>
        {/* named by what it shows (all of it, so speech input finds it by any of its words),
            with the word the count badge stands for; the spaces separate the parts when read */}
        <Badge tone="danger" className="shrink-0 tabular-nums">
          {group.count}
        </Badge>{' '}
        <span className="sr-only">{occurrences}:</span>{' '}
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="truncate text-sm text-fg" title={revealControls(group.text)}>
            <UntrustedText text={group.text || '(no message)'} />
          </span>{' '}
          <span className="flex min-w-0 flex-wrap gap-x-3 text-xs text-muted">
            {where && (
              <span
                className="min-w-0 font-mono wrap-anywhere"
                title={frame?.url ? revealControls(frame.url) : undefined}
              >
                <UntrustedText text={where} />
              </span>
            )}{' '}
            <span className="tabular-nums" title={relativeOf(group.firstTsUs, originUs)}>
              {group.count === 1 ? 'at ' : 'first '}
              {clockOf(group.firstTsUs)}
            </span>
            {group.count > 1 && (
              <>
                {' '}
                <span className="tabular-nums" title={relativeOf(group.lastTsUs, originUs)}>
                  last {clockOf(group.lastTsUs)}
                </span>
              </>
            )}
          </span>
        </span>
      </button>
      {open && single === undefined && (
        <ul
          aria-label={`Occurrences of ${group.text || 'this error'}`}
          className="flex flex-wrap gap-1 px-2 pb-2 pl-7"
        >
          {earlier > 0 && (
            <li>
              <button
                type="button"
                onClick={() => setShown(shown + OCCURRENCE_PAGE)}
                className="rounded border border-border px-1.5 py-0.5 text-xs text-muted hover:bg-row-hover"
              >
                Show {Math.min(earlier, OCCURRENCE_PAGE)} earlier (of {earlier})
              </button>
            </li>
          )}
          {visible.map((index, i) => {
            const tsUs = group.occurrenceTsUs[earlier + i] ?? Number.NaN;
            return (
              <li key={index}>
                <button
                  type="button"
                  aria-current={index === selectedIndex ? 'true' : undefined}
                  aria-label={`Show occurrence at ${clockOf(tsUs)}`}
                  onClick={() => onSelect(index)}
                  title={relativeOf(tsUs, originUs)}
                  className={cn(
                    'rounded border border-border px-1.5 py-0.5 font-mono text-xs text-fg tabular-nums hover:bg-row-hover',
                    index === selectedIndex && 'border-accent bg-row-selected',
                  )}
                >
                  {clockOf(tsUs)}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

/**
 * Console errors grouped by text and top frame, most recently seen first: how often, where, first
 * and last seen. A group opens to list its occurrences; choosing one selects it in the timeline.
 */
export function ErrorGroupsView({
  groups,
  originUs,
  onSelect,
  selectedIndex,
}: ErrorGroupsViewProps) {
  if (groups.length === 0) return <p className="px-2 py-3 text-sm text-muted">No console errors</p>;
  return (
    <ul aria-label="Console error groups" className="flex min-w-0 flex-col">
      {groups.map((group) => (
        <GroupRow
          key={group.key}
          group={group}
          originUs={originUs}
          onSelect={onSelect}
          selectedIndex={selectedIndex}
        />
      ))}
    </ul>
  );
}
