/**
 * The log stream's frame read from its bytes, in the stream worker, when it has the shape the
 * contract gives it: `data: {"event":"log","timestamp":"…","message":"…"}` and a blank line. A line
 * whose message is ASCII is not made into a string here: its bytes (escapes undone) are staged with
 * the batch's others, which are decoded once and cut into the lines' texts when the batch is packed
 * (log-decoder.ts); a message past ASCII is decoded by itself. Anything else (another field, another order, a `\u` escape past ASCII, a
 * control character, bytes that are not the whole frame) is left to `JSON.parse`, which reads it
 * as before: the two ways give the same line for every frame this one accepts.
 */
import type { ByteStaging } from '../../../lib/sse/byte-staging';
import { parseRfc3339Bytes } from '../model/timestamps';
import { lineOf, type PartialLine } from './log-stream';

/** A line whose text is `length` staged bytes (ASCII) from `at`; `escapes` when it holds ESC. */
export class StagedLine {
  constructor(
    readonly at: number,
    readonly length: number,
    readonly timeMs: number,
    readonly escapes: boolean,
  ) {}
}

const HEAD = ascii('data: {"event":"log","timestamp":"');
const MIDDLE = ascii('","message":"');
/** After the message: its closing quote, the brace and the blank line (`"}\n\n`). */
const TAIL = 4;
/** Longest time parseRfc3339 reads. */
const TIME_MAX = 64;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const ESC = 0x1b;

// a message's own leading U+FEFF is kept, as JSON.parse keeps it
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** Where the frame scanLogFrame read ends (past its blank line). */
export interface ScannedFrame {
  end: number;
}

/** The piece's bytes as 32-bit words, to pass over four bytes of a message at a time. */
let words: Int32Array<ArrayBufferLike> = new Int32Array(0);
let wordsOf: ArrayBufferLike | null = null;

/**
 * The line of the frame that starts at `bytes[start]` and ends within `limit` (its blank line
 * included; where it ends goes in `frame`), or undefined when the frame is not of the one shape
 * read here, or not whole before `limit`.
 */
export function scanLogFrame(
  bytes: Uint8Array,
  start: number,
  limit: number,
  receivedMs: number,
  staging: ByteStaging,
  frame: ScannedFrame,
): StagedLine | PartialLine | undefined {
  if (limit - start < HEAD.length + MIDDLE.length + TAIL) return undefined;
  for (let k = 0; k < HEAD.length; k += 1) if (bytes[start + k] !== HEAD[k]) return undefined;
  const timeStart = start + HEAD.length;
  const timeLimit = Math.min(limit, timeStart + TIME_MAX + 1);
  let i = timeStart;
  for (; i < timeLimit; i += 1) {
    const b = bytes[i] as number;
    if (b === QUOTE) break;
    if (b < 0x20 || b >= 0x80 || b === BACKSLASH) return undefined;
  }
  if (i + MIDDLE.length > limit || bytes[i] !== QUOTE) return undefined;
  const timeEnd = i;
  for (let k = 1; k < MIDDLE.length; k += 1) if (bytes[i + k] !== MIDDLE[k]) return undefined;
  const from = i + MIDDLE.length;
  // the message, to its closing quote: no control character; escapes and bytes past ASCII noted
  if (bytes.buffer !== wordsOf) {
    wordsOf = bytes.buffer;
    words = new Int32Array(bytes.buffer, 0, bytes.buffer.byteLength >>> 2);
  }
  const base = bytes.byteOffset;
  const wordsEnd = (base + limit) >>> 2;
  let escaped = false;
  let high = false;
  i = from;
  for (;;) {
    if (((base + i) & 3) === 0) {
      let word = (base + i) >>> 2;
      while (word < wordsEnd && quiet(words[word] as number)) word += 1;
      i = (word << 2) - base;
    }
    if (i >= limit) return undefined;
    const b = bytes[i] as number;
    if (b === QUOTE) break;
    if (b === BACKSLASH) {
      escaped = true;
      i += 2;
    } else if (b < 0x20) return undefined;
    else {
      if (b >= 0x80) high = true;
      i += 1;
    }
  }
  const close = i;
  if (close + TAIL > limit || bytes[close + 1] !== 0x7d) return undefined;
  if (bytes[close + 2] !== 0x0a || bytes[close + 3] !== 0x0a) return undefined;
  const parsed = timeOf(bytes, timeStart, timeEnd);
  const timeMs = Number.isNaN(parsed) ? receivedMs : parsed;
  let line: StagedLine | PartialLine | undefined;
  if (high) {
    // a message past ASCII is made here, whole: its length as text is not its length in bytes
    if (!escaped) line = lineOf(utf8.decode(bytes.subarray(from, close)), timeMs);
    else {
      if (unescaped.length < close - from) unescaped = new Uint8Array(2 * (close - from));
      const written = unescapeJson(bytes, from, close, unescaped, 0);
      if (written >= 0) line = lineOf(utf8.decode(unescaped.subarray(0, written)), timeMs);
    }
  } else if (!escaped) {
    line = new StagedLine(staging.copy(bytes, from, close), close - from, timeMs, false);
  } else {
    const at = staging.length;
    wroteEscape = false;
    const written = unescapeJson(bytes, from, close, staging.writable(close - from), at);
    if (written >= 0) {
      staging.advance(written - at);
      line = new StagedLine(at, written - at, timeMs, wroteEscape);
    }
  }
  if (line !== undefined) frame.end = close + TAIL;
  return line;
}

