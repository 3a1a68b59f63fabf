import type { RetainedIndex } from '../../../lib/filtered-ring';
import type { TimelineItem } from './types';

/**
 * The events a timeline lists after an event of a later time. A timeline lists its items in the
 * order they arrived, and an event can arrive after events that happened later: a screenshot is
 * stamped when its capture begins and sent when the capture ends, with the events of the capture
 * already sent. For each such retained event this keeps how much earlier it is than the latest
 * event listed before it, so that its row can say so.
 */
export class ArrivalOrder implements RetainedIndex<TimelineItem> {
  /** The latest event time seen, in the order the items were added. */
  private newestUs = Number.NEGATIVE_INFINITY;
  /** Key → µs earlier than the latest event before it (only late events are here). */
  private readonly late = new Map<number, number>();

  /** Retained events listed after an event of a later time. */
  get count(): number {
    return this.late.size;
  }

  /** How much earlier (µs) the event under `key` is than an event listed before it; 0 if none. */
  lateBy(key: number): number {
    return this.late.get(key) ?? 0;
  }

  add(item: TimelineItem, key: number): void {
    if (item.kind !== 'event' || !Number.isFinite(item.tsUs)) return;
    if (item.tsUs < this.newestUs) this.late.set(key, this.newestUs - item.tsUs);
    else this.newestUs = item.tsUs;
  }

  evict(_item: TimelineItem, key: number): void {
    if (this.late.size > 0) this.late.delete(key);
  }

  clear(): void {
    this.late.clear();
    this.newestUs = Number.NEGATIVE_INFINITY;
  }
}
