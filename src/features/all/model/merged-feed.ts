/**
 * One list in time order over several live sources (the session's telemetry and each open log
 * stream): the model of the All view. Each source is read, not told: the feed remembers how far it
 * read each one (absolute indexes, as every retained list in this app counts them) and reads what
 * is new when the source changed. A source laid out again (history put in place) is noticed by
 * its last item read no longer being where it was, and the feed is built again. The feed keeps
 * its own rows up to its own capacity: lines cleared from a stream's tab stay here.
 *
 * Order: a log source's own order is kept (a log file's order is the truth even when its stated
 * times step back); a source whose order is only the order its items arrived in (`byTime`: the
 * telemetry, where a screenshot arrives after the events of its capture) has its rows placed by
 * time; sources are interleaved by time. Live rows are held for `HOLD_MS` after they arrive, so
 * that a line read from a file 50 ms after the event of the same moment still lands next to it;
 * a row placed after a row of a later time (it arrived past the hold) is flagged `late`.
 *
 * An item's time can change after it was read (a log stream's first lines, which state no time,
 * take the next time a line states): a row still held takes the new time; one placed already has
 * the list built again, so that it stands where its time puts it.
 */
import { FilteredRing, type ItemTest } from '../../../lib/filtered-ring';
import { mergeByTime, mergeKeys } from './merge-lists';
import { RowKeysBySource } from './row-keys-by-source';
import { TextColumn, columnNeedle, type TextMatches } from './text-column';

export type { TextMatches };

export type AllLevel = 'error' | 'warn' | 'info' | 'debug' | 'none';
export const ALL_LEVELS: readonly AllLevel[] = ['error', 'warn', 'info', 'debug', 'none'];

/** What the All view needs to know of an item, worked out once when it is read. */
export interface RowFacts {
  /** The item's time on the one axis, Unix ms. */
  timeMs: number;
  /** One line of text for the row, and what the search looks at. */
  text: string;
  level: AllLevel;
  /** Counts toward "errors only" (an error line, a console error, a failed request…). */
  error: boolean;
  /** What the row is, in a word (an event's category, a stream's name), and its colour variable. */
  tag: string;
  color: string;
  /** The text is known to be ASCII only (a log line says so); the filter finds out otherwise. */
  ascii?: boolean;
  /** A mark a person set: shown whatever the filters but the time range. */
  mark?: boolean;
}

/** Items of a source whose time changed once read: the latest change, and how many there were. */
export interface RetimedItems {
  /** Goes up by one at each change. */
  readonly count: number;
  /** The items the latest change touched: indexes `from` to `to - 1`. */
  readonly from: number;
  readonly to: number;
}

/** A live list the feed reads: telemetry events or the lines of one log stream. */
export interface FeedSource<T = unknown> {
  /** Stable while the source exists, e.g. `telemetry` or a log tab's id. */
  readonly id: string;
  /** For people: `Telemetry`, `chromium`, `app.log`. */
  readonly label: string;
  readonly kind: 'telemetry' | 'log';
  /** Absolute index of the oldest retained item, and the one the next item will get. */
  first(): number;
  next(): number;
  item(index: number): T | undefined;
  facts(item: T): RowFacts;
  /** Whether an item gets a row (all when absent): a copy of what another source shows does not. */
  include?(item: T): boolean;
  /** Items whose time changed after they were added (absent: an item's time never changes). */
  retimed?(): RetimedItems;
  /**
   * Its order is only the order its items arrived in, their times are the truth: its rows are
   * placed by time (absent: its own order is kept, as a log file's).
   */
  readonly byTime?: boolean;
  /**
   * The item under an index never changes while it is retained, though reading it may give a new
   * object each time (a log stream's lines): the check for a source laid out again by comparing
   * its newest item is skipped.
   */
  readonly stable?: boolean;
  /**
   * Its retained items whose row text holds `needle`, ignoring case as the filter does, found by
   * the source's own search (a log stream searches its text a chunk at a time): a filter by text
   * alone then reads no row of it. Only for a source none of whose rows is a mark (a mark passes
   * whatever the text). Absent: each row's text is tested.
   */
  matching?(needle: string): TextMatches;
}

