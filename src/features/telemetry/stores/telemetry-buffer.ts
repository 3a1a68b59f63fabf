import { RingBuffer } from '../../../lib/ring-buffer';
import { SortedIndexList } from '../../../lib/sorted-index-list';
import { CollectorHealth } from '../model/collector-health';
import { ErrorGroups } from '../model/error-groups';
import { readEvent, releaseImage } from '../model/event-item';
import { NetworkIndex } from '../model/network';
import { OverviewColumns } from '../model/overview-columns';
import type { EventItem, TimelineItem, TimelineSource } from '../model/types';

type Distribute<T> = T extends TimelineItem ? Omit<T, 'index'> : never;
/** An item before the buffer gave it its index. */
export type NewItem = Distribute<TimelineItem>;
export type ItemTest = (item: TimelineItem) => boolean;

export interface ImageCaps {
  count: number;
  bytes: number;
}

function bump(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next === 0) counts.delete(key);
  else counts.set(key, next);
}

/**
 * The retained items of one timeline and everything views need, kept up to date as items arrive
 * and leave: counts per category, type and level, the filtered view, error groups, network
 * exchanges, collector health, and screenshot images under their own cap.
 */
export class TelemetryBuffer implements TimelineSource {
  private readonly ring: RingBuffer<TimelineItem>;
  readonly categoryCounts = new Map<string, number>();
  readonly typeCounts = new Map<string, number>();
  readonly levelCounts = new Map<string, number>();
  errorCount = 0;
  /** Items evicted under the cap. */
  evicted = 0;
  /** Events among them (markers, gaps and unreadable frames are items, not events received). */
  evictedEvents = 0;
  /** Events known to be missing: the sum of all gaps. */
  missed = 0;
  originUs: number | null = null;
  readonly errors = new ErrorGroups(readEvent);
  readonly network = new NetworkIndex();
  readonly health = new CollectorHealth();
  /** Indexes of retained screenshot events, oldest first. */
  readonly screenshots = new SortedIndexList();
  /** Time, category and markers of the retained events, for the overview strip. */
  readonly overviewColumns: OverviewColumns;
  private filter: ItemTest | null = null;
  private readonly filtered = new SortedIndexList();
  /** seq → index for the events of the newest epoch, to tell duplicates from restarts. */
  private readonly bySeq = new Map<number, number>();
  private epoch = 0;
  private readonly images: EventItem[] = [];
  private imageBytes = 0;

  constructor(
    capacity: number,
    private readonly imageCaps: ImageCaps,
  ) {
    this.ring = new RingBuffer<TimelineItem>(capacity);
    this.overviewColumns = new OverviewColumns(capacity);
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
    return this.images.length;
  }

  item(index: number): TimelineItem | undefined {
    return this.ring.at(index);
  }
  forEach(visit: (item: TimelineItem) => void): void {
    this.ring.forEachFrom(0, visit);
  }

  /** Index of the retained event with this seq in the newest epoch. */
  indexOfSeq(seq: number): number | undefined {
    return this.bySeq.get(seq);
  }

  /** The retained event with this seq in the newest epoch (what a frame with that seq repeats). */
  heldEvent(seq: number): EventItem | undefined {
    const index = this.bySeq.get(seq);
    const item = index === undefined ? undefined : this.ring.at(index);
    return item?.kind === 'event' ? item : undefined;
  }

  private readonly onEvict = (item: TimelineItem): void => {
    this.evicted += 1;
    if (item.kind !== 'event') return;
    this.evictedEvents += 1;
    bump(this.categoryCounts, item.category, -1);
    bump(this.typeCounts, item.type, -1);
    if (item.level !== null) bump(this.levelCounts, item.level, -1);
    if (item.error) this.errorCount -= 1;
    if (item.epoch === this.epoch && this.bySeq.get(item.seq) === item.index)
      this.bySeq.delete(item.seq);
    this.errors.evict(item);
    this.network.evict(item);
    this.dropImage(item);
  };

  append(items: NewItem[]): void {
    for (const partial of items) {
      const item = partial as TimelineItem;
      item.index = this.ring.next;
      this.ring.push(item, this.onEvict);
      this.index(item);
      this.overviewColumns.record(item);
      if (this.filter?.(item)) this.filtered.push(item.index);
    }
    const first = this.ring.first;
    this.filtered.dropBefore(first);
    this.screenshots.dropBefore(first);
    this.overviewColumns.dropBefore(first);
  }

