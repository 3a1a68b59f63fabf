import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { Scheduler } from './schedulers';
import { createLiveSource, type LiveState, type StatusContext } from './live-source';
import type { DecodedStreamOptions, StreamDecoder } from './sse/decoded-stream';
import type { StreamStatus } from './sse/status';

interface State extends LiveState {
  flooded: boolean;
}

const decoder: StreamDecoder<string> = {
  name: 'test',
  windowItems: 100,
  decode: (message) => message.data,
  pack: (wires) => ({ packed: wires, transfer: [] }),
  unpack: (packed) => packed as string[],
};

/** Runs scheduled hand-overs only when told: a frame. */
function manualFrames(): { schedule: Scheduler; frame(): void } {
  let pending: (() => void)[] = [];
  return {
    schedule(run) {
      pending.push(run);
      return () => {
        pending = pending.filter((queued) => queued !== run);
      };
    },
    frame() {
      const runs = pending;
      pending = [];
      for (const run of runs) run();
    },
  };
}

function setUp(
  extra: {
    statusChanged?: (status: StreamStatus, context: StatusContext) => void;
    onShow?: (state: State, flooded: boolean, items: number) => Partial<State>;
  } = {},
) {
  const store = createStore<State>()(() => ({
    status: { kind: 'idle' },
    version: 0,
    flooded: false,
  }));
  const taken: number[] = [];
  const ingested: string[][] = [];
  const opened: DecodedStreamOptions<string>[] = [];
  const closed = vi.fn();
  const reconnected = vi.fn();
  const frames = manualFrames();
  const source = createLiveSource<string, string, string[], State>({
    store,
    decoder,
    stream: { url: '/stream', getHeaders: () => ({}) },
    ingest: (work) => ingested.push([...work]),
    scheduler: frames.schedule,
    openStream: (options) => {
      opened.push(options as unknown as DecodedStreamOptions<string>);
      return {
        status: { kind: 'connecting', attempt: 1 },
        reconnectNow: reconnected,
        close: closed,
        taken: (count) => taken.push(count),
      };
    },
    ...extra,
  });
  const stream = (): DecodedStreamOptions<string> => {
    const last = opened.at(-1);
    if (!last) throw new Error('no stream opened');
    return last;
  };
  return { store, source, taken, ingested, opened, closed, reconnected, frames, stream };
}

const live = (since: number): StreamStatus => ({ kind: 'live', since });

describe('createLiveSource', () => {
  it('hands the stream’s items over once a frame, then returns their credit', () => {
    const { source, stream, frames, ingested, taken, store } = setUp();
    source.start();
    stream().onItems(['a', 'b']);
    stream().onItems(['c']);
    expect(ingested).toEqual([]);
    expect(taken).toEqual([]);
    frames.frame();
    expect(ingested.flat()).toEqual(['a', 'b', 'c']);
    expect(taken).toEqual(ingested.map((work) => work.length));
    expect(store.getState().version).toBe(1);
  });

  it('queues the feature’s own items in order with the stream’s', () => {
    const { source, stream, frames, ingested } = setUp();
    source.start();
    stream().onItems(['a']);
    source.push('notice');
    stream().onItems(['b']);
    frames.frame();
    expect(ingested.flat()).toEqual(['a', 'notice', 'b']);
  });

  it('counts connections and hands notices over before the status is published', () => {
    const seen: { status: string; connections: number; ingestedBefore: number }[] = [];
    let ingestedCount = 0;
    const setup = setUp({
      statusChanged: (status, { connections }) => {
        seen.push({ status: status.kind, connections, ingestedBefore: ingestedCount });
        if (status.kind === 'live') setup.source.push(`connected ${connections}`);
      },
    });
    const { source, stream, store, ingested } = setup;
    store.subscribe((state, previous) => {
      if (state.status !== previous.status) ingestedCount = ingested.flat().length;
    });
    source.start();
    stream().onStatus(live(1));
    expect(ingested.flat()).toEqual(['connected 1']);
    expect(ingestedCount).toBe(1); // the notice was in the buffer when the status was published
    expect(store.getState().status.kind).toBe('live');
    stream().onStatus({ kind: 'retrying', attempt: 1, retryAt: 10, reason: 'x', since: 1 });
    stream().onStatus(live(2));
    expect(source.connections).toBe(2);
    expect(seen.map((entry) => [entry.status, entry.connections])).toEqual([
      ['live', 1],
      ['retrying', 1],
      ['live', 2],
    ]);
  });

  it('reports the stall a new connection ended', () => {
    const contexts: StatusContext[] = [];
    const { source, stream } = setUp({ statusChanged: (_, context) => contexts.push(context) });
    source.start();
    stream().onStatus(live(Date.now()));
    stream().onStatus({ kind: 'stalled', silentForMs: 30_000 });
    stream().onStatus(live(Date.now()));
    expect(contexts[0]?.stall).toBeNull();
    expect(contexts[2]?.stall?.silentForMs).toBeGreaterThanOrEqual(30_000);
    expect(contexts[2]?.stall?.next.kind).toBe('live');
  });

  it('lets the feature change more of its store at each showing', () => {
    const { source, stream, frames, store } = setUp({
      onShow: (_, flooded, items) => ({ flooded: items >= 2 || flooded }),
    });
    source.start();
    stream().onItems(['a', 'b']);
    frames.frame();
    expect(store.getState()).toMatchObject({ version: 1, flooded: true });
  });

  it('keeps what was queued when it stops, and closes the stream', () => {
    const { source, stream, ingested, closed } = setUp();
    source.start();
    stream().onItems(['a']);
    source.stop();
    expect(ingested.flat()).toEqual(['a']);
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('opens one stream however often it is started', () => {
    const { source, opened } = setUp();
    source.start();
    source.start();
    expect(opened).toHaveLength(1);
  });

  it('restarts: stops, lets the feature reset, counts connections anew and connects again', () => {
    const { source, stream, opened, closed } = setUp();
    source.start();
    stream().onStatus(live(1));
    expect(source.connections).toBe(1);
    const reset = vi.fn(() => expect(closed).toHaveBeenCalledTimes(1));
    source.restart(reset);
    expect(reset).toHaveBeenCalledTimes(1);
    expect(source.connections).toBe(0);
    expect(opened).toHaveLength(2);
  });

  it('bumps the version when the items change otherwise', () => {
    const { source, store } = setUp();
    source.changed();
    source.changed();
    expect(store.getState().version).toBe(2);
  });

  it('passes reconnect requests to the open stream', () => {
    const { source, reconnected } = setUp();
    source.reconnectNow();
    expect(reconnected).not.toHaveBeenCalled();
    source.start();
    source.reconnectNow();
    expect(reconnected).toHaveBeenCalledTimes(1);
  });
});
