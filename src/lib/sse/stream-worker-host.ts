import { LIMITS } from '../../config/limits';
import { createCountingFetch } from './counting-fetch';
import type { AnyStreamDecoder } from './decoded-stream';
import type { Attempt } from './sse-attempt';
import { startStreamRead } from './stream-reader';
import type { FromStreamWorker, ToStreamWorker } from './stream-worker-protocol';

/** The part of a dedicated worker's global scope the host uses. */
export interface WorkerScope {
  onmessage: ((event: MessageEvent<ToStreamWorker>) => void) | null;
  postMessage(message: FromStreamWorker, transfer: Transferable[]): void;
}

/**
 * The SSE library's cleanup touches `document` and `window` (visibility handling) even when told
 * to stay open while hidden; a worker has neither, so it gets inert stand-ins.
 */
function shimPageGlobals(): void {
  const scope = globalThis as Record<string, unknown>;
  scope.window ??= globalThis;
  scope.document ??= { hidden: false, addEventListener() {}, removeEventListener() {} };
}

/**
 * Runs in the stream worker: opens the attempts the page asks for, decodes every event with the
 * named decoder, and posts the items back packed, one batch per few milliseconds (or sooner when
 * many are pending), so the page handles one message per batch instead of work per event.
 */
export function serveStreams(scope: WorkerScope, decoders: readonly AnyStreamDecoder[]): void {
  shimPageGlobals();
  const byName = new Map(decoders.map((decoder) => [decoder.name, decoder]));
  const attempts = new Map<number, Attempt>();
  const post = (message: FromStreamWorker, transfer: Transferable[] = []): void =>
    scope.postMessage(message, transfer);

  const start = (request: Extract<ToStreamWorker, { type: 'start' }>): void => {
    const { id } = request;
    const decoder = byName.get(request.decoder);
    if (!decoder) {
      const reason = `the stream worker has no decoder named ${request.decoder}`;
      post({ type: 'end', id, end: { kind: 'transient', reason } });
      return;
    }
    let pending: unknown[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastTouch = 0;
    const flush = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (pending.length === 0) return;
      const { packed, transfer } = decoder.pack(pending);
      pending = [];
      post({ type: 'items', id, packed }, transfer);
    };
    const touch = (): void => {
      const now = Date.now();
      if (now - lastTouch < LIMITS.streamWorkerTouchMs) return;
      lastTouch = now;
      post({ type: 'touch', id });
    };
    const fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init);
    const attempt = startStreamRead(
      {
        url: request.url,
        headers: request.headers,
        fetch: request.watch ? createCountingFetch(fetchImpl, touch) : fetchImpl,
        now: Date.now,
      },
      {
        onOpen(response) {
          post({ type: 'open', id, status: response.status, headers: [...response.headers] });
        },
        onMessage(message) {
          pending.push(decoder.decode(message, Date.now()));
          if (pending.length >= LIMITS.streamWorkerBatchItems) flush();
          else timer ??= setTimeout(flush, LIMITS.streamWorkerBatchMs);
        },
        onEnd(end) {
          flush();
          attempts.delete(id);
          post({ type: 'end', id, end });
        },
      },
    );
    attempts.set(id, {
      abort() {
        if (timer !== undefined) clearTimeout(timer);
        pending = [];
        attempt.abort();
      },
    });
  };

  scope.onmessage = (event) => {
    const message = event.data;
    if (message.type === 'start') start(message);
    else {
      attempts.get(message.id)?.abort();
      attempts.delete(message.id);
    }
  };
}
