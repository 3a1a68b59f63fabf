import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { LIMITS } from '../../config/limits';
import { describeFailure } from './api-error';
import { apiRequest, ApiRequestError, discardBody, readJson, type ApiConnection } from './request';

const connection: ApiConnection = { base: '/api/', token: () => 'tok' };
const readText = (response: Response): Promise<string> => response.text();

/** A body that sends `first` (if any) and then nothing, ever; records whether it was cancelled. */
function silentBody(first?: string): {
  body: ReadableStream<Uint8Array>;
  cancelled: () => boolean;
} {
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first !== undefined) controller.enqueue(new TextEncoder().encode(first));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { body, cancelled: () => cancelled };
}

/** Settles `promise` into a value or its rejection, so fake time can run while it is pending. */
function outcome<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

let fetchSpy: MockInstance<typeof fetch>;

function stubFetch(answer: (init: RequestInit | undefined) => Promise<Response>): void {
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((_, init) => answer(init));
}

const never = (): Promise<Response> => new Promise<Response>(() => undefined);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('apiRequest: the deadline', () => {
  it('gives up on a server that never answers, with a status-0 failure that says so', async () => {
    stubFetch(never);
    const result = outcome(apiRequest(connection, '/browsers/b1', { read: readText }));
    await vi.advanceTimersByTimeAsync(LIMITS.requestTimeoutMs - 1);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const { error } = await result;
    expect(error).toBeInstanceOf(ApiRequestError);
    const failure = (error as ApiRequestError).failure;
    expect(failure).toEqual({
      status: 0,
      statusText: 'Timed out',
      message: 'no answer from the server within 10 s',
      details: [],
      bodyText: '',
    });
    expect(describeFailure(failure)).toBe('Timed out: no answer from the server within 10 s');
    // the request itself is aborted, so a real fetch lets the connection go
    const init = fetchSpy.mock.calls[0]?.[1];
    expect(init?.signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('bounds the body too: headers, then nothing', async () => {
    const silent = silentBody('{"session_id":');
    stubFetch(async () => new Response(silent.body, { status: 200 }));
    const result = outcome(
      apiRequest(connection, '/browsers/b1', {
        read: (response) => readJson(response, (value) => value),
        timeoutMs: 2_500,
      }),
    );
    await vi.advanceTimersByTimeAsync(2_500);
    const { error } = await result;
    expect((error as ApiRequestError).failure.message).toBe(
      'no answer from the server within 2.5 s',
    );
  });

  it('bounds an error body that never ends', async () => {
    stubFetch(async () => new Response(silentBody('oops').body, { status: 500 }));
    const result = outcome(apiRequest(connection, '/x', { read: readText }));
    await vi.advanceTimersByTimeAsync(LIMITS.requestTimeoutMs);
    const { error } = await result;
    expect((error as ApiRequestError).failure.statusText).toBe('Timed out');
  });

  it('keeps a caller’s own abort an AbortError, not a failure', async () => {
    stubFetch(never);
    const caller = new AbortController();
    const result = outcome(
      apiRequest(connection, '/x', { init: { signal: caller.signal }, read: readText }),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    caller.abort();
    const { error } = await result;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(fetchSpy.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not start a request whose caller already aborted', async () => {
    stubFetch(never);
    const caller = new AbortController();
    caller.abort();
    const { error } = await outcome(
      apiRequest(connection, '/x', { init: { signal: caller.signal }, read: readText }),
    );
    expect((error as DOMException).name).toBe('AbortError');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('answers in time: the value, the bearer token, and no timer left behind', async () => {
    stubFetch(async () => new Response('hello', { status: 200 }));
    const { value } = await outcome(
      apiRequest(connection, '/browsers/b%2F1', {
        init: { method: 'POST', headers: { 'Content-Type': 'application/json' } },
        read: readText,
      }),
    );
    expect(value).toBe('hello');
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/browsers/b%2F1');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(headers.get('content-type')).toBe('application/json');
    expect(init?.method).toBe('POST');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('still reports a network failure and an HTTP failure as before', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const network = await outcome(apiRequest(connection, '/x', { read: readText }));
    expect((network.error as ApiRequestError).failure).toMatchObject({
      status: 0,
      statusText: 'Network error',
      message: 'the server could not be reached (Failed to fetch)',
    });
    stubFetch(async () => new Response('nope', { status: 503 }));
    const http = await outcome(apiRequest(connection, '/x', { read: readText }));
    expect((http.error as ApiRequestError).failure).toMatchObject({
      status: 503,
      message: 'nope',
    });
  });

  it('discardBody cancels a 2xx body without reading it', async () => {
    const silent = silentBody();
    stubFetch(async () => new Response(silent.body, { status: 200 }));
    await apiRequest(connection, '/x', { read: discardBody });
    expect(silent.cancelled()).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
