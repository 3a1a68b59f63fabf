/**
 * What a timeline keeps in step with its retained items, each as a RetainedIndex of the buffer's
 * ring (lib/filtered-ring.ts): the ring adds every item it stores and evicts every item it drops.
 */
import type { RetainedIndex } from '../../../lib/filtered-ring';
import { IndexedList } from '../../../lib/indexed-list';
import { CONSOLE_ERROR } from './error-groups';
import { countNames, nameLater, releaseImage } from './event-item';
import { nameFailedRequest } from './failed-request';
import type { NetworkIndex } from './network';
import { NameCounts } from './name-counts';
import { OverviewColumns } from './overview-columns';
import type { EventItem, TimelineItem } from './types';

/**
 * Events per category, type and level, errors, and what left or never arrived: evicted items and
 * events, and the events missed in gaps. All start over on clear, except the time origin.
 */
export class TimelineCounts implements RetainedIndex<TimelineItem> {
  readonly categoryCounts = new NameCounts();
  readonly typeCounts = new NameCounts();
  readonly levelCounts = new NameCounts();
  /** Retained events. */
  events = 0;
  errorCount = 0;
  /** Items evicted under the cap. */
  evicted = 0;
  /** Events among them. */
  evictedEvents = 0;
  /** Events known to be missing: the sum of all gaps, evicted ones too. */
  missed = 0;
  /**
   * The part of `missed` older than the stream's buffer when it was first read (replay-start
   * gaps): never delivered to anyone, not a loss of this connection.
   */
  older = 0;
  /**
   * The origin of relative times (µs): the session's creation once it is known (anchorOrigin),
   * else the first event with a time. Kept on clear, so it does not move between connections.
   */
  originUs: number | null = null;
  /** Whether `originUs` is the session's creation. */
  originIsSession = false;
  /** The part of `missed` in retained gaps (a rebuild counts those again). */
  private retainedMissed = 0;
  private retainedOlder = 0;

  add(item: TimelineItem): void {
    if (item.kind === 'gap') {
      const missing = gapMissing(item);
      this.missed += missing;
      this.retainedMissed += missing;
      if (item.cause === 'replay-start') {
        this.older += missing;
        this.retainedOlder += missing;
      }
    }
    if (item.kind !== 'event') return;
    if (this.originUs === null && Number.isFinite(item.tsUs)) this.originUs = item.tsUs;
    this.events += 1;
    countNames(item, 1, this.typeCounts, this.categoryCounts, this.levelCounts);
    if (item.error) this.errorCount += 1;
  }

  evict(item: TimelineItem): void {
    this.evicted += 1;
    if (item.kind === 'gap') {
      this.retainedMissed -= gapMissing(item);
      if (item.cause === 'replay-start') this.retainedOlder -= gapMissing(item);
    }
    if (item.kind !== 'event') return;
    this.evictedEvents += 1;
    this.events -= 1;
    countNames(item, -1, this.typeCounts, this.categoryCounts, this.levelCounts);
    if (item.error) this.errorCount -= 1;
  }

  clear(): void {
    this.categoryCounts.clear();
    this.typeCounts.clear();
    this.levelCounts.clear();
    this.events = 0;
    this.errorCount = 0;
    this.evicted = 0;
    this.evictedEvents = 0;
    this.missed = 0;
    this.retainedMissed = 0;
    this.older = 0;
    this.retainedOlder = 0;
  }

  /** A rebuild: what left before stays counted; the retained items are counted again. */
  reset(): void {
    this.categoryCounts.clear();
    this.typeCounts.clear();
    this.levelCounts.clear();
    this.events = 0;
    this.errorCount = 0;
    this.missed -= this.retainedMissed;
    this.retainedMissed = 0;
    this.older -= this.retainedOlder;
    this.retainedOlder = 0;
  }
}

/** Events a gap item stands for that are still missing (those recovered from history are not). */
export function gapMissing(item: { from: number; to: number; recovered?: number }): number {
  return item.to - item.from + 1 - (item.recovered ?? 0);
}

/** seq → key of the retained events of the newest epoch, to tell duplicates from restarts. */
export class SeqLookup implements RetainedIndex<TimelineItem> {
  // seqs ascend within an epoch and leave oldest first: sorted arrays, not a Map set and deleted
  // for every event (which cost the telemetry firehose a tenth of the page's time)
  private readonly bySeq = new IndexedList<number>();
  private epoch = 0;

  /** Key of the retained event with this seq in the newest epoch. */
  keyOf(seq: number): number | undefined {
    return this.bySeq.get(seq);
  }

