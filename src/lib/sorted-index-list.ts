/**
 * Absolute positions (seqs, indexes) in ascending order with cheap appends at the back and removal
 * from the front, and batches of older ones put before: the filtered views and match lists of
 * bounded buffers.
 */
export class SortedIndexList {
  private seqs: number[] = [];
  private offset = 0;
  /**
   * Batches put before the held ones and not joined to them yet, the newest batch first: joined
   * once, when the list is next read, not at each batch (a filter tested 5,000 lines at a time
   * took three times as long when each batch copied the list).
   */
  private before: number[][] = [];

  get length(): number {
    if (this.before.length > 0) this.join();
    return this.seqs.length - this.offset;
  }
  at(index: number): number | undefined {
    if (this.before.length > 0) this.join();
    return this.seqs[this.offset + index];
  }
  push(seq: number): void {
    this.seqs.push(seq);
  }
  /** Puts `seqs` (ascending, each below the first held and below those put before earlier) first. */
  prepend(seqs: number[]): void {
    if (seqs.length > 0) this.before.push(seqs);
  }
  reset(seqs: number[] = []): void {
    this.seqs = seqs;
    this.offset = 0;
    this.before = [];
  }
  private join(): void {
    const parts = this.before.reverse();
    parts.push(this.offset === 0 ? this.seqs : this.seqs.slice(this.offset));
    let joined: number[] = [];
    // a bounded number of arguments to each call
    for (let at = 0; at < parts.length; at += 1024)
      joined = joined.concat(...parts.slice(at, at + 1024));
    this.seqs = joined;
    this.offset = 0;
    this.before = [];
  }
  /** Drops seqs below `first`. */
  dropBefore(first: number): void {
    if (this.before.length > 0) this.join();
    while (this.offset < this.seqs.length && (this.seqs[this.offset] as number) < first)
      this.offset += 1;
    if (this.offset > 4096 && this.offset * 2 > this.seqs.length) {
      this.seqs = this.seqs.slice(this.offset);
      this.offset = 0;
    }
  }
  /** Index of the first seq >= `seq` (binary search). */
  lowerBound(seq: number): number {
    if (this.before.length > 0) this.join();
    let low = this.offset;
    let high = this.seqs.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.seqs[mid] as number) < seq) low = mid + 1;
      else high = mid;
    }
    return low - this.offset;
  }
}
