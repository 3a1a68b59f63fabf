import { isAscii } from '../../../lib/plain-match';

/**
 * Which of a source's items hold a text: the indexes of those that do, ascending, among the items
 * from `from` to before `end` (the ones the answer knows of; the rest are for the caller to test).
 * A list of the matches rather than a flag for every item: the caller then visits the matches
 * alone (a filter over a million lines visits a tenth of them, not all).
 */
export interface TextMatches {
  from: number;
  end: number;
  indexes: number[];
}

/** Rows a chunk holds. */
const CHUNK_ROWS = 1024;

/**
 * The row texts of one source the feed keeps rows of (the telemetry), by the source's index,
 * lower-cased and joined a chunk of 1,024 rows at a time, so that the All view's filter by text
 * finds them with a search of each chunk's one string instead of a test of each row (a row object
 * read for each of 100,000 events cost about 230 ns of memory access alone). Marks are kept
 * beside: a mark passes whatever the text.
 *
 * Each text is lower-cased alone, as the row test lower-cases it, and a needle holds no line feed
 * (the separator), so a chunk's search finds exactly the rows the row test passes: see
 * `columnNeedle`.
 */
export class TextColumn {
  private chunks: Chunk[] = [];
  private open: Chunk | null = null;
  /** Index after the last one added. */
  private end = 0;

  constructor(private readonly capacity: number) {}

  /** The text of the item at `index` (indexes only grow; a gap is a row the source gave none). */
  add(index: number, text: string, mark: boolean): void {
    let open = this.open;
    if (open && index - open.from >= CHUNK_ROWS) {
      this.seal(open);
      open = null;
    }
    if (open === null) {
      open = { from: index, texts: [], marks: [], joined: '', starts: null };
      this.open = open;
      this.chunks.push(open);
    }
    const at = index - open.from;
    while (open.texts.length < at) open.texts.push('');
    open.texts.push(text);
    if (mark) open.marks.push(at);
    this.end = index + 1;
    // older texts than the feed can hold are no longer asked for
    const first = this.chunks[0];
    if (first && first !== open && this.end - first.from > this.capacity + CHUNK_ROWS)
      this.chunks.shift();
  }

  private seal(chunk: Chunk): void {
    const texts = chunk.texts;
    const starts = new Uint32Array(texts.length + 1);
    // joined by `join`, not by `+=`: a string built by appending is a tree of pieces that each
    // search flattens into a new copy again (measured: 9–11 ms a filter for 5 MB of texts, against
    // 2 for the joined string), and each copy is garbage for a collection during the filter
    const lowered = new Array<string>(texts.length + 1);
    let length = 0;
    for (let at = 0; at < texts.length; at += 1) {
      starts[at] = length;
      const lower = (texts[at] as string).toLowerCase();
      lowered[at] = lower;
      length += lower.length + 1;
    }
    starts[texts.length] = length;
    lowered[texts.length] = '';
    chunk.joined = lowered.join('\n');
    chunk.starts = starts;
    chunk.texts = [];
  }

  /**
   * Which of the kept rows hold `needle` (as `columnNeedle` gave it), marks included; rows before
   * `from` are not known here.
   */
  holding(needle: string): TextMatches {
    const first = this.chunks[0];
    const from = first?.from ?? this.end;
    const indexes: number[] = [];
    const found: number[] = [];
    for (const chunk of this.chunks) {
      found.length = 0;
      if (chunk.starts === null) {
        chunk.texts.forEach((text, at) => {
          if (text.toLowerCase().includes(needle)) found.push(at);
        });
      } else {
        const { joined, starts } = chunk;
        let position = joined.indexOf(needle);
        while (position !== -1) {
          const at = rowAt(starts, position);
          found.push(at);
          position = joined.indexOf(needle, starts[at + 1] as number);
        }
      }
      // the chunk's rows holding the needle and its marks, each ascending: merged, once each
      const { marks } = chunk;
      let mark = 0;
      for (const at of found) {
        while (mark < marks.length && (marks[mark] as number) < at)
          indexes.push(chunk.from + (marks[mark++] as number));
        if (marks[mark] === at) mark += 1;
        indexes.push(chunk.from + at);
      }
      while (mark < marks.length) indexes.push(chunk.from + (marks[mark++] as number));
    }
    return { from, end: this.end, indexes };
  }
}

interface Chunk {
  /** The source's index of its first row. */
  from: number;
  /** Open: the texts as added. */
  texts: string[];
  /** Rows that are marks, by position in the chunk. */
  marks: number[];
  /** Sealed: the texts lower-cased, each followed by a line feed. */
  joined: string;
  /** Sealed: where each row's text starts in `joined`, and its end. */
  starts: Uint32Array | null;
}

/** The row whose text holds position `at`: the last start at or before it. */
function rowAt(starts: Uint32Array, at: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if ((starts[middle] as number) <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The needle a `TextColumn` searches for, for the filter's text: its lower case. Null where a
 * search of lower-cased text could answer otherwise than the row test (`plainMatcher`, ignoring
 * case): a needle with a line feed, and one with no letter of two cases that is not ASCII (the
 * row test looks for it in the text as it is).
 */
export function columnNeedle(text: string): string | null {
  if (text === '' || text.includes('\n')) return null;
  const lower = text.toLowerCase();
  const cased = lower !== text.toUpperCase();
  if (!cased && !isAscii(text)) return null;
  return lower;
}
