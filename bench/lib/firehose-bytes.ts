/**
 * The bytes of the data a firehose sends, for the heap goals: the UTF-8 bytes of its log lines
 * (each line's text, no newline) and the JSON bytes of its telemetry events (each event object as
 * it is on the wire). They are counted by rendering the very frames the server sends with the
 * server's own frame generators, which are seeded: the same lines and events on every run. Only
 * the per-chunk clock differs, and it is of fixed width (an RFC 3339 time with nanoseconds in the
 * log frame, outside the line; a 16-digit µs `ts` in each event), so the counts are exact.
 */
import { renderText, type Render } from '../../server/reference/test-rigs/firehose-kit.ts';
import { logChunk } from '../../server/reference/test-rigs/firehose-logs.ts';
import { telemetryChunks } from '../../server/reference/test-rigs/firehose-telemetry.ts';

/** Frames `first` to `end` (0-based, end excluded) as the server renders them, one at a time. */
function* frames(render: Render, first: number, end: number): Generator<string> {
  let index = first;
  while (index < end) {
    const { text, next } = renderText(render, index, end);
    // a chunk is one character per byte; each frame ends with a blank line
    let from = 0;
    for (let cut = text.indexOf('\n\n'); cut !== -1; cut = text.indexOf('\n\n', from)) {
      yield text.slice(from, cut);
      from = cut + 2;
    }
    index = next;
  }
}

/**
 * UTF-8 bytes of the messages of log frames `first` to `end` of a firehose (a log tab that kept
 * the last `retained` of `count` lines retains frames `count − retained` to `count`).
 */
export function logLineBytes(first: number, end: number): number {
  let bytes = 0;
  let seen = 0;
  for (const frame of frames(logChunk, first, end)) {
    // `data: {"event":"log","timestamp":…,"message":…}` in UTF-8 bytes, one per character
    const record = JSON.parse(Buffer.from(frame.slice(6), 'latin1').toString('utf8')) as {
      message: string;
    };
    bytes += Buffer.byteLength(record.message, 'utf8');
    seen += 1;
  }
  if (seen !== end - first) throw new Error(`rendered ${seen} log frames, not ${end - first}`);
  return bytes;
}

const EVENT_KEY = '"event":';

/** JSON bytes of the event objects of telemetry frames `first` to `end` of a firehose. */
export function telemetryEventBytes(first: number, end: number): number {
  let bytes = 0;
  let seen = 0;
  for (const frame of frames(telemetryChunks(0), first, end)) {
    // `id: <seq>\ndata: {"seq":…,"event":{…}}`: the event runs to the brace before the last
    const start = frame.indexOf(EVENT_KEY);
    if (start === -1 || !frame.endsWith('}}')) throw new Error('not a telemetry frame');
    bytes += frame.length - 1 - (start + EVENT_KEY.length);
    seen += 1;
  }
  if (seen !== end - first)
    throw new Error(`rendered ${seen} telemetry frames, not ${end - first}`);
  return bytes;
}