export interface AllRow extends RowFacts {
  source: FeedSource;
  /**
   * The item, kept by the row only for a source that is not `stable` (for a stable one, such as a
   * log stream whose lines are columns, it is read from the source when asked: see `rowItem`; an
   * object per line held by a million rows was about 80 bytes of each row's 210).
   */
  item: unknown;
  /** The item's absolute index in its source. */
  index: number;
  /** Placed after a row of a later time (it arrived past the hold). */
  late: boolean;
  /** Whether the text is ASCII only: known from its source, or found once a text filter looked. */
  ascii: boolean | undefined;
  mark: boolean;
}

/** How long a live row waits for rows of the same moment from other sources. */
export const HOLD_MS = 750;

interface Cursor {
  next: number;
  /** The item at `next - 1` when it was read: a different one there means the source was re-laid. */
  last: unknown;
  /** Rows read and not yet placed, in the source's order. */
  queue: AllRow[];
  /**
   * When the feed read each row of `queue` (performance.now ms), beside it: kept here, not by the
   * row, since it matters only while the row is held.
   */
  arrivals: number[];
  /** Read position in `queue` (placed rows before it are dropped in bulk). */
  head: number;
  /** The source's count of time changes when last looked at. */
  retimes: number;
  /** Index after the last row placed. */
  placedNext: number;
}

export class MergedFeed {
  readonly ring: FilteredRing<AllRow>;
  private sources: readonly FeedSource[] = [];
  private readonly keys = new RowKeysBySource<FeedSource>();
  private readonly cursors = new Map<FeedSource, Cursor>();
  /** The row texts of each source that cannot search its own (`matching`), for the filter. */
  private readonly texts = new Map<FeedSource, TextColumn>();
  private lastPlacedMs = Number.NEGATIVE_INFINITY;
  /** Items a source evicted before the feed read them (a source outran the view). */
  skipped = 0;
  /** Times the feed was built again from every source. */
  builds = 0;

  constructor(capacity: number) {
    this.ring = new FilteredRing<AllRow>(capacity, [this.keys]);
  }

  get capacity(): number {
    return this.ring.capacity;
  }

  /** Sets the sources (in the order their rows win ties) and builds the list from them. */
  setSources(sources: readonly FeedSource[], capacity = this.ring.capacity): void {
    this.sources = sources;
    if (capacity !== this.ring.capacity) this.ring.resize(capacity);
    this.build();
  }

  /** Rows of every source, retained now, merged by time; nothing held. */
  build(): void {
    this.builds += 1;
    this.cursors.clear();
    this.texts.clear();
    const lists: AllRow[][] = [];
    for (const source of this.sources) {
      const rows: AllRow[] = [];
      const first = source.first();
      const next = source.next();
      const texts = this.textColumnOf(source);
      for (let index = first; index < next; index += 1) {
        const item = source.item(index);
        if (item !== undefined && (source.include?.(item) ?? true)) {
          const row = makeRow(source, item, index);
          texts?.add(index, row.text, row.mark);
          rows.push(row);
        }
      }
      // a stable sort: rows of one time keep their order
      if (source.byTime) rows.sort((a, b) => a.timeMs - b.timeMs || 0);
      lists.push(rows);
      this.cursors.set(source, {
        next,
        last: next > first ? source.item(next - 1) : undefined,
        queue: [],
        arrivals: [],
        head: 0,
        retimes: source.retimed?.().count ?? 0,
        placedNext: next,
      });
    }
    const merged = mergeByTime(lists);
    this.lastPlacedMs = Number.NEGATIVE_INFINITY;
    for (const row of merged) {
      if (row.timeMs < this.lastPlacedMs) row.late = true;
      else if (row.timeMs >= this.lastPlacedMs) this.lastPlacedMs = row.timeMs;
    }
    this.ring.rebuild(merged);
  }

