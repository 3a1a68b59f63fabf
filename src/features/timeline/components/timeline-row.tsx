import { memo } from 'react';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { TEST_IDS } from '../../../config/test-ids';
import { cn } from '../../../lib/cn';
import { revealControls } from '../../../lib/control-chars';
import { formatTimestamp } from '../../../lib/time-format';
import { categoryStyle } from '../../../entities/session-events/model/catalogue';
import { dataDropped } from '../../../entities/session-events/model/event-item';
import { describeFill } from '../../../entities/session-events/model/gap-fill';
import { describeGap } from '../../../entities/session-events/model/sequencer';
import { gapMissing } from '../../../entities/session-events/model/timeline-indexes';
import type {
  EventItem,
  GapItem,
  TimelineItem,
} from '../../../entities/session-events/model/types';
import { CategoryIcon } from './category-icon';

export interface TimelineRowProps {
  item: TimelineItem;
  position: number;
  originUs: number | null;
  /** What the relative times count from, in words. */
  originNote?: string;
  selected: boolean;
  onSelect: (index: number, open: boolean) => void;
  /** Reads the history for a gap item (a live timeline's). */
  onFillGap?: (index: number) => void;
  /** A gap's reading of the history, given apart so that the row shows when it changes. */
  healing?: GapItem['healing'];
  /** µs earlier than an event listed before it (it arrived after that event); 0 when not. */
  lateUs?: number;
}

export const ROW_HEIGHT = 24;

function clock(tsUs: number): string {
  return formatTimestamp(tsUs / 1000, 'local', 0);
}

/** Notes of this page about its stream, at the moment it noticed (this page's clock). */
const PAGE_CLOCK = new Set(['reconnected', 'stalled', 'ended']);

function timeTitle(item: TimelineItem): string {
  return item.kind === 'marker' && PAGE_CLOCK.has(item.marker)
    ? `${item.tsUs} µs, by this page’s clock when it noticed (events carry the server’s)`
    : `${item.tsUs} µs`;
}

/** A difference of times for people: 3 µs, 250 ms, 1.250 s. */
function span(us: number): string {
  if (us >= 1_000_000) return `${(us / 1_000_000).toFixed(3)} s`;
  if (us >= 1000) return `${Math.round(us / 1000)} ms`;
  return `${Math.round(us)} µs`;
}

/** An event listed after an event of a later time: where it arrived, and why that is. */
function LateTag({ item, lateUs }: { item: EventItem; lateUs: number }) {
  const why =
    item.type === 'monitor_screenshot'
      ? ' (a screenshot is stamped when its capture begins and sent when it ends)'
      : '';
  return (
    <span
      className="shrink-0 font-sans text-[10px] text-muted"
      title={`Listed where it arrived: ${span(lateUs)} earlier than an event listed above it${why}. The list is in the order events arrived.`}
    >
      late
    </span>
  );
}

function EventCells({
  item,
  originUs,
  originNote,
}: {
  item: EventItem;
  originUs: number | null;
  originNote?: string;
}) {
  const style = categoryStyle(item.category);
  return (
    <>
      <span
        className="hidden w-20 shrink-0 text-right text-muted tabular-nums md:inline"
        title={originNote}
      >
        {originUs === null ? '' : formatTimestamp(item.tsUs / 1000, 'relative', originUs / 1000)}
      </span>
      <span
        className="flex w-6 shrink-0 items-center gap-1 sm:w-28"
        style={{ color: `var(${style.colorVar})` }}
      >
        <CategoryIcon name={style.icon} className="size-3.5 shrink-0" />
        <span className="hidden truncate sm:inline">
          <UntrustedText text={style.label} />
        </span>
      </span>
      <span
        className="hidden w-44 shrink-0 truncate text-muted lg:inline"
        title={revealControls(item.type)}
      >
        <UntrustedText text={item.type} />
      </span>
      <span
        className={cn('min-w-0 flex-1 truncate', item.error && 'font-medium text-danger')}
        title={revealControls(item.summary)}
      >
        <UntrustedText text={item.summary} />
      </span>
      {dataDropped(item) && (
        <span className="shrink-0 rounded border border-warn/40 bg-warn-bg px-1 text-[10px] text-warn">
          too large, data dropped by the server
        </span>
      )}
    </>
  );
}

