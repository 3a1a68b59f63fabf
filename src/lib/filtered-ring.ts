import { RingBuffer } from './ring-buffer';
import { SortedIndexList } from './sorted-index-list';

/**
 * Something kept in step with the items a FilteredRing retains (counts, groups, lookups). The ring
 * calls it for every item it stores and every item it drops, so an index is written once and
 * cannot miss an eviction.
 */
export interface RetainedIndex<T> {
  /** An item was stored under `key`; keys come in ascending order. */
  add(item: T, key: number): void;
  /**
   * A retained item left under the cap or when the ring shrank: once per item added, oldest first,
   * before the item that pushed it out is added.
   */
  evict(item: T, key: number): void;
  /** The ring was emptied (evict is not called for the items it held). */
  clear(): void;
  /**
   * The ring is about to be filled again with its items (some new among them, in a new order):
   * forget them without releasing what they hold, since they come back. Without it, `clear`.
   */
  reset?(): void;
  /**
   * For an index laid out by capacity: the capacity changed. Called after the evictions shrinking
   * caused; the index starts over, and `add` then follows for every retained item, oldest first.
   */
  resize?(capacity: number): void;
}

export type ItemTest<T> = (item: T) => boolean;

/**
 * A bounded ring of items keyed by absolute position (the n-th item ever pushed has key n, from 0),
 * with the indexes registered on it kept up to date, an optional filter that gives a view of the
 * items passing it, and an optional search whose matches are the shown items passing it. Pushing
 * costs O(1) plus the indexes' and predicates' own work.
 */
export class FilteredRing<T> {
  private readonly ring: RingBuffer<T>;
  private readonly indexes: RetainedIndex<T>[] = [];
  private dropped = 0;
  private filter: ItemTest<T> | null = null;
  /** Keys of retained items passing the filter (empty without a filter). */
  private readonly shown = new SortedIndexList();
  private search: ItemTest<T> | null = null;
  /** Keys of retained items shown and passing the search (empty without a search). */
  private readonly matches = new SortedIndexList();

  constructor(capacity: number, indexes: readonly RetainedIndex<T>[] = []) {
    this.ring = new RingBuffer<T>(capacity);
    for (const index of indexes) this.indexes.push(index);
  }

  get capacity(): number {
    return this.ring.capacity;
  }
  /** Key of the oldest retained item. */
  get first(): number {
    return this.ring.first;
  }
  /** Key the next pushed item gets: items pushed since the ring was made. */
  get next(): number {
    return this.ring.next;
  }
  get size(): number {
    return this.ring.size;
  }
  /** Items dropped under the cap or by shrinking, since the ring was made (clear drops none). */
  get evicted(): number {
    return this.dropped;
  }

  /** Registers an index, giving it the items already retained; returns it. */
  register<I extends RetainedIndex<T>>(index: I): I {
    this.indexes.push(index);
    this.ring.forEachFrom(0, (item, key) => index.add(item, key));
    return index;
  }

  /** The retained item under a key, or undefined. */
  at(key: number): T | undefined {
    return this.ring.at(key);
  }

  /** Visits the retained items, oldest first. */
  forEach(visit: (item: T, key: number) => void): void {
    this.ring.forEachFrom(0, visit);
  }

  private readonly onEvict = (item: T, key: number): void => {
    this.dropped += 1;
    const indexes = this.indexes;
    for (let at = 0; at < indexes.length; at += 1)
      (indexes[at] as RetainedIndex<T>).evict(item, key);
  };

  /** Stores an item under key `next` (returned), evicting the oldest when full. */
  push(item: T): number {
    const key = this.ring.next;
    if (this.ring.push(item, this.onEvict) !== 0) {
      const first = this.ring.first;
      this.shown.dropBefore(first);
      this.matches.dropBefore(first);
    }
    const indexes = this.indexes;
    for (let at = 0; at < indexes.length; at += 1) (indexes[at] as RetainedIndex<T>).add(item, key);
    // after the indexes: they may complete an item (a summary) that the predicates look at
    const filter = this.filter;
    if (filter !== null) {
      if (!filter(item)) return key;
      this.shown.push(key);
    }
    if (this.search !== null && this.search(item)) this.matches.push(key);
    return key;
  }

  // ── the filtered view ──

  get filtering(): boolean {
    return this.filter !== null;
  }

  /** Whether an item passes the filter. */
  shows(item: T): boolean {
    return this.filter === null || this.filter(item);
  }

  /** Items shown: all retained, or those passing the filter. */
  get viewCount(): number {
    return this.filter ? this.shown.length : this.ring.size;
  }

  /** Key of the item at a view position, or undefined past the end. */
  viewKey(position: number): number | undefined {
    if (this.filter) return this.shown.at(position);
    return position >= 0 && position < this.ring.size ? this.ring.first + position : undefined;
  }

