import { beforeEach, describe, expect, it, vi } from 'vitest';
import { streamTestBed, TEST_T0 as T0, type Harness, type Reply } from './fake-sse-server';
import type { SseStream, SseStreamOptions } from './sse-stream';

const URL_ = 'https://console.test/api/browsers/b1/telemetry/stream?replay=all';
const bed = streamTestBed({
  url: URL_,
  getHeaders: () => ({ Authorization: 'Bearer tok' }),
});
const open = bed.open;
let harness: Harness;
beforeEach(() => {
  harness = bed.harness();
});

async function openLive(overrides: Partial<SseStreamOptions> = {}): Promise<SseStream> {
  const s = open(overrides);
  await harness.untilStatus('live');
  return s;
}

/** Lets a long time pass: anything scheduled (a retry) would have run. */
const waitLong = (): Promise<void> =>
  vi.advanceTimersByTimeAsync(60 * 60_000).then(() => undefined);

describe('openSseStream: connecting', () => {
  it('sends Accept and the caller headers, goes live and reports the response', async () => {
    const onOpen = vi.fn();
    const s = await openLive({
      getHeaders: () => ({ Authorization: 'Bearer tok', 'Last-Event-ID': '5' }),
      onOpen,
    });
    const sent = harness.connection(0);
    expect(sent.url).toBe(URL_);
    expect(sent.headers.get('accept')).toBe('text/event-stream');
    expect(sent.headers.get('authorization')).toBe('Bearer tok');
    expect(sent.headers.get('last-event-id')).toBe('5');
    expect(harness.statuses).toEqual([
      { kind: 'connecting', attempt: 0 },
      { kind: 'live', since: T0 },
    ]);
    expect(s.status).toEqual({ kind: 'live', since: T0 });
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen.mock.calls[0]?.[0]).toMatchObject({ status: 200 });
    harness.connection(0).send('data: hello\n\n');
    await harness.until(() => harness.messages.length === 1);
    expect(harness.messages).toEqual([{ id: '', event: '', data: 'hello' }]);
  });

  it("lets a caller's Accept replace the default instead of sending two", async () => {
    await openLive({ getHeaders: () => ({ Accept: 'text/event-stream' }) });
    expect(harness.connection(0).headers.get('accept')).toBe('text/event-stream');
  });

  it('accepts an event-stream content type with parameters and in any case', async () => {
    harness.replies.push({
      kind: 'stream',
      headers: { 'content-type': 'Text/Event-Stream; charset=UTF-8' },
    });
    await openLive();
    expect(harness.kinds()).toEqual(['connecting', 'live']);
  });

  it('fails with a clear reason when a 200 is not an event stream, and does not retry', async () => {
    const html = '<!doctype html><html><head><title>Session Console</title></head></html>';
    harness.replies.push({
      kind: 'body',
      status: 200,
      body: html,
      headers: { 'content-type': 'text/html' },
    });
    const s = open();
    await harness.untilStatus('failed');
    expect(s.status).toMatchObject({
      kind: 'failed',
      reason: "expected text/event-stream but the server sent 'text/html' (HTTP 200)",
      failure: { status: 200, message: 'Session Console' },
    });
    await waitLong();
    expect(harness.connections).toHaveLength(1);
  });

  it('fails when getHeaders throws, without a request', async () => {
    const s = open({
      getHeaders: () => {
        throw new Error('no token');
      },
    });
    expect(s.status).toEqual({
      kind: 'failed',
      reason: 'could not prepare the request: Error: no token',
    });
    await waitLong();
    expect(harness.connections).toHaveLength(0);
  });
});

