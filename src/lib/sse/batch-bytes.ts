import { BATCH_BYTES, recycleBytes } from './byte-staging';

const utf8 = new TextDecoder();

/** Where a batch's buffer goes once nothing holds its texts: the thread that staged it. */
let giveBack: (buffer: ArrayBuffer) => void = recycleBytes;

/** Batches' buffers go to `target` from now on (the stream worker, when streams are read there). */
export function giveBytesBackTo(target: ((buffer: ArrayBuffer) => void) | undefined): void {
  giveBack = target ?? recycleBytes;
}

/**
 * Learns when a batch's texts are no longer held. Only the garbage collector can tell: the ring
 * lets an event go, but a detail still open, an export under way or a row being drawn may hold
 * it, and a buffer given back while anything can still read it would be written over.
 */
const released =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry<ArrayBuffer>((buffer) => giveBack(buffer))
    : undefined;

/**
 * The texts of one batch of frames on the page: UTF-8 bytes in the buffer the worker staged and
 * transferred. Nothing else keeps that buffer: a frame or item keeps this object, and reads its
 * text through it. When this object has been collected, nothing can read the buffer any more,
 * and a buffer the worker sent whole (a busy stream's, BATCH_BYTES) goes back to be staged into
 * again.
 */
export class BatchBytes {
  constructor(private readonly bytes: Uint8Array) {
    const buffer = bytes.buffer;
    if (buffer instanceof ArrayBuffer && buffer.byteLength === BATCH_BYTES)
      released?.register(this, buffer);
  }

  /** The text of `[start, end)`. */
  text(start: number, end: number): string {
    return utf8.decode(this.bytes.subarray(start, end));
  }
}
