import { memo } from 'react';
import { UntrustedText } from '../../../components/ui/untrusted-text';
import { TEST_IDS } from '../../../config/test-ids';
import { cn } from '../../../lib/cn';
import { tryPrettyJson } from '../model/json-line';
import { formatTimestamp, type TimestampMode } from '../../../lib/time-format';
import type { LogLine } from '../stores/log-buffer';
import type { LineClock, TimeSource } from '../model/line-clock';
import { LevelBadge } from './level-badge';
import { LogText } from './log-text';

export interface LogRowProps {
  line: LogLine;
  index: number;
  wrap: boolean;
  lineNumbers: boolean;
  timestamps: TimestampMode;
  timeSource: TimeSource;
  clock: LineClock;
  /**
   * Changes when lines shown already were given a time (buffer.retimed.count): the row shows its
   * time again, the line being the same object.
   */
  timesVersion: number;
  originMs: number;
  ranges: ReadonlyArray<readonly [number, number]>;
  currentMatch: boolean;
  selected: boolean;
  onSelect: (seq: number, extend: boolean) => void;
  onCopy: (line: LogLine) => void;
  /** The line is shown pretty-printed (a JSON line the reader expanded). */
  expanded?: boolean;
  /**
   * The reader asks to pretty-print the line (`expand`) or to show it raw again. The list keeps
   * which lines are expanded, by seq: a row's element may show another line when the list
   * follows a fast stream (row-keys.ts).
   */
  onJson?: (seq: number, expand: boolean) => void;
  /** Ref of every row (rows of any height). */
  measure?: (element: HTMLElement | null) => void;
  /** Ref of a row while it is taller than one line (pretty-printed JSON); needs data-key. */
  measureTall?: (element: HTMLElement | null) => (() => void) | undefined;
}

const ROW_TONE: Record<string, string> = {
  error: 'bg-danger-bg/60',
  warn: 'bg-warn-bg/50',
};

