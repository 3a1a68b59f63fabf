// What the firehose's two frame generators (firehose-logs.ts, firehose-telemetry.ts) share: the
// chunk they render, the one-byte-per-character text a chunk is kept as, and the seeded random
// numbers that make their pools the same on every run.

/** Bytes a chunk is filled up to (a chunk is a string of one character per byte). */
export const CHUNK_BYTES = 128 * 1024;

/** Where the made-up log lines' and response headers' clock starts. */
export const LOG_BASE_MS = Date.UTC(2026, 10, 21, 8, 0, 0);

/**
 * Renders frames from index `first` (0-based) towards `end`, about one chunk's worth, as a string
 * of bytes (one character per byte, see `bytesAsText`).
 */
export type Render = (first: number, end: number) => { text: string; next: number };

/**
 * The UTF-8 bytes of `text` as a string of one character per byte. The pools are kept this way so
 * a chunk is a one-byte string that becomes its bytes by a plain copy (`latin1`); encoding a chunk
 * with some non-ASCII characters in it as UTF-8 would cost more than rendering it.
 */
export function bytesAsText(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
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