  add(item: TimelineItem, key: number): void {
    if (item.epoch !== this.epoch) {
      this.epoch = item.epoch;
      this.bySeq.clear();
    }
    if (item.kind === 'event') this.bySeq.put(item.seq, key);
  }

  evict(item: TimelineItem, key: number): void {
    if (item.kind === 'event' && item.epoch === this.epoch && this.bySeq.get(item.seq) === key)
      this.bySeq.take(item.seq);
  }

  clear(): void {
    this.bySeq.clear();
  }
}

/** A model that follows event items as they arrive (and, if it keeps them, as they leave). */
export interface EventFollower {
  add(item: EventItem): void;
  evict?(item: EventItem): void;
  clear(): void;
}

/** Feeds a timeline's event items to a model that follows events (error groups, collector health). */
export class EventIndex implements RetainedIndex<TimelineItem> {
  constructor(private readonly model: EventFollower) {}
  add(item: TimelineItem): void {
    if (item.kind === 'event') this.model.add(item);
  }
  evict(item: TimelineItem): void {
    if (item.kind === 'event') this.model.evict?.(item);
  }
  clear(): void {
    this.model.clear();
  }
}

/** Network events paired by request id; a failed load is named after the request it ended. */
export class NetworkPairing implements RetainedIndex<TimelineItem> {
  constructor(private readonly network: NetworkIndex) {}

  add(item: TimelineItem): void {
    if (item.kind !== 'event') return;
    this.network.add(item);
    if (item.type !== 'network_loading_failed') return;
    const request = this.network.requestOf(item);
    // the search text, built from the summary when a search first looks, then holds the URL
    if (request !== null) nameLater(item, () => nameFailedRequest(item, request));
  }
  evict(item: TimelineItem): void {
    if (item.kind === 'event') this.network.evict(item);
  }
  clear(): void {
    this.network.clear();
  }
}

/** A retained `monitor_screenshot` event (whether or not its image is still held). */
/** A named moment a person set. */
export function isMark(item: TimelineItem): boolean {
  return item.kind === 'marker' && item.marker === 'mark';
}

export const SCREENSHOT = 'monitor_screenshot';

export function isConsoleError(item: TimelineItem): boolean {
  return item.kind === 'event' && item.type === CONSOLE_ERROR;
}

export function isScreenshot(item: TimelineItem): boolean {
  return item.kind === 'event' && item.type === SCREENSHOT;
}

export interface ImageCaps {
  count: number;
  bytes: number;
}

/**
 * The screenshot images held as object URLs, under their own caps (count and bytes, the newest
 * always kept): the oldest are released as new ones arrive, and an evicted event's image with it.
 */
export class ScreenshotImages implements RetainedIndex<TimelineItem> {
  private readonly held: EventItem[] = [];
  private bytes = 0;

  constructor(private readonly caps: ImageCaps) {}

  get count(): number {
    return this.held.length;
  }

  add(item: TimelineItem): void {
    if (item.kind !== 'event' || !item.screenshot?.url) return;
    this.held.push(item);
    this.bytes += item.screenshot.bytes;
    while (
      this.held.length > 1 &&
      (this.held.length > this.caps.count || this.bytes > this.caps.bytes)
    ) {
      const oldest = this.held[0];
      if (oldest) this.release(oldest);
    }
  }

  evict(item: TimelineItem): void {
    if (item.kind === 'event') this.release(item);
  }

  clear(): void {
    for (const item of this.held) if (item.screenshot) releaseImage(item.screenshot);
    this.held.length = 0;
    this.bytes = 0;
  }

  /** A rebuild: the same items come back with their images, so nothing is released. */
  reset(): void {
    this.held.length = 0;
    this.bytes = 0;
  }

  private release(item: EventItem): void {
    const image = item.screenshot;
    if (!image?.url) return;
    releaseImage(image);
    const at = this.held.indexOf(item);
    if (at >= 0) this.held.splice(at, 1);
    this.bytes -= image.bytes;
  }
}

/** The overview's columns (laid out by capacity: they start over when it changes). */
export class OverviewIndex implements RetainedIndex<TimelineItem> {
  readonly columns: OverviewColumns;

  constructor(private capacity: number) {
    this.columns = new OverviewColumns(capacity);
  }

  add(item: TimelineItem): void {
    this.columns.record(item);
  }
  evict(_item: TimelineItem, key: number): void {
    // its column slot is written over by the item that takes it
    this.columns.dropBefore(key + 1);
  }
  clear(): void {
    this.columns.reset(this.capacity);
  }
  resize(capacity: number): void {
    this.capacity = capacity;
    this.columns.reset(capacity);
  }
}
