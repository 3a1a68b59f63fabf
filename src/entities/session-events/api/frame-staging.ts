import { ByteStaging } from '../../../lib/sse/byte-staging';
import type { ReadEvent } from '../model/event-item';
import {
  EAGER,
  ERROR,
  OK,
  PARTS,
  REDIRECT,
  TOP_NAVIGATION,
  TRUNCATED,
  type PackedFrames,
} from './telemetry-batch';

/**
 * A frame's bytes in its batch's columns: three times, its text's span, its parts' ends, three
 * names and its flags.
 */
const COLUMN_BYTES = 3 * 8 + (2 + PARTS) * 4 + 3 * 2 + 1;
/** Frames the columns hold at first; they double when full, and stay grown for the next batch. */
const FIRST_CAPACITY = 64;

type Columns = Pick<
  PackedFrames,
  'seqs' | 'tss' | 'times' | 'spans' | 'ends' | 'types' | 'categories' | 'levels' | 'flags'
>;

/**
 * Columns for `count` frames, as views of one buffer (the widest first, so each view starts
 * aligned): a batch of a stream that is not busy holds a dozen frames, and its columns as nine
 * buffers of their own cost the page more than their frames' texts (docs/performance.md,
 * 2026-11-27, late night).
 */
function frameColumns(count: number): Columns {
  const buffer = new ArrayBuffer(count * COLUMN_BYTES);
  let next = 0;
  /** Where the next column starts, taking its bytes. */
  const place = (bytes: number): number => {
    const at = next;
    next += bytes;
    return at;
  };
  // in this order: a literal's fields are made in the order they are written
  return {
    seqs: new Float64Array(buffer, place(count * 8), count),
    tss: new Float64Array(buffer, place(count * 8), count),
    times: new Float64Array(buffer, place(count * 8), count),
    spans: new Uint32Array(buffer, place(count * 2 * 4), count * 2),
    ends: new Uint32Array(buffer, place(count * PARTS * 4), count * PARTS),
    types: new Uint16Array(buffer, place(count * 2), count),
    categories: new Uint16Array(buffer, place(count * 2), count),
    levels: new Uint16Array(buffer, place(count * 2), count),
    flags: new Uint8Array(buffer, place(count), count),
  };
}

/** The first `count` frames of `from` copied into `to` (columns of at least that many). */
function copyColumns(from: Columns, to: Columns, count: number): void {
  to.seqs.set(from.seqs.subarray(0, count));
  to.tss.set(from.tss.subarray(0, count));
  to.times.set(from.times.subarray(0, count));
  to.spans.set(from.spans.subarray(0, count * 2));
  to.ends.set(from.ends.subarray(0, count * PARTS));
  to.types.set(from.types.subarray(0, count));
  to.categories.set(from.categories.subarray(0, count));
  to.levels.set(from.levels.subarray(0, count));
  to.flags.set(from.flags.subarray(0, count));
}

/**
 * The frames of one telemetry stream between two batches, in the stream worker: their bytes (as
 * ByteStaging stages them) and their fields, written into the batch's columns as each frame is
 * read, so that nothing of a frame but the strings it sends outlives its reading. A frame kept as
 * an object of its own until the batch was packed (a dozen fields and its strings, about 1,400 of
 * them a batch in a firehose) lived through the worker's young-generation collections, which
 * copied every one of them, and packing visited each again: replayed in Chromium over the
 * firehose's frames, 3.4–3.6 µs a frame against 2.8 written as read (docs/performance.md,
 * 2026-11-29). `takeBatch` hands the columns over at the batch's size and starts the next batch.
 */
export class FrameStaging extends ByteStaging {
  private columns: Columns | null = null;
  private capacity = 0;
  private frames = 0;
  /** Parts of the batch's string (PackedFrames.strings), and their length so far. */
  private parts: string[] = [];
  private partsLength = 0;
  private names = [''];
  private nameIndex = new Map<string, number>();

