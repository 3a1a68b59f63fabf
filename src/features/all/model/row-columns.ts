import type { RetainedIndex } from '../../../lib/filtered-ring';

/** What the columns keep of a row: its source and its item's index there. */
interface PlacedRow<S> {
  source: S;
  index: number;
}

/**
 * Each retained row's source (by its place among the feed's sources, plus one) and its item's
 * index, in typed arrays by ring key: what the filter by text reads for the rows of a source that
 * answers it, rather than a million row objects. An evicted row's source is zeroed; nothing else
 * needs forgetting (see `clear`).
 */
export class RowColumns<S> implements RetainedIndex<PlacedRow<S>> {
  sources: Uint16Array;
  indexes: Float64Array;

  constructor(
    private capacity: number,
    private readonly placeOf: (source: S) => number,
  ) {
    this.sources = new Uint16Array(capacity);
    this.indexes = new Float64Array(capacity);
  }

  add(row: PlacedRow<S>, key: number): void {
    const slot = key % this.capacity;
    this.sources[slot] = this.placeOf(row.source) + 1;
    this.indexes[slot] = row.index;
  }

  evict(_row: PlacedRow<S>, key: number): void {
    this.sources[key % this.capacity] = 0;
  }

  /**
   * Nothing to forget: only keys the ring holds are read, and each was written when added. Not
   * writing the columns here also leaves the pages of a large capacity untouched until rows fill
   * them (the columns are ten bytes a row of capacity, most of it never used).
   */
  clear(): void {}

  resize(capacity: number): void {
    this.capacity = capacity;
    this.sources = new Uint16Array(capacity);
    this.indexes = new Float64Array(capacity);
  }

  /** Where the row under `key` is kept (valid for a retained key). */
  slotOf(key: number): number {
    return key % this.capacity;
  }
}