/** The last time read, as its bytes, and what it read as (a server stamps lines read together alike). */
const lastTime = new Uint8Array(TIME_MAX);
let lastTimeLength = -1;
let lastTimeMs = Number.NaN;

/** parseRfc3339Bytes of `bytes[from, to)`, not read again when the time before was the same. */
function timeOf(bytes: Uint8Array, from: number, to: number): number {
  const length = to - from;
  if (length === lastTimeLength) {
    let index = length - 1;
    while (index >= 0 && bytes[from + index] === lastTime[index]) index -= 1;
    if (index < 0) return lastTimeMs;
  }
  const ms = parseRfc3339Bytes(bytes, from, to);
  if (length <= TIME_MAX) {
    lastTime.set(bytes.subarray(from, to));
    lastTimeLength = length;
    lastTimeMs = ms;
  }
  return ms;
}

/** No byte of the word is a quote, a backslash, a control character or past ASCII. */
function quiet(word: number): boolean {
  const quote = word ^ 0x22222222;
  const backslash = word ^ 0x5c5c5c5c;
  return (
    ((word |
      (((word - 0x20202020) | 0) & ~word) |
      (((quote - 0x01010101) | 0) & ~quote) |
      (((backslash - 0x01010101) | 0) & ~backslash)) &
      0x80808080) ===
    0
  );
}

/** A message past ASCII with escapes, its escapes undone, before it is decoded. */
let unescaped = new Uint8Array(4096);

/** unescapeJson wrote an ESC (`\u001b`, the only way one comes: JSON escapes control characters). */
let wroteEscape = false;

/**
 * Writes the JSON string body `bytes[from, to)` (every escape whole; bytes past ASCII copied as
 * they are) into `out` from `at` with its escapes undone; returns where the writing ended, or -1
 * for an escape JSON does not have or a `\u` past ASCII (left to JSON.parse).
 */
function unescapeJson(
  bytes: Uint8Array,
  from: number,
  to: number,
  out: Uint8Array,
  at: number,
): number {
  let o = at;
  for (let i = from; i < to; i += 1) {
    const b = bytes[i] as number;
    if (b !== BACKSLASH) {
      out[o++] = b;
      continue;
    }
    i += 1;
    const e = bytes[i] as number;
    if (e === QUOTE || e === BACKSLASH || e === 0x2f) out[o++] = e;
    else if (e === 0x6e) out[o++] = 0x0a;
    else if (e === 0x74) out[o++] = 0x09;
    else if (e === 0x72) out[o++] = 0x0d;
    else if (e === 0x62) out[o++] = 0x08;
    else if (e === 0x66) out[o++] = 0x0c;
    else if (e === 0x75) {
      if (i + 4 >= to) return -1;
      const high = hex(bytes[i + 1] as number) | hex(bytes[i + 2] as number);
      const d3 = hex(bytes[i + 3] as number);
      const d4 = hex(bytes[i + 4] as number);
      // past ASCII (the first two digits not zero, or the third above 7), or not hexadecimal
      if (high !== 0 || d3 > 7 || (d3 | d4) < 0) return -1;
      const code = (d3 << 4) | d4;
      if (code === ESC) wroteEscape = true;
      out[o++] = code;
      i += 4;
    } else return -1;
  }
  return o;
}

/** The value of a hexadecimal digit, or -1 for any other byte. */
function hex(b: number): number {
  if (b >= 0x30 && b <= 0x39) return b - 0x30;
  const lower = b | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x57;
  return -1;
}