  /** Frames staged since the last batch was taken. */
  get count(): number {
    return this.frames;
  }

  /** Stages a frame read; `bytesStart`/`bytesEnd` are where its text's bytes were staged. */
  event(
    event: ReadEvent,
    eager: boolean,
    atUs: number,
    bytesStart: number,
    bytesEnd: number,
  ): number {
    const at = this.place();
    const columns = this.columns as Columns;
    this.part(at, 0, '');
    this.part(at, 1, event.summary);
    this.part(at, 2, event.requestId ?? '');
    this.part(at, 3, event.pageData);
    this.part(at, 4, event.errorKey ?? '');
    columns.times[at] = atUs;
    columns.spans[at * 2] = bytesStart;
    columns.spans[at * 2 + 1] = bytesEnd;
    columns.types[at] = this.name(event.type);
    columns.categories[at] = this.name(event.category);
    columns.levels[at] = event.level === null ? 0 : this.name(event.level);
    columns.seqs[at] = event.seq;
    columns.tss[at] = event.ts;
    columns.flags[at] =
      OK |
      (event.error ? ERROR : 0) |
      (event.redirect ? REDIRECT : 0) |
      (eager ? EAGER : 0) |
      (event.topNavigation ? TOP_NAVIGATION : 0) |
      (event.truncated ? TRUNCATED : 0);
    return at;
  }

  /** Stages a frame that could not be read: its text and why. */
  unreadable(text: string, reason: string, atUs: number): number {
    const at = this.place();
    const columns = this.columns as Columns;
    this.part(at, 0, text);
    this.part(at, 1, reason);
    for (let part = 2; part < PARTS; part += 1) this.part(at, part, '');
    // the columns are written over batch after batch: every field of the frame is set
    columns.times[at] = atUs;
    columns.spans[at * 2] = 0;
    columns.spans[at * 2 + 1] = 0;
    columns.types[at] = 0;
    columns.categories[at] = 0;
    columns.levels[at] = 0;
    columns.seqs[at] = 0;
    columns.tss[at] = 0;
    columns.flags[at] = 0;
    return at;
  }

  /**
   * The staged frames as a batch (columns of exactly their number, a copy; the bytes as `take`
   * gives them), and the staging empty again.
   */
  takeBatch(): { packed: PackedFrames; transfer: Transferable[] } {
    const count = this.frames;
    const columns = frameColumns(count);
    if (this.columns) copyColumns(this.columns, columns, count);
    const texts = this.take();
    const packed: PackedFrames = {
      ...columns,
      names: this.names,
      bytes: texts,
      strings: this.parts.join(''),
    };
    this.frames = 0;
    this.parts = [];
    this.partsLength = 0;
    this.names = [''];
    this.nameIndex = new Map();
    // the columns are views of one buffer, which the clone keeps as one
    return { packed, transfer: [texts.buffer, columns.seqs.buffer] };
  }

  /** The next frame's place, the columns grown when full. */
  private place(): number {
    const at = this.frames;
    if (at === this.capacity) {
      const capacity = Math.max(FIRST_CAPACITY, this.capacity * 2);
      const grown = frameColumns(capacity);
      if (this.columns) copyColumns(this.columns, grown, at);
      this.columns = grown;
      this.capacity = capacity;
    }
    this.frames = at + 1;
    return at;
  }

  private part(at: number, part: number, value: string): void {
    // most parts are empty: an empty string joins as nothing, and pushing it costs
    if (value.length > 0) {
      this.parts.push(value);
      this.partsLength += value.length;
    }
    (this.columns as Columns).ends[at * PARTS + part] = this.partsLength;
  }

  private name(value: string): number {
    let index = this.nameIndex.get(value);
    if (index === undefined) {
      index = this.names.length;
      this.names.push(value);
      this.nameIndex.set(value, index);
    }
    return index;
  }
}
