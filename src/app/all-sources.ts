/**
 * The All view's sources, made here where features meet: the session's telemetry timeline and
 * each open log stream, read through the feed's small interface (features/all).
 */
import { resolveTimeSource } from '../features/logs/stores/log-tab-store';
import type { LogLine } from '../features/logs/stores/log-buffer';
import { isMarkNotice, type LogTab } from '../features/logs/stores/log-tab-controller';
import { logSourceLabel } from '../features/logs/api/log-stream';
import { laneStyle } from '../entities/session-events/model/catalogue';
import { overviewLane } from '../entities/session-events/model/overview-columns';
import { describeGap } from '../entities/session-events/model/sequencer';
import type { TimelineItem } from '../entities/session-events/model/types';
import type { Timeline } from '../entities/session-events/stores/timeline-controller';
import type { AllLevel, FeedSource, RowFacts } from '../features/all/model/merged-feed';

const STREAM_TAG = { tag: 'Stream', color: '--cat-other' };

/** A console level (`warning`, `verbose`…) as one of the All view's levels. */
function consoleLevel(level: string | null): AllLevel {
  switch (level) {
    case 'error':
    case 'assert':
      return 'error';
    case 'warning':
    case 'warn':
      return 'warn';
    case 'debug':
    case 'verbose':
    case 'trace':
      return 'debug';
    default:
      return 'info';
  }
}

export function timelineFacts(item: TimelineItem): RowFacts {
  const timeMs = item.tsUs / 1000;
  if (item.kind === 'event') {
    const style = laneStyle(overviewLane(item));
    return {
      timeMs,
      text: item.summary,
      level: item.error ? 'error' : consoleLevel(item.level),
      error: item.error,
      tag: style.label,
      color: style.colorVar,
    };
  }
  if (item.kind === 'gap') {
    const level = item.cause === 'replay-start' ? 'info' : 'warn';
    return { timeMs, text: describeGap(item).title, level, error: false, ...STREAM_TAG };
  }
  if (item.kind === 'unreadable') {
    return {
      timeMs,
      text: `Unreadable event: ${item.reason}`,
      level: 'warn',
      error: false,
      ...STREAM_TAG,
    };
  }
  if (item.marker === 'mark')
    return {
      timeMs,
      text: item.text,
      level: 'info',
      error: false,
      tag: 'Mark',
      color: '--warn',
      mark: true,
    };
  return { timeMs, text: item.text, level: 'info', error: false, ...STREAM_TAG };
}

export function telemetrySource(timeline: Timeline): FeedSource<TimelineItem> {
  const { buffer } = timeline;
  return {
    id: 'telemetry',
    label: 'Telemetry',
    kind: 'telemetry',
    // listed as the events arrived; their times (the server's) place them
    byTime: true,
    first: () => buffer.first,
    next: () => buffer.next,
    item: (index) => buffer.item(index),
    facts: timelineFacts,
  };
}

export function logSource(tab: LogTab): FeedSource<LogLine> {
  const { buffer } = tab;
  const label = logSourceLabel(tab.source);
  return {
    id: tab.id,
    label,
    kind: 'log',
    first: () => buffer.first,
    next: () => buffer.total,
    // read afresh (not among the recently read lines the log view keeps): the view holds its rows
    item: (seq) => buffer.readLine(seq),
    stable: true,
    facts: (line) => {
      const source = resolveTimeSource(tab.store.getState().timeSource, buffer.clock);
      const level: AllLevel = line.level === 'trace' ? 'debug' : (line.level ?? 'none');
      return {
        timeMs: buffer.clock.lineTime(line, source),
        text: line.plain,
        level,
        error: line.level === 'error',
        tag: label,
        color: '--cat-log',
        ascii: line.ascii,
      };
    },
    // the mark's own row comes from the telemetry
    include: (line) => !isMarkNotice(line),
    // the row's text is the line's plain text, searched as the log view's filter searches it
    matching: (needle) => buffer.linesHolding(needle),
    // a stream's first lines take the time of the first line stating one, once it arrives
    retimed: () => buffer.retimed,
  };
}
