import { SortedIndexList } from '../../../lib/sorted-index-list';
import { isTopNavigationEvent, readEvent } from './event-item';
import type { EventItem, TimelineItem } from './types';

/** Distinct categories given their own id; any further ones share the id of `other`. */
const MAX_CATEGORY_IDS = 65_535;

/** A page navigation of the top frame (not of an iframe); a live item's event is not kept parsed. */
export function isTopLevelNavigation(item: EventItem): boolean {
  if (item.type !== 'page_navigation') return false;
  return item.topNavigation ?? isTopNavigationEvent(readEvent(item));
}

/** The overview's lane of what an agent sent the browser (`cdp_command`), next to interactions. */
export const AGENT_LANE = 'agent';

/**
 * The overview lane of an event: its category, except the commands an agent sent through CDP,
 * which have a lane of their own (what the automation did, beside what the page saw).
 */
export function overviewLane(item: { type: string; category: string }): string {
  return item.type === 'cdp_command' ? AGENT_LANE : item.category;
}

/**
 * What the overview needs of each retained event, kept as events arrive: its time and category in
 * typed columns addressed like the buffer's ring (absolute index modulo capacity), and the indexes
 * of errors, top-level navigations and screenshots. The overview then bins a live timeline from
 * two flat arrays instead of visiting every item object, and reads its markers from the lists.
 */
export class OverviewColumns {
  private capacity: number;
  private ts: Float64Array;
  private category: Uint16Array;
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];
  readonly errors = new SortedIndexList();
  readonly navigations = new SortedIndexList();
  readonly screenshots = new SortedIndexList();

  constructor(capacity: number) {
    this.capacity = capacity;
    this.ts = new Float64Array(capacity).fill(Number.NaN);
    this.category = new Uint16Array(capacity);
  }

  /** Records the item at its index (an event with a finite ts; anything else counts as none). */
  record(item: TimelineItem): void {
    const slot = item.index % this.capacity;
    if (item.kind !== 'event' || !Number.isFinite(item.tsUs)) {
      this.ts[slot] = Number.NaN;
      return;
    }
    this.ts[slot] = item.tsUs;
    this.category[slot] = this.idOf(overviewLane(item));
    if (item.error) this.errors.push(item.index);
    if (isTopLevelNavigation(item)) this.navigations.push(item.index);
    if (item.type === 'monitor_screenshot' && item.screenshot) this.screenshots.push(item.index);
  }

  /** Forgets the markers of evicted items (their column slots are simply written over). */
  dropBefore(first: number): void {
    this.errors.dropBefore(first);
    this.navigations.dropBefore(first);
    this.screenshots.dropBefore(first);
  }

  /** Starts over with another capacity; the caller records the retained items again. */
  reset(capacity: number): void {
    this.capacity = capacity;
    this.ts = new Float64Array(capacity).fill(Number.NaN);
    this.category = new Uint16Array(capacity);
    this.errors.reset();
    this.navigations.reset();
    this.screenshots.reset();
  }

  /** ts (µs) of the event at `index`, NaN when that item is not an event with a finite ts. */
  tsAt(index: number): number {
    return this.ts[index % this.capacity] ?? Number.NaN;
  }

  /** Category id of the event at `index` (meaningful only where `tsAt` is a number). */
  categoryAt(index: number): number {
    return this.category[index % this.capacity] ?? 0;
  }

  categoryName(id: number): string {
    return this.names[id] ?? 'other';
  }

  private idOf(name: string): number {
    let id = this.ids.get(name);
    if (id !== undefined) return id;
    if (this.names.length >= MAX_CATEGORY_IDS) return this.idOf('other');
    id = this.names.length;
    this.names.push(name);
    this.ids.set(name, id);
    return id;
  }
}
