/**
 * Test support for the SSE transport (imported only by *.test.ts): a fake fetch whose responses
 * have real ReadableStream bodies that the test writes to, plus a recorder for the stream's
 * callbacks with promise-based waits (no sleeps, works with fake timers).
 */
import { afterEach, beforeEach, vi } from 'vitest';
import type { SseMessage } from './attempt';
import { openSseStream, type SseStream, type SseStreamOptions } from './sse-stream';
import type { StreamStatus, StreamStatusKind } from './status';

export type Reply =
  | { kind: 'stream'; status?: number; headers?: Record<string, string> }
  | { kind: 'body'; status: number; body: string | null; headers?: Record<string, string> }
  | { kind: 'network-error'; message: string }
  | { kind: 'hang' };

export interface FakeConnection {
  readonly url: string;
  readonly headers: Headers;
  readonly signal: AbortSignal | undefined;
  /** The reader cancelled the body (the counting fetch does this when the request is aborted). */
  readonly cancelled: boolean;
  send(chunk: string | Uint8Array): void;
  end(): void;
  fail(error: unknown): void;
}

const encoder = new TextEncoder();
const SSE_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8' };

export interface Harness {
  fetch: typeof fetch;
  connections: FakeConnection[];
  /** Replies for the next fetch calls, in order; when empty, an open SSE stream is served. */
  replies: Reply[];
  messages: SseMessage[];
  statuses: StreamStatus[];
  onMessage: (message: SseMessage) => void;
  onStatus: (status: StreamStatus) => void;
  kinds(): StreamStatusKind[];
  /** Resolves as soon as `predicate` holds (checked now and after every fetch and callback). */
  until(predicate: () => boolean): Promise<void>;
  untilStatus(kind: StreamStatusKind, count?: number): Promise<void>;
  untilConnections(count: number): Promise<void>;
  connection(index: number): FakeConnection;
}

export function createHarness(): Harness {
  const waiters = new Set<{ predicate: () => boolean; resolve: () => void }>();
  const notify = (): void => {
    for (const waiter of waiters) {
      if (waiter.predicate()) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  };

  const harness: Harness = {
    connections: [],
    replies: [],
    messages: [],
    statuses: [],
    fetch: async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const reply = harness.replies.shift() ?? { kind: 'stream' };
      const signal = init?.signal ?? undefined;
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      let cancelled = false;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
        cancel() {
          cancelled = true;
        },
      });
      harness.connections.push({
        url: String(input),
        headers: new Headers(init?.headers),
        signal,
        get cancelled() {
          return cancelled;
        },
        send: (chunk) =>
          controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk),
        end: () => controller.close(),
        fail: (error) => controller.error(error),
      });
      // Like a real fetch: aborting the request errors a body that is still open.
      signal?.addEventListener('abort', () => {
        try {
          controller.error(new DOMException('The operation was aborted.', 'AbortError'));
        } catch {
          // already closed or errored
        }
      });
      notify();
      await Promise.resolve();
      switch (reply.kind) {
        case 'network-error':
          throw new TypeError(reply.message);
        case 'hang':
          return new Promise<Response>((_, reject) => {
            signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          });
        case 'body':
          return new Response(reply.body, { status: reply.status, headers: reply.headers ?? {} });
        case 'stream':
          return new Response(body, {
            status: reply.status ?? 200,
            headers: reply.headers ?? SSE_HEADERS,
          });
      }
    },
    onMessage: (message) => {
      harness.messages.push({ id: message.id, event: message.event, data: message.data });
      notify();
    },
    onStatus: (status) => {
      harness.statuses.push(status);
      notify();
    },
    kinds: () => harness.statuses.map((s) => s.kind),
    until: (predicate) =>
      predicate()
        ? Promise.resolve()
        : new Promise((resolve) => waiters.add({ predicate, resolve })),
    untilStatus: (kind, count = 1) =>
      harness.until(() => harness.statuses.filter((s) => s.kind === kind).length >= count),
    untilConnections: (count) => harness.until(() => harness.connections.length >= count),
    connection: (index) => {
      const found = harness.connections[index];
      if (found === undefined) throw new Error(`no connection #${index}`);
      return found;
    },
  };
  return harness;
}

export function lastStatus(harness: Harness): StreamStatus | undefined {
  return harness.statuses[harness.statuses.length - 1];
}

/** The fake clock's start in every transport test. */
export const TEST_T0 = Date.UTC(2026, 0, 1);

export interface StreamTestBed {
  /** This test's harness (a fresh one per test). */
  harness(): Harness;
  /** Opens the stream under test with the file's defaults, wired to the harness. */
  open(overrides?: Partial<SseStreamOptions>): SseStream;
}

/**
 * The per-test setup the transport test files share: fake timers from TEST_T0, a fresh harness,
 * and the stream a test opened closed after it.
 */
export function streamTestBed(
  defaults: Pick<SseStreamOptions, 'url' | 'getHeaders'> & Partial<SseStreamOptions>,
): StreamTestBed {
  let harness: Harness | undefined;
  let stream: SseStream | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ now: TEST_T0 });
    harness = createHarness();
  });
  afterEach(() => {
    stream?.close();
    stream = undefined;
    vi.useRealTimers();
  });
  const current = (): Harness => {
    if (!harness) throw new Error('the harness exists only inside a test');
    return harness;
  };
  return {
    harness: current,
    open(overrides = {}) {
      const h = current();
      stream = openSseStream({
        onMessage: h.onMessage,
        onStatus: h.onStatus,
        fetch: h.fetch,
        backoff: { initialMs: 1000, jitter: 'none' },
        ...defaults,
        ...overrides,
      });
      return stream;
    },
  };
}
