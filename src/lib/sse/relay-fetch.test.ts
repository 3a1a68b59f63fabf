import { describe, expect, it, vi } from 'vitest';
import type { FromRelay, ToRelay } from '../../types/stream-relay';
import {
  createRelayFetch,
  relayUrlFor,
  type RelayFetchOptions,
  type RelayState,
} from './relay-fetch';

/**
 * The page's side of the stream relay, against a fake WebSocket the test drives: streams come back
 * as ordinary Responses, reading grants credit, abort and lost connections surface as a fetch
 * would, and where there is no relay every request goes direct and says why.
 */

const STREAM_URL = 'http://console.test/api/browsers/s1/logs/stream?since=5';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

interface FakeEvent {
  code?: number;
  data?: unknown;
}

/** A WebSocket the test opens, feeds and closes; it records what the page sent. */
class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  sent: ToRelay[] = [];
  onopen: ((event: FakeEvent) => void) | null = null;
  onclose: ((event: FakeEvent) => void) | null = null;
  onerror: ((event: FakeEvent) => void) | null = null;
  onmessage: ((event: FakeEvent) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  send(text: string): void {
    this.sent.push(JSON.parse(text) as ToRelay);
  }

  close(): void {
    this.drop(1005);
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  deliver(message: FromRelay): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  /** A binary message: the stream's id in 4 big-endian bytes, then `text`. */
  deliverBytes(id: number, text: string): void {
    const bytes = encoder.encode(text);
    const data = new ArrayBuffer(4 + bytes.byteLength);
    new DataView(data).setUint32(0, id);
    new Uint8Array(data, 4).set(bytes);
    this.onmessage?.({ data });
  }

  drop(code = 1006): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }

  opened(id: number): Extract<ToRelay, { t: 'open' }> | undefined {
    return this.sent.find(
      (m): m is Extract<ToRelay, { t: 'open' }> => m.t === 'open' && m.id === id,
    );
  }

  credits(id: number): number[] {
    return this.sent.flatMap((m) => (m.t === 'credit' && m.id === id ? [m.bytes] : []));
  }
}

interface Rig {
  relayFetch: typeof fetch;
  fallback: ReturnType<typeof vi.fn<typeof fetch>>;
  states: RelayState[];
  clock: { now: number };
}

function rig(options: Partial<RelayFetchOptions> & { fallbackStatus?: number } = {}): Rig {
  FakeSocket.made = [];
  const states: RelayState[] = [];
  const clock = { now: 1_000 };
  const fallback = vi.fn<typeof fetch>(
    async () => new Response('direct', { status: options.fallbackStatus ?? 200 }),
  );
  const relayFetch = createRelayFetch({
    fallback,
    windowBytes: 4096,
    retryAfterMs: 60_000,
    connectTimeoutMs: 4_000,
    onState: (state) => states.push(state),
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    now: () => clock.now,
    ...options,
  });
  return { relayFetch, fallback, states, clock };
}

/** Lets the fetch's awaits run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

function socket(index = 0): FakeSocket {
  const made = FakeSocket.made[index];
  if (!made) throw new Error(`no WebSocket #${index}`);
  return made;
}

/** Starts a relayed fetch on an open socket; resolves once the stream's open message is sent. */
async function startStream(
  r: Rig,
  url = STREAM_URL,
  init: RequestInit = {},
): Promise<{ id: number; response: Promise<Response> }> {
  const response = r.relayFetch(url, init);
  await settle();
  const ws = FakeSocket.made.at(-1);
  if (!ws) throw new Error('no WebSocket');
  if (ws.readyState === 0) ws.open();
  await settle();
  const open = ws.sent.filter((m) => m.t === 'open').at(-1);
  if (!open) throw new Error('the stream was not opened');
  return { id: open.id, response };
}

function head(id: number, status = 200): FromRelay {
  return {
    t: 'head',
    id,
    status,
    statusText: status === 200 ? 'OK' : 'Unauthorized',
    headers: [
      ['Content-Type', 'text/event-stream'],
      ['X-Request-Id', 'r-1'],
    ],
  };
}

