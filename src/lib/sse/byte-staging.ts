/**
 * The size of a batch's buffer: a busy stream's batch ends when its buffer is nearly full
 * (`full`), and the buffer goes to the page whole, with no copy; the page gives it back once
 * nothing holds the batch's texts (batch-bytes.ts), and the next batch is staged into it again.
 */
export const BATCH_BYTES = 1024 * 1024;
/** A batch whose buffer has less room than this left ends (ByteStaging.full). */
const ROOM_BYTES = 16 * 1024;
/** A staging grown past this by a burst starts again at BATCH_BYTES once taken. */
const KEPT_BYTES = 8 * 1024 * 1024;
/** Buffers given back that a thread keeps at most, and how long it keeps them unused. */
const POOL_BUFFERS = 128;
const POOL_IDLE_MS = 10_000;

const utf8 = new TextEncoder();

/**
 * Batch buffers given back, staged into again: memory that has been written before. A buffer of
 * fresh memory costs the kernel's pages on first touch: measured in the stream worker, taking a
 * batch's bytes into a new buffer cost 0.75 ns a byte, copying them into a buffer used before
 * 0.17 (docs/performance.md, 2026-11-27).
 */
const pool: ArrayBuffer[] = [];
let lastPoolUse = 0;
let poolTrim: ReturnType<typeof setTimeout> | undefined;

function usedPool(): void {
  lastPoolUse = Date.now();
  poolTrim ??= setTimeout(trimPool, POOL_IDLE_MS);
}

/** An idle stream's buffers are let go: a pool is for a stream that is busy now. */
function trimPool(): void {
  poolTrim = undefined;
  const idle = Date.now() - lastPoolUse;
  if (idle >= POOL_IDLE_MS) pool.length = 0;
  else poolTrim = setTimeout(trimPool, POOL_IDLE_MS - idle);
}

/** Keeps a batch's buffer the page gave back (any other buffer is let go). */
export function recycleBytes(buffer: ArrayBuffer): void {
  if (buffer.byteLength !== BATCH_BYTES || pool.length >= POOL_BUFFERS) return;
  pool.push(buffer);
  usedPool();
}

/** Buffers given back and not staged into yet (tests). */
export function pooledBuffers(): number {
  return pool.length;
}

function batchBuffer(): Uint8Array<ArrayBuffer> {
  const recycled = pool.pop();
  if (!recycled) return new Uint8Array(BATCH_BYTES);
  usedPool();
  return new Uint8Array(recycled);
}

/**
 * The bytes of one stream's frames between two batches, copied as each frame is decoded (the
 * reader reuses its buffer for the next read) and taken when the batch is packed: a buffer nearly
 * full goes whole, any other is copied into one of exactly their size, and the worker hands
 * either to the page without a copy. A frame's bytes are where `copy` or `text` said, in the
 * buffer `take` returns next.
 */
export class ByteStaging {
  // allocated when first used: a stream whose decoder keeps no bytes costs nothing
  private buffer = new Uint8Array(0);
  private used = 0;

  /** Bytes staged since the last take. */
  get length(): number {
    return this.used;
  }

  /** The buffer is nearly full: the batch should end here, to go whole. */
  get full(): boolean {
    return this.used > 0 && this.buffer.length - this.used < ROOM_BYTES;
  }

  /** Copies `bytes[start, end)`; returns where they start. */
  copy(bytes: Uint8Array, start: number, end: number): number {
    const at = this.used;
    this.room(end - start);
    this.buffer.set(bytes.subarray(start, end), at);
    this.used = at + end - start;
    return at;
  }

  /** Stages the text's UTF-8 bytes; returns where they start. */
  text(text: string): number {
    const at = this.used;
    // a UTF-16 code unit takes at most three bytes of UTF-8
    this.room(text.length * 3);
    this.used = at + utf8.encodeInto(text, this.buffer.subarray(at)).written;
    return at;
  }

  /** Room for `bytes` more at `length`: the buffer to write them into, then counted by `advance`. */
  writable(bytes: number): Uint8Array {
    this.room(bytes);
    return this.buffer;
  }

  /** Counts `bytes` written into the buffer `writable` gave, from `length` on. */
  advance(bytes: number): void {
    this.used += bytes;
  }

  /**
   * The staged bytes decoded, and the staging empty again, its buffer kept to stage the next
   * batch into (for a decoder that sends text, not bytes).
   */
  takeText(decoder: TextDecoder): string {
    const text = this.used === 0 ? '' : decoder.decode(this.buffer.subarray(0, this.used));
    this.used = 0;
    if (this.buffer.length > KEPT_BYTES) this.buffer = new Uint8Array(0);
    return text;
  }

  /**
   * The staged bytes, and the staging empty again: a view of the whole buffer when at least
   * seven eighths of it are used (a busy stream's batch; the buffer then belongs to the caller),
   * else a copy of exactly them (a quiet stream's batch of a few frames keeps no megabyte).
   */
  take(): Uint8Array {
    const { buffer, used } = this;
    this.used = 0;
    if (buffer.length >= BATCH_BYTES && used * 8 >= buffer.length * 7) {
      this.buffer = new Uint8Array(0);
      return buffer.subarray(0, used);
    }
    const taken = buffer.slice(0, used);
    if (buffer.length > KEPT_BYTES) this.buffer = new Uint8Array(0);
    return taken;
  }

  private room(bytes: number): void {
    const needed = this.used + bytes;
    if (needed <= this.buffer.length) return;
    if (this.used === 0 && needed <= BATCH_BYTES) {
      this.buffer = batchBuffer();
      return;
    }
    let size = Math.max(BATCH_BYTES, this.buffer.length * 2);
    while (size < needed) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buffer.subarray(0, this.used));
    this.buffer = grown;
  }
}
