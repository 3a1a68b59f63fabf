import type { BackoffOptions } from '../backoff';
import { createCountingFetch } from './counting-fetch';
import type { Attempt, AttemptEnd, SseMessage } from './attempt';
import { createRetrySchedule } from './retry-schedule';
import type { StreamStatus } from './status';
import { startStreamRead } from './stream-reader';
import { createWatchdog } from './watchdog';

/** What every stream takes, whatever reads and decodes its frames. */
export interface StreamControlOptions {
  /** Full URL including the query; a function is called on every (re)connect. */
  url: string | (() => string);
  /** Called on EVERY (re)connect: Authorization, Last-Event-ID… Names are case-insensitive. */
  getHeaders: () => Record<string, string>;
  /** onStatus, onOpen and onServerClose must not throw. They may call close() or reconnectNow(). */
  onStatus: (status: StreamStatus) => void;
  onOpen?: (response: { status: number; headers: Headers }) => void;
  /**
   * The server closed the stream cleanly. Return 'end' to stop (status ended), 'reconnect' to
   * reconnect with backoff. Default 'reconnect'.
   */
  onServerClose?: () => 'reconnect' | 'end';
  backoff?: Partial<BackoffOptions>;
  /**
   * Silence (no bytes at all, comment frames included) longer than this marks the stream stalled
   * and reconnects; it also bounds the wait for the response headers. Undefined = no watchdog (the
   * log stream has no keepalive).
   */
  stallTimeoutMs?: number;
  /**
   * For a stream without a watchdog: how long to wait for the response headers before the attempt
   * counts as stalled and is replaced. Once headers came, silence is fine.
   */
  headersTimeoutMs?: number;
  /** Jitter source, [0, 1); defaults to Math.random. */
  random?: () => number;
  /** Wall clock in ms; defaults to Date.now. */
  now?: () => number;
}

export interface SseStreamOptions extends StreamControlOptions {
  /**
   * Called synchronously from the parse loop, once per event: keep it cheap (push into a buffer).
   * An exception thrown here counts as a broken connection (status retrying).
   */
  onMessage: (message: SseMessage) => void;
  /** Injectable for tests; defaults to the global fetch, looked up at each request. */
  fetch?: typeof fetch;
  /** Reads one attempt; defaults to startStreamRead (tests compare it with the SSE library's). */
  startAttempt?: typeof startStreamRead;
}

/** How one attempt reports back to the stream that started it. */
export interface AttemptSink {
  onOpen(response: { status: number; headers: Headers }): void;
  /** Call before handing over the attempt's data: the first call resets the backoff. */
  delivered(): void;
  /** Bytes arrived: the stall watchdog's evidence of life. Cheap enough for every chunk. */
  touch(): void;
  /** How the attempt ended by itself; never after abort(). */
  onEnd(end: AttemptEnd): void;
}

/** Starts one connection attempt: in this thread (openSseStream) or elsewhere (a worker). */
export type AttemptStarter = (
  request: { url: string; headers: Record<string, string> },
  sink: AttemptSink,
) => Attempt;

export interface SseStream {
  readonly status: StreamStatus;
  /**
   * Cancels a pending retry or stalled state (or leaves `failed`, e.g. after the user entered a
   * new token) and connects at once with a fresh backoff. While live, replaces the connection.
   */
  reconnectNow(): void;
  /** Aborts the request and clears every timer; status becomes idle. No callback after this. */
  close(): void;
}

/**
 * Opens a live SSE stream read in this thread: every event is handed to `onMessage` as it is
 * parsed. Reconnects, backoff, fatal statuses and the watchdog are openControlledStream's.
 */
export function openSseStream(options: SseStreamOptions): SseStream {
  const now = options.now ?? ((): number => Date.now());
  const baseFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const deliver = options.onMessage;
  const begin = options.startAttempt ?? startStreamRead;
  return openControlledStream(options, (request, sink) =>
    begin(
      {
        ...request,
        // Without a watchdog nothing needs the byte counts: skip the extra stream stage.
        fetch:
          options.stallTimeoutMs === undefined
            ? baseFetch
            : createCountingFetch(baseFetch, sink.touch),
        now,
      },
      {
        onOpen: sink.onOpen,
        onMessage(message) {
          sink.delivered();
          deliver(message);
        },
        onEnd: sink.onEnd,
      },
    ),
  );
}