function GapCells({ item, onFillGap }: { item: GapItem; onFillGap?: (index: number) => void }) {
  const gap = describeGap(item);
  const fill = describeFill(item);
  const healed = item.recovered !== undefined && gapMissing(item) === 0;
  const older = item.cause === 'replay-start';
  return (
    <>
      <span
        className={cn(
          'min-w-0 flex-1 truncate font-medium',
          healed ? 'text-ok' : older ? 'text-muted' : 'text-warn',
        )}
        title={fill ? `${gap.title}: ${gap.reason}. ${fill}` : undefined}
      >
        {healed ? '✓' : older ? '…' : '⚠'} {gap.title}: {gap.reason}
        {fill && <span className="font-normal"> · {fill}</span>}
      </span>
      {onFillGap && item.recovered === undefined && item.healing === undefined && (
        <button
          type="button"
          onClick={(event) => {
            event.stopPropagation();
            onFillGap(item.index);
          }}
          className="shrink-0 rounded border border-border bg-panel px-1.5 font-sans text-[11px] text-fg hover:border-accent"
        >
          Load from history
        </button>
      )}
    </>
  );
}

function NoticeCells({
  item,
  onFillGap,
}: {
  item: Exclude<TimelineItem, EventItem>;
  onFillGap?: (index: number) => void;
}) {
  if (item.kind === 'gap') return <GapCells item={item} onFillGap={onFillGap} />;
  if (item.kind === 'unreadable') {
    return (
      <span className="min-w-0 flex-1 truncate text-danger" title={item.reason}>
        Unreadable event ({item.reason}): <UntrustedText text={item.raw.slice(0, 500)} />
      </span>
    );
  }
  if (item.marker === 'mark') {
    return (
      <span className="min-w-0 flex-1 truncate font-semibold text-warn">
        <span aria-hidden="true">⚑ </span>
        <span className="sr-only">Mark: </span>
        <UntrustedText text={item.text} />
      </span>
    );
  }
  return (
    <span
      className={cn(
        'min-w-0 flex-1 truncate italic',
        item.marker === 'restarted' || item.marker === 'ended' || item.marker === 'stalled'
          ? 'text-warn'
          : 'text-info',
      )}
    >
      <UntrustedText text={item.text} />
    </span>
  );
}

/** One item of the timeline: an event, or what the client noticed about the stream. */
export const TimelineRow = memo(function TimelineRow(props: TimelineRowProps) {
  const { item, selected } = props;
  const notice = item.kind !== 'event';
  return (
    <div
      aria-current={selected ? 'true' : undefined}
      data-selected={selected}
      data-testid={TEST_IDS.timelineRow}
      data-index={props.position}
      data-kind={item.kind}
      data-marker={item.kind === 'marker' ? item.marker : undefined}
      data-seq={item.kind === 'event' ? item.seq : undefined}
      data-type={item.kind === 'event' ? item.type : undefined}
      onClick={() => props.onSelect(item.index, true)}
      style={{ height: ROW_HEIGHT, contain: 'strict' }}
      className={cn(
        'flex cursor-default items-center gap-2 border-l-2 border-transparent pr-2 pl-1 font-mono text-xs hover:bg-row-hover',
        item.kind === 'event' && item.error && 'bg-danger-bg/60',
        notice && 'bg-panel-2',
        item.kind === 'gap' &&
          (item.recovered !== undefined && gapMissing(item) === 0
            ? 'border-ok'
            : item.cause === 'replay-start'
              ? 'border-border bg-panel-2'
              : 'border-warn bg-warn-bg'),
        selected && 'border-accent bg-row-selected hover:bg-row-selected',
      )}
    >
      <span className="w-[5.5rem] shrink-0 text-muted tabular-nums" title={timeTitle(item)}>
        {clock(item.tsUs)}
      </span>
      {item.kind === 'event' ? (
        <EventCells item={item} originUs={props.originUs} originNote={props.originNote} />
      ) : (
        <NoticeCells item={item} onFillGap={props.onFillGap} />
      )}
      {item.kind === 'event' && (props.lateUs ?? 0) > 0 && (
        <LateTag item={item} lateUs={props.lateUs ?? 0} />
      )}
    </div>
  );
});
