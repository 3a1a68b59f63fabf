import { LIMITS } from '../../config/limits';
import { ByteStaging, recycleBytes } from './byte-staging';
import type { AnyStreamDecoder } from './decoded-stream';
import { startStreamRead } from './stream-reader';
import type { FromStreamWorker, ToStreamWorker } from './stream-worker-protocol';

/** The part of a dedicated worker's global scope the host uses. */
export interface WorkerScope {
  onmessage: ((event: MessageEvent<ToStreamWorker>) => void) | null;
  postMessage(message: FromStreamWorker, transfer: Transferable[]): void;
}

interface Served {
  abort(): void;
  release(items: number): void;
}

/**
 * Runs in the stream worker: opens the attempts the page asks for, decodes every event with the
 * named decoder, and posts the items back packed, one batch per few milliseconds (or sooner when
 * many are pending), so the page handles one message per batch instead of work per event.
 *
 * Flow control: once the decoder's `windowItems` posted items are not yet released by the page, the
 * worker stops reading the body until the page has taken half of them. A page that falls behind
 * then holds a bounded backlog, and the rest waits in the connection (and on the server), instead
 * of all of it piling up in the page's heap where every garbage collection has to copy it. While
 * held back the worker still reports activity, so the stall watchdog does not blame the network.
 */
export function serveStreams(
  scope: WorkerScope,
  decoders: readonly AnyStreamDecoder[],
  /** Overrides every decoder's window (tests). */
  windowOverride?: number,
  /** How attempts are fetched: the stream relay's fetch in the page's worker, else fetch. */
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): void {
  const byName = new Map(decoders.map((decoder) => [decoder.name, decoder]));
  const attempts = new Map<number, Served>();
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
    const windowItems = windowOverride ?? decoder.windowItems;
    let pending: unknown[] = [];
    /** What a decoder stages of the pending frames: their bytes (ByteStaging), or its own staging. */
    const bytes = decoder.staging?.() ?? new ByteStaging();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastTouch = 0;
    /** Items posted and not yet released by the page. */
    let outstanding = 0;
    let held: { open: () => void; alive: ReturnType<typeof setInterval> } | undefined;
    const flush = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (pending.length === 0) return;
      const { packed, transfer } = decoder.pack(pending, bytes);
      outstanding += pending.length;
      pending = [];
      post({ type: 'items', id, packed }, transfer);
    };
    const open = (): void => {
      if (!held) return;
      clearInterval(held.alive);
      held.open();
      held = undefined;
    };
    const gate = (): Promise<void> | undefined => {
      if (outstanding + pending.length < windowItems) return undefined;
      return new Promise<void>((resolve) => {
        const alive = setInterval(() => post({ type: 'touch', id }), LIMITS.streamWorkerTouchMs);
        held = { open: resolve, alive };
      });
    };
    const touch = (): void => {
      const now = Date.now();
      if (now - lastTouch < LIMITS.streamWorkerTouchMs) return;
      lastTouch = now;
      post({ type: 'touch', id });
    };
    const add = (item: unknown): void => {
      pending.push(item);
      // a batch also ends when its bytes nearly fill their buffer, which then goes whole
      if (pending.length >= LIMITS.streamWorkerBatchItems || bytes.full) flush();
      else timer ??= setTimeout(flush, LIMITS.streamWorkerBatchMs);
    };
    const scanFrame = decoder.scan;
    const frame = { end: 0 };
    const scan = scanFrame
      ? (piece: Uint8Array, start: number, limit: number, text: string | undefined): number => {
          const item = scanFrame(piece, start, limit, Date.now(), bytes, frame, text);
          if (item === undefined) return -1;
          add(item);
          return frame.end;
        }
      : undefined;
    const attempt = startStreamRead(
      {
        url: request.url,
        headers: request.headers,
        fetch: fetchImpl,
        bytes: decoder.keepsBytes === true,
        ...(request.watch ? { onBytes: touch } : {}),
        ...(scan ? { frames: scan, framesText: decoder.scansText === true } : {}),
        now: Date.now,
        gate,
      },
      {
        onOpen(response) {
          post({ type: 'open', id, status: response.status, headers: [...response.headers] });
        },
        onMessage(message) {
          add(decoder.decode(message, Date.now(), bytes));
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
        open();
      },
      release(items) {
        outstanding = Math.max(0, outstanding - items);
        if (outstanding < windowItems) open();
      },
    });
  };

  scope.onmessage = (event) => {
    const message = event.data;
    if (message.type === 'start') start(message);
    else if (message.type === 'release') attempts.get(message.id)?.release(message.items);
    else if (message.type === 'recycle') recycleBytes(message.buffer);
    else {
      attempts.get(message.id)?.abort();
      attempts.delete(message.id);
    }
  };
}
