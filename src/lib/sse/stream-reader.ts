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
 * Bytes of the body decoded and parsed at a time. A reader that falls behind gets the network's
 * backlog in one chunk (about 2 MB a read in the logs firehose); Chromium decodes a chunk that
 * size at a third of the speed of the same bytes in pieces of 32 KB to 256 KB, and the parser's
 * searches over the text it makes run slower too (docs/performance.md, 2026-11-26, "a backlog
 * read in one chunk"). `stream: true` carries a character cut between two pieces.
 */
export const PIECE_BYTES = 64 * 1024;

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
    const reader = body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const wait = request.gate?.();
      if (wait) await wait;
      if (done) return;
      const { done: ended, value } = await reader.read();
      if (done) return;
      if (ended) break;
      for (let at = 0; at < value.length && !done; at += PIECE_BYTES)
        parser.push(decoder.decode(value.subarray(at, at + PIECE_BYTES), { stream: true }));
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
    },
  };
}
