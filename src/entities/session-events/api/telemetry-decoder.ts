import { LIMITS } from '../../../config/limits';
import type { ItemBatch } from '../../../lib/batch-queue';
import { BatchBytes } from '../../../lib/sse/batch-bytes';
import type { ByteStaging } from '../../../lib/sse/byte-staging';
import type { StreamDecoder } from '../../../lib/sse/decoded-stream';
import { decodeEnvelope } from '../model/decode';
import { NO_NAME_ID, readEventOf, type EventRows, type ReadEvent } from '../model/event-item';
import { nameId } from '../model/name-counts';
import { findTelemetryFrame, type TelemetryFramePlace } from './telemetry-frame-scan';

/**
 * One telemetry frame and when it arrived, as the page receives it: an event the worker read, a
 * place in its batch (EventFrame), or the frame's text and why it could not be read.
 */
export type TelemetryFrame = EventFrame | { ok: false; text: string; reason: string; atUs: number };

/** A frame as the worker reads it, before packing: its text's bytes are staged (ByteStaging). */
export type WireFrame =
  | (ReadEvent & { ok: true; eager: boolean; atUs: number; bytesStart: number; bytesEnd: number })
  | { ok: false; text: string; reason: string; atUs: number };

const EAGER_TYPES = new Set(['monitor_screenshot']);

const OK = 1;
const ERROR = 2;
const REDIRECT = 4;
const EAGER = 8;
const TOP_NAVIGATION = 16;
const TRUNCATED = 32;

/**
 * Ends per frame in `ends`: the text of a frame that could not be read, its summary, request id,
 * the page visits' fields, its error group key.
 */
const PARTS = 5;

/**
 * A batch in columns. Type, category and level names go through a table, so the page gets one
 * string per distinct name instead of one per event.
 *
 * The frames' texts travel as the UTF-8 bytes they arrived in, `bytes`, copied from the reader's
 * buffer as each frame was read and transferred to the page, not cloned: each text is
 * `bytes[spans[2i], spans[2i + 1])`. A busy stream's batch fills a buffer that the page gives back
 * once nothing holds its texts (lib/sse/batch-bytes.ts), so the worker stages into memory used
 * before rather than fresh memory for every batch. The summaries, request ids and page visits'
 * fields travel as one string, `strings`, cut at `ends`. The typed arrays are views of one buffer
 * (frameColumns). Items are places in the batch that cut their pieces when read (FrameBatch), so
 * the garbage collections that run while events pour in copy no event's strings.
 */
interface PackedFrames {
  bytes: Uint8Array;
  /** Per frame, where its text's bytes start and end in `bytes` (empty for one not read). */
  spans: Uint32Array;
  strings: string;
  /**
   * Per frame, where the text of a frame that could not be read ends (empty for one read), then
   * its summary (or why the frame could not be read), then its request id (empty: none), then the
   * page visits' fields (empty: none), then its error group key (empty: none; a key is sent as
   * a part of the string, not through `names`: a console error's key is long and mostly its own,
   * and looking it up cost the worker more than copying it). Each starts where the one before
   * ends.
   */
  ends: Uint32Array;
  names: string[];
  /** Indexes into `names`; level 0 means none. */
  types: Uint16Array;
  categories: Uint16Array;
  levels: Uint16Array;
  seqs: Float64Array;
  tss: Float64Array;
  times: Float64Array;
  flags: Uint8Array;
}

/**
 * Telemetry stream frames, parsed and described in the stream worker. The page receives each
 * event's summary, error flag, level, type, category and request id with the frame's text, and
 * parses the text only when something reads the whole event (model/event-item.ts). Measured: a
 * structured clone of parsed events costs more than JSON.parse on the page, which costs more than
 * cloning a few strings per event; and a parsed event retained on the page is a dozen objects for
 * every garbage collection to trace, against one string. The texts go as the bytes they came
 * in, copied from the reader's buffer when it says where they are (SseMessage.bytes), else
 * encoded, and handed over in one buffer: the page's thread no longer reads a clone of them, and
 * the worker no longer joins and clones them (docs/performance.md, 2026-11-27, texts as bytes),
 * and the buffers go round (2026-11-27, buffers given back).
 */
