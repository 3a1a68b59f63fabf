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
    const decoder = new TextDecoder();
    /** The last piece ended on a whole character: the decoder holds no bytes of it. */
    let whole = true;
    for (;;) {
      const wait = request.gate?.();
      if (wait) await wait;
      if (done) return;
      const { done: ended, value } = await reader.read();
      if (done) return;
      if (ended) break;
      request.onBytes?.(value.byteLength);
      const text = decoder.decode(value, { stream: true });
      parser.push(text, request.bytes ? alignedBytes(text, value, whole) : undefined);
      if (value.byteLength > 0) whole = (value[value.byteLength - 1] as number) < 0x80;
    }
    parser.push(decoder.decode());
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
 * cost a byte of 256 KB pieces. See docs/performance.md (2026-11-27).
 */
export const READ_BYTES = 256 * 1024;

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
