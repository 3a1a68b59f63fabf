/**
 * One chunk of the log store (line-store.ts): up to 4,096 consecutive lines by columns. While open
 * it keeps each line's stored text in an array; sealed, the texts are one Latin-1 string with each
 * line's length (and where each group of 64 lines starts). Per line: a code byte (line-codes.ts),
 * and the read and stated times as 16-bit ms from their group's base; the read times of a group
 * whose lines were all read at one time are kept once. Escape sequences removed from a line are
 * kept apart, by line and position, and put back when its text is read.
 */
import { ansiSpans } from '../model/ansi';
import { UTF8, charsOf, fromUtf8Bytes } from './line-codes';

export const CHUNK_LINES = 4096;
/** Most characters of a chunk's text (a line longer than this is alone in its chunk). */
export const CHUNK_CHARS = 1 << 20;
const GROUP_SHIFT = 6;
const GROUP_MASK = (1 << GROUP_SHIFT) - 1;

/**
 * A time is stored as ms after its group's base, biased by BIAS into 16 bits; two values stand for
 * no time and for a time kept beside the column (not whole ms from the base, or too far from it).
 */
const BIAS = 0x7fff;
const NONE = 0xffff;
const ELSEWHERE = 0xfffe;
const NARROW_MAX = 0xfffd;

function groupsOf(lines: number): number {
  return (lines + GROUP_MASK) >>> GROUP_SHIFT;
}

export class Chunk {
  count = 0;
  chars = 0;
  /** Sealed: the lines' stored texts, one after another. */
  text = '';
  /** Open: each line's stored text. */
  plains: string[] | null = [];
  lengths: Uint16Array | Uint32Array = new Uint32Array(CHUNK_LINES);
  /** Sealed: where each group's first line starts in `text`. */
  starts: Uint32Array | null = null;
  codes = new Uint8Array(CHUNK_LINES);
  /** Open: one read time per line; sealed: per line of groups read at several times, one a group else. */
  times = new Uint16Array(CHUNK_LINES);
  /** Sealed: where each group's read times start in `times`, as −1 − index when the group has one. */
  timeIndex: Int32Array | null = null;
  timeBases = new Float64Array(groupsOf(CHUNK_LINES)).fill(Number.NaN);
  stated = new Uint16Array(CHUNK_LINES);
  statedBases = new Float64Array(groupsOf(CHUNK_LINES)).fill(Number.NaN);
  /** Times the columns cannot hold: the read time of line i under 2i, the stated under 2i+1. */
  overflow: Map<number, number> | null = null;
  /** Texts as received that the escapes cannot give back (never, for what stripAnsi produced). */
  rawTexts: Map<number, string> | null = null;
  /** Plain texts that UTF-8 cannot hold (a lone surrogate), kept as they are. */
  kept: Map<number, string> | null = null;
  /** The escape sequences removed: the line, the position in its plain text, the sequence. */
  escLines: number[] | Uint16Array = [];
  escAt: number[] | Uint16Array | Uint32Array = [];
  escIds: number[] | Uint8Array | Uint16Array | Uint32Array = [];
  escTexts: string[] = [];
  private escIndex: Map<string, number> | null = new Map();

  constructor(readonly first: number) {}

  seal(): void {
    const plains = this.plains;
    if (plains === null) return;
    const count = this.count;
    this.text = count === 1 ? (plains[0] as string) : plains.join('');
    this.plains = null;
    const lengths = this.lengths.subarray(0, count);
    let longest = 0;
    for (let index = 0; index < count; index += 1)
      longest = Math.max(longest, lengths[index] as number);
    this.lengths = longest <= 0xffff ? new Uint16Array(lengths) : lengths.slice();
    const groups = groupsOf(count);
    const starts = new Uint32Array(groups);
    for (let index = 0, position = 0; index < count; index += 1) {
      if ((index & GROUP_MASK) === 0) starts[index >>> GROUP_SHIFT] = position;
      position += lengths[index] as number;
    }
    this.starts = starts;
    this.codes = this.codes.slice(0, count);
    this.sealTimes(count, groups);
    this.stated = this.stated.slice(0, count);
    this.statedBases = this.statedBases.slice(0, groups);
    if (this.escTexts.length > 0) {
      const ids = this.escIds as number[];
      this.escLines = new Uint16Array(this.escLines);
      this.escAt = longest <= 0xffff ? new Uint16Array(this.escAt) : new Uint32Array(this.escAt);
      const distinct = this.escTexts.length;
      this.escIds =
        distinct <= 0x100
          ? new Uint8Array(ids)
          : distinct <= 0x10000
            ? new Uint16Array(ids)
            : new Uint32Array(ids);
    }
    this.escIndex = null;
  }

