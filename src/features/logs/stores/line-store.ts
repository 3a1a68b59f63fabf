/**
 * The retained lines of one log stream, kept by columns in chunks rather than as an object (and two
 * strings) per line. A chunk holds up to 64 K characters of its lines' plain text (escape
 * sequences removed) as one string with where each line ends, and per line a code byte (level,
 * notice, how its time was found), its read time and stated time as whole milliseconds after the
 * chunk's own bases; the escape sequences removed are kept apart, by line and position, so the text
 * as received is put together again when a line is read. A line costs its plain text (one byte a
 * character for Latin-1 text) plus about eleven bytes; lines are read as `LogLine` objects only for
 * the rows drawn and on demand, and the filter and search read them through one reused object.
 */
import { isAscii } from '../../../lib/plain-match';
import { ansiSpans } from '../model/ansi';
import { LEVELS, type LogLevel } from '../model/level';
import type { TimeFrom } from '../model/line-clock';

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
export type LevelCounts = Record<LevelKey, number>;

export function emptyCounts(): LevelCounts {
  return { error: 0, warn: 0, info: 0, debug: 0, trace: 0, none: 0 };
}

const LEVEL_MASK = 0x07;
const NOTICE = 0x08;
const ZONELESS = 0x10;
const FROM_PREVIOUS = 0x20;
const FROM_NEXT = 0x40;
/** The line is stored as its UTF-8 bytes (it has a character outside Latin-1). */
const UTF8 = 0x80;

const LEVEL_KEYS: readonly LevelKey[] = ['none', ...LEVELS];

/** A character outside Latin-1: a string holding one takes two bytes for each of its characters. */
// eslint-disable-next-line no-control-regex -- the whole Latin-1 range, NUL included
const WIDE = /[^\u0000-\u00ff]/;
/** A surrogate without its pair, which UTF-8 cannot hold. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const encoder = new TextEncoder();
// a byte order mark at the start of a line is a character of the line, kept
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
let scratch = new Uint8Array(4096);

/**
 * A line's text as its UTF-8 bytes, one character a byte: a Latin-1 string, so the chunk's text
 * stays one byte a character, and an ASCII needle matches it where it matches the line.
 */
function toUtf8Bytes(text: string): string {
  const bytes = encoder.encode(text);
  let out = '';
  for (let at = 0; at < bytes.length; at += 8192)
    out += String.fromCharCode.apply(null, bytes.subarray(at, at + 8192) as unknown as number[]);
  return out;
}

function fromUtf8Bytes(stored: string): string {
  const length = stored.length;
  if (scratch.length < length) scratch = new Uint8Array(length * 2);
  const bytes = scratch;
  for (let at = 0; at < length; at += 1) bytes[at] = stored.charCodeAt(at);
  return decoder.decode(bytes.subarray(0, length));
}

/**
 * Times are whole ms after the chunk's base: 16 bits while every one fits (a chunk's lines mostly
 * come within a minute), 32 bits from the first that does not. Two values of each stand for no
 * time and for a time kept beside the column (one that is not whole ms or not within 32 bits).
 */
type TimeColumn = Uint16Array | Int32Array;
const NARROW_NONE = 0xffff;
const NARROW_ELSEWHERE = 0xfffe;
const NARROW_MAX = 0xfffd;
const WIDE_NONE = -0x80000000;
const WIDE_ELSEWHERE = -0x7fffffff;

/** Most plain characters in a chunk, so that each line's end fits 16 bits (a longer line is alone). */
const CHUNK_CHARS = 0xffff;
const CHUNK_LINES = 2048;

