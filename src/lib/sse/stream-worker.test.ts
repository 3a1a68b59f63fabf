import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchBytes } from './batch-bytes';
import { collectGarbage } from '../../testing/collect-garbage';
import { BATCH_BYTES, pooledBuffers } from './byte-staging';
import { configureStreamWorker, openDecodedStream, type StreamDecoder } from './decoded-stream';
import { createHarness } from './fake-sse-server';
import { serveStreams, type WorkerScope } from './stream-worker-host';
import type { FromStreamWorker, ToStreamWorker } from './stream-worker-protocol';

// The stream worker and the page's client, connected in this thread by two message queues.

const text: StreamDecoder<string, string[], string> = {
  name: 'text',
  decode: (message) => message.data,
  pack: (wires) => ({ packed: wires, transfer: [] }),
  unpack: (packed) => packed,
  windowItems: 1_000,
};

function inProcessWorker(windowItems: number): { sent: ToStreamWorker[] } {
  const sent: ToStreamWorker[] = [];
  const page = {
    onmessage: null as ((event: MessageEvent<FromStreamWorker>) => void) | null,
    onerror: null,
    onmessageerror: null,
    postMessage(message: ToStreamWorker) {
      sent.push(message);
      setTimeout(() => scope.onmessage?.({ data: message } as MessageEvent<ToStreamWorker>));
    },
    terminate() {},
  };
  const scope: WorkerScope = {
    onmessage: null,
    postMessage(message) {
      setTimeout(() => page.onmessage?.({ data: message } as MessageEvent<FromStreamWorker>));
    },
  };
  serveStreams(scope, [text], windowItems);
  vi.stubGlobal('Worker', class {});
  configureStreamWorker(() => page as unknown as Worker);
  return { sent };
}

afterEach(() => {
  configureStreamWorker(undefined);
  vi.unstubAllGlobals();
});

const until = async (check: () => boolean): Promise<void> => {
  for (let tries = 0; !check(); tries += 1) {
    if (tries > 400) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

describe('the stream worker', () => {
  it('stops reading once the page holds a window of items it has not taken, and goes on as it takes them', async () => {
    const harness = createHarness();
    vi.stubGlobal('fetch', harness.fetch);
    const { sent } = inProcessWorker(4);
    const items: string[] = [];
    const stream = openDecodedStream({
      decoder: text,
      url: 'https://console.test/api/browsers/b1/logs/stream',
      getHeaders: () => ({ Authorization: 'Bearer t' }),
      onItems: (batch) => items.push(...batch),
      onStatus: harness.onStatus,
      onServerClose: () => 'end',
    });
    try {
      await until(() => harness.connections.length === 1);
      const connection = harness.connection(0);
      for (let n = 1; n <= 10; n += 1) {
        connection.send(`data: line ${n}\n\n`);
        await settle();
      }
      // four items delivered and not taken: the worker has stopped reading
      expect(items).toEqual(['line 1', 'line 2', 'line 3', 'line 4']);
      stream.taken(3);
      await until(() => items.length === 7);
      await settle();
      expect(items).toHaveLength(7);
      expect(sent.filter((message) => message.type === 'release')).toEqual([
        { type: 'release', id: 1, items: 3 },
      ]);
      stream.taken(7);
      await until(() => items.length === 10);
      expect(items.at(-1)).toBe('line 10');
    } finally {
      stream.close();
    }
  });

  it('takes back into its pool a batch buffer the page no longer holds', async () => {
    const harness = createHarness();
    vi.stubGlobal('fetch', harness.fetch);
    const { sent } = inProcessWorker(4);
    // the page's side of the worker starts with the first stream
    const stream = openDecodedStream({
      decoder: text,
      url: 'https://console.test/api/browsers/b1/logs/stream',
      getHeaders: () => ({}),
      onItems: () => undefined,
      onStatus: harness.onStatus,
      onServerClose: () => 'end',
    });
    try {
      await until(() => harness.connections.length === 1);
      const pooled = pooledBuffers();
      (() => {
        new BatchBytes(new Uint8Array(new ArrayBuffer(BATCH_BYTES), 0, 10));
      })();
      for (let tries = 0; !sent.some((message) => message.type === 'recycle'); tries += 1) {
        if (tries > 50) throw new Error('not given back');
        collectGarbage();
        await settle();
      }
      await until(() => pooledBuffers() === pooled + 1);
    } finally {
      stream.close();
    }
  });
});
