import type { ItemBatch } from '../batch-queue';
import { reasonOf, type AttemptEnd, type SseMessage } from './attempt';
import { giveBytesBackTo } from './batch-bytes';
import { ByteStaging } from './byte-staging';
import { startStreamRead } from './stream-reader';
import {
  openControlledStream,
  type AttemptSink,
  type AttemptStarter,
  type SseStream,
  type StreamControlOptions,
} from './sse-stream';
import type { FromStreamWorker, ToStreamWorker } from './stream-worker-protocol';
import { streamTransport } from './stream-transport';

/**
 * Turns SSE events into the items a store keeps, in three steps: `decode` (in the worker, per
 * event) and `pack` (in the worker, per batch) prepare the trip to the page, where `unpack` makes
 * the batch of items: an array, or a batch that makes each item when it is read. Columns of strings
 * and typed arrays clone far faster than objects.
 */
export interface StreamDecoder<
  Item,
  Packed = unknown,
  Wire = Item,
  Batch extends ItemBatch<Item> = Item[],
  Staging extends ByteStaging = ByteStaging,
> {
  /** How the worker finds the same decoder. */
  readonly name: string;
  /**
   * Optional: the staging each attempt decodes into (a ByteStaging otherwise), for a decoder that
   * stages more of its frames than their bytes.
   */
  staging?(): Staging;
  /**
   * Never throws: a frame that cannot be read becomes an item that says so. A decoder that keeps
   * frames' bytes stages them in `bytes`, which belongs to this stream's attempt, and takes them
   * when the frames are packed: every frame decoded since the last pack is packed next.
   */
  decode(message: SseMessage, receivedMs: number, bytes: Staging): Wire;
  /**
   * Optional: reads the frame that starts at `bytes[start]` from its bytes when it has the one
   * shape the decoder knows best and ends before `limit` (where it ends, past its blank line, goes
   * in `frame.end`); else returns undefined and the frame is parsed and decoded as any other.
   * With `scansText`, `text` is the read's text, character for byte. Never throws.
   */
  scan?(
    bytes: Uint8Array,
    start: number,
    limit: number,
    receivedMs: number,
    staging: Staging,
    frame: { end: number },
    text: string | undefined,
  ): Wire | undefined;
  /** `scan` reads the frame's text as well as its bytes (AttemptRequest.framesText). */
  readonly scansText?: boolean;
  pack(wires: Wire[], bytes: Staging): { packed: Packed; transfer: Transferable[] };
  /** Never throws, like decode; nor does reading the batch. */
  unpack(packed: Packed): Batch;
  /** Items the page may hold not yet taken before the worker stops reading (stream-worker-host). */
  readonly windowItems: number;
  /** It stages frames' bytes: the reader is to say where a message's bytes are. */
  readonly keepsBytes?: boolean;
}

/** Any decoder, as the worker and the plumbing see it. */
export type AnyStreamDecoder = StreamDecoder<unknown, unknown, unknown, ItemBatch<unknown>>;

export interface DecodedStreamOptions<
  Item,
  Batch extends ItemBatch<Item> = Item[],
> extends StreamControlOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- packed and wire forms are the decoder's own business
  decoder: StreamDecoder<Item, any, any, Batch>;
  /**
   * The decoded items of the current connection, in order, in batches. An exception thrown here
   * counts as a broken connection (status retrying).
   */
  onItems: (items: Batch) => void;
  /** Injectable for tests. When given, frames are read and decoded in this thread. */
  fetch?: typeof fetch;
}

/** A decoded stream, which its consumer tells how far it has got. */
export interface DecodedStream extends SseStream {
  /**
   * The consumer has taken `count` more of the delivered items into its store (counting a few
   * items of its own among them does no harm). The worker holds back reading once too many
   * delivered items are not taken yet.
   */
  taken(count: number): void;
}

let createWorker: (() => Worker) | undefined;
let client: StreamWorkerClient | undefined;

/**
 * Lets decoded streams read and decode their frames in a worker made by `factory` (the app passes
 * its bundled worker). Without one, or once a worker has failed, they do it in this thread.
 */
export function configureStreamWorker(factory: (() => Worker) | undefined): void {
  createWorker = factory;
  client?.dispose();
  client = undefined;
}

function workerClient(): StreamWorkerClient | undefined {
  if (client?.broken) return undefined;
  if (client || !createWorker || typeof Worker === 'undefined') return client;
  try {
    client = new StreamWorkerClient(createWorker());
  } catch {
    createWorker = undefined;
  }
  return client;
}

/**
 * A live stream whose frames are read, parsed and decoded off the main thread when a stream worker
 * is configured: the page receives decoded items a batch at a time and spends its time on the
 * view. Control (reconnects, backoff, statuses, the watchdog, request headers) stays here.
 */