describe('relay fetch: a stream over the relay', () => {
  it('opens the stream with its path, headers and window, and answers with the head', async () => {
    const r = rig();
    const { id, response } = await startStream(r, STREAM_URL, {
      headers: { Authorization: 'Bearer sk_x', 'Last-Event-ID': '9' },
    });
    expect(socket().url).toBe('ws://console.test/api/_streams');
    expect(socket().binaryType).toBe('arraybuffer');
    expect(socket().opened(id)).toEqual({
      t: 'open',
      id,
      path: '/browsers/s1/logs/stream?since=5',
      headers: { authorization: 'Bearer sk_x', 'last-event-id': '9' },
      credit: 4096,
    });
    socket().deliver(head(id));
    const res = await response;
    expect(res.status).toBe(200);
    expect(res.statusText).toBe('OK');
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('x-request-id')).toBe('r-1');
    expect(r.states).toEqual([{ mode: 'relayed' }]);
    expect(r.fallback).not.toHaveBeenCalled();
  });

  it('yields the stream’s bytes in order, without the id, and ends with the stream', async () => {
    const r = rig();
    const { id, response } = await startStream(r);
    socket().deliver(head(id));
    const reader = (await response).body!.getReader();
    socket().deliverBytes(id, 'data: one\n\n');
    socket().deliverBytes(id + 1, 'data: not this stream\n\n');
    socket().deliverBytes(id, 'data: two\n\n');
    const first = reader.read();
    socket().deliverBytes(id, 'data: three\n\n');
    socket().deliver({ t: 'end', id, complete: true });
    const texts = [decoder.decode((await first).value)];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      texts.push(decoder.decode(value));
    }
    expect(texts).toEqual(['data: one\n\n', 'data: two\n\n', 'data: three\n\n']);
  });

  it('grants credit for what the page has read, and not before', async () => {
    const r = rig();
    const { id, response } = await startStream(r);
    socket().deliver(head(id));
    const reader = (await response).body!.getReader();
    socket().deliverBytes(id, 'x'.repeat(100));
    socket().deliverBytes(id, 'y'.repeat(30));
    await settle();
    // arrived but unread: the server must stay held back
    expect(socket().credits(id)).toEqual([]);
    await reader.read();
    expect(socket().credits(id)).toEqual([100]);
    await reader.read();
    expect(socket().credits(id)).toEqual([100, 30]);
    // a read already waiting takes the next chunk as it comes, and grants it
    const waiting = reader.read();
    socket().deliverBytes(id, 'z'.repeat(7));
    expect(decoder.decode((await waiting).value)).toBe('zzzzzzz');
    expect(socket().credits(id)).toEqual([100, 30, 7]);
  });

  it('delivers the bytes that came before a stream was cut short, then errors', async () => {
    const r = rig();
    const { id, response } = await startStream(r);
    socket().deliver(head(id));
    const reader = (await response).body!.getReader();
    socket().deliverBytes(id, 'data: a\n\n');
    socket().deliverBytes(id, 'data: b\n\n');
    socket().deliver({ t: 'end', id, complete: false, reason: 'the stream was cut short' });
    expect(decoder.decode((await reader.read()).value)).toBe('data: a\n\n');
    expect(decoder.decode((await reader.read()).value)).toBe('data: b\n\n');
    await expect(reader.read()).rejects.toThrow(/cut short/);
  });

  it('rejects a stream the relay refused with the relay’s reason', async () => {
    const r = rig();
    const { id, response } = await startStream(r);
    socket().deliver({
      t: 'end',
      id,
      complete: false,
      reason: 'the relay opens only event streams',
    });
    await expect(response).rejects.toThrow(/only event streams/);
  });

  it('rejects a status no Response can carry instead of never answering', async () => {
    const r = rig();
    const { id, response } = await startStream(r);
    socket().deliver(head(id, 999));
    await expect(response).rejects.toThrow(TypeError);
    expect(socket().sent).toContainEqual({ t: 'close', id });
  });
});

describe('relay fetch: abort and lost connections', () => {
  it('abort before the head: sends close and rejects with AbortError', async () => {
    const r = rig();
    const controller = new AbortController();
    const { id, response } = await startStream(r, STREAM_URL, { signal: controller.signal });
    controller.abort();
    await expect(response).rejects.toMatchObject({ name: 'AbortError' });
    expect(socket().sent).toContainEqual({ t: 'close', id });
  });

  it('abort while reading: sends close and errors the body with AbortError', async () => {
    const r = rig();
    const controller = new AbortController();
    const { id, response } = await startStream(r, STREAM_URL, { signal: controller.signal });
    socket().deliver(head(id));
    const reader = (await response).body!.getReader();
    socket().deliverBytes(id, 'data: a\n\n');
    expect(decoder.decode((await reader.read()).value)).toBe('data: a\n\n');
    const next = reader.read();
    controller.abort();
    await expect(next).rejects.toMatchObject({ name: 'AbortError' });
    expect(socket().sent.filter((m) => m.t === 'close')).toEqual([{ t: 'close', id }]);
  });

  it('errors every open stream when the WebSocket closes, and opens a new one next time', async () => {
    const r = rig();
    const a = await startStream(r);
    const b = await startStream(r, 'http://console.test/api/browsers/s1/telemetry/stream');
    const c = await startStream(r, 'http://console.test/api/browsers/s2/logs/stream');
    expect(FakeSocket.made).toHaveLength(1);
    socket().deliver(head(a.id));
    socket().deliver(head(b.id));
    const readerA = (await a.response).body!.getReader();
    const readerB = (await b.response).body!.getReader();
    socket().deliverBytes(a.id, 'data: queued\n\n');
    const waitingB = readerB.read();
    const rejectedC = expect(c.response).rejects.toThrow(TypeError);
    socket().drop(1006);
    // what came before the loss is still read, then the stream errors so its reader reconnects
    expect(decoder.decode((await readerA.read()).value)).toBe('data: queued\n\n');
    await expect(readerA.read()).rejects.toThrow(/closed/);
    await expect(waitingB).rejects.toThrow(/closed/);
    await rejectedC;
    // the reader's reconnect gets a new relay connection
    const again = await startStream(r);
    expect(FakeSocket.made).toHaveLength(2);
    expect(socket(1).opened(again.id)).toBeDefined();
  });
});

