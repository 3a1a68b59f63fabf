import {
  reasonOf,
  rejectionOf,
  requestHeaders,
  type Attempt,
  type AttemptHandlers,
  type AttemptRequest,
} from './attempt';
import { createSseParser } from './sse-parser';

/**
 * One connection attempt read with fetch and createSseParser: the only reader in production (the
 * stream worker, the page's restart probe and in-page streams). It keeps the SSE library's
 * contract (same request headers, same classification of responses and failures, no handler
 * after abort()), which the tests check against the library's reader (library-reader.ts), without
 * its byte-by-byte line splitting and two text decodings per line: at a few hundred thousand
 * events a second, parsing is most of the cost of a frame.
 */
export function startStreamRead(request: AttemptRequest, handlers: AttemptHandlers): Attempt {
  const controller = new AbortController();
  let done = false;
  let cancelBody: (() => Promise<void>) | undefined;
  const finish = (end: Parameters<AttemptHandlers['onEnd']>[0]): void => {
    if (done) return;
    done = true;
    handlers.onEnd(end);
  };
  const parser = createSseParser((message) => {
    if (!done) handlers.onMessage(message);
  });

  const read = async (): Promise<void> => {
    const response = await request.fetch(request.url, {
      headers: requestHeaders(request.headers),
      signal: controller.signal,
    });
    const rejected = await rejectionOf(response, request.now);
    if (rejected) {
      finish(rejected);
      return;
    }
    if (done) return;
    handlers.onOpen(response);
    const body = response.body;
    if (!body) {
      finish({ kind: 'server-closed' });
      return;
    }
    const reader = openBodyReader(body);
    cancelBody = () => reader.cancel();
    let decoder: TextDecoder | undefined;
    /** The last piece ended on a whole character: the decoder holds no bytes of it. */
    let whole = true;
    const toParser = (bytes: Uint8Array, offerBytes: boolean): void => {
      // a stream's byte-order mark is dropped only where the stream starts
      decoder ??= new TextDecoder('utf-8', { ignoreBOM: frames !== undefined && frames.began });
      const text = decoder.decode(bytes, { stream: true });
      parser.push(text, offerBytes ? alignedBytes(text, bytes, whole) : undefined);
      if (bytes.byteLength > 0) whole = (bytes[bytes.byteLength - 1] as number) < 0x80;
    };
    const frames = request.frames
      ? new FrameCutter(request.frames, toParser, request.framesText === true)
      : undefined;
    for (;;) {
      const wait = request.gate?.();
      if (wait) await wait;
      if (done) return;
      const { done: ended, value } = await reader.read();
      if (done) return;
      if (ended) break;
      request.onBytes?.(value.byteLength);
      if (frames) frames.push(value);
      else toParser(value, request.bytes === true);
    }
    if (decoder) parser.push(decoder.decode());
    finish({ kind: 'server-closed' });
  };

  read().catch((error: unknown) => {
    finish({ kind: 'transient', reason: reasonOf(error) });
    controller.abort();
  });

  return {
    abort(): void {
      done = true;
      controller.abort();
      // a body whose fetch does not honour the signal is cancelled too, ending a pending read
      cancelBody?.().catch(() => undefined);
    },
  };
}

const LF = 10;

/**
 * Offers each frame that starts in a piece to `offer`, which reads it whole and says where it ends
 * or declines it; a declined frame (up to its blank line, `\n\n`) and a frame cut across two
 * pieces go to `toParser` as bytes, in order. The parser is given a frame from its start to its end, so between frames it holds no
 * partial line and no event, and its decoder no bytes: the next frame may be offered again. A
 * frame that ends with CR line ends has no `\n\n`; it goes to the parser with the frames after
 * it until one does.
 *
 * With `asText`, each piece is decoded once and offered with its text, but only when the text
 * lines up with the bytes and holds no CR (AttemptRequest.framesText); any other piece goes to the
 * parser whole, as a frame cut across pieces does.
 */
export class FrameCutter {
  /** Some frame was offered before any byte went to the parser. */
  began = false;
  /** A frame begun in an earlier piece went to the parser; its end is still to come. */
  private open = false;
  /** The last piece ended with LF (a blank line may end at the next piece's first byte). */
  private lastLf = false;

  /** Decodes a piece for `asText` (whole: the piece's own bytes, none held from the one before). */
  private readonly decoder: TextDecoder | undefined;