  /**
   * Reads what is new in every source. Returns false when a source was laid out again and the
   * list was built anew instead (the caller shows the new list).
   */
  pull(nowMs: number): boolean {
    for (const source of this.sources) {
      const cursor = this.cursors.get(source);
      if (!cursor) continue;
      const first = source.first();
      const next = source.next();
      const lastIndex = cursor.next - 1;
      const relaid =
        next < cursor.next ||
        (lastIndex >= first &&
          cursor.next > 0 &&
          source.stable !== true &&
          source.item(lastIndex) !== cursor.last);
      if (relaid || !this.retime(source, cursor)) {
        this.build();
        return false;
      }
      let from = cursor.next;
      if (from < first) {
        this.skipped += first - from;
        from = first;
      }
      const texts = this.texts.get(source);
      for (let index = from; index < next; index += 1) {
        const item = source.item(index);
        if (item === undefined || !(source.include?.(item) ?? true)) continue;
        const row = makeRow(source, item, index);
        texts?.add(index, row.text, row.mark);
        if (source.byTime) holdByTime(cursor, row, nowMs);
        else {
          cursor.queue.push(row);
          cursor.arrivals.push(nowMs);
        }
      }
      if (next > cursor.next) {
        cursor.next = next;
        cursor.last = source.item(next - 1);
      }
    }
    return true;
  }

  /** A new text column for a source that cannot search its own rows; undefined for one that can. */
  private textColumnOf(source: FeedSource): TextColumn | undefined {
    if (source.matching) return undefined;
    const column = new TextColumn(this.ring.capacity);
    this.texts.set(source, column);
    return column;
  }

  /**
   * Gives held rows of `source` the times its items changed to. False when a placed row changed
   * (the list is to be built again): one change since the last look is checked, more are rare
   * enough (two reconnects within a frame) to build again.
   */
  private retime(source: FeedSource, cursor: Cursor): boolean {
    const retimed = source.retimed?.();
    if (retimed === undefined || retimed.count === cursor.retimes) return true;
    const once = retimed.count === cursor.retimes + 1;
    cursor.retimes = retimed.count;
    const { from, to } = retimed;
    if (!once || from < cursor.placedNext) return false;
    const queue = cursor.queue;
    for (let at = cursor.head; at < queue.length; at += 1) {
      const row = queue[at] as AllRow;
      if (row.index >= to) break;
      if (row.index < from) continue;
      // read again: a source may give a new object for the item now that its time changed
      const item = source.item(row.index);
      if (item === undefined) continue;
      if (source.stable !== true) row.item = item;
      row.timeMs = source.facts(item).timeMs;
    }
    return true;
  }

  /** Rows read and not placed yet. */
  get held(): number {
    let count = 0;
    for (const cursor of this.cursors.values()) count += cursor.queue.length - cursor.head;
    return count;
  }

  /**
   * Places the held rows that are due: every row held `HOLD_MS` (or all with `flush`), and with
   * them any held row of an earlier time. Returns the rows placed, and the wait until the next
   * held row is due (null when none is held).
   */
  release(nowMs: number, flush = false): { placed: number; dueInMs: number | null } {
    let bound = Number.NEGATIVE_INFINITY;
    const ripeUntil = new Map<Cursor, number>();
    for (const cursor of this.cursors.values()) {
      let at = cursor.head;
      while (
        at < cursor.queue.length &&
        (flush || nowMs - (cursor.arrivals[at] as number) >= HOLD_MS)
      ) {
        bound = Math.max(bound, (cursor.queue[at] as AllRow).timeMs);
        at += 1;
      }
      ripeUntil.set(cursor, at);
    }
    let placed = 0;
    const cursors = [...this.cursors.values()];
    for (;;) {
      let pick: Cursor | undefined;
      for (const cursor of cursors) {
        if (cursor.head >= cursor.queue.length) continue;
        const row = cursor.queue[cursor.head] as AllRow;
        const due = cursor.head < (ripeUntil.get(cursor) ?? 0) || row.timeMs <= bound;
        if (!due) continue;
        if (!pick || row.timeMs < (pick.queue[pick.head] as AllRow).timeMs) pick = cursor;
      }
      if (!pick) break;
      const row = pick.queue[pick.head] as AllRow;
      pick.head += 1;
      pick.placedNext = Math.max(pick.placedNext, row.index + 1);
      if (row.timeMs < this.lastPlacedMs) row.late = true;
      else this.lastPlacedMs = row.timeMs;
      this.ring.push(row);
      placed += 1;
    }
    let dueInMs: number | null = null;
    for (const cursor of cursors) {
      if (cursor.head > 0 && cursor.head * 2 >= cursor.queue.length) {
        cursor.queue.splice(0, cursor.head);
        cursor.arrivals.splice(0, cursor.head);
        cursor.head = 0;
      }
      const arrived = cursor.arrivals[cursor.head];
      if (arrived !== undefined) {
        const wait = Math.max(0, arrived + HOLD_MS - nowMs);
        dueInMs = dueInMs === null ? wait : Math.min(dueInMs, wait);
      }
    }
    return { placed, dueInMs };
  }

