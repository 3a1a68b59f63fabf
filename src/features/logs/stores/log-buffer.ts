import { FilteredRing, type RetainedIndex } from '../../../lib/filtered-ring';
import type { LogLevel } from '../model/level';
import { LineClock, type TimeFrom } from '../model/line-clock';

/** One retained line of a log stream. */
export interface LogLine {
  /** Absolute position in the stream (line numbers are seq + 1). */
  seq: number;
  /** When the server read the line (the wire `timestamp`), in ms; NaN when unreadable. */
  timeMs: number;
  /**
   * The time the line states (model/line-time.ts); when it states none, the last one a line before
   * it stated (`inherited: 'previous'`) or, with none before it, the next one stated (`'next'`, an
   * estimate given when that line arrives); NaN when none is known. A zoneless time is its wall
   * clock read as UTC: `LineClock.lineTime` applies the stream's zone.
   */
  statedMs: number;
  zoneless: boolean;
  inherited: TimeFrom;
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

/** Lines per level among the retained lines. */
class LevelCounter implements RetainedIndex<LogLine> {
  readonly counts: LevelCounts = emptyCounts();
  add(line: LogLine): void {
    this.counts[line.level ?? 'none'] += 1;
  }
  evict(line: LogLine): void {
    this.counts[line.level ?? 'none'] -= 1;
  }
  clear(): void {
    Object.assign(this.counts, emptyCounts());
  }
}

/** Lines already appended whose time changed: the latest change, and how many there were. */
export interface RetimedLines {
  /** Goes up by one at each change. */
  count: number;
  /** The lines the latest change touched: seq `from` to `to - 1`. */
  from: number;
  to: number;
}

/**
 * The retained lines of one log stream with everything the view needs kept up to date
 * incrementally: level counts, the filtered view, and the lines matching the search.
 */
export class LogBuffer {
  private readonly ring: FilteredRing<LogLine>;
  readonly levelCounts: LevelCounts;
  /** The stream's times: which lines state one, the zone of zoneless ones, inheritance. */
  readonly clock = new LineClock();
  /**
   * Lines appended earlier that were given a time since (the first lines of the stream, once a
   * line states one): what reads lines by time (the All view) places them again.
   */
  readonly retimed: RetimedLines = { count: 0, from: 0, to: 0 };
  private filter: LineTest | null = null;

  constructor(capacity: number) {
    const levels = new LevelCounter();
    this.levelCounts = levels.counts;
    this.ring = new FilteredRing<LogLine>(capacity, [levels]);
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
  /** Lines evicted under the cap or by shrinking it. */
  get evicted(): number {
    return this.ring.evicted;
  }

  append(lines: Omit<LogLine, 'seq'>[]): void {
    const ring = this.ring;
    const clock = this.clock;
    const base = ring.next;
    const count = lines.length;
    // every line's time is settled before any is stored, so the filter (a time range) sees the
    // time a line of this batch takes from a later one
    for (let at = 0; at < count; at += 1) {
      const line = lines[at] as LogLine;
      line.seq = base + at;
      const given = clock.observe(line);
      if (given !== 0 && line.seq - given < base) this.retime(line.seq - given, base);
    }
    for (let at = 0; at < count; at += 1) ring.push(lines[at] as LogLine);
  }

  /** Lines stored earlier (seq `from` to `to - 1`) were given a time: the view tests them again. */
  private retime(from: number, to: number): void {
    // lines evicted already are not the view's
    const first = Math.max(from, this.ring.first);
    if (first >= to) return;
    const retimed = this.retimed;
    retimed.count += 1;
    retimed.from = first;
    retimed.to = to;
    if (this.filter !== null) this.ring.setFilter(this.filter);
  }

  /** The lines from here on may not follow the last stated time (the stream reconnected). */
  restartTimes(): void {
    this.clock.restart();
  }

  line(seq: number): LogLine | undefined {
    return this.ring.at(seq);
  }

  /** Lines shown: all retained, or those passing the filter. */
  get viewCount(): number {
    return this.ring.viewCount;
  }

  viewLine(index: number): LogLine | undefined {
    return this.ring.viewAt(index);
  }

  /** View index of the first shown line with seq >= `seq`. */
  viewIndexOf(seq: number): number {
    return this.ring.viewIndexOf(seq);
  }

  setFilter(test: LineTest | null): void {
    this.filter = test;
    this.ring.setFilter(test);
  }

  setSearch(test: LineTest | null): void {
    this.ring.setSearch(test);
  }

  get matchCount(): number {
    return this.ring.matchCount;
  }

  /** The match after (or before) `seq`, wrapping around; undefined when there is none. */
  stepMatch(seq: number | null, direction: 1 | -1): { seq: number; ordinal: number } | undefined {
    const position = this.ring.stepMatch(seq, direction);
    if (position < 0) return undefined;
    return { seq: this.ring.matchKey(position) as number, ordinal: position + 1 };
  }

  /** 1-based position of `seq` among the matches, or 0. */
  matchOrdinal(seq: number | null): number {
    return seq === null ? 0 : this.ring.matchPosition(seq) + 1;
  }

  /** Retained lines in order, optionally only those shown. */
  lines(onlyShown: boolean): LogLine[] {
    const out: LogLine[] = [];
    const keep = (line: LogLine): void => {
      out.push(line);
    };
    if (onlyShown) this.ring.forEachShown(keep);
    else this.ring.forEach(keep);
    return out;
  }

  clear(): void {
    this.ring.clear();
    this.clock.dropWaiting();
  }

  resize(capacity: number): void {
    this.ring.resize(capacity);
  }
}
