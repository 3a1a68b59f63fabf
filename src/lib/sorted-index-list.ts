/**
 * Absolute positions (seqs, indexes) in ascending order with cheap appends at the back and removal
 * from the front (and older ones put before, a batch at a time): the filtered views and match lists of bounded buffers.
 */
export class SortedIndexList {
  private seqs: number[] = [];
  private offset = 0;

  get length(): number {
    return this.seqs.length - this.offset;
  }
  at(index: number): number | undefined {
    return this.seqs[this.offset + index];
  }
  push(seq: number): void {
    this.seqs.push(seq);
  }
  /** Puts `seqs` (ascending, each below the first held) before those held. */
  prepend(seqs: number[]): void {
    if (seqs.length === 0) return;
    this.seqs = seqs.concat(this.offset === 0 ? this.seqs : this.seqs.slice(this.offset));
    this.offset = 0;
  }
  reset(seqs: number[] = []): void {
    this.seqs = seqs;
    this.offset = 0;
  }
  /** Drops seqs below `first`. */
  dropBefore(first: number): void {
    while (this.offset < this.seqs.length && (this.seqs[this.offset] as number) < first)
      this.offset += 1;
    if (this.offset > 4096 && this.offset * 2 > this.seqs.length) {
      this.seqs = this.seqs.slice(this.offset);
      this.offset = 0;
    }
  }
  /** Index of the first seq >= `seq` (binary search). */
  lowerBound(seq: number): number {
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
