import type { SseMessage } from './attempt';

export interface SseParser {
  /**
   * Feeds decoded text; complete events are delivered before this returns. `bytes` are the bytes
   * the text was decoded from when every character of the text is one of their bytes, in order
   * (stream-reader.ts `alignedBytes`): a message whose one data line lies in this text then says
   * where its bytes are (SseMessage.bytes).
   */
  push(text: string, bytes?: Uint8Array): void;
}

const LF = 10;
const CR = 13;
const COLON = 58;
const SPACE = 32;

/**
 * The event-stream format of the HTML standard, parsed from text with string searches rather than
 * a loop over bytes: lines end with LF, CRLF or CR (a CRLF split across chunks counts once),
 * `:` lines are comments, `data` lines join with LF, a blank line dispatches. Like the SSE library
 * (library-reader, the tests' reference), each message carries its own `id` ('' when it had none) and messages with
 * empty data are not delivered.
 */
export function createSseParser(onMessage: (message: SseMessage) => void): SseParser {
  let partial = '';
  let skipLeadingLf = false;
  let data: string | null = null;
  let event = '';
  let id = '';
  /** The bytes of the text being pushed, when they line up with it. */
  let pushBytes: Uint8Array | null = null;
  /** Where the data's one line lies in the text being pushed; -1 when it does not. */
  let dataStart = -1;
  let dataEnd = -1;

  const dispatch = (): void => {
    const message =
      data === null || data === ''
        ? null
        : dataStart >= 0 && pushBytes !== null
          ? { id, event, data, bytes: pushBytes, bytesStart: dataStart, bytesEnd: dataEnd }
          : { id, event, data };
    data = null;
    event = '';
    id = '';
    dataStart = -1;
    if (message) onMessage(message);
  };

  /** A `data` field's value: the event's data, or its next line. */
  const addData = (value: string): void => {
    data = data === null ? value : `${data}\n${value}`;
  };

  const line = (text: string): void => {
    if (text === '') {
      dispatch();
      return;
    }
    if (text.charCodeAt(0) === COLON) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = '';
    if (colon !== -1)
      value = text.slice(text.charCodeAt(colon + 1) === SPACE ? colon + 2 : colon + 1);
    if (field === 'data') {
      dataStart = -1;
      addData(value);
    } else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
  };

  /** Lines from `at` on, when the text has no CR: one search per line. */
  const splitLf = (text: string, from: number): void => {
    let at = from;
    for (;;) {
      const end = text.indexOf('\n', at);
      if (end === -1) break;
      if (partial === '' && isDataLine(text, at, end)) {
        // `data: …`, nearly every line of a stream: its value cut once, as line() would have it
        if (data === null) {
          dataStart = at + 6;
          dataEnd = end;
        } else dataStart = -1;
        addData(text.slice(at + 6, end));
      } else {
        const content = text.slice(at, end);
        line(partial === '' ? content : partial + content);
        partial = '';
      }
      at = end + 1;
    }
    if (at < text.length) partial += text.slice(at);
  };

  /** Lines from `at` on, ending with LF, CR or CRLF. */
  const splitAny = (text: string, from: number): void => {
    let at = from;
    while (at < text.length) {
      let end = at;
      while (end < text.length) {
        const code = text.charCodeAt(end);
        if (code === LF || code === CR) break;
        end += 1;
      }
      if (end === text.length) break;
      const content = text.slice(at, end);
      line(partial === '' ? content : partial + content);
      partial = '';
      at = end + 1;
      if (text.charCodeAt(end) === CR) {
        if (at === text.length) skipLeadingLf = true;
        else if (text.charCodeAt(at) === LF) at += 1;
      }
    }
    if (at < text.length) partial += text.slice(at);
  };

  return {
    push(text, bytes) {
      // a data line begun in an earlier piece has its bytes in a buffer since read over
      dataStart = -1;
      pushBytes = bytes ?? null;
      let at = 0;
      if (skipLeadingLf && text.length > 0) {
        skipLeadingLf = false;
        if (text.charCodeAt(0) === LF) at = 1;
      }
      if (text.indexOf('\r', at) === -1) splitLf(text, at);
      else splitAny(text, at);
    },
  };
}

/** `text[at, end)` is a line that starts `data: ` (the field, its colon and one space). */
function isDataLine(text: string, at: number, end: number): boolean {
  return (
    end - at >= 6 &&
    text.charCodeAt(at) === 0x64 &&
    text.charCodeAt(at + 1) === 0x61 &&
    text.charCodeAt(at + 2) === 0x74 &&
    text.charCodeAt(at + 3) === 0x61 &&
    text.charCodeAt(at + 4) === COLON &&
    text.charCodeAt(at + 5) === SPACE
  );
}
