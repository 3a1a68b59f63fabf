/**
 * A telemetry batch as the page reads it: the columns the stream worker packs
 * (telemetry-decoder.ts), and the frames that are places in them.
 */
import type { ItemBatch } from '../../../lib/batch-queue';
import { BatchBytes } from '../../../lib/sse/batch-bytes';
import { NO_NAME_ID, type EventRows } from '../model/event-item';
import { nameId } from '../model/name-counts';

/**
 * One telemetry frame and when it arrived, as the page receives it: an event the worker read, a
 * place in its batch (EventFrame), or the frame's text and why it could not be read.
 */
export type TelemetryFrame = EventFrame | { ok: false; text: string; reason: string; atUs: number };

/** A frame's flags (PackedFrames.flags). */
export const OK = 1;
export const ERROR = 2;
export const REDIRECT = 4;
export const EAGER = 8;
export const TOP_NAVIGATION = 16;
export const TRUNCATED = 32;

/**
 * Ends per frame in `ends`: the text of a frame that could not be read, its summary, request id,
 * the page visits' fields, its error group key.
 */
export const PARTS = 5;

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
 * (frameColumns in telemetry-decoder.ts). Items are places in the batch that cut their pieces when read (FrameBatch), so
 * the garbage collections that run while events pour in copy no event's strings.
 */
export interface PackedFrames {
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
