import { beforeEach, describe, expect, it, vi } from 'vitest';
import { streamTestBed, TEST_T0 as T0, type Harness } from './fake-sse-server';

const bed = streamTestBed({
  url: 'https://console.test/api/browsers/b1/logs/stream?source=path&path=%2Fvar%2Flog%2Fx',
  getHeaders: () => ({ Authorization: 'Bearer tok' }),
});
const open = bed.open;
let harness: Harness;
beforeEach(() => {
  harness = bed.harness();
});

const waitLong = async (): Promise<void> => {
  await vi.advanceTimersByTimeAsync(60 * 60_000);
};

describe('openSseStream: the server closes the stream', () => {
  it("ends when onServerClose says 'end'", async () => {
    const onServerClose = vi.fn((): 'end' => 'end');
    const s = open({ onServerClose });
    await harness.untilStatus('live');
    harness.connection(0).send('data: logs source not available\n\n');
    harness.connection(0).end();
    await harness.untilStatus('ended');
    expect(onServerClose).toHaveBeenCalledTimes(1);
    expect(s.status).toEqual({ kind: 'ended', reason: 'the server closed the stream' });
    expect(harness.messages.map((m) => m.data)).toEqual(['logs source not available']);
    await waitLong();
    expect(harness.connections).toHaveLength(1);
  });

  it.each([
    ['onServerClose returns reconnect', (): 'reconnect' => 'reconnect'],
    ['onServerClose is not given', undefined],
  ])('reconnects with backoff when %s', async (_, onServerClose) => {
    open(onServerClose ? { onServerClose } : {});
    await harness.untilStatus('live');
    harness.connection(0).end();
    await harness.untilStatus('retrying');
    expect(harness.statuses.at(-1)).toEqual({
      kind: 'retrying',
      attempt: 1,
      retryAt: T0 + 1000,
      reason: 'the server closed the stream',
      since: T0,
    });
    await vi.advanceTimersByTimeAsync(1000);
    await harness.untilStatus('live', 2);
    expect(harness.connections).toHaveLength(2);
    expect(harness.kinds()).toEqual(['connecting', 'live', 'retrying', 'connecting', 'live']);
  });

  it('asks getHeaders again on every reconnect (new Last-Event-ID)', async () => {
    let lastSeq = 0;
    const getHeaders = vi.fn(() => ({
      Authorization: 'Bearer tok',
      ...(lastSeq > 0 ? { 'Last-Event-ID': String(lastSeq) } : {}),
    }));
    open({
      getHeaders,
      onMessage: (message) => {
        lastSeq = Number(message.id);
        harness.onMessage(message);
      },
    });
    await harness.untilStatus('live');
    harness.connection(0).send('id: 40\ndata: {"seq":40}\n\nid: 41\ndata: {"seq":41}\n\n');
    await harness.until(() => harness.messages.length === 2);
    harness.connection(0).fail(new TypeError('network error'));
    await harness.untilStatus('retrying');
    await vi.advanceTimersByTimeAsync(1000);
    await harness.untilConnections(2);
    expect(getHeaders).toHaveBeenCalledTimes(2);
    expect(harness.connection(0).headers.get('last-event-id')).toBeNull();
    expect(harness.connection(1).headers.get('last-event-id')).toBe('41');
  });
  it('computes a URL given as a function on every connect', async () => {
    let connects = 0;
    open({ url: () => `https://console.test/api/logs?follow=${connects++ > 0}` });
    await harness.untilStatus('live');
    harness.connection(0).end();
    await vi.advanceTimersByTimeAsync(1000);
    await harness.untilStatus('live', 2);
    expect(harness.connections.map((c) => c.url)).toEqual([
      'https://console.test/api/logs?follow=false',
      'https://console.test/api/logs?follow=true',
    ]);
  });
  it('lets onServerClose reconnect at once without a second, scheduled reconnect', async () => {
    const s = open({
      onServerClose: () => {
        s.reconnectNow();
        return 'reconnect';
      },
    });
    await harness.untilStatus('live');
    harness.connection(0).end();
    await harness.untilStatus('live', 2);
    await waitLong();
    expect(harness.connections).toHaveLength(2);
    expect(harness.kinds()).toEqual(['connecting', 'live', 'connecting', 'live']);
  });

  it('keeps streaming when the tab is hidden (openWhenHidden)', async () => {
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    try {
      open();
      await harness.untilStatus('live');
      document.dispatchEvent(new Event('visibilitychange'));
      hidden.mockReturnValue(false);
      document.dispatchEvent(new Event('visibilitychange'));
      harness.connection(0).send('data: still here\n\n');
      await harness.until(() => harness.messages.length === 1);
      expect(harness.connection(0).signal?.aborted).toBe(false);
      expect(harness.connections).toHaveLength(1);
    } finally {
      hidden.mockRestore();
    }
  });
});