  private index(item: TimelineItem): void {
    if (item.kind === 'gap') this.missed += item.to - item.from + 1;
    if (item.epoch !== this.epoch) {
      this.epoch = item.epoch;
      this.bySeq.clear();
    }
    if (item.kind !== 'event') return;
    if (this.originUs === null && Number.isFinite(item.tsUs)) this.originUs = item.tsUs;
    bump(this.categoryCounts, item.category, 1);
    bump(this.typeCounts, item.type, 1);
    if (item.level !== null) bump(this.levelCounts, item.level, 1);
    if (item.error) this.errorCount += 1;
    this.bySeq.set(item.seq, item.index);
    this.errors.add(item);
    this.network.add(item);
    if (item.type === 'network_loading_failed') this.nameFailedRequest(item);
    this.health.add(item);
    if (item.type === 'monitor_screenshot') this.screenshots.push(item.index);
    if (item.screenshot?.url) this.holdImage(item);
  }

  /** A failed load carries no URL of its own: name the request it ended (paired by request_id). */
  private nameFailedRequest(item: EventItem): void {
    // events read here are not kept parsed (a live item parses its text again when shown)
    const sent = this.network.exchangeOf(item)?.request;
    const request = sent ? readEvent(sent).data : undefined;
    const url = request?.url;
    if (typeof url !== 'string' || item.summary.includes(url)) return;
    const method = typeof request?.method === 'string' ? `${request.method} ` : '';
    const failure = readEvent(item).data;
    const error = failure?.error_text;
    const canceled = failure?.canceled === true ? ' (canceled)' : '';
    item.summary = `${typeof error === 'string' ? error : 'failed'}${canceled} · ${method}${url}`;
    // the search text, built from the summary when a search first looks, now holds the URL
  }

  private holdImage(item: EventItem): void {
    this.images.push(item);
    this.imageBytes += item.screenshot?.bytes ?? 0;
    while (
      this.images.length > 1 &&
      (this.images.length > this.imageCaps.count || this.imageBytes > this.imageCaps.bytes)
    ) {
      const oldest = this.images[0];
      if (oldest) this.dropImage(oldest);
    }
  }

  private dropImage(item: EventItem): void {
    const image = item.screenshot;
    if (!image?.url) return;
    releaseImage(image);
    const at = this.images.indexOf(item);
    if (at >= 0) this.images.splice(at, 1);
    this.imageBytes -= image.bytes;
  }

  /** Items shown: all retained, or those passing the filter. */
  get viewCount(): number {
    return this.filter ? this.filtered.length : this.ring.size;
  }
  viewItem(position: number): TimelineItem | undefined {
    if (!this.filter) return this.ring.at(this.ring.first + position);
    const index = this.filtered.at(position);
    return index === undefined ? undefined : this.ring.at(index);
  }
  /** View position of the first shown item with index >= `index`. */
  viewIndexOf(index: number): number {
    if (!this.filter) return Math.max(0, index - this.ring.first);
    return this.filtered.lowerBound(index);
  }
  /** Whether an item passes the filter. */
  shows(item: TimelineItem): boolean {
    return !this.filter || this.filter(item);
  }

  setFilter(test: ItemTest | null): void {
    this.filter = test;
    if (!test) {
      this.filtered.reset();
      return;
    }
    const indexes: number[] = [];
    this.ring.forEachFrom(0, (item) => {
      if (test(item)) indexes.push(item.index);
    });
    this.filtered.reset(indexes);
  }

  /** Index of the first retained event at or after a time (µs), for jumps from the overview. */
  indexAtTime(tsUs: number): number | null {
    let low = this.ring.first;
    let high = this.ring.next;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const item = this.ring.at(mid);
      if (item && item.tsUs < tsUs) low = mid + 1;
      else high = mid;
    }
    return low < this.ring.next
      ? low
      : this.ring.next > this.ring.first
        ? this.ring.next - 1
        : null;
  }

  resize(capacity: number): void {
    for (const item of this.ring.resize(capacity)) this.onEvict(item);
    const first = this.ring.first;
    this.filtered.dropBefore(first);
    this.screenshots.dropBefore(first);
    this.overviewColumns.reset(capacity);
    this.ring.forEachFrom(0, (item) => this.overviewColumns.record(item));
  }

  clear(): void {
    this.ring.forEachFrom(0, this.onEvict);
    this.ring.clear();
    this.filtered.reset();
    this.screenshots.reset();
    this.overviewColumns.reset(this.ring.capacity);
    this.errors.clear();
    this.network.clear();
    this.health.clear();
    this.evicted = 0;
    this.evictedEvents = 0;
    this.missed = 0;
  }
}
