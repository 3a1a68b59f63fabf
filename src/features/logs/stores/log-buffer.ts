import { RingBuffer } from '../../../lib/ring-buffer';
import { SortedIndexList } from '../../../lib/sorted-index-list';
import type { LogLevel } from '../model/level';

/** One retained line of a log stream. */
export interface LogLine {
  /** Absolute position in the stream (line numbers are seq + 1). */
  seq: number;
  /** When the server read the line (the wire `timestamp`), in ms; NaN when unreadable. */
  timeMs: number;
  /** As received, ANSI escapes included. */
  text: string;
  /** ANSI stripped: what filters and search look at (the same string when there was no escape). */
  plain: string;
  level: LogLevel | null;
  /** `plain` is ASCII only: matching it while ignoring case needs no lower-case copy. */
  ascii: boolean;
  /** An in-band message from the server or a stream event, not a line of the file. */
  notice: boolean;
}

export type LevelKey = LogLevel | 'none';
export type LineTest = (line: LogLine) => boolean;
export type LevelCounts = Record<LevelKey, number>;

function emptyCounts(): LevelCounts {
  return { error: 0, warn: 0, info: 0, debug: 0, trace: 0, none: 0 };
}

/**
 * The retained lines of one log stream with everything the view needs kept up to date
 * incrementally: level counts, the filtered view, and the lines matching the search.
 */
export class LogBuffer {
  private readonly ring: RingBuffer<LogLine>;
  readonly levelCounts: LevelCounts = emptyCounts();
  evicted = 0;
  private filter: LineTest | null = null;
  private readonly filtered = new SortedIndexList();
  private search: LineTest | null = null;
  private readonly matches = new SortedIndexList();

  constructor(capacity: number) {
    this.ring = new RingBuffer<LogLine>(capacity);
  }

  get capacity(): number {
    return this.ring.capacity;
  }
  get size(): number {
    return this.ring.size;
  }
  /** Lines received since the stream was opened (retained + evicted + cleared). */
  get total(): number {
    return this.ring.next;
  }
  get first(): number {
    return this.ring.first;
  }

  private readonly onEvict = (line: LogLine): void => {
    this.levelCounts[line.level ?? 'none'] -= 1;
    this.evicted += 1;
  };

  append(lines: Omit<LogLine, 'seq'>[]): void {
    for (const partial of lines) {
      const line = partial as LogLine;
      line.seq = this.ring.next;
      this.ring.push(line, this.onEvict);
      this.levelCounts[line.level ?? 'none'] += 1;
      if (this.filter && this.filter(line)) this.filtered.push(line.seq);
      if (this.search && (!this.filter || this.filter(line)) && this.search(line))
        this.matches.push(line.seq);
    }
    const first = this.ring.first;
    this.filtered.dropBefore(first);
    this.matches.dropBefore(first);
  }

  line(seq: number): LogLine | undefined {
    return this.ring.at(seq);
  }

  /** Lines shown: all retained, or those passing the filter. */
  get viewCount(): number {
    return this.filter ? this.filtered.length : this.ring.size;
  }

  viewLine(index: number): LogLine | undefined {
    if (!this.filter) return this.ring.at(this.ring.first + index);
    const seq = this.filtered.at(index);
    return seq === undefined ? undefined : this.ring.at(seq);
  }

  /** View index of the first shown line with seq >= `seq`. */
  viewIndexOf(seq: number): number {
    if (!this.filter) return Math.max(0, seq - this.ring.first);
    return this.filtered.lowerBound(seq);
  }

  setFilter(test: LineTest | null): void {
    this.filter = test;
    if (test) {
      const seqs: number[] = [];
      this.ring.forEachFrom(0, (line) => {
        if (test(line)) seqs.push(line.seq);
      });
      this.filtered.reset(seqs);
    } else {
      this.filtered.reset();
    }
    this.recomputeMatches();
  }

  setSearch(test: LineTest | null): void {
    this.search = test;
    this.recomputeMatches();
  }

  private recomputeMatches(): void {
    const search = this.search;
    if (!search) {
      this.matches.reset();
      return;
    }
    const filter = this.filter;
    const seqs: number[] = [];
    this.ring.forEachFrom(0, (line) => {
      if ((!filter || filter(line)) && search(line)) seqs.push(line.seq);
    });
    this.matches.reset(seqs);
  }

  get matchCount(): number {
    return this.matches.length;
  }

  /** The match after (or before) `seq`, wrapping around; undefined when there is none. */
  stepMatch(seq: number | null, direction: 1 | -1): { seq: number; ordinal: number } | undefined {
    const count = this.matches.length;
    if (count === 0) return undefined;
    let index: number;
    if (seq === null) index = direction === 1 ? 0 : count - 1;
    else if (direction === 1) {
      index = this.matches.lowerBound(seq + 1);
      if (index >= count) index = 0;
    } else {
      index = this.matches.lowerBound(seq) - 1;
      if (index < 0) index = count - 1;
    }
    return { seq: this.matches.at(index) as number, ordinal: index + 1 };
  }

  /** 1-based position of `seq` among the matches, or 0. */
  matchOrdinal(seq: number | null): number {
    if (seq === null) return 0;
    const index = this.matches.lowerBound(seq);
    return this.matches.at(index) === seq ? index + 1 : 0;
  }

  /** Retained lines in order, optionally only those shown. */
  lines(onlyShown: boolean): LogLine[] {
    const out: LogLine[] = [];
    if (onlyShown && this.filter) {
      for (let index = 0; index < this.filtered.length; index += 1) {
        const line = this.ring.at(this.filtered.at(index) as number);
        if (line) out.push(line);
      }
    } else {
      this.ring.forEachFrom(0, (line) => out.push(line));
    }
    return out;
  }

  clear(): void {
    this.ring.clear();
    Object.assign(this.levelCounts, emptyCounts());
    this.filtered.reset();
    this.matches.reset();
  }

  resize(capacity: number): void {
    for (const line of this.ring.resize(capacity)) this.onEvict(line);
    this.filtered.dropBefore(this.ring.first);
    this.matches.dropBefore(this.ring.first);
  }
}
