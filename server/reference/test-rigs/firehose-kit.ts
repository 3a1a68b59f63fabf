// What the firehose's two frame generators (firehose-logs.ts, firehose-telemetry.ts) share: the
// chunk they render and its writer, and the seeded random numbers that make their pools the same
// on every run.

/** Bytes a chunk is filled up to. */
export const CHUNK_BYTES = 128 * 1024;

/** Where the made-up log lines' and response headers' clock starts. */
export const LOG_BASE_MS = Date.UTC(2026, 10, 21, 8, 0, 0);

/**
 * Renders frames from index `first` (0-based) towards `end`, about one chunk's worth (until `out`
 * holds CHUNK_BYTES), into `out`; returns the index after the last frame rendered.
 */
export type Render = (first: number, end: number, out: FrameWriter) => number;

const DIGIT_0 = 48;
const SHORT_BYTES = 24;

/**
 * A chunk's bytes, written in place: the pools' frames are kept as bytes and copied, and numbers
 * are written digit by digit. The firehose shares the machine's cores with the client it measures
 * (the benchmark runs both on one machine, where a real upstream runs elsewhere): a chunk built as
 * a string, a frame appended at a time, then encoded, took 0.29 µs a log line and 1.15 a telemetry
 * event to render, against 0.08 and 0.37 written in place (docs/performance.md, 2026-11-27).
 */
export class FrameWriter {
  buffer: Buffer;
  length = 0;

  constructor(buffer: Buffer = Buffer.allocUnsafeSlow(CHUNK_BYTES + 16 * 1024)) {
    this.buffer = buffer;
  }

  /** Starts a chunk in `buffer` (one whose bytes the socket no longer needs). */
  reset(buffer: Buffer): void {
    this.buffer = buffer;
    this.length = 0;
  }

  /** The chunk holds CHUNK_BYTES or more. */
  get full(): boolean {
    return this.length >= CHUNK_BYTES;
  }

  bytes(bytes: Uint8Array): void {
    const count = bytes.length;
    this.room(count);
    const { buffer, length } = this;
    // a few bytes are copied faster by hand than through a call
    if (count <= SHORT_BYTES)
      for (let at = 0; at < count; at += 1) buffer[length + at] = bytes[at] as number;
    else buffer.set(bytes, length);
    this.length = length + count;
  }

  /** A non-negative integer in decimal (below 2^53). */
  int(value: number): void {
    if (value < 1e8) {
      this.small(value | 0, 0);
      return;
    }
    // a µs time has 16 digits: its two halves in integer arithmetic rather than 16 divisions
    const high = Math.floor(value / 1e8);
    this.int(high);
    this.small(value - high * 1e8, 8);
  }

  /** `value` below 1e8 in decimal, padded with zeros to `width` digits. */
  private small(value: number, width: number): void {
    let digits = 1;
    for (let rest = value; rest >= 10; rest = (rest / 10) | 0) digits += 1;
    if (digits < width) digits = width;
    this.room(digits);
    const buffer = this.buffer;
    let at = this.length + digits;
    let rest = value;
    for (let left = digits; left > 0; left -= 1) {
      at -= 1;
      buffer[at] = DIGIT_0 + (rest % 10);
      rest = (rest / 10) | 0;
    }
    this.length += digits;
  }

  /** The chunk written, as a view of the buffer. */
  chunk(): Buffer {
    return this.buffer.subarray(0, this.length);
  }

  private room(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}

/**
 * Frames `first` to about a chunk's worth towards `end` as a string of one character per byte (a
 * frame's UTF-8 bytes read as Latin-1), and the index after them.
 */
export function renderText(
  render: Render,
  first: number,
  end: number,
): { text: string; next: number } {
  const out = new FrameWriter();
  const next = render(first, end, out);
  return { text: out.chunk().toString('latin1'), next };
}

/** The bytes of a text, UTF-8 encoded. */
export function utf8(text: string): Buffer {
  return Buffer.from(text, 'utf8');
}

export type Random = () => number;

/** A small deterministic PRNG (mulberry32), so the pools are the same on every run. */
export function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

export function int(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function hex(random: Random, length: number): string {
  let text = '';
  while (text.length < length) text += Math.floor(random() * 16).toString(16);
  return text;
}