/** One line of the log: number, time, level, message; JSON lines expand pretty-printed. */
export const LogRow = memo(function LogRow(props: LogRowProps) {
  const { line, wrap, selected } = props;
  const expanded = props.expanded === true;
  const pretty = expanded ? tryPrettyJson(line.plain) : null;
  const looksJson = !line.notice && /^\s*[[{]/.test(line.plain);
  return (
    <div
      ref={props.measure ?? (expanded ? props.measureTall : undefined)}
      data-index={props.index}
      data-key={line.seq}
      data-testid={TEST_IDS.logRow}
      data-seq={line.seq}
      data-level={line.level ?? 'none'}
      aria-current={selected ? 'true' : undefined}
      data-selected={selected}
      onClick={(event) => props.onSelect(line.seq, event.shiftKey)}
      className={cn(
        'group relative flex min-h-5 items-start gap-2 border-l-2 border-transparent pr-2 font-mono text-xs leading-5 hover:bg-row-hover',
        line.level && ROW_TONE[line.level],
        selected && 'border-accent bg-row-selected hover:bg-row-selected',
        line.notice && 'border-info bg-panel-2 text-muted italic',
      )}
    >
      {props.lineNumbers && (
        // at least as wide as the list's widest number (--line-digits, log-list.tsx): six digits
        // ran into the time beside them at 420 px
        <span className="w-10 min-w-[calc(var(--line-digits,1)*1ch+0.25rem)] shrink-0 pl-1 text-right text-muted tabular-nums select-none sm:w-16">
          {line.seq + 1}
        </span>
      )}
      {props.timestamps !== 'hidden' && (
        <LineTime
          line={line}
          mode={props.timestamps}
          source={props.timeSource}
          clock={props.clock}
          originMs={props.originMs}
        />
      )}
      {line.notice ? (
        <span className="w-7 shrink-0 text-[10px] leading-5 font-bold text-info not-italic">
          SRV
        </span>
      ) : (
        <LevelBadge level={line.level} />
      )}
      {/* dir=auto: a line in Hebrew or Arabic reads from the right, as its first letter says */}
      <div
        dir="auto"
        className={cn(
          'min-w-0 flex-1',
          wrap ? 'break-all whitespace-pre-wrap' : 'overflow-hidden whitespace-pre text-ellipsis',
        )}
      >
        {pretty ? (
          <pre className="my-1 rounded bg-panel-2 p-2 whitespace-pre-wrap">
            <UntrustedText text={pretty} />
          </pre>
        ) : (
          <LogText text={line.text} ranges={props.ranges} current={props.currentMatch} />
        )}
      </div>
      {/* over the end of the line, not beside it: the text keeps the row's width (a narrow
          screen shows three times as much of it) */}
      <span className="invisible absolute top-0 right-1 flex gap-1 rounded bg-panel shadow-sm group-focus-within:visible group-hover:visible">
        {looksJson && (
          <button
            type="button"
            className="rounded px-1 text-[11px] text-muted hover:bg-panel-2 hover:text-fg"
            aria-expanded={expanded}
            // expanded, the name starts with the word shown ("raw"), which speech input says
            aria-label={`${expanded ? 'Raw: collapse' : 'Pretty-print'} JSON of line ${line.seq + 1}`}
            onClick={(event) => {
              event.stopPropagation();
              props.onJson?.(line.seq, !expanded);
            }}
          >
            {expanded ? 'raw' : '{ }'}
          </button>
        )}
        <button
          type="button"
          className="rounded px-1 text-[11px] text-muted hover:bg-panel-2 hover:text-fg"
          aria-label={`Copy line ${line.seq + 1}`}
          onClick={(event) => {
            event.stopPropagation();
            props.onCopy(line);
          }}
        >
          Copy
        </button>
      </span>
    </div>
  );
});

function isoOrNone(ms: number): string {
  return Number.isFinite(ms) ? new Date(ms).toISOString() : 'unknown';
}

/** `UTC+02:00` for an offset east of UTC in ms. */
function zoneName(offsetMs: number): string {
  if (offsetMs === 0) return 'UTC';
  const minutes = Math.abs(offsetMs) / 60_000;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `UTC${offsetMs < 0 ? '-' : '+'}${hh}:${mm}`;
}

/**
 * The time column: the line's own time, the one it inherits or the estimate from the next line
 * (both dimmed), or the read time.
 */
function LineTime(props: {
  line: LogLine;
  mode: TimestampMode;
  source: TimeSource;
  clock: LineClock;
  originMs: number;
}) {
  const { line, source, clock } = props;
  const shownMs = clock.lineTime(line, source);
  const own = source === 'line' && !Number.isNaN(line.statedMs);
  const kind = !own
    ? 'read'
    : line.inherited === 'previous'
      ? 'inherited'
      : line.inherited === 'next'
        ? 'estimated'
        : 'stated';
  const read = `read by the server ${isoOrNone(line.timeMs)}`;
  const zone = line.zoneless
    ? ` (the line gives no zone: ${zoneName(clock.zoneOffsetMs)} taken)`
    : '';
  const title =
    kind === 'stated'
      ? `Time stated in the line ${isoOrNone(shownMs)}${zone}; ${read}`
      : kind === 'inherited'
        ? `The line states no time: shown is the last time stated before it, ${isoOrNone(shownMs)}${zone}; ${read}`
        : kind === 'estimated'
          ? `The line states no time and no line before it does: estimated from the next line's time, ${isoOrNone(shownMs)}${zone}; ${read}`
          : `Time ${read}${source === 'line' ? ' (no line near it states a time)' : ''}`;
  return (
    <span
      className={cn(
        'shrink-0 text-muted tabular-nums select-none',
        (kind === 'inherited' || kind === 'estimated') && 'italic opacity-70',
      )}
      data-time={kind}
      title={title}
    >
      {formatTimestamp(shownMs, props.mode, props.originMs)}
    </span>
  );
}