describe('openSseStream: HTTP failures', () => {
  const fatal: [string, Reply, object, string][] = [
    [
      '401 with a JSON Error body',
      {
        kind: 'body',
        status: 401,
        body: '{"code":"unauthorized","message":"token rejected"}',
        headers: { 'content-type': 'application/json' },
      },
      { status: 401, code: 'unauthorized', message: 'token rejected', details: [] },
      '401 Unauthorized: token rejected (unauthorized)',
    ],
    [
      '400 with a plain-text body',
      {
        kind: 'body',
        status: 400,
        body: 'missing source\n',
        headers: { 'content-type': 'text/plain' },
      },
      { status: 400, message: 'missing source', bodyText: 'missing source\n' },
      '400 Bad Request: missing source',
    ],
    [
      '404 with an empty body',
      { kind: 'body', status: 404, body: null },
      { status: 404, message: 'Not Found', bodyText: '' },
      '404 Not Found',
    ],
    [
      '403 with a JSON body',
      { kind: 'body', status: 403, body: '{"code":"forbidden","message":"no"}' },
      { status: 403, code: 'forbidden' },
      '403 Forbidden: no (forbidden)',
    ],
  ];

  it.each(fatal)('stops on %s and fetches exactly once', async (_, reply, failure, reason) => {
    harness.replies.push(reply);
    const s = open({ getHeaders: () => ({ Authorization: 'Bearer sk_secret_token' }) });
    await harness.untilStatus('failed');
    expect(s.status).toMatchObject({ kind: 'failed', reason, failure });
    await waitLong();
    expect(harness.connections).toHaveLength(1);
    expect(harness.kinds()).toEqual(['connecting', 'failed']);
    expect(JSON.stringify(harness.statuses)).not.toContain('sk_secret_token');
  });

  it('retries a 503 with backoff and recovers', async () => {
    harness.replies.push({ kind: 'body', status: 503, body: 'upstream down' });
    const s = open();
    await harness.untilStatus('retrying');
    expect(s.status).toEqual({
      kind: 'retrying',
      attempt: 1,
      retryAt: T0 + 1000,
      reason: '503 Service Unavailable: upstream down',
      since: T0,
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(harness.connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await harness.untilStatus('live');
    expect(harness.kinds()).toEqual(['connecting', 'retrying', 'connecting', 'live']);
    expect(harness.statuses[2]).toEqual({ kind: 'connecting', attempt: 1 });
    harness.connection(1).send('data: back\n\n');
    await harness.until(() => harness.messages.length === 1);
  });

  it('honours Retry-After when it is longer than the backoff', async () => {
    harness.replies.push({
      kind: 'body',
      status: 429,
      body: null,
      headers: { 'retry-after': '7' },
    });
    open();
    await harness.untilStatus('retrying');
    expect(harness.statuses.at(-1)).toMatchObject({
      retryAt: T0 + 7000,
      reason: '429 Too Many Requests',
    });
    await vi.advanceTimersByTimeAsync(6999);
    expect(harness.connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(harness.connections).toHaveLength(2);
  });

  it('keeps the backoff when Retry-After is shorter', async () => {
    harness.replies.push({
      kind: 'body',
      status: 503,
      body: null,
      headers: { 'retry-after': '1' },
    });
    open({ backoff: { initialMs: 4000, jitter: 'none' } });
    await harness.untilStatus('retrying');
    expect(harness.statuses.at(-1)).toMatchObject({ retryAt: T0 + 4000 });
  });

  it('retries network errors on its own schedule, never the library default of 1 s', async () => {
    harness.replies.push({ kind: 'network-error', message: 'Failed to fetch' });
    open({ backoff: { initialMs: 5000, jitter: 'none' } });
    await harness.untilStatus('retrying');
    expect(harness.statuses.at(-1)).toMatchObject({
      reason: 'Failed to fetch',
      retryAt: T0 + 5000,
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(harness.connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await harness.untilStatus('live');
    expect(harness.connections).toHaveLength(2);
  });

  it('grows the backoff over consecutive failures and starts over after a message', async () => {
    for (let i = 0; i < 3; i += 1) harness.replies.push({ kind: 'body', status: 502, body: null });
    const delays: number[] = [];
    open({
      backoff: { initialMs: 100, factor: 2, jitter: 'none' },
      onStatus: (status) => {
        if (status.kind === 'retrying') delays.push(status.retryAt - Date.now());
        harness.onStatus(status);
      },
    });
    for (let n = 1; n <= 3; n += 1) {
      await harness.untilStatus('retrying', n);
      await vi.advanceTimersByTimeAsync(delays[n - 1] ?? 0);
    }
    await harness.untilStatus('live');
    expect(delays).toEqual([100, 200, 400]);
    const attempts = harness.statuses.flatMap((s) => (s.kind === 'retrying' ? [s.attempt] : []));
    expect(attempts).toEqual([1, 2, 3]);
    harness.connection(3).send('data: ok\n\n');
    await harness.until(() => harness.messages.length === 1);
    harness.connection(3).fail(new Error('reset'));
    await harness.untilStatus('retrying', 4);
    expect(delays.at(-1)).toBe(100);
    expect(harness.statuses.at(-1)).toMatchObject({
      kind: 'retrying',
      attempt: 1,
      reason: 'reset',
    });
  });

  it.each([
    [9_999, 3, 4000],
    [10_000, 1, 1000],
  ])(
    'after two failures and %i ms live without data, retries as attempt %i after %i ms',
    async (liveForMs, attempt, delay) => {
      harness.replies.push({ kind: 'body', status: 502, body: null });
      harness.replies.push({ kind: 'body', status: 502, body: null });
      open();
      await harness.untilStatus('retrying');
      await vi.advanceTimersByTimeAsync(1000);
      await harness.untilStatus('retrying', 2);
      await vi.advanceTimersByTimeAsync(2000);
      await harness.untilStatus('live');
      await vi.advanceTimersByTimeAsync(liveForMs);
      harness.connection(2).end();
      await harness.untilStatus('retrying', 3);
      expect(harness.statuses.at(-1)).toMatchObject({ attempt, retryAt: Date.now() + delay });
    },
  );
});
