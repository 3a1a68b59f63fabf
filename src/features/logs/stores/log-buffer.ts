import type { LogLevel } from '../model/level';
import { LineClock, type TimeSource } from '../model/line-clock';
import { plainMatcher } from '../../../lib/plain-match';
import { SortedIndexList } from '../../../lib/sorted-index-list';
import { LineStore, type LevelCounts, type LineTimes, type LogLine } from './line-store';

export type { LevelCounts, LevelKey, LogLine } from './line-store';
export type LineTest = (line: LogLine) => boolean;

/**
 * Text that a line's plain text must contain for a test to pass it (notices aside), so the buffer
 * may skip lines it can tell do not contain it.
 */
export interface LineNeedle {
  text: string;
  caseSensitive: boolean;
  /**
   * A line holding the text passes the test it comes with (the test is this text alone, with no
   * levels, range or exclusion beside it): a line the store's search proves to hold it is taken
   * without being read and tested again.
   */
  decides?: boolean;
}

/**
 * Lines read as objects (the rows drawn, lookups) kept, so that reading one again gives the same:
 * the last read of each seq modulo this (rows on screen are consecutive, so they never collide).
 */
const READ_CACHE_LINES = 4096;

/** Lines already appended whose time changed: the latest change, and how many there were. */
export interface RetimedLines {
  /** Goes up by one at each change. */
  count: number;
  /** The lines the latest change touched: seq `from` to `to - 1`. */
  from: number;
  to: number;
}

/**
 * The retained lines of one log stream (kept by columns: `LineStore`) with everything the view
 * needs kept up to date incrementally: level counts, the filtered view, and the lines matching the
 * search.
 */
export class LogBuffer {
  private readonly store: LineStore;
  readonly levelCounts: LevelCounts;
  /** The stream's times: which lines state one, the zone of zoneless ones, inheritance. */
  readonly clock = new LineClock();
  /**
   * Lines appended earlier that were given a time since (the first lines of the stream, once a
   * line states one): what reads lines by time (the All view) places them again.
   */
  readonly retimed: RetimedLines = { count: 0, from: 0, to: 0 };
  private filter: LineTest | null = null;
  private filterNeedle: LineNeedle | null = null;
  /** Seqs of retained lines passing the filter (empty without a filter). */
  private readonly shown = new SortedIndexList();
  private search: LineTest | null = null;
  private searchNeedle: LineNeedle | null = null;
  /** Seqs of retained lines shown and passing the search (empty without a search). */
  private readonly matches = new SortedIndexList();
  /**
   * A filter applied newest lines first: the retained lines below this seq have not been tested
   * yet (null when every one has). `shown` and `matches` hold what the lines from it on gave.
   */
  private unread: number | null = null;
  private readonly read: (LogLine | undefined)[] = new Array<LogLine | undefined>(READ_CACHE_LINES);
  private readonly times: LineTimes = {
    timeMs: Number.NaN,
    statedMs: Number.NaN,
    zoneless: false,
    inherited: false,
    notice: false,
  };

  constructor(capacity: number) {
    this.store = new LineStore(capacity);
    this.levelCounts = this.store.counts;
  }

  get capacity(): number {
    return this.store.capacity;
  }
  get size(): number {
    return this.store.size;
  }
  /** Lines received since the stream was opened (retained + evicted + cleared). */
  get total(): number {
    return this.store.next;
  }
  get first(): number {
    return this.store.first;
  }
  /** Lines evicted under the cap or by shrinking it. */
  get evicted(): number {
    return this.store.evicted;
  }

  append(lines: Omit<LogLine, 'seq'>[]): void {
    const store = this.store;
    const clock = this.clock;
    const base = store.next;
    const firstBefore = store.first;
    const count = lines.length;
    // every line's time is settled before any is stored, so the filter (a time range) sees the
    // time a line of this batch takes from a later one
    for (let at = 0; at < count; at += 1) {
      const line = lines[at] as LogLine;
      line.seq = base + at;
      const given = clock.observe(line);
      if (given === 0) continue;
      if (line.seq - given < base) this.restate(line.seq - given, base);
      clock.given = [];
    }
    const filter = this.filter;
    const search = this.search;
    for (let at = 0; at < count; at += 1) {
      const line = lines[at] as LogLine;
      store.push(line);
      if (filter !== null) {
        if (!filter(line)) continue;
        this.shown.push(line.seq);
      }
      if (search !== null && search(line)) this.matches.push(line.seq);
    }
    const first = store.first;
    if (first > firstBefore) {
      this.shown.dropBefore(first);
      this.matches.dropBefore(first);
    }
  }

