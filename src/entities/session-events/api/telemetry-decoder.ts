import { LIMITS } from '../../../config/limits';
import type { StreamDecoder } from '../../../lib/sse/decoded-stream';
import { decodeEnvelope } from '../model/decode';
import { readEventOf } from '../model/event-item';
import { FrameBatch, type PackedFrames, type TelemetryFrame } from './telemetry-batch';
import { FrameStaging } from './frame-staging';
import { findTelemetryFrame, type TelemetryFramePlace } from './telemetry-frame-scan';

/** A frame as the worker hands it on: its place among the frames staged for the next batch. */
export type StagedFrame = number;

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
 * and the buffers go round (2026-11-27, buffers given back). Each frame's fields go into the
 * batch's columns as it is read (FrameStaging), and `pack` hands the columns over.
 */
export const telemetryDecoder: StreamDecoder<
  TelemetryFrame,
  PackedFrames,
  StagedFrame,
  FrameBatch,
  FrameStaging
> = {
  name: 'telemetry',
  windowItems: LIMITS.streamWorkerWindow.telemetry,
  keepsBytes: true,
  staging: () => new FrameStaging(),
  decode(message, receivedMs, staging) {
    const { bytes: read, bytesStart, bytesEnd } = message;
    // its bytes as the reader read them when it says where, else encoded
    return read && bytesStart !== undefined && bytesEnd !== undefined
      ? stage(message.data, receivedMs, staging, read, bytesStart, bytesEnd)
      : stage(message.data, receivedMs, staging, null, 0, 0);
  },
  scansText: true,
  scan(bytes, start, limit, receivedMs, staging, frame, text) {
    if (text === undefined || !findTelemetryFrame(bytes, start, limit, text, place))
      return undefined;
    const { dataStart, dataEnd } = place;
    frame.end = place.end;
    return stage(text.slice(dataStart, dataEnd), receivedMs, staging, bytes, dataStart, dataEnd);
  },
  pack(_frames, staging) {
    return staging.takeBatch();
  },
  unpack(packed) {
    return new FrameBatch(packed);
  },
};

/** Where scan finds a frame (one per worker: a frame is read whole before the next is found). */
const place: TelemetryFramePlace = { dataStart: 0, dataEnd: 0, end: 0 };

/**
 * A frame's data read, described and staged: its bytes (`read[readStart, readEnd)` when given,
 * else the data encoded) and its fields.
 */
function stage(
  data: string,
  receivedMs: number,
  staging: FrameStaging,
  read: Uint8Array | null,
  readStart: number,
  readEnd: number,
): StagedFrame {
  const atUs = receivedMs * 1000;
  // the worker describes the event; the page reads its source from the text when it parses it
  const decoded = decodeEnvelope(data, 'skip');
  if (!decoded.ok) return staging.unreadable(data, decoded.reason, atUs);
  const event = readEventOf(decoded.seq, decoded.event);
  const bytesStart = read ? staging.copy(read, readStart, readEnd) : staging.text(data);
  return staging.event(event, EAGER_TYPES.has(event.type), atUs, bytesStart, staging.length);
}