  /**
   * Shows only the rows passing `test`. `needle`: the filter is by this text alone (a row passes
   * when its text holds it, ignoring case, or it is a mark), so the sources that can say which of
   * their items hold it are asked, the feed's own texts of the others are searched (`TextColumn`),
   * and only the rows neither knows (lines a tab no longer keeps) are read and tested.
   */
  setFilter(test: ItemTest<AllRow> | null, needle: string | null = null): void {
    const lower = needle === null ? null : columnNeedle(needle);
    const found =
      test === null || needle === null
        ? []
        : this.sources.map((source) => {
            if (source.matching) return source.matching(needle);
            const texts = this.texts.get(source);
            return texts && lower !== null ? texts.holding(lower) : null;
          });
    if (test === null || !found.some((matches) => matches !== null)) {
      this.ring.setFilter(test);
      return;
    }
    const { ring } = this;
    const first = ring.first;
    // each source's passing rows, by key, then merged
    const lists: number[][] = [];
    this.sources.forEach((source, place) => {
      const keys = this.keys.of(source);
      if (keys === undefined) return;
      const list: number[] = [];
      // a row the source cannot answer for (its item cleared from the tab, or no answer) is read
      const read = (from: number, to: number): void => {
        for (let index = from; index < to; index += 1) {
          const key = keys.keyOf(index);
          if (key < first) continue;
          const row = ring.at(key);
          if (row !== undefined && test(row)) list.push(key);
        }
      };
      const matches = found[place] ?? null;
      if (matches === null) read(keys.start, keys.end);
      else {
        const { from, end, indexes } = matches;
        read(keys.start, Math.min(from, keys.end));
        keys.keysOf(indexes, first, list);
        read(Math.max(keys.start, end), keys.end);
      }
      // a source placed by time has its rows in about the order of its items, not exactly
      if (source.byTime) list.sort((a, b) => a - b);
      lists.push(list);
    });
    const passing = mergeKeys(lists);
    ring.setFilter(test, passing);
  }
}

/**
 * Holds a row of a `byTime` source, read at `nowMs`, in time order among the rows still held:
 * before the held rows of a later time, taking the arrival of the first of them, so that it is
 * due no later than they.
 */
function holdByTime(cursor: Cursor, row: AllRow, nowMs: number): void {
  const { queue, arrivals } = cursor;
  let at = queue.length;
  while (at > cursor.head && (queue[at - 1] as AllRow).timeMs > row.timeMs) at -= 1;
  const arrived = at < queue.length ? Math.min(nowMs, arrivals[at] as number) : nowMs;
  queue.splice(at, 0, row);
  arrivals.splice(at, 0, arrived);
}

/** A row's item: the one it keeps, or its stable source's (undefined once no longer kept there). */
export function rowItem(row: AllRow): unknown {
  return row.item ?? row.source.item(row.index);
}

function makeRow(source: FeedSource, item: unknown, index: number): AllRow {
  const facts = source.facts(item);
  return {
    timeMs: facts.timeMs,
    text: facts.text,
    level: facts.level,
    error: facts.error,
    tag: facts.tag,
    color: facts.color,
    ascii: facts.ascii,
    mark: facts.mark ?? false,
    source,
    item: source.stable === true ? undefined : item,
    index,
    late: false,
  };
}