  /** The item at a view position. */
  viewAt(position: number): T | undefined {
    const key = this.viewKey(position);
    return key === undefined ? undefined : this.ring.at(key);
  }

  /** View position of the first shown item with key >= `key` (viewCount when there is none). */
  viewIndexOf(key: number): number {
    if (!this.filter) return Math.max(0, key - this.ring.first);
    return this.shown.lowerBound(key);
  }

  /** Visits the shown items, oldest first. */
  forEachShown(visit: (item: T, key: number) => void): void {
    if (!this.filter) {
      this.ring.forEachFrom(0, visit);
      return;
    }
    for (let position = 0; position < this.shown.length; position += 1) {
      const key = this.shown.at(position) as number;
      const item = this.ring.at(key);
      if (item !== undefined) visit(item, key);
    }
  }

  /**
   * Shows only the items passing `test` (all with null). `passing`, when given, are the keys of the
   * retained items that pass it, in ascending order, found by the caller another way (an index
   * that answers faster than reading every item); items pushed later are tested as ever.
   */
  setFilter(test: ItemTest<T> | null, passing?: number[]): void {
    this.filter = test;
    const search = this.search;
    if (!test) {
      this.shown.reset();
      this.setSearch(search);
      return;
    }
    if (passing !== undefined) {
      this.shown.reset(passing);
      this.setSearch(search);
      return;
    }
    const shown: number[] = [];
    const matched: number[] = [];
    this.ring.forEachFrom(0, (item, key) => {
      if (!test(item)) return;
      shown.push(key);
      if (search?.(item)) matched.push(key);
    });
    this.shown.reset(shown);
    this.matches.reset(matched);
  }

  // ── search among the shown items ──

  setSearch(test: ItemTest<T> | null): void {
    this.search = test;
    const matched: number[] = [];
    if (test)
      this.forEachShown((item, key) => {
        if (test(item)) matched.push(key);
      });
    this.matches.reset(matched);
  }

  get matchCount(): number {
    return this.matches.length;
  }

  /** Key of the match at a position (0-based, oldest first). */
  matchKey(position: number): number | undefined {
    return this.matches.at(position);
  }

  /** Position of the match with this key, or -1 when it is not a match. */
  matchPosition(key: number): number {
    const position = this.matches.lowerBound(key);
    return this.matches.at(position) === key ? position : -1;
  }

  /**
   * Position of the match after (or before) `key`, wrapping around; from `key` null, the first (or
   * last) match. -1 when there are none.
   */
  stepMatch(key: number | null, direction: 1 | -1): number {
    const count = this.matches.length;
    if (count === 0) return -1;
    if (key === null) return direction === 1 ? 0 : count - 1;
    if (direction === 1) {
      const position = this.matches.lowerBound(key + 1);
      return position < count ? position : 0;
    }
    const position = this.matches.lowerBound(key) - 1;
    return position >= 0 ? position : count - 1;
  }

  // ── whole-ring changes ──

  /** Drops every item and clears the indexes; keys go on from where they were. */
  clear(): void {
    this.ring.clear();
    this.shown.reset();
    this.matches.reset();
    for (const index of this.indexes) index.clear();
  }

  /**
   * Fills the ring again with `items`, in that order (the retained ones and new ones among them):
   * keys go on from where they were, indexes forget the old items (`reset`) and see each item
   * added, and the filter and search are applied again. Items over the capacity are evicted as
   * pushes do. `beforePush` lets the caller record each item's new key.
   */
  rebuild(items: readonly T[], beforePush?: (item: T, key: number) => void): void {
    this.ring.clear();
    this.shown.reset();
    this.matches.reset();
    for (const index of this.indexes) {
      if (index.reset) index.reset();
      else index.clear();
    }
    for (const item of items) {
      beforePush?.(item, this.ring.next);
      this.push(item);
    }
  }

  /** Changes the capacity, keeping the newest items (the indexes see the others evicted). */
  resize(capacity: number): void {
    const from = this.ring.first;
    const dropped = this.ring.resize(capacity);
    for (let at = 0; at < dropped.length; at += 1) this.onEvict(dropped[at] as T, from + at);
    const first = this.ring.first;
    this.shown.dropBefore(first);
    this.matches.dropBefore(first);
    for (const index of this.indexes) {
      if (!index.resize) continue;
      index.resize(capacity);
      this.ring.forEachFrom(0, (item, key) => index.add(item, key));
    }
  }
}

/**
 * A retained index listing the keys of the items that pass a test, ascending: the retained
 * screenshots of a timeline, say. Readable like any SortedIndexList.
 */
export class KeyList<T> extends SortedIndexList implements RetainedIndex<T> {
  constructor(private readonly test: ItemTest<T>) {
    super();
  }
  add(item: T, key: number): void {
    if (this.test(item)) this.push(key);
  }
  evict(_item: T, key: number): void {
    if (this.at(0) === key) this.dropBefore(key + 1);
  }
  clear(): void {
    this.reset();
  }
}