class Chunk {
  count = 0;
  chars = 0;
  /** Sealed: the lines' plain text, one after another (as UTF-8 bytes for `UTF8` lines). */
  text = '';
  /** Open: each line's plain text, joined into `text` when the chunk is sealed. */
  plains: string[] | null = [];
  ends: Uint16Array | Uint32Array;
  codes: Uint8Array;
  times: TimeColumn;
  stated: TimeColumn;
  timeBase = Number.NaN;
  statedBase = Number.NaN;
  /** Times the columns cannot hold exactly: the read time of line i under 2i, the stated under 2i+1. */
  overflow: Map<number, number> | null = null;
  /** Texts as received that the escapes cannot give back (never, for what stripAnsi produced). */
  rawTexts: Map<number, string> | null = null;
  /** Plain texts that UTF-8 cannot hold (a lone surrogate), kept as they are. */
  kept: Map<number, string> | null = null;
  /** Some line not stored as UTF-8 has a character outside ASCII (Latin-1). */
  latin1 = false;
  /** The escape sequences removed: the line, the position in its plain text, the sequence. */
  escLines: number[] | Uint16Array = [];
  escAt: number[] | Uint16Array | Uint32Array = [];
  escIds: number[] | Uint16Array | Uint32Array = [];
  escTexts: string[] = [];
  escIndex: Map<string, number> | null = new Map();

  constructor(readonly first: number) {
    this.ends = new Uint32Array(CHUNK_LINES);
    this.codes = new Uint8Array(CHUNK_LINES);
    this.times = new Uint16Array(CHUNK_LINES);
    this.stated = new Uint16Array(CHUNK_LINES);
  }

  get sealed(): boolean {
    return this.plains === null;
  }

  seal(): void {
    const plains = this.plains;
    if (plains === null) return;
    const count = this.count;
    this.text = count === 1 ? (plains[0] as string) : plains.join('');
    this.plains = null;
    const ends = this.ends.subarray(0, count);
    this.ends = this.chars <= 0xffff ? Uint16Array.from(ends) : ends.slice();
    this.codes = this.codes.slice(0, count);
    this.times = this.times.slice(0, count);
    this.stated = this.stated.slice(0, count);
    if (this.escTexts.length > 0) {
      this.escLines = Uint16Array.from(this.escLines);
      this.escAt =
        this.chars <= 0xffff ? Uint16Array.from(this.escAt) : Uint32Array.from(this.escAt);
      this.escIds =
        this.escTexts.length <= 0xffff
          ? Uint16Array.from(this.escIds)
          : Uint32Array.from(this.escIds);
    }
    this.escIndex = null;
  }

  /** What is stored for line `index`: its plain text, or its UTF-8 bytes for a `UTF8` line. */
  storedAt(index: number): string {
    const plains = this.plains;
    if (plains !== null) return plains[index] as string;
    const start = index === 0 ? 0 : (this.ends[index - 1] as number);
    return this.text.slice(start, this.ends[index]);
  }

  plainAt(index: number): string {
    const stored = this.storedAt(index);
    if (((this.codes[index] as number) & UTF8) === 0) return stored;
    return this.kept?.get(index) ?? fromUtf8Bytes(stored);
  }

  asciiAt(index: number, plain: string): boolean {
    if (((this.codes[index] as number) & UTF8) !== 0) return false;
    return !this.latin1 || isAscii(plain);
  }

