import { describeFailure, readApiFailure, type ApiFailure } from './api-error';

/** Where the API is and how to authenticate; the token is read at call time, never stored here. */
export interface ApiConnection {
  base: string;
  token: () => string;
}

/** A request that failed: an HTTP failure with its parsed body, or a network failure (status 0). */
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

/** Performs an API request with the bearer token; any non-2xx becomes an ApiRequestError. */
export async function apiRequest(
  connection: ApiConnection,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(authHeaders(connection))) headers.set(name, value);
  let response: Response;
  try {
    response = await fetch(apiUrl(connection, path), { ...init, headers });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(networkFailure(error));
  }
  if (!response.ok) throw new ApiRequestError(await readApiFailure(response));
  return response;
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