  /**
   * Lines stored earlier (seq `from` to `to - 1`) were given a time: their stored times change
   * and the view tests them again.
   */
  private restate(from: number, to: number): void {
    for (const line of this.clock.given) {
      const seq = (line as LogLine).seq;
      if (seq < to) this.store.restate(seq, line);
    }
    // lines evicted already are not the view's
    const first = Math.max(from, this.store.first);
    if (first >= to) return;
    this.read.fill(undefined);
    const retimed = this.retimed;
    retimed.count += 1;
    retimed.from = first;
    retimed.to = to;
    if (this.filter !== null) this.setFilter(this.filter, this.filterNeedle);
  }

  /** The lines from here on may not follow the last stated time (the stream reconnected). */
  restartTimes(): void {
    this.clock.restart();
  }

  /** The retained line `seq` (the same object while it stays among the recently read). */
  line(seq: number): LogLine | undefined {
    if (seq < this.store.first || seq >= this.store.next) return undefined;
    const slot = seq % READ_CACHE_LINES;
    const kept = this.read[slot];
    if (kept !== undefined && kept.seq === seq) return kept;
    const line = this.store.read(seq);
    this.read[slot] = line;
    return line;
  }

  /** Line `seq` as a new object, not kept among the recently read (for a reader that keeps it). */
  readLine(seq: number): LogLine | undefined {
    return this.store.read(seq);
  }

  /** Visits each retained line that is not a notice: when it happened by `source`, its level. */
  forEachTime(source: TimeSource, visit: (timeMs: number, level: LogLevel | null) => void): void {
    const store = this.store;
    const times = this.times;
    const clock = this.clock;
    for (let seq = store.first; seq < store.next; seq += 1) {
      if (!store.readTimes(seq, times) || times.notice) continue;
      visit(clock.lineTime(times, source), store.levelAt(seq) ?? null);
    }
  }

  /** When line `seq` happened, by `source` (NaN when it is not retained), its text left unread. */
  lineTime(seq: number, source: TimeSource): number {
    const times = this.times;
    return this.store.readTimes(seq, times) ? this.clock.lineTime(times, source) : Number.NaN;
  }

  /** Whether line `seq` is retained, a line of the stream (not a notice) and at error level. */
  isErrorLine(seq: number): boolean {
    return this.store.levelAt(seq) === 'error' && this.store.isNotice(seq) === false;
  }

  /** The level of line `seq` (undefined when it is not retained), its text left unread. */
  levelAt(seq: number): LogLevel | null | undefined {
    return this.store.levelAt(seq);
  }

  /** Lines shown: all retained, or those passing the filter. */
  get viewCount(): number {
    return this.filter !== null ? this.shown.length : this.store.size;
  }

  /** The seq of the line at a view position (undefined past the end), the line left unread. */
  viewSeq(position: number): number | undefined {
    if (this.filter !== null) return this.shown.at(position);
    return position >= 0 && position < this.store.size ? this.store.first + position : undefined;
  }

  viewLine(index: number): LogLine | undefined {
    const seq = this.viewSeq(index);
    return seq === undefined ? undefined : this.line(seq);
  }

  /** View index of the first shown line with seq >= `seq`. */
  viewIndexOf(seq: number): number {
    if (this.filter === null) return Math.max(0, seq - this.store.first);
    return this.shown.lowerBound(seq);
  }

  /**
   * Visits the lines that may contain `needle` (every line without one); with `holds`, a line
   * proven to hold the needle is given to it by seq instead (LineStore.walkMayContain).
   */
  private walk(
    needle: LineNeedle | null,
    visit: (line: LogLine, seq: number) => void,
    holds: ((seq: number) => void) | undefined,
    from: number,
    end: number,
  ): void {
    if (needle === null) this.store.walk(from, visit, end);
    else this.store.walkMayContain(needle.text, needle.caseSensitive, visit, holds, from, end);
  }

  /**
   * Which retained lines' plain text holds `needle`, ignoring case as a filter that does: their
   * seqs, ascending, among the retained lines from `from` to before `end`, found with the store's
   * search a chunk at a time (the All view's filter by text).
   */
  linesHolding(needle: string): { from: number; end: number; indexes: number[] } {
    const store = this.store;
    const indexes: number[] = [];
    const { test } = plainMatcher(needle, false);
    store.walkMayContain(
      needle,
      false,
      (line, seq) => {
        if (test(line.plain, line.ascii)) indexes.push(seq);
      },
      (seq) => indexes.push(seq),
    );
    return { from: store.first, end: store.next, indexes };
  }

  /**
   * Shows only the lines passing `test`; `needle`, when given, is text they all contain. With
   * `newestFirst` (a number of lines) and more lines retained than twice that, only the newest
   * `newestFirst` are tested now; `continueFilter` tests the older ones, newest first, and
   * anything that needs every line (`lines`, `stepMatch`) tests the rest at once.
   */
  setFilter(test: LineTest | null, needle: LineNeedle | null = null, newestFirst = 0): void {
    this.filter = test;
    this.filterNeedle = test === null ? null : needle;
    this.unread = null;
    if (test === null) {
      this.shown.reset();
      this.setSearch(this.search, this.searchNeedle);
      return;
    }
    const store = this.store;
    const from =
      newestFirst > 0 && store.size > 2 * newestFirst ? store.next - newestFirst : store.first;
    const { shown, matched } = this.testLines(from, store.next);
    this.shown.reset(shown);
    this.matches.reset(matched);
    if (from > store.first) this.unread = from;
  }