describe('relay fetch: going direct', () => {
  it('goes through fallback and says why when the WebSocket closes before opening', async () => {
    const r = rig();
    const init = { headers: { Authorization: 'Bearer sk_x' } };
    const response = r.relayFetch(STREAM_URL, init);
    await settle();
    socket().drop(1006);
    expect(await (await response).text()).toBe('direct');
    expect(r.fallback).toHaveBeenCalledWith(STREAM_URL, init);
    expect(r.states).toHaveLength(1);
    expect(r.states[0]?.mode).toBe('direct');
    expect(r.states[0]?.reason).toMatch(/no stream relay.*1006/);
  });

  it('says nothing about the relay when the direct request finds the server down', async () => {
    const r = rig({ fallbackStatus: 502 });
    const response = r.relayFetch(STREAM_URL);
    await settle();
    socket().drop(1006);
    expect((await response).status).toBe(502);
    expect(r.states).toEqual([]);
  });

  it('goes direct when the WebSocket does not open in time', async () => {
    vi.useFakeTimers();
    try {
      const r = rig();
      const response = r.relayFetch(STREAM_URL);
      await vi.advanceTimersByTimeAsync(4_000);
      expect((await response).status).toBe(200);
      expect(r.fallback).toHaveBeenCalledTimes(1);
      expect(r.states[0]).toMatchObject({ mode: 'direct', reason: /in time/ });
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends later requests straight to fallback until retryAfterMs has passed', async () => {
    const r = rig();
    const first = r.relayFetch(STREAM_URL);
    await settle();
    socket().drop(1006);
    await first;
    r.clock.now += 59_999;
    await r.relayFetch(STREAM_URL);
    expect(FakeSocket.made).toHaveLength(1);
    expect(r.fallback).toHaveBeenCalledTimes(2);
    r.clock.now += 1;
    const retried = r.relayFetch(STREAM_URL);
    await settle();
    expect(FakeSocket.made).toHaveLength(2);
    socket(1).open();
    await settle();
    const open = socket(1).sent.find((m) => m.t === 'open');
    socket(1).deliver(head(open?.id ?? 0));
    expect((await retried).headers.get('x-request-id')).toBe('r-1');
    expect(r.states.map((state) => state.mode)).toEqual(['direct', 'relayed']);
  });

  it('sends anything but a GET of an API URL through fallback, without a WebSocket', async () => {
    const r = rig();
    await r.relayFetch('http://console.test/console-config.json');
    await r.relayFetch('http://console.test/apiary/x');
    await r.relayFetch('not a url');
    await r.relayFetch('http://console.test/api/browsers/s1/computer/clipboard/write', {
      method: 'POST',
      body: '{}',
    });
    expect(r.fallback).toHaveBeenCalledTimes(4);
    expect(FakeSocket.made).toHaveLength(0);
    expect(r.states).toEqual([]);
  });

  it('goes through fallback where there is no WebSocket at all', async () => {
    vi.stubGlobal('WebSocket', undefined);
    try {
      const r = rig({ WebSocket: undefined });
      expect((await r.relayFetch(STREAM_URL)).status).toBe(200);
      expect(r.fallback).toHaveBeenCalledTimes(1);
      expect(r.states).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('relayUrlFor', () => {
  it('maps http and https API URLs to ws and wss, and nothing else', () => {
    expect(relayUrlFor('https://console.test:8443/api/browsers/x/logs/stream')).toBe(
      'wss://console.test:8443/api/_streams',
    );
    expect(relayUrlFor('http://console.test/api/x')).toBe('ws://console.test/api/_streams');
    expect(relayUrlFor('http://console.test/x/api/y')).toBeNull();
    expect(relayUrlFor('file:///api/x')).toBeNull();
    expect(relayUrlFor('/api/x')).toBeNull();
  });
});

describe('relay fetch: streams with a direct slot', () => {
  it('sends a stream that got a slot as its own request, and frees the slot when it ends', async () => {
    let free = 1;
    const released: number[] = [];
    const r = rig({
      takeDirectSlot: async () => {
        if (free === 0) return null;
        free -= 1;
        return () => {
          free += 1;
          released.push(free);
        };
      },
    });
    const direct = await r.relayFetch(STREAM_URL);
    expect(r.fallback).toHaveBeenCalledTimes(1);
    expect(FakeSocket.made).toHaveLength(0);
    // no slot left: the next stream is relayed
    const relayed = r.relayFetch(STREAM_URL);
    await settle();
    expect(FakeSocket.made).toHaveLength(1);
    expect(await direct.text()).toBe('direct');
    expect(released).toEqual([1]);
    void relayed.catch(() => undefined);
  });
});