  /** Keeps one read time for each group whose lines were all read at one time. */
  private sealTimes(count: number, groups: number): void {
    const open = this.times;
    const index = new Int32Array(groups);
    const kept: number[] = [];
    for (let group = 0; group < groups; group += 1) {
      const from = group << GROUP_SHIFT;
      const to = Math.min(count, from + GROUP_MASK + 1);
      let one = true;
      for (let line = from + 1; line < to && one; line += 1) one = open[line] === open[from];
      index[group] = one ? -1 - kept.length : kept.length;
      if (one) kept.push(open[from] as number);
      else for (let line = from; line < to; line += 1) kept.push(open[line] as number);
    }
    this.times = new Uint16Array(kept);
    this.timeIndex = index;
    this.timeBases = this.timeBases.slice(0, groups);
  }

  /** Where line `index` starts in the sealed text. */
  startOf(index: number): number {
    const group = index >>> GROUP_SHIFT;
    let position = (this.starts as Uint32Array)[group] as number;
    const lengths = this.lengths;
    for (let line = group << GROUP_SHIFT; line < index; line += 1)
      position += lengths[line] as number;
    return position;
  }

  /** What is stored for line `index`: its plain text, or its UTF-8 bytes for a `UTF8` line. */
  storedAt(index: number): string {
    const plains = this.plains;
    if (plains !== null) return plains[index] as string;
    const start = this.startOf(index);
    return this.text.slice(start, start + (this.lengths[index] as number));
  }

  /** The plain text of line `index` from what is stored for it. */
  plainOf(index: number, stored: string): string {
    if (charsOf(this.codes[index] as number) !== UTF8) return stored;
    return this.kept?.get(index) ?? fromUtf8Bytes(stored);
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
    // the plain text is the text less these spans (stripAnsi removes just them): its length tells
    // a plain text that came from elsewhere, whose text as received is then kept whole
    let kept = text.length;
    for (let at = 0; at < spans.length; at += 2)
      kept -= (spans[at + 1] as number) - (spans[at] as number);
    if (kept !== plain.length) {
      (this.rawTexts ??= new Map()).set(index, text);
      return;
    }
    const lines = this.escLines as number[];
    const positions = this.escAt as number[];
    const ids = this.escIds as number[];
    const known = this.escIndex as Map<string, number>;
    let removed = 0;
    for (let at = 0; at < spans.length; at += 2) {
      const start = spans[at] as number;
      const end = spans[at + 1] as number;
      const sequence = text.slice(start, end);
      let id = known.get(sequence);
      if (id === undefined) {
        id = this.escTexts.length;
        this.escTexts.push(sequence);
        known.set(sequence, id);
      }
      lines.push(index);
      positions.push(start - removed);
      ids.push(id);
      removed += end - start;
    }
  }

  /** Writes a read time (`stated` false: only while open) or a stated time of line `index`. */
  putTime(stated: boolean, index: number, value: number): void {
    const column = stated ? this.stated : this.times;
    if (Number.isNaN(value)) {
      column[index] = NONE;
      return;
    }
    const bases = stated ? this.statedBases : this.timeBases;
    const group = index >>> GROUP_SHIFT;
    let base = bases[group] as number;
    if (Number.isNaN(base)) {
      base = value;
      bases[group] = value;
    }
    const biased = value - base + BIAS;
    const key = index * 2 + (stated ? 1 : 0);
    if (
      Number.isInteger(biased) &&
      biased >= 0 &&
      biased <= NARROW_MAX &&
      base + (biased - BIAS) === value
    ) {
      column[index] = biased;
      this.overflow?.delete(key);
      return;
    }
    column[index] = ELSEWHERE;
    (this.overflow ??= new Map()).set(key, value);
  }

  getTime(stated: boolean, index: number): number {
    let value: number;
    if (stated) value = this.stated[index] as number;
    else {
      const timeIndex = this.timeIndex;
      if (timeIndex === null) value = this.times[index] as number;
      else {
        const at = timeIndex[index >>> GROUP_SHIFT] as number;
        value = this.times[at < 0 ? -1 - at : at + (index & GROUP_MASK)] as number;
      }
    }
    if (value <= NARROW_MAX)
      return (
        ((stated ? this.statedBases : this.timeBases)[index >>> GROUP_SHIFT] as number) +
        (value - BIAS)
      );
    if (value === NONE) return Number.NaN;
    return this.overflow?.get(index * 2 + (stated ? 1 : 0)) ?? Number.NaN;
  }
}
