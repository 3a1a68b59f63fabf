import { LIMITS } from '../../config/limits';
import { describeFailure, readApiFailure, type ApiFailure } from './api-error';
import { DeadlineExceeded, withDeadline } from './deadline';

/** Where the API is and how to authenticate; the token is read at call time, never stored here. */
export interface ApiConnection {
  base: string;
  token: () => string;
}

/**
 * A request that failed: an HTTP failure with its parsed body, or a network failure or a request
 * left unanswered (both status 0).
 */
export class ApiRequestError extends Error {
  readonly failure: ApiFailure;

  constructor(failure: ApiFailure) {
    super(describeFailure(failure));
    this.name = 'ApiRequestError';
    this.failure = failure;
  }
}

export function apiUrl(connection: ApiConnection, path: string): string {
  return `${connection.base.replace(/\/+$/, '')}${path}`;
}

export function authHeaders(connection: ApiConnection): Record<string, string> {
  const token = connection.token();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function networkFailure(error: unknown): ApiFailure {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    status: 0,
    statusText: 'Network error',
    message: `the server could not be reached (${reason})`,
    details: [],
    bodyText: '',
  };
}

/** Status 0 like a network failure: no answer (or not all of it) came in time. */
export function timeoutFailure(timeoutMs: number): ApiFailure {
  return {
    status: 0,
    statusText: 'Timed out',
    message: `no answer from the server within ${formatSeconds(timeoutMs)}`,
    details: [],
    bodyText: '',
  };
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** One request and the reading of its answer, under one deadline. */
export interface ApiExchange<T> {
  /** Method, body, headers, and the caller's own AbortSignal (an abort stays an AbortError). */
  init?: RequestInit;
  /** Reads a 2xx response (its body, or discards it); runs within the same deadline. */
  read: (response: Response) => Promise<T>;
  /** Default LIMITS.requestTimeoutMs. */
  timeoutMs?: number;
}

/**
 * Performs a one-off API request with the bearer token and reads its answer with `read`. Any
 * non-2xx becomes an ApiRequestError carrying the parsed body. The whole exchange (headers, body,
 * an error body) has a deadline: a server that accepts the connection and never answers, or
 * sends headers and then nothing, gives an ApiRequestError with status 0 ("no answer from the
 * server within 10 s"), and the request is aborted. A caller's own abort rejects with an
 * AbortError, as fetch does.
 */
export async function apiRequest<T>(
  connection: ApiConnection,
  path: string,
  exchange: ApiExchange<T>,
): Promise<T> {
  const timeoutMs = exchange.timeoutMs ?? LIMITS.requestTimeoutMs;
  const { signal: callerSignal, ...init } = exchange.init ?? {};
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(authHeaders(connection))) headers.set(name, value);
  try {
    return await withDeadline(timeoutMs, callerSignal, async (signal) => {
      let response: Response;
      try {
        response = await fetch(apiUrl(connection, path), { ...init, headers, signal });
      } catch (error) {
        if (isAbortError(error)) throw error;
        throw new ApiRequestError(networkFailure(error));
      }
      if (!response.ok) throw new ApiRequestError(await readApiFailure(response));
      return exchange.read(response);
    });
  } catch (error) {
    if (error instanceof DeadlineExceeded) throw new ApiRequestError(timeoutFailure(timeoutMs));
    throw error;
  }
}

/** For a `read` that wants nothing of a 2xx body: drops it unread (never parsed). */
export async function discardBody(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/** Reads a JSON body and hands it to a validating decoder (parsed JSON is never cast). */
export async function readJson<T>(response: Response, decode: (value: unknown) => T): Promise<T> {
  const text = await response.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiRequestError({
      status: response.status,
      statusText: 'Unreadable response',
      message: 'the server answered with something that is not JSON',
      details: [],
      bodyText: text.slice(0, 4096),
    });
  }
  return decode(value);
}