export function openDecodedStream<Item, Batch extends ItemBatch<Item> = Item[]>(
  options: DecodedStreamOptions<Item, Batch>,
): DecodedStream {
  const { decoder, onItems } = options;
  const now = options.now ?? ((): number => Date.now());
  const baseFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const watch = options.stallTimeoutMs !== undefined;
  const inThread: AttemptStarter = (request, sink) => {
    const bytes = decoder.staging?.() ?? new ByteStaging();
    const scanFrame = decoder.scan;
    const frame = { end: 0 };
    const scan = scanFrame
      ? (piece: Uint8Array, start: number, limit: number, text: string | undefined): number => {
          const wire = scanFrame(piece, start, limit, now(), bytes, frame, text);
          if (wire === undefined) return -1;
          sink.delivered();
          onItems(decoder.unpack(decoder.pack([wire], bytes).packed));
          return frame.end;
        }
      : undefined;
    return startStreamRead(
      {
        ...request,
        fetch: baseFetch,
        bytes: decoder.keepsBytes === true,
        ...(watch ? { onBytes: sink.touch } : {}),
        ...(scan ? { frames: scan, framesText: decoder.scansText === true } : {}),
        now,
      },
      {
        onOpen: sink.onOpen,
        onMessage(message) {
          sink.delivered();
          // packed and unpacked as from the worker, so both ways give identical items
          const wire = decoder.decode(message, now(), bytes);
          onItems(decoder.unpack(decoder.pack([wire], bytes).packed));
        },
        onEnd: sink.onEnd,
      },
    );
  };
  /** Deliveries from the worker not yet taken: attempt id and item count, oldest first. */
  const untaken: { remote: StreamWorkerClient; id: number; items: number }[] = [];
  const start: AttemptStarter = (request, sink) => {
    const remote = options.fetch === undefined ? workerClient() : undefined;
    if (!remote) return inThread(request, sink);
    const attempt: RemoteAttempt = {
      decoder: decoder as AnyStreamDecoder,
      sink,
      onItems: (items) => {
        untaken.push({ remote, id: attempt.id, items: items.length });
        onItems(items as Batch);
      },
      watch,
      id: 0,
    };
    return remote.start(request, attempt);
  };
  const stream = openControlledStream(options, start);
  return {
    get status() {
      return stream.status;
    },
    reconnectNow: () => stream.reconnectNow(),
    close: () => {
      untaken.length = 0;
      stream.close();
    },
    taken(count) {
      let left = count;
      // one message per attempt, however many deliveries the items came in
      let release: { remote: StreamWorkerClient; id: number; items: number } | undefined;
      while (left > 0 && untaken.length > 0) {
        const head = untaken[0] as (typeof untaken)[number];
        const items = Math.min(left, head.items);
        if (release?.id !== head.id) {
          if (release) release.remote.release(release.id, release.items);
          release = { remote: head.remote, id: head.id, items: 0 };
        }
        release.items += items;
        head.items -= items;
        left -= items;
        if (head.items === 0) untaken.shift();
      }
      if (release) release.remote.release(release.id, release.items);
    },
  };
}

interface RemoteAttempt {
  decoder: AnyStreamDecoder;
  sink: AttemptSink;
  onItems: (items: ItemBatch<unknown>) => void;
  watch: boolean;
  /** Set by the client when the attempt starts. */
  id: number;
}

/** The page's side of the stream worker: one worker, any number of attempts, by id. */
class StreamWorkerClient {
  broken = false;
  private nextId = 1;
  private readonly attempts = new Map<number, RemoteAttempt>();

  constructor(private readonly worker: Worker) {
    giveBytesBackTo((buffer) => {
      // a buffer already sent away reads as empty, and sending it again would throw
      if (!this.broken && buffer.byteLength > 0)
        worker.postMessage({ type: 'recycle', buffer } satisfies ToStreamWorker, [buffer]);
    });
    worker.onmessage = (event: MessageEvent<FromStreamWorker>) => this.receive(event.data);
    worker.onerror = (event) => this.fail(event.message || 'it could not start');
    worker.onmessageerror = () => this.fail('a message from it could not be read');
  }

  start(request: { url: string; headers: Record<string, string> }, attempt: RemoteAttempt) {
    const id = this.nextId;
    this.nextId += 1;
    attempt.id = id;
    this.attempts.set(id, attempt);
    // the worker resolves relative URLs against its own script, not against the page
    const url = new URL(request.url, globalThis.location.href).href;
    const decoder = attempt.decoder.name;
    this.post({ type: 'start', id, url, headers: request.headers, decoder, watch: attempt.watch });
    return {
      abort: (): void => {
        if (this.attempts.delete(id)) this.post({ type: 'abort', id });
      },
    };
  }

  dispose(): void {
    giveBytesBackTo(undefined);
    this.worker.terminate();
    this.attempts.clear();
  }

  /** The page took `items` of attempt `id`'s items; nothing to say once the attempt is over. */
  release(id: number, items: number): void {
    if (this.attempts.has(id)) this.post({ type: 'release', id, items });
  }

  private post(message: ToStreamWorker): void {
    this.worker.postMessage(message);
  }

  private receive(message: FromStreamWorker): void {
    if (message.type === 'transport') {
      streamTransport.set(message.state);
      return;
    }
    const attempt = this.attempts.get(message.id);
    if (!attempt) return;
    if (message.type === 'open') {
      attempt.sink.onOpen({ status: message.status, headers: new Headers(message.headers) });
    } else if (message.type === 'items') {
      attempt.sink.touch();
      attempt.sink.delivered();
      try {
        attempt.onItems(attempt.decoder.unpack(message.packed));
      } catch (error) {
        this.end(message.id, { kind: 'transient', reason: reasonOf(error) });
        this.post({ type: 'abort', id: message.id });
      }
    } else if (message.type === 'touch') {
      attempt.sink.touch();
    } else {
      this.end(message.id, message.end);
    }
  }

  private end(id: number, end: AttemptEnd): void {
    const attempt = this.attempts.get(id);
    if (!attempt) return;
    this.attempts.delete(id);
    attempt.sink.onEnd(end);
  }

  /** The worker is unusable: its attempts end (to be retried), and later ones run in the page. */
  private fail(reason: string): void {
    this.broken = true;
    giveBytesBackTo(undefined);
    this.worker.terminate();
    for (const id of [...this.attempts.keys()])
      this.end(id, { kind: 'transient', reason: `the stream worker failed: ${reason}` });
  }
}