  textAt(index: number, plain: string): string {
    const raw = this.rawTexts?.get(index);
    if (raw !== undefined) return raw;
    const lines = this.escLines;
    if (lines.length === 0) return plain;
    let low = 0;
    let high = lines.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((lines[middle] as number) < index) low = middle + 1;
      else high = middle;
    }
    if (lines[low] !== index) return plain;
    let out = '';
    let position = 0;
    for (let at = low; at < lines.length && lines[at] === index; at += 1) {
      const escapeAt = this.escAt[at] as number;
      out += plain.slice(position, escapeAt) + (this.escTexts[this.escIds[at] as number] as string);
      position = escapeAt;
    }
    return position === 0 ? out + plain : out + plain.slice(position);
  }

  /** Keeps the escapes of line `index` (its text and plain text differ). */
  keepEscapes(index: number, text: string, plain: string, spans: number[]): void {
    spans.length = 0;
    ansiSpans(text, spans);
    let rebuilt = '';
    let from = 0;
    for (let at = 0; at < spans.length; at += 2) {
      rebuilt += text.slice(from, spans[at]);
      from = spans[at + 1] as number;
    }
    rebuilt += text.slice(from);
    if (rebuilt !== plain) {
      (this.rawTexts ??= new Map()).set(index, text);
      return;
    }
    const lines = this.escLines as number[];
    const positions = this.escAt as number[];
    const ids = this.escIds as number[];
    const index_ = this.escIndex as Map<string, number>;
    let removed = 0;
    for (let at = 0; at < spans.length; at += 2) {
      const start = spans[at] as number;
      const end = spans[at + 1] as number;
      const sequence = text.slice(start, end);
      let id = index_.get(sequence);
      if (id === undefined) {
        id = this.escTexts.length;
        this.escTexts.push(sequence);
        index_.set(sequence, id);
      }
      lines.push(index);
      positions.push(start - removed);
      ids.push(id);
      removed += end - start;
    }
  }

  putTime(stated: boolean, index: number, value: number): void {
    let column = stated ? this.stated : this.times;
    const narrow = column.BYTES_PER_ELEMENT === 2;
    if (Number.isNaN(value)) {
      column[index] = narrow ? NARROW_NONE : WIDE_NONE;
      return;
    }
    let base = stated ? this.statedBase : this.timeBase;
    if (Number.isNaN(base)) {
      base = value;
      if (stated) this.statedBase = value;
      else this.timeBase = value;
    }
    const delta = value - base;
    const key = index * 2 + (stated ? 1 : 0);
    const exact = Number.isInteger(delta) && base + delta === value;
    if (exact && narrow && delta >= 0 && delta <= NARROW_MAX) {
      column[index] = delta;
      this.overflow?.delete(key);
      return;
    }
    if (exact && delta > WIDE_ELSEWHERE && delta <= 0x7fffffff) {
      if (narrow) column = this.widen(stated);
      column[index] = delta;
      this.overflow?.delete(key);
      return;
    }
    column[index] = narrow ? NARROW_ELSEWHERE : WIDE_ELSEWHERE;
    (this.overflow ??= new Map()).set(key, value);
  }

  /** The column of times (or stated times) as 32 bits from now on. */
  private widen(stated: boolean): Int32Array {
    const narrow = stated ? this.stated : this.times;
    const wide = new Int32Array(narrow.length);
    for (let index = 0; index < narrow.length; index += 1) {
      const value = narrow[index] as number;
      wide[index] =
        value === NARROW_NONE ? WIDE_NONE : value === NARROW_ELSEWHERE ? WIDE_ELSEWHERE : value;
    }
    if (stated) this.stated = wide;
    else this.times = wide;
    return wide;
  }

  getTime(stated: boolean, index: number): number {
    const column = stated ? this.stated : this.times;
    const value = column[index] as number;
    if (column.BYTES_PER_ELEMENT === 2) {
      if (value < NARROW_ELSEWHERE) return (stated ? this.statedBase : this.timeBase) + value;
      if (value === NARROW_NONE) return Number.NaN;
    } else {
      if (value > WIDE_ELSEWHERE) return (stated ? this.statedBase : this.timeBase) + value;
      if (value === WIDE_NONE) return Number.NaN;
    }
    return this.overflow?.get(index * 2 + (stated ? 1 : 0)) ?? Number.NaN;
  }
}

