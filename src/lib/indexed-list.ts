/**
 * Values by absolute index (a ring's keys), for indexes that arrive in ascending order and mostly
 * leave oldest first: two arrays in that order, read by binary search and dropped from the front.
 * The network index keeps its exchanges so (model/network.ts): a Map set and deleted for every
 * network event cost the timeline's ingest more than pairing them did.
 */
export class IndexedList<T> {
  private indexes: number[] = [];
  private entries: (T | null)[] = [];
  /** Position of the oldest entry still held. */
  private head = 0;
  size = 0;

  /** Position of `index`, or -1. */
  private find(index: number): number {
    const indexes = this.indexes;
    if (this.head < indexes.length && indexes[this.head] === index) return this.head;
    let low = this.head;
    let high = indexes.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((indexes[mid] as number) < index) low = mid + 1;
      else high = mid;
    }
    return low < indexes.length && indexes[low] === index && this.entries[low] !== null ? low : -1;
  }

  has(index: number): boolean {
    const last = this.indexes.length - 1;
    // items come in ascending order: a new one is past the last held
    return last >= this.head && index <= (this.indexes[last] as number) && this.find(index) >= 0;
  }

  get(index: number): T | undefined {
    const at = this.find(index);
    return at < 0 ? undefined : (this.entries[at] as T);
  }

  /** Adds an entry for an index above every one held (anything else is ignored). */
  set(index: number, entry: T): void {
    const last = this.indexes.length - 1;
    if (last >= this.head && index <= (this.indexes[last] as number)) return;
    this.indexes.push(index);
    this.entries.push(entry);
    this.size += 1;
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
