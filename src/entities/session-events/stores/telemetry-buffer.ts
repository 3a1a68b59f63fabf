import { FilteredRing, KeyList, type RetainedIndex } from '../../../lib/filtered-ring';
import { ArrivalOrder } from '../model/arrival-order';
import { CollectorHealth, HEALTH_TYPES } from '../model/collector-health';
import { CONSOLE_ERROR, ErrorGroups } from '../model/error-groups';
import { NetworkIndex } from '../model/network';
import type { OverviewColumns } from '../model/overview-columns';
import { RangeCounts, type EventCounts } from '../model/range-counts';
import type { TimeRange } from '../model/timeline-filter';
import {
  EventIndex,
  isConsoleError,
  isMark,
  isScreenshot,
  NetworkPairing,
  OverviewIndex,
  ScreenshotImages,
  SCREENSHOT,
  SeqLookup,
  TimelineCounts,
  type ImageCaps,
} from '../model/timeline-indexes';
import type { EventItem, TimelineItem, TimelineSource } from '../model/types';

export type { EventCounts, ImageCaps };

type Distribute<T> = T extends TimelineItem ? Omit<T, 'index'> : never;
/** An item before the buffer gave it its index. */
export type NewItem = Distribute<TimelineItem>;
export type ItemTest = (item: TimelineItem) => boolean;

/** Old indexes to new ones after a rebuild (an index of an item gone: the next item kept). */
export interface KeyMap {
  translate(index: number): number;
}

/**
 * The retained items of one timeline and everything views need, kept up to date as items arrive
 * and leave (indexes of its ring, model/timeline-indexes.ts): counts per category, type and level,
 * the filtered view, error groups, network exchanges, collector health, and screenshot images
 * under their own cap.
 */
export class TelemetryBuffer implements TimelineSource {
  private readonly ring: FilteredRing<TimelineItem>;
  private readonly counts = new TimelineCounts();
  private readonly seqs = new SeqLookup();
  private readonly inRange = new RangeCounts();
  private readonly arrival = new ArrivalOrder();
  private readonly images: ScreenshotImages;
  readonly errors = new ErrorGroups();
  readonly network = new NetworkIndex();
  readonly health = new CollectorHealth();
  /** Indexes of retained screenshot events, oldest first. */
  readonly screenshots = new KeyList<TimelineItem>(isScreenshot);
  /** Indexes of the retained marks a person set, oldest first. */
  readonly marks = new KeyList<TimelineItem>(isMark);
  /** The retained console errors, for "console errors at this moment". */
  readonly consoleErrors = new KeyList<TimelineItem>(isConsoleError);
  /** Time, category and markers of the retained events, for the overview strip. */
  readonly overviewColumns: OverviewColumns;

  constructor(capacity: number, imageCaps: ImageCaps) {
    this.images = new ScreenshotImages(imageCaps);
    const overview = new OverviewIndex(capacity);
    this.overviewColumns = overview.columns;
    this.ring = new FilteredRing<TimelineItem>(capacity, [
      new RetainedIndexes([
        this.counts,
        this.inRange,
        this.arrival,
        this.seqs,
        new EventIndex(this.errors),
        new NetworkPairing(this.network),
        new EventIndex(this.health),
        this.screenshots,
        this.marks,
        this.consoleErrors,
        this.images,
      ]),
      // laid out by capacity: the ring gives it every item again when the capacity changes
      overview,
    ]);
  }

  get capacity(): number {
    return this.ring.capacity;
  }
  get first(): number {
    return this.ring.first;
  }
  get next(): number {
    return this.ring.next;
  }
  get size(): number {
    return this.ring.size;
  }
  get retainedImages(): number {
    return this.images.count;
  }

  get categoryCounts(): ReadonlyMap<string, number> {
    return this.counts.categoryCounts;
  }
  get typeCounts(): ReadonlyMap<string, number> {
    return this.counts.typeCounts;
  }
  get levelCounts(): ReadonlyMap<string, number> {
    return this.counts.levelCounts;
  }
  get errorCount(): number {
    return this.counts.errorCount;
  }

