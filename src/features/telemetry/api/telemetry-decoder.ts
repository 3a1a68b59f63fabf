import { LIMITS } from '../../../config/limits';
import type { StreamDecoder } from '../../../lib/sse/decoded-stream';
import { decodeEnvelope } from '../model/decode';
import { readEventOf, type ReadEvent } from '../model/event-item';

/**
 * One telemetry frame and when it arrived: an event as the worker read it (`eager` for the few
 * types the page must parse itself: a screenshot's image becomes an object URL there), or the
 * frame's text and why it could not be read.
 */
export type TelemetryFrame =
  | (ReadEvent & { ok: true; eager: boolean; atUs: number })
  | { ok: false; text: string; reason: string; atUs: number };

const EAGER_TYPES = new Set(['monitor_screenshot']);

const OK = 1;
const ERROR = 2;
const REDIRECT = 4;
const EAGER = 8;

/**
 * A batch in columns. Type, category and level names go through a table, so the page gets one
 * string per distinct name instead of one per event.
 *
 * The texts and summaries travel as one string, `strings`, which the page cuts at `ends` (text
 * then summary of each frame). Cut, a piece is a slice of it: a few bytes that point into the
 * batch's string. A batch's string is long enough to be allocated outside the young generation,
 * so the garbage collections that run while events pour in no longer copy every event's text from
 * one space to the other (they did: 25–35 ms each at 100,000 events a second).
 */
interface PackedFrames {
  strings: string;
  /** End of the text, then of the summary (or of why the frame could not be read), per frame. */
  ends: Uint32Array;
  requestIds: (string | null)[];
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
 * every garbage collection to trace, against one string.
 */
export const telemetryDecoder: StreamDecoder<TelemetryFrame, PackedFrames, TelemetryFrame> = {
  name: 'telemetry',
  windowItems: LIMITS.streamWorkerWindow.telemetry,
  decode(message, receivedMs) {
    const atUs = receivedMs * 1000;
    const decoded = decodeEnvelope(message.data);
    if (!decoded.ok) return { ok: false, text: message.data, reason: decoded.reason, atUs };
    const read = readEventOf(message.data, decoded.seq, decoded.event);
    return { ...read, ok: true, eager: EAGER_TYPES.has(read.type), atUs };
  },
  pack(frames) {
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
    const ends = new Uint32Array(count * 2);
    const add = (value: string, at: number): void => {
      strings.push(value);
      length += value.length;
      ends[at] = length;
    };
    const packed: Omit<PackedFrames, 'strings'> = {
      ends,
      requestIds: new Array<string | null>(count),
      names,
      types: new Uint16Array(count),
      categories: new Uint16Array(count),
      levels: new Uint16Array(count),
      seqs: new Float64Array(count),
      tss: new Float64Array(count),
      times: new Float64Array(count),
      flags: new Uint8Array(count),
    };
    frames.forEach((frame, at) => {
      add(frame.text, at * 2);
      add(frame.ok ? frame.summary : frame.reason, at * 2 + 1);
      packed.times[at] = frame.atUs;
      if (!frame.ok) {
        packed.requestIds[at] = null;
        return;
      }
      packed.requestIds[at] = frame.requestId;
      packed.types[at] = name(frame.type);
      packed.categories[at] = name(frame.category);
      packed.levels[at] = frame.level === null ? 0 : name(frame.level);
      packed.seqs[at] = frame.seq;
      packed.tss[at] = frame.ts;
      packed.flags[at] =
        OK |
        (frame.error ? ERROR : 0) |
        (frame.redirect ? REDIRECT : 0) |
        (frame.eager ? EAGER : 0);
    });
    const { types, categories, levels, seqs, tss, times, flags } = packed;
    return {
      packed: { ...packed, strings: strings.join('') },
      transfer: [ends, types, categories, levels, seqs, tss, times, flags].map(
        (array) => array.buffer,
      ),
    };
  },
  unpack(packed) {
    const { names, strings, ends } = packed;
    const frames = new Array<TelemetryFrame>(packed.times.length);
    for (let at = 0; at < frames.length; at += 1) {
      const textEnd = ends[at * 2] as number;
      const text = strings.slice(at === 0 ? 0 : (ends[at * 2 - 1] as number), textEnd);
      const summary = strings.slice(textEnd, ends[at * 2 + 1]);
      frames[at] = unpackFrame(packed, at, text, summary, names);
    }
    return frames;
  },
};

function unpackFrame(
  packed: PackedFrames,
  at: number,
  text: string,
  summary: string,
  names: string[],
): TelemetryFrame {
  const atUs = packed.times[at] as number;
  const flags = packed.flags[at] as number;
  if ((flags & OK) === 0) return { ok: false, text, reason: summary, atUs };
  const level = packed.levels[at] as number;
  return {
    ok: true,
    text,
    seq: packed.seqs[at] as number,
    ts: packed.tss[at] as number,
    type: names[packed.types[at] as number] as string,
    category: names[packed.categories[at] as number] as string,
    summary,
    error: (flags & ERROR) !== 0,
    level: level === 0 ? null : (names[level] as string),
    requestId: packed.requestIds[at] ?? null,
    redirect: (flags & REDIRECT) !== 0,
    eager: (flags & EAGER) !== 0,
    atUs,
  };
}
