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
      parser.push(decoder.decode(value, { stream: true }));
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