export const telemetryDecoder: StreamDecoder<TelemetryFrame, PackedFrames, WireFrame, FrameBatch> =
  {
    name: 'telemetry',
    windowItems: LIMITS.streamWorkerWindow.telemetry,
    keepsBytes: true,
    decode(message, receivedMs, bytes) {
      const { bytes: read, bytesStart, bytesEnd } = message;
      // its bytes as the reader read them when it says where, else encoded
      return read && bytesStart !== undefined && bytesEnd !== undefined
        ? wireOf(message.data, receivedMs, bytes, read, bytesStart, bytesEnd)
        : wireOf(message.data, receivedMs, bytes, null, 0, 0);
    },
    scansText: true,
    scan(bytes, start, limit, receivedMs, staging, frame, text) {
      if (text === undefined || !findTelemetryFrame(bytes, start, limit, text, place))
        return undefined;
      const { dataStart, dataEnd } = place;
      frame.end = place.end;
      return wireOf(text.slice(dataStart, dataEnd), receivedMs, staging, bytes, dataStart, dataEnd);
    },
    pack(frames, bytes) {
      const count = frames.length;
      const names = [''];
      const nameIndex = new Map<string, number>();
      const name = (value: string): number => {
        let index = nameIndex.get(value);
        if (index === undefined) {
          index = names.length;
          names.push(value);
          nameIndex.set(value, index);
        }
        return index;
      };
      const strings: string[] = [];
      let length = 0;
      const columns = frameColumns(count);
      const { ends, spans } = columns;
      const add = (value: string, at: number): void => {
        // most parts are empty: an empty string joins as nothing, and pushing it costs
        if (value.length > 0) {
          strings.push(value);
          length += value.length;
        }
        ends[at] = length;
      };
      const packed: Omit<PackedFrames, 'bytes' | 'strings'> = { ...columns, names };
      for (let at = 0; at < count; at += 1) {
        const frame = frames[at] as WireFrame;
        add(frame.ok ? '' : frame.text, at * PARTS);
        add(frame.ok ? frame.summary : frame.reason, at * PARTS + 1);
        add((frame.ok && frame.requestId) || '', at * PARTS + 2);
        add(frame.ok ? frame.pageData : '', at * PARTS + 3);
        add((frame.ok && frame.errorKey) || '', at * PARTS + 4);
        packed.times[at] = frame.atUs;
        if (!frame.ok) continue;
        spans[at * 2] = frame.bytesStart;
        spans[at * 2 + 1] = frame.bytesEnd;
        packed.types[at] = name(frame.type);
        packed.categories[at] = name(frame.category);
        packed.levels[at] = frame.level === null ? 0 : name(frame.level);
        packed.seqs[at] = frame.seq;
        packed.tss[at] = frame.ts;
        packed.flags[at] =
          OK |
          (frame.error ? ERROR : 0) |
          (frame.redirect ? REDIRECT : 0) |
          (frame.eager ? EAGER : 0) |
          (frame.topNavigation ? TOP_NAVIGATION : 0) |
          (frame.truncated ? TRUNCATED : 0);
      }
      const texts = bytes.take();
      return {
        packed: { ...packed, bytes: texts, strings: strings.join('') },
        // the columns are views of one buffer, which the clone keeps as one
        transfer: [texts.buffer, columns.seqs.buffer],
      };
    },
    unpack(packed) {
      return new FrameBatch(packed);
    },
  };

/**
 * A frame's bytes in its batch's columns: three times, its text's span, its parts' ends, three
 * names and its flags.
 */
const COLUMN_BYTES = 3 * 8 + (2 + PARTS) * 4 + 3 * 2 + 1;

type Columns = Pick<
  PackedFrames,
  'seqs' | 'tss' | 'times' | 'spans' | 'ends' | 'types' | 'categories' | 'levels' | 'flags'
>;

/**
 * A batch's columns for `count` frames, as views of one buffer (the widest first, so each view
 * starts aligned): a batch of a stream that is not busy holds a dozen frames, and its columns as
 * nine buffers of their own cost the page more than their frames' texts (docs/performance.md,
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

/** Where scan finds a frame (one per worker: a frame is read whole before the next is found). */
const place: TelemetryFramePlace = { dataStart: 0, dataEnd: 0, end: 0 };

/**
 * A frame's data read: described, its bytes staged (`read[readStart, readEnd)` when given, else
 * the data encoded).
 */
function wireOf(
  data: string,
  receivedMs: number,
  staging: ByteStaging,
  read: Uint8Array | null,
  readStart: number,
  readEnd: number,
): WireFrame {
  const atUs = receivedMs * 1000;
  // the worker describes the event; the page reads its source from the text when it parses it
  const decoded = decodeEnvelope(data, 'skip');
  if (!decoded.ok) return { ok: false, text: data, reason: decoded.reason, atUs };
  const wire = readEventOf(decoded.seq, decoded.event) as Extract<WireFrame, { ok: true }>;
  // the fields a wire frame adds, set on the event read rather than copying it into another
  wire.ok = true;
  wire.eager = EAGER_TYPES.has(wire.type);
  wire.atUs = atUs;
  wire.bytesStart = read ? staging.copy(read, readStart, readEnd) : staging.text(data);
  wire.bytesEnd = staging.length;
  return wire;
}

/**
 * A frame the worker could read: a place in its batch, which holds its fields (`eager` for the few
 * types the page must parse itself: a screenshot's image becomes an object URL there).
 */
export class EventFrame {
  readonly ok = true;

  constructor(
    readonly batch: FrameBatch,
    readonly at: number,
  ) {}

  get seq(): number {
    return this.batch.seq(this.at);
  }

