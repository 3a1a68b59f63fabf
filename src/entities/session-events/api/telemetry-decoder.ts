import { LIMITS } from '../../../config/limits';
import type { ByteStaging } from '../../../lib/sse/byte-staging';
import type { StreamDecoder } from '../../../lib/sse/decoded-stream';
import { decodeEnvelope } from '../model/decode';
import { readEventOf, type ReadEvent } from '../model/event-item';
import {
  EAGER,
  ERROR,
  FrameBatch,
  OK,
  PARTS,
  REDIRECT,
  TOP_NAVIGATION,
  TRUNCATED,
  type PackedFrames,
  type TelemetryFrame,
} from './telemetry-batch';
import { findTelemetryFrame, type TelemetryFramePlace } from './telemetry-frame-scan';

/** A frame as the worker reads it, before packing: its text's bytes are staged (ByteStaging). */
export type WireFrame =
  | (ReadEvent & { ok: true; eager: boolean; atUs: number; bytesStart: number; bytesEnd: number })
  | { ok: false; text: string; reason: string; atUs: number };

const EAGER_TYPES = new Set(['monitor_screenshot']);

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
