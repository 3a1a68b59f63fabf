/**
 * The telemetry stream's frame found in a read, in the stream worker, when it has the shape the
 * contract gives it: an `id` line, one `data: ` line and a blank line (`id: 7\ndata: {…}\n\n`),
 * or the data line alone. Its data is then cut from the read's text and parsed as the SSE parser's
 * message would be, without splitting the frame into lines, joining them and making a message of
 * them (telemetry-decoder.ts). Any other shape (another field, several data lines, a comment, a
 * frame not whole in the read) is left to the parser, which reads it as before: both ways give the
 * same data for every frame found here. The event's `id` is not read: the stream resumes from
 * the events' own `seq` (model/sequencer.ts).
 */

/** Where a frame's data lies in its read, and where the frame ends (past its blank line). */
export interface TelemetryFramePlace {
  dataStart: number;
  dataEnd: number;
  end: number;
}

const LF = 0x0a;
const ID = ascii('id: ');
const DATA = ascii('data: ');

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function startsWith(bytes: Uint8Array, at: number, limit: number, prefix: Uint8Array): boolean {
  if (limit - at < prefix.length) return false;
  for (let k = 0; k < prefix.length; k += 1) if (bytes[at + k] !== prefix[k]) return false;
  return true;
}

/**
 * Finds the frame that starts at `bytes[start]` and ends within `limit` in `place`; false when it
 * is not of the one shape read here. `text` is the read's text, character for byte, with no CR
 * (FrameCutter offers no other), so a line ends at its first LF in either.
 */
export function findTelemetryFrame(
  bytes: Uint8Array,
  start: number,
  limit: number,
  text: string,
  place: TelemetryFramePlace,
): boolean {
  let at = start;
  if (startsWith(bytes, at, limit, ID)) {
    const lf = text.indexOf('\n', at + ID.length);
    if (lf === -1 || lf >= limit) return false;
    at = lf + 1;
  }
  if (!startsWith(bytes, at, limit, DATA)) return false;
  const dataStart = at + DATA.length;
  const dataEnd = text.indexOf('\n', dataStart);
  // empty data is not an event (the parser delivers none); the line after the data must be blank
  if (dataEnd <= dataStart || dataEnd + 1 >= limit || bytes[dataEnd + 1] !== LF) return false;
  place.dataStart = dataStart;
  place.dataEnd = dataEnd;
  place.end = dataEnd + 2;
  return true;
}