/**
 * A line read through the store while it walks its lines (the filter and search): one object,
 * filled again for each line, whose text as received is put together only if asked for. Never
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

function inheritedOf(code: number): TimeFrom {
  return (code & FROM_PREVIOUS) !== 0 ? 'previous' : (code & FROM_NEXT) !== 0 ? 'next' : false;
}

const LINE_LEVELS: readonly (LogLevel | null)[] = [null, ...LEVELS];

function levelOf(code: number): LogLevel | null {
  return LINE_LEVELS[code & LEVEL_MASK] as LogLevel | null;
}

function timeCode(zoneless: boolean, inherited: TimeFrom): number {
  return (
    (zoneless ? ZONELESS : 0) |
    (inherited === 'previous' ? FROM_PREVIOUS : inherited === 'next' ? FROM_NEXT : 0)
  );
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
    let chunk = this.open;
    if (
      chunk === null ||
      chunk.count === CHUNK_LINES ||
      (chunk.count > 0 && chunk.chars + plain.length * (line.ascii ? 1 : 3) > CHUNK_CHARS)
    ) {
      chunk?.seal();
      chunk = new Chunk(this.next);
      this.chunks.push(chunk);
      this.open = chunk;
      this.dropEvicted();
    }
    const index = chunk.count;
    const levelIndex = line.level === null ? 0 : LEVELS.indexOf(line.level) + 1;
    let code = levelIndex | (line.notice ? NOTICE : 0) | timeCode(line.zoneless, line.inherited);
    if (line.text !== plain) chunk.keepEscapes(index, line.text, plain, this.spans);
    let stored = plain;
    if (!line.ascii) {
      if (!WIDE.test(plain)) chunk.latin1 = true;
      else {
        code |= UTF8;
        if (LONE_SURROGATE.test(plain)) {
          (chunk.kept ??= new Map()).set(index, plain);
          stored = '';
        } else stored = toUtf8Bytes(plain);
      }
    }
    chunk.codes[index] = code;
    chunk.putTime(false, index, line.timeMs);
    chunk.putTime(true, index, line.statedMs);
    (chunk.plains as string[]).push(stored);
    chunk.chars += stored.length;
    chunk.ends[index] = chunk.chars;
    chunk.count = index + 1;
    this.counts[LEVEL_KEYS[levelIndex] as LevelKey] += 1;
    this.next += 1;
    if (chunk.chars > CHUNK_CHARS) {
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
        counts[LEVEL_KEYS[(chunk.codes[seq - chunk.first] as number) & LEVEL_MASK] as LevelKey] -=
          1;
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
    const plain = chunk.plainAt(index);
    return {
      seq,
      timeMs: chunk.getTime(false, index),
      statedMs: chunk.getTime(true, index),
      zoneless: (code & ZONELESS) !== 0,
      inherited: inheritedOf(code),
      text: chunk.textAt(index, plain),
      plain,
      level: levelOf(code),
      ascii: chunk.asciiAt(index, plain),
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

  /** Line `seq` was given a time after it was stored (its stated time, zone and where it came from). */
  restate(seq: number, line: LineTimes): void {
    const chunk = this.chunkOf(seq);
    if (chunk === undefined) return;
    const index = seq - chunk.first;
    const code = chunk.codes[index] as number;
    chunk.codes[index] =
      (code & ~(ZONELESS | FROM_PREVIOUS | FROM_NEXT)) | timeCode(line.zoneless, line.inherited);
    chunk.putTime(true, index, line.statedMs);
  }

  /**
   * Visits the retained lines from seq `from` on, oldest first, through one reused object (valid
   * only during the call; its `text` is put together only when read).
   */
  walk(from: number, visit: (line: LogLine, seq: number) => void): void {
    const line = this.walked;
    const chunks = this.chunks;
    const start = Math.max(from, this.first);
    for (let at = this.head; at < chunks.length; at += 1) {
      const chunk = chunks[at] as Chunk;
      const end = chunk.first + chunk.count;
      if (end <= start) continue;
      line.chunk = chunk;
      const { codes, ends, plains, text } = chunk;
      const latin1 = chunk.latin1;
      for (let index = Math.max(0, start - chunk.first); index < chunk.count; index += 1) {
        const code = codes[index] as number;
        const stored =
          plains !== null
            ? (plains[index] as string)
            : text.slice(index === 0 ? 0 : (ends[index - 1] as number), ends[index]);
        const utf8 = (code & UTF8) !== 0;
        const plain = utf8 ? (chunk.kept?.get(index) ?? fromUtf8Bytes(stored)) : stored;
        line.seq = chunk.first + index;
        line.index = index;
        line.code = code;
        line.plain = plain;
        line.level = LINE_LEVELS[code & LEVEL_MASK] as LogLevel | null;
        line.notice = (code & NOTICE) !== 0;
        line.ascii = utf8 ? false : !latin1 || isAscii(plain);
        visit(line, line.seq);
      }
    }
    line.chunk = null;
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
