import { fetchEventSource, type EventSourceMessage } from '@microsoft/fetch-event-source';
import {
  reasonOf,
  rejectionOf,
  requestHeaders,
  type Attempt,
  type AttemptEnd,
  type AttemptHandlers,
  type AttemptRequest,
} from './attempt';

/*
 * The SSE library's reader, kept for the tests only: the production reader (startStreamRead) is
 * checked against it on the same byte streams (sse-framing.test.ts, stream-reader.test.ts), so
 * the library is a development dependency and is in no bundle.
 */

/** Carries our classification of a bad response from onopen to onerror. */
class RejectedResponse extends Error {
  constructor(readonly end: AttemptEnd) {
    super(end.kind);
  }
}

/**
 * Runs exactly one request through fetchEventSource. The library's own retry loop never runs:
 * onerror always rethrows, which makes the library dispose of the request and reject; retries are
 * the caller's business. Parsing (chunk boundaries, CR/LF/CRLF, comments, multi-line data, id) is
 * the library's.
 */
export function startAttempt(request: AttemptRequest, handlers: AttemptHandlers): Attempt {
  const controller = new AbortController();
  let done = false;
  const finish = (end: AttemptEnd): void => {
    if (done) return;
    done = true;
    handlers.onEnd(end);
  };

  void fetchEventSource(request.url, {
    signal: controller.signal,
    headers: requestHeaders(request.headers),
    fetch: request.fetch,
    // The default (false) closes the stream whenever the tab is hidden and reopens it when shown.
    openWhenHidden: true,
    async onopen(response: Response): Promise<void> {
      const rejected = await rejectionOf(response, request.now);
      if (rejected) throw new RejectedResponse(rejected);
      if (!done) handlers.onOpen(response);
    },
    // Hot path. The library dispatches a message for every blank line, including after a comment
    // frame or an id-only frame (data ''); the SSE spec dispatches nothing for those. `done` also
    // stops the rest of an already received chunk from being delivered after abort().
    onmessage(message: EventSourceMessage): void {
      if (!done && message.data !== '') handlers.onMessage(message);
    },
    onclose(): void {
      finish({ kind: 'server-closed' });
    },
    onerror(error: unknown): never {
      const reason = reasonOf(error);
      finish(error instanceof RejectedResponse ? error.end : { kind: 'transient', reason });
      throw error;
    },
  }).catch(() => undefined);

  return {
    abort(): void {
      done = true;
      controller.abort();
    },
  };
}
