/**
 * The retained lines of one log stream, kept by columns in chunks (line-chunk.ts) rather than as an
 * object and two strings per line: a line costs its plain text (one byte a character: Latin-1
 * as it is, anything else as its UTF-8 bytes) plus about seven bytes. Lines are read as `LogLine`
 * objects only for the rows drawn and on demand; the filter and search walk them through one
 * reused object.
 */
import { escapeRegex, isAscii } from '../../../lib/plain-match';
import type { LogLevel } from '../model/level';
import type { TimeFrom } from '../model/line-clock';
import { CHUNK_CHARS, CHUNK_LINES, Chunk } from './line-chunk';
import {
  ASCII,
  LATIN1,
  LONE_SURROGATE,
  SURROGATE,
  NOTICE,
  UTF8,
  WIDE,
  ZONELESS,
  charsOf,
  emptyCounts,
  fromUtf8Bytes,
  inheritedOf,
  levelKeyOf,
  levelOf,
  lineCode,
  retimedCode,
  storedAsUtf8,
  toUtf8Bytes,
  type Chars,
  type LevelCounts,
} from './line-codes';

export { emptyCounts, type LevelCounts, type LevelKey } from './line-codes';

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

/**
 * A line read through the store while it walks its lines (the filter and search): one object,
 * filled again for each line, whose times and text as received are read only if asked for. Never
 * kept: `LineStore.read` gives lines to keep.
 */
class WalkedLine implements LogLine {
  seq = 0;
  plain = '';
  level: LogLevel | null = null;
  ascii = true;
  notice = false;
  code = 0;
  chunk: Chunk | null = null;
  index = 0;
  get text(): string {
    return (this.chunk as Chunk).textAt(this.index, this.plain);
  }
  get timeMs(): number {
    return (this.chunk as Chunk).getTime(false, this.index);
  }
  get statedMs(): number {
    return (this.chunk as Chunk).getTime(true, this.index);
  }
  get zoneless(): boolean {
    return (this.code & ZONELESS) !== 0;
  }
  get inherited(): TimeFrom {
    return inheritedOf(this.code);
  }
}

/** The fields of a stored line that give its time, read without reading its text. */
export interface LineTimes {
  timeMs: number;
  statedMs: number;
  zoneless: boolean;
  inherited: TimeFrom;
  notice: boolean;
}

/** A bounded, append-only store of lines keyed by seq (the n-th line pushed has seq n, from 0). */
export class LineStore {
  private chunks: Chunk[] = [];
  /** Index in `chunks` of the oldest chunk kept. */
  private head = 0;
  private open: Chunk | null = null;
  private lastRead: Chunk | null = null;
  private readonly spans: number[] = [];
  private readonly walked = new WalkedLine();
  /** Seq of the oldest retained line, and the seq the next line gets. */
  first = 0;
  next = 0;
  /** Lines dropped under the cap or by shrinking it. */
  evicted = 0;
  readonly counts: LevelCounts = emptyCounts();

  constructor(public capacity: number) {}

  get size(): number {
    return this.next - this.first;
  }

  /** Stores a line under seq `next`, evicting the oldest when full. */
  push(line: Omit<LogLine, 'seq'>): void {
    const plain = line.plain;
    let stored = plain;
    let chars: Chars = ASCII;
    let kept = false;
    if (!line.ascii) {
      if (!WIDE.test(plain)) chars = LATIN1;
      else {
        chars = UTF8;
        kept = SURROGATE.test(plain) && LONE_SURROGATE.test(plain);
        stored = kept ? '' : toUtf8Bytes(plain);
      }
    }
    let chunk = this.open;
    if (
      chunk === null ||
      chunk.count === CHUNK_LINES ||
      (chunk.count > 0 && (chunk.chars + stored.length > CHUNK_CHARS || stored.length > 0xfffe))
    ) {
      chunk?.seal();
      chunk = new Chunk(this.next);
      this.chunks.push(chunk);
      this.open = chunk;
      this.dropEvicted();
    }
    const index = chunk.count;
    const code = lineCode(line.level, line.inherited, chars, line.notice, line.zoneless);
    chunk.codes[index] = code;
    if (line.text !== plain) chunk.keepEscapes(index, line.text, plain, this.spans);
    if (kept) (chunk.kept ??= new Map()).set(index, plain);
    chunk.putTime(false, index, line.timeMs);
    chunk.putTime(true, index, line.statedMs);
    (chunk.plains as string[]).push(stored);
    chunk.lengths[index] = stored.length;
    chunk.chars += stored.length;
    chunk.count = index + 1;
    this.counts[levelKeyOf(code)] += 1;
    this.next += 1;
    if (stored.length > 0xfffe) {
      // a line this long is alone in its chunk
      chunk.seal();
      this.open = null;
      this.dropEvicted();
    }
    if (this.next - this.first > this.capacity) this.evictTo(this.next - this.capacity);
  }

