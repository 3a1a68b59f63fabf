/**
 * Values by absolute index (a ring's keys, an epoch's seqs), for indexes that mostly arrive in
 * ascending order and leave oldest first: two arrays in that order, read by binary search and
 * dropped from the front. The network index keeps its exchanges so (model/network.ts), and the
 * timeline its keys by seq: a Map set and deleted for every event cost the timeline's ingest
 * more than the work it indexed.
 */
export class IndexedList<T> {
  private indexes: number[] = [];
  private entries: (T | null)[] = [];
  /** Position of the oldest entry still held. */
  private head = 0;
  size = 0;

  /** Position of the first held index not below `index` (binary search). */
  private lowerBound(index: number): number {
    const indexes = this.indexes;
    let low = this.head;
    let high = indexes.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((indexes[mid] as number) < index) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Position of `index`, or -1. */
  private find(index: number): number {
    const indexes = this.indexes;
    if (this.head < indexes.length && indexes[this.head] === index) return this.head;
    const low = this.lowerBound(index);
    return low < indexes.length && indexes[low] === index && this.entries[low] !== null ? low : -1;
  }

  /** Whether `index` is above every one held. */
  private isAboveLast(index: number): boolean {
    const last = this.indexes.length - 1;
    return last < this.head || index > (this.indexes[last] as number);
  }

  private append(index: number, entry: T): void {
    this.indexes.push(index);
    this.entries.push(entry);
    this.size += 1;
  }

  has(index: number): boolean {
    // items come in ascending order: a new one is past the last held
    return !this.isAboveLast(index) && this.find(index) >= 0;
  }

  get(index: number): T | undefined {
    const at = this.find(index);
    return at < 0 ? undefined : (this.entries[at] as T);
  }

  /** Adds an entry for an index above every one held (anything else is ignored). */
  set(index: number, entry: T): void {
    if (this.isAboveLast(index)) this.append(index, entry);
  }

  /**
   * Adds or replaces the entry of `index`, in any order: one below the last held costs a binary
   * search, and one between held indexes a copy of the entries after it.
   */
  put(index: number, entry: T): void {
    if (this.isAboveLast(index)) {
      this.append(index, entry);
      return;
    }
    const indexes = this.indexes;
    const entries = this.entries;
    const low = this.lowerBound(index);
    if (indexes[low] === index) {
      if (entries[low] === null) this.size += 1;
      entries[low] = entry;
      return;
    }
    this.size += 1;
    if (low === this.head && low > 0) {
      // below every one held: the slot before the oldest is free
      this.head = low - 1;
      indexes[low - 1] = index;
      entries[low - 1] = entry;
      return;
    }
    indexes.splice(low, 0, index);
    entries.splice(low, 0, entry);
  }

  /** Removes and returns the entry of `index`. */
  take(index: number): T | undefined {
    const at = this.find(index);
    if (at < 0) return undefined;
    const entry = this.entries[at] as T;
    this.entries[at] = null;
    this.size -= 1;
    while (this.head < this.entries.length && this.entries[this.head] === null) this.head += 1;
    if (this.head > 4096 && this.head * 2 > this.entries.length) {
      this.indexes = this.indexes.slice(this.head);
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
    return entry;
  }

  clear(): void {
    this.indexes = [];
    this.entries = [];
    this.head = 0;
    this.size = 0;
  }
}