/**
 * Runs a live stream whose attempts `start` makes: reconnects by itself with jittered backoff,
 * stops on fatal HTTP statuses, optionally watches for silence, and reports every state change
 * through onStatus.
 */
export function openControlledStream(
  options: StreamControlOptions,
  start: AttemptStarter,
): SseStream {
  const now = options.now ?? ((): number => Date.now());
  const schedule = createRetrySchedule(options.backoff, options.random ?? Math.random, now);
  const watchdog =
    options.stallTimeoutMs === undefined
      ? undefined
      : createWatchdog(options.stallTimeoutMs, now, onStall);
  // the watchdog bounds the wait for headers already; without one, this does
  const headersWatchdog =
    watchdog !== undefined || options.headersTimeoutMs === undefined
      ? undefined
      : createWatchdog(options.headersTimeoutMs, now, onStall);

  let status: StreamStatus = { kind: 'idle' };
  let closed = false;
  /** Bumped whenever control moves on (connect, close): work of an older generation stops. */
  let generation = 0;
  let attempt: Attempt | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let gotMessage = false;

  /** Sets and reports a status; false when the callback closed or restarted the stream. */
  function emit(next: StreamStatus): boolean {
    if (closed) return false;
    const current = generation;
    status = next;
    options.onStatus(next);
    return !closed && current === generation;
  }

  function stopAttempt(): void {
    attempt?.abort();
    attempt = undefined;
    watchdog?.disarm();
    headersWatchdog?.disarm();
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    retryTimer = undefined;
    gotMessage = false;
  }

  function connect(): void {
    stopAttempt();
    generation += 1;
    let url: string;
    let headers: Record<string, string>;
    try {
      url = typeof options.url === 'string' ? options.url : options.url();
      headers = options.getHeaders();
    } catch (error) {
      emit({ kind: 'failed', reason: `could not prepare the request: ${String(error)}` });
      return;
    }
    attempt = start({ url, headers }, sink);
    watchdog?.arm();
    headersWatchdog?.arm();
    emit({ kind: 'connecting', attempt: schedule.failures });
  }

  const sink: AttemptSink = {
    onOpen(response): void {
      watchdog?.touch();
      headersWatchdog?.disarm();
      schedule.connected();
      if (!emit({ kind: 'live', since: now() })) return;
      options.onOpen?.({ status: response.status, headers: response.headers });
    },
    delivered(): void {
      if (!gotMessage) {
        gotMessage = true;
        schedule.reset();
      }
    },
    touch: () => watchdog?.touch(),
    onEnd(end: AttemptEnd): void {
      attempt = undefined;
      stopAttempt();
      if (end.kind === 'fatal') {
        emit({ kind: 'failed', reason: end.reason, failure: end.failure });
      } else if (end.kind === 'transient') {
        retry(end.reason, end.retryAfterMs);
      } else {
        const current = generation;
        const decision = options.onServerClose?.() ?? 'reconnect';
        if (closed || current !== generation) return;
        if (decision === 'end') emit({ kind: 'ended', reason: 'the server closed the stream' });
        else retry('the server closed the stream');
      }
    },
  };

  function retry(reason: string, retryAfterMs?: number): void {
    const delay = schedule.next(retryAfterMs);
    retryTimer = setTimeout(connect, delay);
    const since = now();
    emit({ kind: 'retrying', attempt: schedule.failures, retryAt: since + delay, reason, since });
  }

  /**
   * The stall is the status until the next attempt, after the usual backoff. (A `retrying` set in
   * the same tick would replace it before any view could show it.)
   */
  function onStall(silentForMs: number): void {
    stopAttempt();
    retryTimer = setTimeout(connect, schedule.next());
    emit({ kind: 'stalled', silentForMs });
  }

  connect();

  return {
    get status(): StreamStatus {
      return status;
    },
    reconnectNow(): void {
      if (closed) return;
      schedule.reset();
      connect();
    },
    close(): void {
      if (closed) return;
      closed = true;
      generation += 1;
      stopAttempt();
      status = { kind: 'idle' };
    },
  };
}