  /** Drops the lines before seq `first`. */
  private evictTo(first: number): void {
    const counts = this.counts;
    while (this.first < first) {
      const chunk = this.chunks[this.head] as Chunk;
      const end = Math.min(first, chunk.first + chunk.count);
      for (let seq = this.first; seq < end; seq += 1)
        counts[levelKeyOf(chunk.codes[seq - chunk.first] as number)] -= 1;
      this.evicted += end - this.first;
      this.first = end;
      this.dropEvicted();
    }
  }

  /** Lets go of the chunks at the head whose lines are all evicted (except the one appended to). */
  private dropEvicted(): void {
    const chunks = this.chunks;
    while (this.head < chunks.length) {
      const chunk = chunks[this.head] as Chunk;
      if (chunk === this.open || chunk.first + chunk.count > this.first) break;
      if (chunk === this.lastRead) this.lastRead = null;
      this.head += 1;
    }
    if (this.head > 64 && this.head * 2 > chunks.length) {
      this.chunks = chunks.slice(this.head);
      this.head = 0;
    }
  }

  private chunkOf(seq: number): Chunk | undefined {
    if (seq < this.first || seq >= this.next) return undefined;
    const last = this.lastRead;
    if (last !== null && seq >= last.first && seq < last.first + last.count) return last;
    const chunks = this.chunks;
    let low = this.head;
    let high = chunks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if ((chunks[middle] as Chunk).first <= seq) low = middle;
      else high = middle - 1;
    }
    const chunk = chunks[low] as Chunk;
    this.lastRead = chunk;
    return chunk;
  }

  /** The retained line `seq`, as a new object to keep; undefined when not retained. */
  read(seq: number): LogLine | undefined {
    const chunk = this.chunkOf(seq);
    if (chunk === undefined) return undefined;
    const index = seq - chunk.first;
    const code = chunk.codes[index] as number;
    const plain = chunk.plainOf(index, chunk.storedAt(index));
    return {
      seq,
      timeMs: chunk.getTime(false, index),
      statedMs: chunk.getTime(true, index),
      zoneless: (code & ZONELESS) !== 0,
      inherited: inheritedOf(code),
      text: chunk.textAt(index, plain),
      plain,
      level: levelOf(code),
      ascii: charsOf(code) === ASCII,
      notice: (code & NOTICE) !== 0,
    };
  }

  /** The time fields of line `seq` into `out` (no text read); false when it is not retained. */
  readTimes(seq: number, out: LineTimes): boolean {
    const chunk = this.chunkOf(seq);
    if (chunk === undefined) return false;
    const index = seq - chunk.first;
    const code = chunk.codes[index] as number;
    out.timeMs = chunk.getTime(false, index);
    out.statedMs = chunk.getTime(true, index);
    out.zoneless = (code & ZONELESS) !== 0;
    out.inherited = inheritedOf(code);
    out.notice = (code & NOTICE) !== 0;
    return true;
  }

  /** The level of line `seq` (undefined when it is not retained). */
  levelAt(seq: number): LogLevel | null | undefined {
    const chunk = this.chunkOf(seq);
    return chunk === undefined ? undefined : levelOf(chunk.codes[seq - chunk.first] as number);
  }

  /** Whether line `seq` is a notice (undefined when it is not retained). */
  isNotice(seq: number): boolean | undefined {
    const chunk = this.chunkOf(seq);
    return chunk === undefined
      ? undefined
      : ((chunk.codes[seq - chunk.first] as number) & NOTICE) !== 0;
  }

  /** Line `seq` was given a time after it was stored (its stated time, zone and where it came from). */
  restate(seq: number, line: LineTimes): void {
    const chunk = this.chunkOf(seq);
    if (chunk === undefined) return;
    const index = seq - chunk.first;
    chunk.codes[index] = retimedCode(chunk.codes[index] as number, line.zoneless, line.inherited);
    chunk.putTime(true, index, line.statedMs);
  }

  /** Fills the walked line with line `index` of `chunk`, from what is stored for it. */
  private fill(chunk: Chunk, index: number, stored: string): WalkedLine {
    const line = this.walked;
    const code = chunk.codes[index] as number;
    const chars = charsOf(code);
    line.chunk = chunk;
    line.seq = chunk.first + index;
    line.index = index;
    line.code = code;
    line.plain = chars === UTF8 ? (chunk.kept?.get(index) ?? fromUtf8Bytes(stored)) : stored;
    line.level = levelOf(code);
    line.notice = (code & NOTICE) !== 0;
    line.ascii = chars === ASCII;
    return line;
  }

  /**
   * Visits the retained lines from seq `from` on (to before `end`), oldest first, through one
   * reused object (valid only during the call; its times and its `text` are read only when asked
   * for).
   */
  walk(from: number, visit: (line: LogLine, seq: number) => void, end = this.next): void {
    const chunks = this.chunks;
    const start = Math.max(from, this.first);
    for (let at = this.head; at < chunks.length; at += 1) {
      const chunk = chunks[at] as Chunk;
      if (chunk.first + chunk.count <= start) continue;
      if (chunk.first >= end) break;
      const { lengths, plains, text } = chunk;
      let index = Math.max(0, start - chunk.first);
      let position = plains === null ? chunk.startOf(index) : 0;
      const stop = Math.min(chunk.count, end - chunk.first);
      for (; index < stop; index += 1) {
        let stored: string;
        if (plains !== null) stored = plains[index] as string;
        else {
          const end = position + (lengths[index] as number);
          stored = text.slice(position, end);
          position = end;
        }
        visit(this.fill(chunk, index, stored), chunk.first + index);
      }
    }
    this.walked.chunk = null;
  }

  /**
   * Visits, as `walk` does, the retained lines whose plain text may contain `needle`, skipping
   * lines it is known not to be in: in a sealed chunk one search of its whole text finds the lines
   * that hold it (an ASCII needle is in a line's UTF-8 bytes where it is in its text, and no
   * Latin-1 letter matches an ASCII one, in either case). Ignoring case, two characters lower-case
   * to ASCII letters (`İ` to `i̇`, the Kelvin sign to `k`): lines holding them are visited too, as
   * are notices, lines kept apart and the lines of the open chunk. A needle that is not ASCII visits
   * every line.
   *
   * With `holds`, a line the search shows to hold the needle (a match wholly inside its stored
   * text) is not visited but given to `holds` by seq alone: an ASCII needle found in a line's
   * stored text is in its plain text, ignoring case as a filter does or not. A match that starts in
   * one line and ends in the next proves nothing, and the line is visited.
   *
   * Only the lines from seq `from` to before `end` are looked at (every retained line by default).
   */
  walkMayContain(
    needle: string,
    caseSensitive: boolean,
    visit: (line: LogLine, seq: number) => void,
    holds?: (seq: number) => void,
    from = this.first,
    end = this.next,
  ): void {
    if (needle === '' || !isAscii(needle)) {
      this.walk(from, visit, end);
      return;
    }
    const pattern = new RegExp(escapeRegex(needle), caseSensitive ? 'g' : 'gi');
    // the UTF-8 bytes of those two characters, as stored, looked for on their own (a pattern with
    // alternatives is searched far slower than a single string), and only in lines stored as
    // UTF-8, the only ones that can hold them: a search of the chunk's whole text for them cost
    // a filter a fifth of its time (docs/performance.md, 2026-11-28)
    const others: string[] = [];
    if (!caseSensitive && /i/i.test(needle)) others.push('\u00c4\u00b0');
    if (!caseSensitive && /k/i.test(needle)) others.push('\u00e2\u0084\u00aa');
    const wide = others.length > 0;
    const chunks = this.chunks;
    const start = Math.max(from, this.first);
    for (let at = this.head; at < chunks.length; at += 1) {
      const chunk = chunks[at] as Chunk;
      if (chunk.first + chunk.count <= start) continue;
      if (chunk.first >= end) break;
      const { lengths, plains, text, codes, kept } = chunk;
      let index = Math.max(0, start - chunk.first);
      const count = Math.min(chunk.count, end - chunk.first);
      if (plains !== null) {
        for (; index < count; index += 1)
          visit(this.fill(chunk, index, plains[index] as string), chunk.first + index);
        continue;
      }
      let position = chunk.startOf(index);
      pattern.lastIndex = position;
      let found = pattern.exec(text)?.index ?? Number.POSITIVE_INFINITY;
      for (; index < count; index += 1) {
        const end = position + (lengths[index] as number);
        const code = codes[index] as number;
        // most lines: before the next match, not a notice, nothing kept apart, no letter to look
        // for beside the needle (a fifth of a filter's time in Chromium was this loop's, before)
        if (
          found >= end &&
          (code & NOTICE) === 0 &&
          kept === null &&
          (!wide || !storedAsUtf8(code))
        ) {
          position = end;
          continue;
        }
        // a line kept apart (not UTF-8 representable) has nothing in the text to find
        let visitIt = (code & NOTICE) !== 0 || (kept !== null && kept.has(index));
        let proven = false;
        if (found < end) {
          proven = found + needle.length <= end;
          visitIt = true;
          pattern.lastIndex = end;
          found = pattern.exec(text)?.index ?? Number.POSITIVE_INFINITY;
        }
        if (!visitIt && wide && storedAsUtf8(code))
          visitIt = holdsAny(text.slice(position, end), others);
        if (proven && holds !== undefined) holds(chunk.first + index);
        else if (visitIt)
          visit(this.fill(chunk, index, text.slice(position, end)), chunk.first + index);
        position = end;
      }
    }
    this.walked.chunk = null;
  }

  /** Drops every line; seqs go on from where they were. */
  clear(): void {
    this.chunks = [];
    this.head = 0;
    this.open = null;
    this.lastRead = null;
    this.first = this.next;
    Object.assign(this.counts, emptyCounts());
  }

  /** Changes the capacity, dropping the oldest lines over it. */
  resize(capacity: number): void {
    this.capacity = capacity;
    if (this.next - this.first > capacity) this.evictTo(this.next - capacity);
  }
}

/** Whether `stored` holds any of `parts`. */
function holdsAny(stored: string, parts: readonly string[]): boolean {
  for (const part of parts) if (stored.includes(part)) return true;
  return false;
}
