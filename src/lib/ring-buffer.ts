/**
 * A bounded FIFO addressed by absolute position: the n-th item ever pushed has index n (from 0),
 * whatever has been evicted since. Oldest items are evicted when it is full.
 */
export class RingBuffer<T> {
  private items: (T | undefined)[];
  private cap: number;
  private start = 0; // absolute index of the oldest retained item
  private end = 0; // absolute index after the newest item

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError('capacity must be a positive integer');
    this.cap = capacity;
    this.items = new Array<T | undefined>(capacity);
  }

  get capacity(): number {
    return this.cap;
  }
  /** Absolute index of the oldest retained item. */
  get first(): number {
    return this.start;
  }
  /** Absolute index the next pushed item gets. */
  get next(): number {
    return this.end;
  }
  get size(): number {
    return this.end - this.start;
  }

  /**
   * Appends, calling `onEvict` with the item pushed out (and its absolute index) before the new one
   * is stored; returns how many were evicted.
   */
  push(item: T, onEvict?: (item: T, index: number) => void): number {
    let evicted = 0;
    if (this.size === this.cap) {
      const index = this.start;
      const slot = index % this.cap;
      const old = this.items[slot] as T;
      this.items[slot] = undefined;
      this.start += 1;
      evicted = 1;
      onEvict?.(old, index);
    }
    this.items[this.end % this.cap] = item;
    this.end += 1;
    return evicted;
  }

  /** The item at an absolute index, or undefined when evicted or not yet pushed. */
  at(index: number): T | undefined {
    if (index < this.start || index >= this.end) return undefined;
    return this.items[index % this.cap];
  }

  /** Calls `visit` for each retained item from absolute index `from` (clamped), oldest first. */
  forEachFrom(from: number, visit: (item: T, index: number) => void): void {
    for (let index = Math.max(from, this.start); index < this.end; index += 1) {
      visit(this.items[index % this.cap] as T, index);
    }
  }

  /** Drops everything; absolute indexes continue from where they were. */
  clear(): void {
    this.items = new Array<T | undefined>(this.cap);
    this.start = this.end;
  }

  /** Changes the capacity, keeping the newest items; returns the items evicted by shrinking. */
  resize(capacity: number): T[] {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError('capacity must be a positive integer');
    const keepFrom = Math.max(this.start, this.end - capacity);
    const evicted: T[] = [];
    for (let index = this.start; index < keepFrom; index += 1)
      evicted.push(this.items[index % this.cap] as T);
    const kept: (T | undefined)[] = new Array<T | undefined>(capacity);
    for (let index = keepFrom; index < this.end; index += 1)
      kept[index % capacity] = this.items[index % this.cap];
    this.items = kept;
    this.cap = capacity;
    this.start = keepFrom;
    return evicted;
  }
}