describe('openSseStream: reconnectNow', () => {
  it('connects again after failed, with the headers of that moment', async () => {
    let token = 'old';
    harness.replies.push({
      kind: 'body',
      status: 401,
      body: '{"code":"unauthorized","message":"bad"}',
    });
    const s = open({ getHeaders: () => ({ Authorization: `Bearer ${token}` }) });
    await harness.untilStatus('failed');
    token = 'new';
    s.reconnectNow();
    await harness.untilStatus('live');
    expect(harness.connections.map((c) => c.headers.get('authorization'))).toEqual([
      'Bearer old',
      'Bearer new',
    ]);
    expect(harness.kinds()).toEqual(['connecting', 'failed', 'connecting', 'live']);
    expect(harness.statuses[2]).toEqual({ kind: 'connecting', attempt: 0 });
  });

  it('cancels a pending retry and starts the backoff over', async () => {
    harness.replies.push({ kind: 'body', status: 503, body: null });
    harness.replies.push({ kind: 'body', status: 503, body: null });
    const s = open({ backoff: { initialMs: 10_000, jitter: 'none' } });
    await harness.untilStatus('retrying');
    s.reconnectNow();
    await harness.untilStatus('retrying', 2);
    expect(harness.statuses.at(-1)).toMatchObject({ attempt: 1, retryAt: T0 + 10_000 });
    s.reconnectNow();
    await harness.untilStatus('live');
    await waitLong();
    expect(harness.connections).toHaveLength(3);
    expect(harness.statuses.filter((st) => st.kind === 'connecting')).toEqual([
      { kind: 'connecting', attempt: 0 },
      { kind: 'connecting', attempt: 0 },
      { kind: 'connecting', attempt: 0 },
    ]);
  });

  it('replaces a live connection, aborting the old request', async () => {
    const s = open();
    await harness.untilStatus('live');
    s.reconnectNow();
    await harness.untilStatus('live', 2);
    expect(harness.connection(0).signal?.aborted).toBe(true);
    expect(harness.connection(1).signal?.aborted).toBe(false);
  });
  it('ignores a response that arrives after its request was replaced', async () => {
    let release: (response: Response) => void = () => undefined;
    const late = new Promise<Response>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const fetchIgnoringAbort: typeof fetch = (input, init) =>
      calls++ === 0 ? late : harness.fetch(input, init);
    const onOpen = vi.fn();
    const s = open({ fetch: fetchIgnoringAbort, onOpen });
    s.reconnectNow();
    await harness.untilStatus('live');
    release(
      new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(harness.kinds()).toEqual(['connecting', 'connecting', 'live']);
  });
});

describe('openSseStream: close', () => {
  it('aborts the request, cancels the body, and nothing happens afterwards', async () => {
    const onServerClose = vi.fn((): 'reconnect' => 'reconnect');
    const s = open({ onServerClose });
    await harness.untilStatus('live');
    const seen = harness.statuses.length;
    s.close();
    expect(s.status).toEqual({ kind: 'idle' });
    const connection = harness.connection(0);
    expect(connection.signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    await waitLong();
    expect(harness.connections).toHaveLength(1);
    expect(harness.statuses).toHaveLength(seen);
    expect(onServerClose).not.toHaveBeenCalled();
    s.reconnectNow();
    expect(harness.connections).toHaveLength(1);
  });

  it('clears a pending retry', async () => {
    harness.replies.push({ kind: 'network-error', message: 'Failed to fetch' });
    const s = open();
    await harness.untilStatus('retrying');
    s.close();
    expect(vi.getTimerCount()).toBe(0);
    await waitLong();
    expect(harness.connections).toHaveLength(1);
  });

  it('aborts a request that has not been answered yet', async () => {
    harness.replies.push({ kind: 'hang' });
    const s = open();
    await harness.untilConnections(1);
    s.close();
    expect(harness.connection(0).signal?.aborted).toBe(true);
    await waitLong();
    expect(harness.kinds()).toEqual(['connecting']);
  });

  it('delivers nothing more from a chunk once onMessage has closed the stream', async () => {
    const s = open({
      onMessage: (message) => {
        harness.onMessage(message);
        s.close();
      },
    });
    await harness.untilStatus('live');
    harness.connection(0).send('data: one\n\ndata: two\n\ndata: three\n\n');
    await harness.until(() => harness.messages.length === 1);
    await waitLong();
    expect(harness.messages.map((m) => m.data)).toEqual(['one']);
    expect(harness.kinds()).toEqual(['connecting', 'live']);
  });
});
