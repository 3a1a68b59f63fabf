import type { StoreApi } from 'zustand/vanilla';
import type { ItemBatch } from './batch-queue';
import { createFrameBatcher, type BusyPacing } from './frame-batcher';
import { animationFrameScheduler, type Scheduler } from './schedulers';
import { openDecodedStream, type DecodedStream, type StreamDecoder } from './sse/decoded-stream';
import type { StreamControlOptions } from './sse/sse-stream';
import { createStallTrace, type StallEnd } from './sse/stall-trace';
import type { StreamStatus } from './sse/status';

/** What every live view's store holds of its source: views subscribe to `version`. */
export interface LiveState {
  status: StreamStatus;
  /** Bumped whenever the items behind the view changed; views subscribe to it, not to items. */
  version: number;
}

/** What a status change means to the feature: the stall it ended, and the connections so far. */
export interface StatusContext {
  /** The silence this status ended (see stall-trace.ts), once. */
  stall: StallEnd | null;
  /** Connections that went live since the source was made (or last restarted), this one included. */
  connections: number;
}

export interface LiveSourceOptions<Work, Item extends Work, Batch extends ItemBatch<Item>, S> {
  store: StoreApi<S>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- packed and wire forms are the decoder's own business
  decoder: StreamDecoder<Item, any, any, Batch>;
  /** Where and how to connect; the source handles the statuses. */
  stream: Omit<StreamControlOptions, 'onStatus'>;
  /**
   * Takes queued work into the feature's buffer, in arrival order: the stream's items and the
   * feature's own (`push`). The source returns the stream's flow-control credit afterwards.
   */
  ingest: (work: Work[]) => void;
  /** A batch the stream delivered, before it is queued: for bookkeeping of the attempt. */
  arrived?: (items: Batch) => void;
  /**
   * A status arrived (after connections were counted). Notices pushed here are queued before the
   * status is published, and handed over at once.
   */
  statusChanged?: (status: StreamStatus, context: StatusContext) => void;
  /** More of the store to change at each showing than the version. */
  onShow?: (state: S, flooded: boolean, items: number) => Partial<S>;
  pacing?: BusyPacing;
  scheduler?: Scheduler;
  openStream?: typeof openDecodedStream;
}

/**
 * A decoded stream, its frame batcher and its status, as one: items go from the stream through the
 * batcher into `ingest`, a showing bumps the store's version, statuses land in the store, and the
 * stream is told how far the feature has got, so none of that is any view's business.
 */
export interface LiveSource<Work> {
  /** Connects (no-op while open). */
  start(): void;
  /** Closes the stream; what was queued is handed over first, so nothing received is lost. */
  stop(): void;
  /** Stops, runs `reset` (the feature clears what it holds), counts connections anew, starts. */
  restart(reset: () => void): void;
  reconnectNow(): void;
  /** Queues an item of the feature's own, in order with the stream's. */
  push(work: Work): void;
  /** Hands over everything queued now. */
  flush(): void;
  /** The items changed otherwise (filter, clear, resize): bumps the version. */
  changed(): void;
  /** Connections that went live since the source was made or restarted. */
  readonly connections: number;
}

export function createLiveSource<
  Work,
  Item extends Work,
  Batch extends ItemBatch<Item>,
  S extends LiveState,
>(options: LiveSourceOptions<Work, Item, Batch, S>): LiveSource<Work> {
  const { store, ingest, onShow } = options;
  const bump = (): void =>
    store.setState((state) => ({ version: state.version + 1 }) as Partial<S>);
  const batcher = createFrameBatcher<Work>(
    {
      take: (work) => {
        ingest(work);
        // counting the feature's own few items among the stream's does no harm (decoded-stream.ts)
        stream?.taken(work.length);
      },
      show: onShow
        ? (flooded, items) =>
            store.setState(
              (state) => ({ ...onShow(state, flooded, items), version: state.version + 1 }) as S,
            )
        : bump,
    },
    options.scheduler ?? animationFrameScheduler,
    options.pacing && { ...options.pacing, creditItems: options.decoder.windowItems },
  );
  let stream: DecodedStream | undefined;
  let connections = 0;
  const stalls = createStallTrace();

  const onStatus = (status: StreamStatus): void => {
    const stall = stalls.observe(status);
    if (status.kind === 'live') connections += 1;
    options.statusChanged?.(status, { stall, connections });
    batcher.flush();
    store.setState({ status } as Partial<S>);
  };
  const onItems = (items: Batch): void => {
    options.arrived?.(items);
    batcher.pushAll(items);
  };

  const start = (): void => {
    if (stream) return;
    stream = (options.openStream ?? openDecodedStream)<Item, Batch>({
      ...options.stream,
      decoder: options.decoder,
      onItems,
      onStatus,
    });
  };
  const stop = (): void => {
    stream?.close();
    stream = undefined;
    stalls.reset();
    batcher.flush();
  };
  return {
    start,
    stop,
    restart(reset) {
      stop();
      reset();
      connections = 0;
      start();
    },
    reconnectNow: () => stream?.reconnectNow(),
    push: (work) => batcher.push(work),
    flush: () => batcher.flush(),
    changed: bump,
    get connections() {
      return connections;
    },
  };
}