  /** The counts of every retained event: the session's, as far as this page holds it. */
  get sessionCounts(): EventCounts {
    const { counts } = this;
    return {
      events: counts.events,
      categories: counts.categoryCounts,
      types: counts.typeCounts,
      levels: counts.levelCounts,
      errors: counts.errorCount,
      errorGroups: this.errors.size,
    };
  }

  /**
   * The counts the views show: of the retained events in the time range (`setRange`), or of
   * every retained event when there is none. Kept as events arrive and leave, so reading them
   * costs nothing.
   */
  get rangeCounts(): EventCounts {
    return this.inRange.range === null ? this.sessionCounts : this.inRange.tally;
  }

  /** The time range the counts follow (the filter's), or null. */
  get range(): TimeRange | null {
    return this.inRange.range;
  }

  /** The counts follow this time range from now on: one pass over the retained items if it changed. */
  setRange(range: TimeRange | null): void {
    this.inRange.setRange(range, (visit) => this.ring.forEach(visit));
  }

  /** Retained events listed after an event of a later time (they arrived after it). */
  get lateCount(): number {
    return this.arrival.count;
  }

  /** How much earlier (µs) the item at `index` is than an event listed before it; 0 when not. */
  lateBy(index: number): number {
    return this.arrival.lateBy(index);
  }
  /** Items evicted under the cap. */
  get evicted(): number {
    return this.counts.evicted;
  }
  /** Events among them (markers, gaps and unreadable frames are items, not events received). */
  get evictedEvents(): number {
    return this.counts.evictedEvents;
  }
  /** Events known to be missing: the sum of all gaps. */
  get missed(): number {
    return this.counts.missed;
  }
  /** Of `missed`, the events older than the stream's buffer when it was first read. */
  get olderMissed(): number {
    return this.counts.older;
  }
  get originUs(): number | null {
    return this.counts.originUs;
  }
  /** What relative times count from, in words. */
  get originNote(): string {
    return this.counts.originIsSession
      ? 'since the session was created'
      : 'since the first event received';
  }
  /** Relative times count from the session's creation (µs) from now on, whatever arrives. */
  anchorOrigin(us: number): void {
    if (!Number.isFinite(us)) return;
    this.counts.originUs = us;
    this.counts.originIsSession = true;
  }

  item(index: number): TimelineItem | undefined {
    return this.ring.at(index);
  }
  forEach(visit: (item: TimelineItem) => void): void {
    this.ring.forEach(visit);
  }

  /** Index of the retained event with this seq in the newest epoch. */
  indexOfSeq(seq: number): number | undefined {
    return this.seqs.keyOf(seq);
  }

  /** The retained event with this seq in the newest epoch (what a frame with that seq repeats). */
  heldEvent(seq: number): EventItem | undefined {
    const index = this.seqs.keyOf(seq);
    const item = index === undefined ? undefined : this.ring.at(index);
    return item?.kind === 'event' ? item : undefined;
  }

  append(items: NewItem[]): void {
    const ring = this.ring;
    for (const partial of items) {
      const item = partial as TimelineItem;
      item.index = ring.next;
      ring.push(item);
    }
  }

  /** Items shown: all retained, or those passing the filter. */
  get viewCount(): number {
    return this.ring.viewCount;
  }
  viewItem(position: number): TimelineItem | undefined {
    return this.ring.viewAt(position);
  }
  /** View position of the first shown item with index >= `index`. */
  viewIndexOf(index: number): number {
    return this.ring.viewIndexOf(index);
  }
  /** Whether an item passes the filter. */
  shows(item: TimelineItem): boolean {
    return this.ring.shows(item);
  }

  setFilter(test: ItemTest | null): void {
    this.ring.setFilter(test);
  }