  constructor(
    private readonly offer: (
      bytes: Uint8Array,
      start: number,
      limit: number,
      text: string | undefined,
    ) => number,
    private readonly toParser: (bytes: Uint8Array, offerBytes: boolean) => void,
    asText = false,
  ) {
    // a byte-order mark is read as a character, so a stream that starts with one is not aligned
    if (asText) this.decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  }

  push(piece: Uint8Array): void {
    const length = piece.length;
    if (length === 0) return;
    let at = 0;
    if (this.open) {
      const end = this.lastLf && piece[0] === LF ? 1 : frameEnd(piece, 0);
      if (end === -1) {
        this.rest(piece, 0);
        return;
      }
      this.toParser(piece.subarray(0, end), false);
      this.open = false;
      at = end;
    }
    let text: string | undefined;
    if (this.decoder && at < length) {
      text = this.decoder.decode(piece);
      // one character a byte: every character is an ASCII byte, or the replacement of one
      // invalid byte, in the bytes' order (as alignedBytes)
      if (text.length !== length || text.indexOf('\r', at) !== -1) {
        this.rest(piece, at);
        return;
      }
    }
    while (at < length) {
      const handled = this.offer(piece, at, length, text);
      if (handled > at) {
        this.began = true;
        at = handled;
        continue;
      }
      const end = frameEnd(piece, at);
      if (end === -1) {
        this.rest(piece, at);
        return;
      }
      this.toParser(piece.subarray(at, end), false);
      at = end;
    }
  }

  private rest(piece: Uint8Array, from: number): void {
    this.toParser(from === 0 ? piece : piece.subarray(from), false);
    this.open = true;
    this.lastLf = piece[piece.length - 1] === LF;
  }
}

/** Where the frame starting at `from` ends: past its `\n\n`, or -1 when the piece does not hold it. */
function frameEnd(piece: Uint8Array, from: number): number {
  const last = piece.length - 1;
  let lf = piece.indexOf(LF, from);
  while (lf !== -1 && lf < last) {
    if (piece[lf + 1] === LF) return lf + 2;
    lf = piece.indexOf(LF, lf + 2);
  }
  return -1;
}

/**
 * A piece's bytes when its text lines up with them, character for byte, else undefined. It does
 * when the piece before ended on a whole character (an ASCII byte, `whole`) and the text is as
 * long as the bytes: every character then comes from this piece's bytes, none from bytes the
 * decoder held back; each takes one byte or more (an ASCII character one, the replacement for one
 * invalid byte one, any other character two to four bytes for one or two UTF-16 units); bytes the
 * decoder holds back at the end give none. Equal lengths leave room for nothing but one-byte
 * characters, in the bytes' order.
 */
export function alignedBytes(
  text: string,
  bytes: Uint8Array,
  whole: boolean,
): Uint8Array | undefined {
  return whole && text.length === bytes.byteLength ? bytes : undefined;
}

/**
 * Bytes read into one buffer each time. A reader that falls behind otherwise gets everything the
 * connection holds in one chunk (2 MB in Chromium), copied into a freshly allocated buffer (1–4 ms
 * of the reading thread a read), and Chromium decodes a chunk that size at about three times the
 * cost a byte of 256 KB pieces. See docs/performance.md (2026-11-27). Pieces of 512 KB read the
 * telemetry firehose about 2% faster than 256 KB in twelve alternated pairs, the logs firehose
 * the same (2026-11-29).
 */
export const READ_BYTES = 512 * 1024;

interface BodyReader {
  read(): Promise<ReadableStreamReadResult<Uint8Array>>;
  cancel(): Promise<void>;
}

/**
 * Reads a body `READ_BYTES` at a time into one buffer when it is a byte stream (a fetch's body in
 * Chromium and Firefox), else as it comes (a body made by a ReadableStream of chunks, as the
 * stream relay's). A chunk handed out is read before the next read, which reuses its buffer.
 */
export function openBodyReader(body: ReadableStream<Uint8Array>): BodyReader {
  let byob: ReadableStreamBYOBReader;
  try {
    byob = body.getReader({ mode: 'byob' });
  } catch {
    return body.getReader();
  }
  let buffer = new ArrayBuffer(READ_BYTES);
  return {
    async read() {
      const result = await byob.read(new Uint8Array(buffer, 0, READ_BYTES));
      if (result.value) buffer = result.value.buffer as ArrayBuffer;
      return result as ReadableStreamReadResult<Uint8Array>;
    },
    cancel: () => byob.cancel(),
  };
}