  /**
   * Tests up to `lines` more of the lines a filter applied newest first has not tested, the
   * newest of them first; whether some are left.
   */
  continueFilter(lines: number): boolean {
    const end = this.unread;
    if (end === null) return false;
    const first = this.store.first;
    const from = Math.max(first, end - Math.max(1, lines));
    if (from < end) {
      const { shown, matched } = this.testLines(from, end);
      this.shown.prepend(shown);
      this.matches.prepend(matched);
    }
    this.unread = from > first ? from : null;
    return this.unread !== null;
  }

  /** Tests at once every line a filter applied newest first has not tested yet. */
  settleFilter(): void {
    this.continueFilter(Number.POSITIVE_INFINITY);
  }

  /**
   * How far a filter applied newest first has come: the retained lines tested and of how many
   * (null when every one has been).
   */
  get filterProgress(): { tested: number; of: number } | null {
    const unread = this.unread;
    if (unread === null) return null;
    const store = this.store;
    return { tested: store.next - Math.max(unread, store.first), of: store.size };
  }

  /** The seqs of the lines from `from` to before `end` passing the filter, and the search too. */
  private testLines(from: number, end: number): { shown: number[]; matched: number[] } {
    const test = this.filter as LineTest;
    const search = this.search;
    const shown: number[] = [];
    const matched: number[] = [];
    this.walk(
      this.filterNeedle,
      (line, seq) => {
        if (!test(line)) return;
        shown.push(seq);
        if (search?.(line)) matched.push(seq);
      },
      // a line proven to pass is shown unread, unless the search must read it too
      this.filterNeedle?.decides === true && search === null ? (seq) => shown.push(seq) : undefined,
      from,
      end,
    );
    return { shown, matched };
  }

  /**
   * Marks the shown lines passing `test`; `needle`, when given, is text they all contain. Under a
   * filter applied newest first, only the lines it has tested are searched (the rest are as it
   * tests them).
   */
  setSearch(test: LineTest | null, needle: LineNeedle | null = null): void {
    this.search = test;
    this.searchNeedle = test === null ? null : needle;
    const matched: number[] = [];
    if (test !== null) {
      const filter = this.filter;
      const store = this.store;
      this.walk(
        needle,
        (line, seq) => {
          if ((filter === null || filter(line)) && test(line)) matched.push(seq);
        },
        // without a filter every line is shown: one proven to pass is marked unread
        needle?.decides === true && filter === null ? (seq) => matched.push(seq) : undefined,
        this.unread ?? store.first,
        store.next,
      );
    }
    this.matches.reset(matched);
  }

  get matchCount(): number {
    return this.matches.length;
  }

  /** The match after (or before) `seq`, wrapping around; undefined when there is none. */
  stepMatch(seq: number | null, direction: 1 | -1): { seq: number; ordinal: number } | undefined {
    this.settleFilter();
    const matches = this.matches;
    const count = matches.length;
    if (count === 0) return undefined;
    let position: number;
    if (seq === null) position = direction === 1 ? 0 : count - 1;
    else if (direction === 1) {
      position = matches.lowerBound(seq + 1);
      if (position >= count) position = 0;
    } else {
      position = matches.lowerBound(seq) - 1;
      if (position < 0) position = count - 1;
    }
    return { seq: matches.at(position) as number, ordinal: position + 1 };
  }

  /** 1-based position of `seq` among the matches, or 0. */
  matchOrdinal(seq: number | null): number {
    if (seq === null) return 0;
    const position = this.matches.lowerBound(seq);
    return this.matches.at(position) === seq ? position + 1 : 0;
  }

  /** Retained lines in order, optionally only those shown. */
  lines(onlyShown: boolean): LogLine[] {
    const out: LogLine[] = [];
    const store = this.store;
    if (onlyShown && this.filter !== null) {
      this.settleFilter();
      for (let position = 0; position < this.shown.length; position += 1) {
        const line = store.read(this.shown.at(position) as number);
        if (line !== undefined) out.push(line);
      }
      return out;
    }
    for (let seq = store.first; seq < store.next; seq += 1) out.push(store.read(seq) as LogLine);
    return out;
  }

  clear(): void {
    this.unread = null;
    this.store.clear();
    this.shown.reset();
    this.matches.reset();
    this.read.fill(undefined);
    this.clock.dropWaiting();
  }

  resize(capacity: number): void {
    this.store.resize(capacity);
    const first = this.store.first;
    this.shown.dropBefore(first);
    this.matches.dropBefore(first);
  }
}
