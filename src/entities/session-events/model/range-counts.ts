/**
 * The counts the views show (chips, "Errors only (N)", the pane tabs, the session tab), for the
 * events of the session's time range: kept as events arrive and leave, and counted again in one
 * pass over the retained items only when the range changes (as the filtered view is).
 */
import type { RetainedIndex } from '../../../lib/filtered-ring';
import { errorGroupKey } from './error-groups';
import { countNames } from './event-item';
import { NameCounts } from './name-counts';
import type { TimeRange } from './timeline-filter';
import type { EventItem, TimelineItem } from './types';

/** What a set of events holds, by kind: every count a view shows of them. */
export interface EventCounts {
  readonly events: number;
  readonly categories: ReadonlyMap<string, number>;
  readonly types: ReadonlyMap<string, number>;
  /** Console events per level (`log`, `warning`, `error`…). */
  readonly levels: ReadonlyMap<string, number>;
  /** Events that count as errors: console errors, failed requests, crashes… (`item.error`). */
  readonly errors: number;
  /** Console error groups (same text, same place) with an occurrence among these events. */
  readonly errorGroups: number;
}

function bump(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next === 0) counts.delete(key);
  else counts.set(key, next);
}

/** Counts of a set of events, changed one event at a time. */
export class EventTally implements EventCounts {
  events = 0;
  errors = 0;
  readonly categories = new NameCounts();
  readonly types = new NameCounts();
  readonly levels = new NameCounts();
  /** Console errors per error group key. */
  private readonly groups = new Map<string, number>();

  get errorGroups(): number {
    return this.groups.size;
  }

  /** Counts an event in (`by` 1) or out (`by` -1). */
  count(item: EventItem, by: 1 | -1): void {
    this.events += by;
    countNames(item, by, this.types, this.categories, this.levels);
    if (item.error) this.errors += by;
    const key = errorGroupKey(item);
    if (key !== null) bump(this.groups, key, by);
  }

  clear(): void {
    this.events = 0;
    this.errors = 0;
    this.categories.clear();
    this.types.clear();
    this.levels.clear();
    this.groups.clear();
  }
}

function inRange(item: TimelineItem, range: TimeRange): boolean {
  return item.tsUs >= range.fromUs && item.tsUs <= range.toUs;
}

/**
 * The counts of the retained events within a time range (both ends included, as the filter has
 * it). Without a range it counts nothing: the buffer's own counts are then the ones to show.
 */
export class RangeCounts implements RetainedIndex<TimelineItem> {
  readonly tally = new EventTally();
  private current: TimeRange | null = null;

  get range(): TimeRange | null {
    return this.current;
  }

  add(item: TimelineItem): void {
    const range = this.current;
    if (range !== null && item.kind === 'event' && inRange(item, range)) this.tally.count(item, 1);
  }

  evict(item: TimelineItem): void {
    const range = this.current;
    if (range !== null && item.kind === 'event' && inRange(item, range)) this.tally.count(item, -1);
  }

  clear(): void {
    this.tally.clear();
  }

  /**
   * Counts the retained items (`forEach`, oldest first) again for another range; nothing is done
   * when the range is the same.
   */
  setRange(range: TimeRange | null, forEach: (visit: (item: TimelineItem) => void) => void): void {
    const current = this.current;
    if (range?.fromUs === current?.fromUs && range?.toUs === current?.toUs) return;
    this.current = range === null ? null : { fromUs: range.fromUs, toUs: range.toUs };
    this.tally.clear();
    if (range !== null) forEach((item) => this.add(item));
  }
}
