/**
 * A batch of items that can be read one at a time: an array, or a packed form that makes each item
 * only when it is read (the telemetry decoder's batches do), so that items waiting in a queue are
 * not yet objects on the heap.
 */
export interface ItemBatch<T> {
  readonly length: number;
  at(index: number): T | undefined;
}

/**
 * A first-in first-out queue of items that arrive one by one or a batch at a time, and leave in
 * parts of a bounded size. A batch stays as it came until its items are taken; items pushed one by
 * one collect in an array.
 */
export class BatchQueue<T> {
  private runs: (ItemBatch<T> | undefined)[] = [];
  /** The run taken from, and the position in it. */
  private head = 0;
  private at = 0;
  /** The last run, while items pushed one by one are added to it. */
  private open: T[] | null = null;
  private waiting = 0;

  /** Items not yet taken. */
  get size(): number {
    return this.waiting;
  }

  push(item: T): void {
    if (!this.open) {
      this.open = [];
      this.runs.push(this.open);
    }
    this.open.push(item);
    this.waiting += 1;
  }

  pushAll(batch: ItemBatch<T>): void {
    if (batch.length === 0) return;
    this.open = null;
    this.runs.push(batch);
    this.waiting += batch.length;
  }

  /**
   * Takes up to `limit` of the oldest items, from one run; empty when nothing waits. A run taken
   * whole from its start is handed over as it is when it is an array.
   */
  take(limit: number): T[] {
    const run = this.runs[this.head];
    if (!run) return [];
    const from = this.at;
    const end = Math.min(run.length, from + Math.max(1, limit));
    let part: T[];
    if (Array.isArray(run)) {
      part = from === 0 && end === run.length ? (run as T[]) : (run as T[]).slice(from, end);
    } else {
      part = new Array<T>(end - from);
      for (let index = from; index < end; index += 1) part[index - from] = run.at(index) as T;
    }
    this.waiting -= part.length;
    if (end < run.length) {
      this.at = end;
      return part;
    }
    if (run === this.open) this.open = null;
    // a run taken is let go of at once: under a steady flood the queue may never be empty
    this.runs[this.head] = undefined;
    this.head += 1;
    this.at = 0;
    if (this.head === this.runs.length) {
      this.runs = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.runs.length) {
      this.runs = this.runs.slice(this.head);
      this.head = 0;
    }
    return part;
  }

  clear(): void {
    this.runs = [];
    this.head = 0;
    this.at = 0;
    this.open = null;
    this.waiting = 0;
  }
}