  /** `event.ts` as decoded: NaN when missing. */
  get ts(): number {
    return this.batch.ts(this.at);
  }

  /** When the frame arrived (µs). */
  get atUs(): number {
    return this.batch.atUs(this.at);
  }

  get eager(): boolean {
    return this.batch.eager(this.at);
  }
}

/**
 * A batch as it came from the worker: its frames' fields stay in the batch's typed arrays, string
 * and bytes, and what the page makes of a frame (EventFrame, then an event item,
 * model/event-item.ts) is a place in the batch that reads them there. A batch waiting to be taken
 * is a few strings and typed arrays, not thousands of objects that every garbage collection
 * meanwhile would have to copy; and a retained item is a few fields rather than two dozen and a
 * boxed time (docs/performance.md, 2026-11-27, items that are places in their batch).
 */
export class FrameBatch implements ItemBatch<TelemetryFrame>, EventRows {
  readonly length: number;
  /** The frames' texts: only through this are the batch's bytes read (lib/sse/batch-bytes.ts). */
  private readonly texts: BatchBytes;
  private readonly source: string;
  private readonly ends: Uint32Array;
  private readonly spans: Uint32Array;
  private readonly names: string[];
  /** The page's id of each of `names` (model/name-counts.ts), looked up once a batch. */
  private readonly nameIds: Int16Array;
  private readonly types: Uint16Array;
  private readonly categories: Uint16Array;
  private readonly levels: Uint16Array;
  private readonly seqs: Float64Array;
  private readonly tss: Float64Array;
  private readonly times: Float64Array;
  private readonly flags: Uint8Array;

  constructor(packed: PackedFrames) {
    this.length = packed.times.length;
    this.texts = new BatchBytes(packed.bytes);
    this.source = packed.strings;
    this.ends = packed.ends;
    this.spans = packed.spans;
    this.names = packed.names;
    this.nameIds = Int16Array.from(packed.names, nameId);
    this.types = packed.types;
    this.categories = packed.categories;
    this.levels = packed.levels;
    this.seqs = packed.seqs;
    this.tss = packed.tss;
    this.times = packed.times;
    this.flags = packed.flags;
  }

  at(at: number): TelemetryFrame | undefined {
    if (!(at >= 0 && at < this.length)) return undefined;
    if (((this.flags[at] as number) & OK) !== 0) return new EventFrame(this, at);
    return { ok: false, text: this.part(at, 0), reason: this.part(at, 1), atUs: this.atUs(at) };
  }

  /** Every frame, made now. */
  toArray(): TelemetryFrame[] {
    return Array.from({ length: this.length }, (_, at) => this.at(at) as TelemetryFrame);
  }

  seq(at: number): number {
    return this.seqs[at] as number;
  }

  ts(at: number): number {
    return this.tss[at] as number;
  }

  atUs(at: number): number {
    return this.times[at] as number;
  }

  tsUs(at: number): number {
    const ts = this.tss[at] as number;
    return Number.isFinite(ts) ? ts : (this.times[at] as number);
  }

  type(at: number): string {
    return this.names[this.types[at] as number] as string;
  }

  category(at: number): string {
    return this.names[this.categories[at] as number] as string;
  }

  level(at: number): string | null {
    const level = this.levels[at] as number;
    return level === 0 ? null : (this.names[level] as string);
  }

  typeId(at: number): number {
    return this.nameIds[this.types[at] as number] as number;
  }

  categoryId(at: number): number {
    return this.nameIds[this.categories[at] as number] as number;
  }

  levelId(at: number): number {
    const level = this.levels[at] as number;
    return level === 0 ? NO_NAME_ID : (this.nameIds[level] as number);
  }

  private flag(at: number, flag: number): boolean {
    return ((this.flags[at] as number) & flag) !== 0;
  }

  error(at: number): boolean {
    return this.flag(at, ERROR);
  }

  redirect(at: number): boolean {
    return this.flag(at, REDIRECT);
  }

  eager(at: number): boolean {
    return this.flag(at, EAGER);
  }

  topNavigation(at: number): boolean {
    return this.flag(at, TOP_NAVIGATION);
  }

  truncated(at: number): boolean {
    return this.flag(at, TRUNCATED);
  }

  /** The part `part` of a frame's share of the batch's string (see PackedFrames.ends). */
  private part(at: number, part: number): string {
    const { ends } = this;
    const end = at * PARTS + part;
    return this.source.slice(end === 0 ? 0 : (ends[end - 1] as number), ends[end] as number);
  }

  summary(at: number): string {
    return this.part(at, 1);
  }

  requestId(at: number): string | null {
    return this.part(at, 2) || null;
  }

  pageData(at: number): string {
    return this.part(at, 3);
  }

  errorKey(at: number): string | null {
    return this.part(at, 4) || null;
  }

  text(at: number): string {
    const { spans } = this;
    return this.texts.text(spans[at * 2] as number, spans[at * 2 + 1] as number);
  }
}
