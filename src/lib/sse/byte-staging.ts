const FIRST_BYTES = 256 * 1024;
/** A staging grown past this by a burst starts small again once taken. */
const KEPT_BYTES = 8 * 1024 * 1024;

const utf8 = new TextEncoder();

/**
 * The bytes of one stream's frames between two batches, copied as each frame is decoded (the
 * reader reuses its buffer for the next read) and taken as one buffer of exactly their size when
 * the batch is packed, which the worker hands to the page without a copy. A frame's bytes are
 * where `copy` or `text` said, in the buffer `take` returns next.
 */
export class ByteStaging {
  // allocated when first used: a stream whose decoder keeps no bytes costs nothing
  private buffer = new Uint8Array(0);
  private used = 0;

  /** Bytes staged since the last take. */
  get length(): number {
    return this.used;
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

  /** The staged bytes as a buffer of their own, and the staging empty again. */
  take(): Uint8Array {
    const taken = this.buffer.slice(0, this.used);
    this.used = 0;
    if (this.buffer.length > KEPT_BYTES) this.buffer = new Uint8Array(0);
    return taken;
  }

  private room(bytes: number): void {
    const needed = this.used + bytes;
    if (needed <= this.buffer.length) return;
    let size = Math.max(FIRST_BYTES, this.buffer.length * 2);
    while (size < needed) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buffer.subarray(0, this.used));
    this.buffer = grown;
  }
}
