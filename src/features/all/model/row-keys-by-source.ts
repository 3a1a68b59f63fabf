import type { RetainedIndex } from '../../../lib/filtered-ring';

/** What the index keeps of a row: its source and its item's index there. */
interface PlacedRow<S> {
  source: S;
  index: number;
}

const NONE = -1;

/**
 * The ring keys of one source's rows, by the source's item index (a contiguous run of indexes;
 * NONE where an item has no row, is not placed yet, or its row left the ring). What the All
 * view's filter by text reads to turn a source's matching items into rows, without visiting the
 * rows that do not match.
 */
export class SourceKeys {
  /** The item index of the first entry. */
  private base = 0;
  private count = 0;
  private head = 0;
  private keys = new Float64Array(256);

  /** Index after the last entry. */
  get end(): number {
    return this.base + this.count;
  }
  get start(): number {
    return this.base;
  }

  /** The key of the row of item `index`, or NONE. */
  keyOf(index: number): number {
    const at = index - this.base;
    return at >= 0 && at < this.count ? (this.keys[this.head + at] as number) : NONE;
  }

  /**
   * Appends to `out` the keys of the rows of items `indexes` (ascending) that are in the ring
   * (key at least `first`): the filter's matching items as rows, in one pass over the column.
   */
  keysOf(indexes: readonly number[], first: number, out: number[]): void {
    const { keys, head, base, count } = this;
    for (const index of indexes) {
      const at = index - base;
      if (at < 0 || at >= count) continue;
      const key = keys[head + at] as number;
      if (key >= first) out.push(key);
    }
  }

  set(index: number, key: number): void {
    if (this.count === 0) {
      this.base = index;
      this.head = 0;
    } else if (index < this.base) this.prepend(this.base - index);
    const at = index - this.base;
    if (at >= this.count) this.extend(at + 1);
    this.keys[this.head + at] = key;
  }

  /** Forgets the entries at the front with no row or a row below `first` (left the ring). */
  trim(first: number): void {
    const keys = this.keys;
    while (this.count > 0) {
      const key = keys[this.head] as number;
      if (key !== NONE && key >= first) break;
      this.head += 1;
      this.count -= 1;
      this.base += 1;
    }
  }

  private extend(count: number): void {
    if (this.head + count > this.keys.length) {
      const size = Math.max(this.keys.length, count * 2);
      const keys = size === this.keys.length ? this.keys : new Float64Array(size);
      keys.set(this.keys.subarray(this.head, this.head + this.count));
      this.keys = keys;
      this.head = 0;
    }
    this.keys.fill(NONE, this.head + this.count, this.head + count);
    this.count = count;
  }

  /**
   * Room for `extra` entries before the first (a row placed after rows of later items of its
   * source left the ring: rare, since a source's rows are placed in about the order of its items).
   */
  private prepend(extra: number): void {
    const keys = new Float64Array(Math.max(256, (this.count + extra) * 2));
    keys.fill(NONE, 0, extra);
    keys.set(this.keys.subarray(this.head, this.head + this.count), extra);
    this.keys = keys;
    this.head = 0;
    this.count += extra;
    this.base -= extra;
  }
}

/** The `SourceKeys` of every source with rows in the ring, kept as rows come and go. */
export class RowKeysBySource<S> implements RetainedIndex<PlacedRow<S>> {
  private bySource = new Map<S, SourceKeys>();

  of(source: S): SourceKeys | undefined {
    return this.bySource.get(source);
  }

  add(row: PlacedRow<S>, key: number): void {
    let keys = this.bySource.get(row.source);
    if (keys === undefined) {
      keys = new SourceKeys();
      this.bySource.set(row.source, keys);
    }
    keys.set(row.index, key);
  }

  evict(row: PlacedRow<S>, key: number): void {
    this.bySource.get(row.source)?.trim(key + 1);
  }

  clear(): void {
    this.bySource = new Map();
  }
}