  /** Index of the first retained event at or after a time (µs), for jumps from the overview. */
  indexAtTime(tsUs: number): number | null {
    const ring = this.ring;
    let low = ring.first;
    let high = ring.next;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const item = ring.at(mid);
      if (item && item.tsUs < tsUs) low = mid + 1;
      else high = mid;
    }
    return low < ring.next ? low : ring.next > ring.first ? ring.next - 1 : null;
  }

  resize(capacity: number): void {
    this.ring.resize(capacity);
  }

  /**
   * Lays the retained items out again as `change` returns them (they in their order, new items
   * among them): for history put in place. Every item gets a new index; the returned map gives
   * an index from before the new index of the same item (or of the next one kept).
   */
  rebuild(change: (items: TimelineItem[]) => (TimelineItem | NewItem)[]): KeyMap {
    const retained: TimelineItem[] = [];
    this.ring.forEach((item) => retained.push(item));
    const next = change(retained) as TimelineItem[];
    const before: number[] = [];
    const after: number[] = [];
    const old = new Map<TimelineItem, number>();
    for (const item of retained) old.set(item, item.index);
    const nextBefore = this.ring.next;
    this.ring.rebuild(next, (item, key) => {
      const was = old.get(item);
      if (was !== undefined) {
        before.push(was);
        after.push(key);
      }
      item.index = key;
    });
    const end = this.ring.next;
    return {
      translate(index) {
        if (index >= nextBefore) return end;
        let low = 0;
        let high = before.length;
        while (low < high) {
          const mid = (low + high) >>> 1;
          if ((before[mid] as number) < index) low = mid + 1;
          else high = mid;
        }
        return low < after.length ? (after[low] as number) : end;
      },
    };
  }

  clear(): void {
    this.ring.clear();
  }
}

/**
 * The event types that the indexes of a few kinds of item look at: error groups and console
 * errors (`console_error`), screenshots and their images, collector health. An item that is not
 * an event (a mark, a marker, a gap) goes to them all; any other event to none, which they would
 * each have passed over (the firehose's events: six calls fewer each, coming and going).
 */
const FEW_TYPES: ReadonlySet<string> = new Set([CONSOLE_ERROR, SCREENSHOT, ...HEALTH_TYPES]);

/** Whether the indexes of a few kinds of item (FEW_TYPES) may keep this one. */
function followedByFew(item: TimelineItem): boolean {
  return item.kind !== 'event' || FEW_TYPES.has(item.type);
}

type Indexes = [
  TimelineCounts,
  RangeCounts,
  ArrivalOrder,
  SeqLookup,
  EventIndex,
  NetworkPairing,
  EventIndex,
  KeyList<TimelineItem>,
  KeyList<TimelineItem>,
  KeyList<TimelineItem>,
  ScreenshotImages,
];

/**
 * The timeline's indexes as one, each called by name, in this order. The ring called them from a
 * list, one call site for a dozen classes, which the engine dispatches by looking each class up
 * for every call; here each call site sees one class. A dozen calls for every event arriving and
 * a dozen for every one leaving: measured in turn in Node over the firehose's events, appending
 * took 1.5–1.7 µs an event against 2.1–2.7, and in the dashboard the page's thread spent about a
 * tenth less CPU (docs/performance.md, 2026-11-27 (morning)). The six that keep a few kinds of
 * item see only items of those kinds (followedByFew): replayed in a Chromium worker, the firehose's
 * events were appended in 0.39–0.42 µs against 0.45–0.49 (2026-11-29).
 */
class RetainedIndexes implements RetainedIndex<TimelineItem> {
  constructor(private readonly indexes: Indexes) {}

  add(item: TimelineItem, key: number): void {
    const [counts, inRange, arrival, seqs, errors, network, health, shots, marks, errs, images] =
      this.indexes;
    counts.add(item);
    inRange.add(item);
    arrival.add(item, key);
    seqs.add(item, key);
    network.add(item);
    if (!followedByFew(item)) return;
    errors.add(item);
    health.add(item);
    shots.add(item, key);
    marks.add(item, key);
    errs.add(item, key);
    images.add(item);
  }

  evict(item: TimelineItem, key: number): void {
    const [counts, inRange, arrival, seqs, errors, network, health, shots, marks, errs, images] =
      this.indexes;
    counts.evict(item);
    inRange.evict(item);
    arrival.evict(item, key);
    seqs.evict(item, key);
    network.evict(item);
    if (!followedByFew(item)) return;
    errors.evict(item);
    health.evict(item);
    shots.evict(item, key);
    marks.evict(item, key);
    errs.evict(item, key);
    images.evict(item);
  }

  clear(): void {
    for (const index of this.indexes) index.clear();
  }

  reset(): void {
    for (const index of this.indexes as RetainedIndex<TimelineItem>[]) {
      if (index.reset) index.reset();
      else index.clear();
    }
  }
}
